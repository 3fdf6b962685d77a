package settings

import (
	"cmp"
	"encoding/hex"
	"fmt"
	"hash/fnv"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// keepBackups is how many backups per file Update keeps.
const keepBackups = 10

// backupStamp is the UTC layout of the clock reading in backup names. It is for people: the
// order of backups is their sequence number, which does not go back when the clock does.
const backupStamp = "20060102T150405.000000000Z"

// BackupDir returns the directory that holds the backups of target (an absolute path):
// <Home>/backups/<base name>-<hash of the path>.
func (s *FileStore) BackupDir(target string) string {
	return filepath.Join(s.Home, filepath.FromSlash(backupRel(target)))
}

// backupRel is BackupDir relative to the home, with forward slashes.
func backupRel(target string) string { return "backups/" + fileID(target) }

// fileID names an absolute path readably and uniquely: its base name and a 64-bit FNV-1a hash
// of the whole path (a name, not a security boundary; FNV keeps crypto out of the hook binary).
func fileID(target string) string {
	h := fnv.New64a()
	h.Write([]byte(target))
	return filepath.Base(target) + "-" + hex.EncodeToString(h.Sum(nil))
}

// backup saves old, the current bytes of target (fi: what stat said of it), as
// "<sequence>-<UTC time>", and prunes all but the keepBackups with the highest sequence numbers.
//
// A backup is written to a temporary file and renamed, so it is never partial, with mode 0600
// and, as root, the owner and group of the file it keeps: it is readable by the file's owner
// and by no one the file itself did not let read it (root backing up another user's private
// settings into a home root works in hands the copy to nobody else). It is written inside
// ccc-hooks home only (safefile.Within): a link planted under backups/ is not followed.
func (s *FileStore) backup(target string, old []byte, fi fs.FileInfo) error {
	w, err := safefile.OpenWithin(s.Home, true)
	if err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	defer w.Close()
	dir := backupRel(target)
	if err := w.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	list, err := listBackups(w, dir) // temporary files a killed run left here went with tidy
	if err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	seq := 1
	if len(list) > 0 {
		seq = list[len(list)-1].seq + 1
	}
	name := fmt.Sprintf("%08d-%s", seq, s.now().UTC().Format(backupStamp))
	uid, gid := -1, -1
	if fi != nil {
		if u, g, ok := safefile.Owner(fi); ok {
			uid, gid = u, g
		}
	}
	if err := w.WriteFile(dir+"/"+name, old, 0o600, uid, gid); err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	return prune(w, dir, append(list, backupFile{name: name, seq: seq}), keepBackups)
}

// backupFile is one backup: its name and sequence number (0 for names of older versions,
// "<time>-<n>", which sort by name before every numbered one).
type backupFile struct {
	name string
	seq  int
}

// Backups lists the backup files of target, oldest first.
func (s *FileStore) Backups(target string) ([]string, error) {
	w, err := safefile.OpenWithin(s.Home, false)
	if err != nil {
		return nil, nil // no home, no backups
	}
	defer w.Close()
	list, err := listBackups(w, backupRel(target))
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(list))
	for i, b := range list {
		paths[i] = filepath.Join(s.BackupDir(target), b.name)
	}
	return paths, nil
}

// listBackups returns the backups in dir, oldest first (by sequence, then name): its regular
// files, not links.
func listBackups(w *safefile.Within, dir string) ([]backupFile, error) {
	ents, err := w.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("list backups: %w", err)
	}
	var out []backupFile
	for _, e := range ents {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		b := backupFile{name: e.Name()}
		if num, _, ok := strings.Cut(e.Name(), "-"); ok && len(num) == 8 {
			if n, err := strconv.Atoi(num); err == nil {
				b.seq = n
			}
		}
		out = append(out, b)
	}
	slices.SortFunc(out, func(a, b backupFile) int {
		return cmp.Or(cmp.Compare(a.seq, b.seq), strings.Compare(a.name, b.name))
	})
	return out, nil
}

// prune removes the oldest backups of list (those in dir, oldest first) beyond keep.
func prune(w *safefile.Within, dir string, list []backupFile, keep int) error {
	for len(list) > keep {
		if err := w.Remove(dir + "/" + list[0].name); err != nil {
			return fmt.Errorf("prune backups: %w", err)
		}
		list = list[1:]
	}
	return nil
}
