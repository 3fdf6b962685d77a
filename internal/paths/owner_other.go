//go:build !unix

package paths

import "io/fs"

// ownedBy is false where files have no user IDs: Claude Code then never takes a repository's top
// as the place of its local settings.
func ownedBy(fs.FileInfo, int) bool { return false }
