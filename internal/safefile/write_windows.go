//go:build windows

package safefile

import (
	"os"
	"path/filepath"
)

// WriteFileAtomic replaces path with data through a synced temporary file in the same directory,
// renamed over the target (renameio has no Windows support).
func WriteFileAtomic(path string, data []byte, perm os.FileMode) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			_ = f.Close()
			_ = os.Remove(f.Name())
		}
	}()
	if fi, serr := os.Stat(path); serr == nil {
		perm = fi.Mode().Perm()
	}
	if err = f.Chmod(perm); err != nil {
		return err
	}
	if _, err = f.Write(data); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	return os.Rename(f.Name(), path)
}
