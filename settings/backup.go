package settings

import (
	"cmp"
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
	return filepath.Join(s.Home, "backups", fileID(target))
}

// fileID names an absolute path readably and uniquely: its base name and a 64-bit FNV-1a hash
// of the whole path (a name, not a security boundary; FNV keeps crypto out of the hook binary).
func fileID(target string) string {
	h := fnv.New64a()
	h.Write([]byte(target))
	return filepath.Base(target) + "-" + hex.EncodeToString(h.Sum(nil))
}

// backup saves old, the current bytes of target, as "<sequence>-<UTC time>" (mode 0600, written
// to a temporary file and renamed, so a backup is never partial), and prunes all but the
// keepBackups with the highest sequence numbers.
func (s *FileStore) backup(target string, old []byte) error {
	dir := s.BackupDir(target)
	if _, err := safefile.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	list, err := listBackups(dir) // temporary files a killed run left here went with tidy
	if err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	seq := 1
	if len(list) > 0 {
		seq = list[len(list)-1].seq + 1
	}
	name := fmt.Sprintf("%08d-%s", seq, s.now().UTC().Format(backupStamp))
	if err := safefile.WriteFileAtomic(filepath.Join(dir, name), old, 0o600); err != nil {
		return fmt.Errorf("back up %s: %w", target, err)
	}
	return prune(dir, append(list, backupFile{name: name, seq: seq}), keepBackups)
}

// backupFile is one backup: its name and sequence number (0 for names of older versions,
// "<time>-<n>", which sort by name before every numbered one).
type backupFile struct {
	name string
	seq  int
}

// Backups lists the backup files of target, oldest first.
func (s *FileStore) Backups(target string) ([]string, error) {
	list, err := listBackups(s.BackupDir(target))
	if err != nil {
		return nil, err
	}
	paths := make([]string, len(list))
	for i, b := range list {
		paths[i] = filepath.Join(s.BackupDir(target), b.name)
	}
	return paths, nil
}

// listBackups returns the backups in dir, oldest first (by sequence, then name).
func listBackups(dir string) ([]backupFile, error) {
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list backups in %s: %w", dir, err)
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
func prune(dir string, list []backupFile, keep int) error {
	for len(list) > keep {
		if err := os.Remove(filepath.Join(dir, list[0].name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("prune backups in %s: %w", dir, err)
		}
		list = list[1:]
	}
	return nil
}
