package settings

import (
	"encoding/hex"
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// keepBackups is how many backups per file Update keeps.
const keepBackups = 10

// backupStamp is the UTC layout of backup file names (followed by "-NNNN"); it sorts in time
// order.
const backupStamp = "20060102T150405.000000000Z"

// BackupDir returns the directory that holds the backups of target (an absolute path):
// <Home>/backups/<base name>-<hash of the path>.
func (s *FileStore) BackupDir(target string) string {
	return filepath.Join(s.Home, "backups", fileID(target))
}

// fileID names an absolute path readably and uniquely: its base name and a 64-bit FNV-1a hash
// of the whole path (a name, not a security boundary; FNV keeps crypto out of the hook binary).
func fileID(target string) string {
	h := fnv.New64a()
	h.Write([]byte(target))
	return filepath.Base(target) + "-" + hex.EncodeToString(h.Sum(nil))
}

// backup saves old, the current bytes of target, and prunes all but the newest keepBackups.
func (s *FileStore) backup(target string, old []byte) error {
	dir := s.BackupDir(target)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	names, err := backupNames(dir)
	if err != nil {
		return err
	}
	seq := nextSeq(names, s.now().UTC().Format(backupStamp))
	for {
		name := backupName(seq)
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
		if errors.Is(err, fs.ErrExist) {
			seq.n++
			continue
		}
		if err != nil {
			return fmt.Errorf("back up %s: %w", target, err)
		}
		_, werr := f.Write(old)
		if cerr := f.Close(); werr == nil {
			werr = cerr
		}
		if werr != nil {
			return fmt.Errorf("back up %s: %w", target, werr)
		}
		break
	}
	return prune(dir, keepBackups)
}

// backupSeq orders backups taken within the same clock reading.
type backupSeq struct {
	stamp string
	n     int
}

func backupName(q backupSeq) string { return fmt.Sprintf("%s-%04d", q.stamp, q.n) }

// nextSeq returns the first name after every existing backup with the same stamp, so names
// stay unique and sorted even when the clock does not move.
func nextSeq(names []string, stamp string) backupSeq {
	q := backupSeq{stamp: stamp}
	for _, name := range names {
		rest, ok := strings.CutPrefix(name, stamp+"-")
		if !ok {
			continue
		}
		if n, err := strconv.Atoi(rest); err == nil && n >= q.n {
			q.n = n + 1
		}
	}
	return q
}

// Backups lists the backup files of target, oldest first.
func (s *FileStore) Backups(target string) ([]string, error) {
	names, err := backupNames(s.BackupDir(target))
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(names))
	for i, n := range names {
		paths[i] = filepath.Join(s.BackupDir(target), n)
	}
	return paths, nil
}

func backupNames(dir string) ([]string, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list backups: %w", err)
	}
	var names []string
	for _, e := range ents {
		if e.Type().IsRegular() && !strings.HasPrefix(e.Name(), ".") {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

func prune(dir string, keep int) error {
	names, err := backupNames(dir)
	if err != nil {
		return err
	}
	for len(names) > keep {
		if err := os.Remove(filepath.Join(dir, names[0])); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("prune backups: %w", err)
		}
		names = names[1:]
	}
	return nil
}
