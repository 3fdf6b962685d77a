package retention

import (
	"errors"
	"fmt"
	"io/fs"
	"os"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// lockSet holds locks taken without waiting, each once.
type lockSet map[string]func()

// takeAll takes every lock of paths; false when one is held elsewhere (those taken stay held
// until release).
func (l lockSet) takeAll(paths []string) bool {
	for _, p := range paths {
		if _, ok := l[p]; ok {
			continue
		}
		unlock, ok, err := safefile.TryLock(p)
		if err != nil || !ok {
			return false
		}
		l[p] = unlock
	}
	return true
}

// removeHeld removes the lock file path, held in l, then releases it.
func (l lockSet) removeHeld(path string) {
	if unlock, ok := l[path]; ok {
		safefile.RemoveHeldLock(path, unlock)
		delete(l, path)
	}
}

func (l lockSet) release() {
	for p, unlock := range l {
		unlock()
		delete(l, p)
	}
}

// removeFile removes path; one already gone is no error.
func removeFile(path string) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("remove %s: %w", path, err)
	}
	return nil
}
