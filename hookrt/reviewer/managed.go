package reviewer

import (
	"fmt"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// maxManaged bounds the managed settings read before a review.
const maxManaged = 4 << 20

// UnguardedError is a review refused because Claude Code would not run the hook that keeps the
// reviewer from editing files.
type UnguardedError struct{ Path string }

func (e *UnguardedError) Error() string {
	return fmt.Sprintf("allowManagedHooksOnly in %s makes Claude Code ignore the hook that keeps the reviewer "+
		"from editing files, so no review is run; have it removed, or turn the supervisor off", e.Path)
}

// CheckGuardRuns returns an *UnguardedError when the managed settings at path ("": the operating
// system's, paths.ManagedFile) set allowManagedHooksOnly: Claude Code then runs only managed
// hooks, and the reviewer's read-only hook (given through --settings) would be ignored while the
// user's allow rules still apply. A file that is missing or unreadable sets nothing, for Claude
// Code as for us. Run asks it before it starts a reviewer, whoever calls it; a caller asks it
// first too where it would otherwise build a review's surroundings for nothing.
func CheckGuardRuns(path string) error {
	if path == "" {
		path = paths.ManagedFile()
	}
	data, err := safefile.ReadRegular(path, maxManaged)
	if err != nil {
		return nil //nolint:nilerr // a file Claude Code cannot read either restricts nothing
	}
	if gjson.ValidBytes(data) && gjson.GetBytes(data, "allowManagedHooksOnly").Type == gjson.True {
		return &UnguardedError{Path: path}
	}
	return nil
}
