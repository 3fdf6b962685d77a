package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// tempMarker is part of the name of every temporary file ccc-hooks writes beside a target:
// ".<target name>.ccc-hooks-tmp-<random>". The name is hidden, says who made it, and lets the
// next run recognise what a killed run left behind.
const tempMarker = ".ccc-hooks-tmp-"

// tempPrefix is the start of the names of target's temporary files.
func tempPrefix(target string) string { return "." + filepath.Base(target) + tempMarker }

// IsTempOf reports whether name (a base name) is a temporary file of target.
func IsTempOf(name, target string) bool {
	rest, ok := strings.CutPrefix(name, tempPrefix(target))
	return ok && len(rest) == 16 && strings.Trim(rest, "0123456789abcdef") == ""
}

// createTemp creates a new, empty temporary file of target in target's directory with perm
// (less the umask).
func createTemp(target string, perm os.FileMode) (*os.File, error) {
	dir := filepath.Dir(target)
	for range 100 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return nil, err
		}
		name := filepath.Join(dir, tempPrefix(target)+hex.EncodeToString(b[:]))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		return f, err
	}
	return nil, fmt.Errorf("create a temporary file in %s: too many collisions", dir)
}

// RemoveStaleTemps removes the temporary files of target that a killed run left in its
// directory. Call it while holding the lock that serialises the writers of target: a
// temporary file of a live writer would be removed too.
func RemoveStaleTemps(target string) error {
	dir := filepath.Dir(target)
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("clean up %s: %w", dir, err)
	}
	for _, e := range ents {
		if !IsTempOf(e.Name(), target) {
			continue
		}
		if err := os.Remove(filepath.Join(dir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove the stale temporary file %s: %w", filepath.Join(dir, e.Name()), err)
		}
	}
	return nil
}
