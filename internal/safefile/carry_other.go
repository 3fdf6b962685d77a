//go:build !linux

package safefile

import "os"

// copyAttrs carries no extended attributes where ccc-hooks does not read them (macOS keeps ACLs
// apart from them; Windows has neither): see docs/settings.md.
func copyAttrs(*os.File, string) error { return nil }

// sameAttrs has nothing to compare where copyAttrs carries nothing.
func sameAttrs(*os.File, string) error { return nil }
