package wall

import (
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// systemDirs are the machine's directories shown read-only inside the wall (those that exist;
// a symbolic link among them is shown as the link). Nothing else of the machine is shown: what
// is not there cannot be written, read or connected to.
var systemDirs = []string{"/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc", "/opt", "/nix", "/snap"}

// layout is what the stage builds for a Spec, in order: the system directories ("ro" and
// "link" steps), the layers (their directories, shallowest first: each a "cow" step), then the
// steps taken inside them ("dir", "empty", "file").
type layout struct {
	system []string
	layers []string
	after  []string
}

// layoutOf lays out the wall of s: the project, the home directory and the repository's git
// directories as layers (one for a directory inside another's), the system directories no layer
// covers, $XDG_RUNTIME_DIR made again in the fresh /run, the home's credential files emptied, and
// the repository's configuration replaced (gitconfig_linux.go).
func layoutOf(s Spec) layout {
	var l layout
	gitDirs, fixes := repositoryOf(s.Project)
	candidates := append([]string{s.Project}, gitDirs...)
	if s.Home != "" {
		candidates = append(candidates, s.Home)
	}
	l.layers = outermost(candidates)
	for _, d := range systemDirs {
		if slices.ContainsFunc(l.layers, func(layer string) bool { return Within(d, layer) }) {
			continue
		}
		fi, err := os.Lstat(d)
		switch {
		case err != nil:
		case fi.Mode()&os.ModeSymlink != 0:
			if to, err := os.Readlink(d); err == nil {
				l.system = append(l.system, "link", d, to)
			}
		case fi.IsDir():
			l.system = append(l.system, "ro", d)
		}
	}
	if dir := proc.Getenv(s.Env, "XDG_RUNTIME_DIR"); filepath.IsAbs(dir) && Within(filepath.Clean(dir), "/run") {
		l.after = append(l.after, "dir", filepath.Clean(dir))
	}
	if s.Home != "" {
		for _, c := range slices.Concat(Credentials, s.Hidden) {
			l.after = append(l.after, "empty", filepath.Join(s.Home, c))
		}
	}
	for _, f := range fixes {
		l.after = append(l.after, "file", f.Path, f.Content)
	}
	return l
}

// outermost returns the directories of dirs that lie in no other, shallowest first; the root
// and relative paths are left out.
func outermost(dirs []string) []string {
	var out []string
	for _, d := range dirs {
		d = filepath.Clean(d)
		if d == "/" || !filepath.IsAbs(d) || slices.ContainsFunc(dirs, func(o string) bool {
			o = filepath.Clean(o)
			return o != d && o != "/" && Within(d, o)
		}) || slices.Contains(out, d) {
			continue
		}
		out = append(out, d)
	}
	slices.SortStableFunc(out, func(a, b string) int { return strings.Count(a, "/") - strings.Count(b, "/") })
	return out
}
