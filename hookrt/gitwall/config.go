package gitwall

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// writeConfig writes the wall's config file: the repository's format, what git needs to read it
// as it is (bare or not), and settings that keep git from running a program or another git. A
// setting named here is one whose default would run something in a reading command; settings
// git leaves unset run nothing, and the file names no program at all:
//   - core.fsmonitor=false: no file-system monitor is started (the index may name one).
//   - core.hooksPath: the wall's empty hooks/ directory; git diff's index refresh would run the
//     post-index-change hook, even with GIT_OPTIONAL_LOCKS=0.
//   - core.pager=cat: git runs no pager, whatever $PAGER says (pager.c treats "cat" as none).
//   - diff.ignoreSubmodules=all, submodule.recurse=false and submodule.<name>.ignore=all for
//     every name of .gitmodules (submodules.go): no git runs in a submodule.
//   - protocol.allow=never: no transport, should anything try to fetch.
//   - gc.auto=0, maintenance.auto=false: no command starts housekeeping in the background.
//
// Submodule names are written as quoted subsections (a backslash before " and \, git's own
// quoting); a name git could not have read from a file (a newline or NUL in it) is an error.
func (b *builder) writeConfig(f format, submodules []string) error {
	var s strings.Builder
	s.WriteString("# Written by ccc-hooks for one review: git reads the session's repository through this file,\n" +
		"# never through the repository's own configuration. Removed when the review ends.\n")
	fmt.Fprintf(&s, "[core]\n\trepositoryformatversion = %d\n\tbare = %t\n", f.version, b.src.workTree == "")
	fmt.Fprintf(&s, "\tfsmonitor = false\n\thooksPath = %s\n\tpager = cat\n", quoteValue(filepath.Join(b.dir, "hooks")))
	if f.objectFormat != "" {
		fmt.Fprintf(&s, "[extensions]\n\tobjectformat = %s\n", f.objectFormat)
	}
	s.WriteString("[diff]\n\tignoreSubmodules = all\n[submodule]\n\trecurse = false\n")
	for _, name := range submodules {
		if strings.ContainsAny(name, "\n\x00") {
			return fmt.Errorf("submodule name %q cannot be written", name)
		}
		q := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(name)
		fmt.Fprintf(&s, "[submodule \"%s\"]\n\tignore = all\n", q)
	}
	s.WriteString("[protocol]\n\tallow = never\n[gc]\n\tauto = 0\n[maintenance]\n\tauto = false\n")
	return os.WriteFile(filepath.Join(b.dir, "config"), []byte(s.String()), 0o600)
}

// quoteValue writes a value in double quotes, as git reads it back unchanged: a backslash before
// " and \ (a path on Windows holds backslashes).
func quoteValue(v string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(v) + `"`
}
