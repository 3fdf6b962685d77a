//go:build !windows

package safefile

import (
	"os"

	"github.com/google/renameio/v2"
)

// WriteFileAtomic replaces path with data through a synced temporary file in the same directory,
// keeping the permission bits of an existing file (perm, less the umask, for a new one).
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	return renameio.WriteFile(path, data, perm)
}
