//go:build !windows

package state

import "github.com/google/renameio/v2"

// writeFile replaces path atomically: temp file in the same directory, sync, rename.
func writeFile(path string, data []byte) error {
	return renameio.WriteFile(path, data, 0o600)
}
