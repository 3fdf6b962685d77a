package paths

import (
	"path/filepath"
	"strings"
)

// Within reports whether path is dir or lies below it, by the names alone (no link is
// followed): both are cleaned, and compared as the system compares names (on Windows, case
// folded, and never across volumes). A relative path is never within an absolute dir, nor the
// other way round.
func Within(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}
