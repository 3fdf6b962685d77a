package wall

import "os"

// exists reports whether path names anything, without following a final link.
func exists(path string) bool {
	_, err := os.Lstat(path)
	return err == nil
}
