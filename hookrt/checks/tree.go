package checks

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// Limits of a tree's fingerprint: past either, the tree has none, and every check runs.
const (
	MaxTreeFiles = 200_000
	MaxTreeTime  = 3 * time.Second
)

// Tree is what a walk of the project found: the fingerprint of its files, how many there are,
// and how many belong to another user.
type Tree struct {
	// Sum is the fingerprint: it changes when a file is added, removed, renamed, written or has
	// its mode or owner changed. "" when the walk did not finish (too many files, too slow, a
	// directory it could not read): then the tree is never taken for unchanged.
	Sum     string
	Files   int
	Foreign int // files and directories owned by another user (see foreignNote)
	Elapsed time.Duration
	Why     string // why Sum is "", for the log
}

// errTreeLimit ends a walk past MaxTreeFiles or MaxTreeTime.
var errTreeLimit = errors.New("tree too large to fingerprint")

// Fingerprint walks the project (tracked and untracked files, ignored ones too) without running
// anything in it: git is never run here, since the repository's configuration is the reviewed
// agent's to write. Each entry is taken by lstat (a FIFO or device is never opened): its path,
// type and mode, size, modification and change times, inode and owner. The change time moves
// with every write, even one that puts the modification time back. A symbolic link is taken with
// its target, by stat through the link (a check that reads the link reads the target, wherever
// it is: in .git, outside the project). Of .git, HEAD, packed-refs and refs/ count (a commit
// changes them) and the index (staging changes it: a check of `git diff --cached` reads it); a
// nested repository's .git not at all. now is the clock the walk's time is read on (MaxTreeTime,
// Elapsed).
func Fingerprint(project string, now func() time.Time) Tree {
	start := now()
	h := sha256.New()
	t := Tree{}
	uid := os.Getuid()
	err := filepath.WalkDir(project, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(project, path)
		switch gitEntry(rel, d) {
		case walkOnly:
			return nil
		case leaveOut:
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		t.Files++
		if t.Files > MaxTreeFiles || now().Sub(start) > MaxTreeTime {
			return errTreeLimit
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		st := statOf(fi)
		if uid != 0 && st.uid >= 0 && st.uid != uid {
			t.Foreign++
		}
		fmt.Fprintf(h, "%q ", rel)
		entry(h, fi)
		if fi.Mode()&fs.ModeSymlink != 0 {
			h.Write([]byte("-> "))
			if target, err := os.Stat(path); err == nil {
				entry(h, target)
			} else {
				h.Write([]byte("missing\n"))
			}
		}
		return nil
	})
	t.Elapsed = now().Sub(start)
	if err != nil {
		t.Why = err.Error()
		return t
	}
	t.Sum = hex.EncodeToString(h.Sum(nil))
	return t
}

// entry writes what the fingerprint takes of fi to w.
func entry(w io.Writer, fi fs.FileInfo) {
	st := statOf(fi)
	fmt.Fprintf(w, "%s %d %d %d %d %d\n", fi.Mode(), fi.Size(), fi.ModTime().UnixNano(), st.ctime, st.ino, st.uid)
}

// How the walk takes an entry.
type take int

const (
	count    take = iota // counted (and walked into, a directory)
	walkOnly             // walked into, not counted: the top .git itself
	leaveOut             // neither
)

// gitEntry says how the walk takes the entry at rel: of the top .git only HEAD, packed-refs,
// refs/ and the index count; a nested repository's own .git is left out.
func gitEntry(rel string, d fs.DirEntry) take {
	dir, rest := splitFirst(rel)
	if dir != ".git" {
		if d.Name() == ".git" && rel != "." {
			return leaveOut
		}
		return count
	}
	if rest == "" {
		return walkOnly
	}
	if top, _ := splitFirst(rest); top == "HEAD" || top == "packed-refs" || top == "refs" || top == "index" {
		return count
	}
	return leaveOut
}

func splitFirst(rel string) (first, rest string) {
	for i := range len(rel) {
		if os.IsPathSeparator(rel[i]) {
			return rel[:i], rel[i+1:]
		}
	}
	return rel, ""
}

// ProjectOf returns the directory a check's wall covers for a session in dir: the top of the
// git work tree holding dir as Claude Code finds it (paths.GitTop: never by running git), else
// dir itself. A top at or above home counts only for dir home itself: a home directory kept in
// git is not every project's top.
func ProjectOf(dir, home string) string {
	dir, home = filepath.Clean(dir), filepath.Clean(home)
	top := paths.GitTop(dir)
	if top == "" || top != dir && paths.Within(dir, home) && paths.Within(home, top) {
		return dir
	}
	return top
}
