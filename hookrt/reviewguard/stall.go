package reviewguard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A granted command must end. Claude Code gives a Bash call a timeout (2 minutes unless the
// reviewer asks for up to 10), and when it passes, it does not stop the command: it moves it to
// the background, and `claude -p` then waits up to 10 minutes more for it before it exits (seen on
// 2.1.328 and 2.1.332: docs/claude-code.md, "A Bash call past its timeout"). A command that waits
// for ever therefore holds the whole review until supervisor.timeout_seconds, and a review that
// times out lets the agent through. A hook could shorten the timeout (an allow with an
// updatedInput), but that only moves the command to the background sooner, and an allow skips
// Claude Code's own permission checks, which the guard leaves in place for what it grants. So
// what could wait for ever is refused before it starts:
//   - a word that names a named pipe, a character or block device (but /dev/null) or a file of
//     /proc or /sys, where the program reads it: an operand, an option's value (--files0-from=P,
//     -fP), an input redirection (< P), or a name a glob brings (globs.go) — the files the guard
//     can name;
//   - a program that reads files it finds on its own (git's .gitignore, .gitattributes, .mailmap
//     and objects; rg's and a recursive grep's .gitignore and files) while the review's tree holds
//     a named pipe or a device anywhere, or a link to one (treeStalls); rg while git's
//     configuration in the home directory is one (homeStalls);
//   - a program that reads its standard input where Claude Code leaves it open (see
//     stdinLeftOpen): each one must be given its input by the command (a redirection, a
//     here-document or here-string, a pipe);
//   - a call that asks to run in the background (run_in_background), which no timeout bounds and
//     which outlives the review (guard.go);
//   - the options and scripts that wait, loop or grow without end, in each program's table (tail
//     -f, sed's branches, jq's while).
//
// What is left: a file made into a pipe between the guard's look and the program's read, by a
// process of the agent's still running; a regular file too large to read in the call's time; a
// regular expression that takes too long. Those end at Claude Code's timeout and then hold the
// review as above.

// stallingFile returns why the word w, for a program run in dir, names a file whose read may never
// end, or nil.
func stallingFile(dir, w string) error {
	if w == "" || w == "-" {
		return nil
	}
	path := w
	if !filepath.IsAbs(path) {
		path = filepath.Join(dir, path)
	}
	if kernelFile(path) {
		return fmt.Errorf("%s is a file of the kernel (/proc, /sys), some of which are never read to their end", w)
	}
	fi, err := os.Stat(path)
	if err != nil {
		return nil //nolint:nilerr // nothing there to wait on (a missing file, a pattern, a word that is no file)
	}
	if resolved, err := filepath.EvalSymlinks(path); err == nil && kernelFile(resolved) {
		return fmt.Errorf("%s is a file of the kernel (%s), some of which are never read to their end", w, resolved)
	}
	return special(w, fi)
}

// special says why a file is one a read may wait on for ever, or nil.
func special(name string, fi fs.FileInfo) error {
	switch m := fi.Mode(); {
	case m&fs.ModeNamedPipe != 0:
		return fmt.Errorf("%s is a named pipe, whose read waits for a writer", name)
	case m&fs.ModeDevice != 0 && !isDevNull(fi):
		return fmt.Errorf("%s is a device, whose read may never end", name)
	}
	return nil
}

func isDevNull(fi fs.FileInfo) bool {
	null, err := os.Stat(os.DevNull)
	return err == nil && os.SameFile(fi, null)
}

func kernelFile(path string) bool {
	for _, root := range []string{"/proc", "/sys"} {
		if path == root || strings.HasPrefix(path, root+"/") {
			return true
		}
	}
	return false
}

// wordStalls checks the word w as a program may read it: the whole word, and for an option word
// the value it may carry (--opt=VALUE, or the rest of -xVALUE after any of its letters).
func wordStalls(dir, w string) error {
	if err := stallingFile(dir, w); err != nil {
		return err
	}
	if !strings.HasPrefix(w, "-") || w == "-" {
		return nil
	}
	if _, value, ok := strings.Cut(w, "="); ok {
		if err := stallingFile(dir, value); err != nil {
			return fmt.Errorf("in %s, %w", w, err)
		}
	}
	if !strings.HasPrefix(w, "--") {
		for i := 2; i < len(w) && i < 64; i++ {
			if err := stallingFile(dir, w[i:]); err != nil {
				return fmt.Errorf("in %s, %w", w, err)
			}
		}
	}
	return nil
}

// checkStalls refuses the commands of a granted command line that could wait for ever (see the
// comment at the top of this file). stdinOpen: Claude Code leaves the standard input open.
func checkStalls(cmds []simpleCommand, where Place, stdinOpen bool) error {
	walks, home := false, false
	var dirs []string // directories named to a program that walks them
	for _, c := range cmds {
		prog := programs()[c.args[0].value]
		home = home || prog != nil && prog.readsGitConfig()
		for _, a := range c.args[1:] {
			if a.glob {
				continue // judged by the names it brings (checkGlob)
			}
			if err := wordStalls(where.Cwd, a.value); err != nil {
				return err
			}
		}
		for _, r := range c.reads {
			if err := stallingFile(where.Cwd, r); err != nil {
				return fmt.Errorf("the redirection < %s: %w", r, err)
			}
		}
		if err := checkGlobs(c, prog, stdinOpen, where); err != nil {
			return err
		}
		words := values(c.args[1:])
		if prog != nil && prog.walks != nil && prog.walks(words) {
			walks = true
			for _, w := range words {
				dir, err := walkedDir(where.Cwd, w)
				if err != nil {
					return err
				}
				if dir != "" {
					dirs = append(dirs, dir)
				}
			}
		}
		if stdinOpen && !c.stdin && readsStdin(prog, words) {
			return fmt.Errorf("%s would read the Bash tool's standard input, which Claude Code leaves open (and never writes) when a command holds a here-document or an input redirection; give it its input, or its files", c.args[0].value)
		}
	}
	if home {
		if err := homeStalls(where); err != nil {
			return err
		}
	}
	if walks {
		return treeStalls(where, dirs)
	}
	return nil
}

// walkedDir returns the directory a word names, resolved, for a program that walks what it is
// named ("" for a word that names none), or why it is refused: the root of the file system,
// whose walk reaches /proc and /sys.
func walkedDir(cwd, w string) (string, error) {
	path := w
	if !filepath.IsAbs(path) {
		path = filepath.Join(cwd, path)
	}
	resolved, err := filepath.EvalSymlinks(path)
	if err != nil {
		return "", nil //nolint:nilerr // no such file: nothing to walk
	}
	if fi, err := os.Stat(resolved); err != nil || !fi.IsDir() {
		return "", nil //nolint:nilerr // a file, not a directory: checked as a word
	}
	if resolved == "/" {
		return "", fmt.Errorf("%s is the root of the file system, whose walk reaches /proc and /sys", w)
	}
	return resolved, nil
}

// homeStalls refuses while git's configuration files in the home directory are a named pipe or
// a device, for a program that reads them itself (readsGitConfig): the agent under review may
// write there too. git itself, through the review's wall, reads none of the home's files
// (GIT_CONFIG_GLOBAL, core.excludesFile and core.attributesFile: package gitwall). The home is
// the reviewer's (Place.Home); without one there is no file of git's there.
func homeStalls(where Place) error {
	home := where.Home
	if home == "" {
		return nil
	}
	config := where.ConfigHome
	if config == "" {
		config = filepath.Join(home, ".config")
	}
	for _, path := range []string{filepath.Join(home, ".gitconfig"), filepath.Join(config, "git", "config")} {
		if fi, err := os.Stat(path); err == nil {
			if why := special(path, fi); why != nil {
				return fmt.Errorf("%w, and the program reads git's configuration there", why)
			}
		}
	}
	return nil
}

// checkGlobs judges the names each glob word of c brings (checkGlob).
func checkGlobs(c simpleCommand, prog *program, stdinOpen bool, where Place) error {
	args := c.args[1:]
	end := -1
	if prog != nil {
		end = prog.operandsFrom(args)
	}
	for i, a := range args {
		if a.glob {
			if err := checkGlob(a, end < 0 || i < end, stdinOpen, where); err != nil {
				return err
			}
		}
	}
	return nil
}

func values(args []arg) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a.value
	}
	return out
}

// readsStdin reports whether prog, given args, may read its standard input: a program that never
// does (ls, stat, find, git but shortlog, echo …), or one named a file other than -, does not; a
// program the registry does not know may.
func readsStdin(prog *program, args []string) bool {
	if prog == nil {
		return true
	}
	switch prog.name {
	case "echo", "true", "false", "pwd", "test", "[", "ls", "stat", "du", "basename", "dirname",
		"realpath", "readlink", "which", "find", "tree":
		return false
	case "tr":
		return true
	case "git":
		return slices.Contains(args, "shortlog")
	}
	var operands []string
	if prog.options != nil {
		operands = (&parser{options: prog.options, clusters: true, digits: prog.traits&numbers != 0}).operands(args)
	}
	skip := 0 // the operands before the files: a pattern, a script, a filter
	switch prog.name {
	case "grep", "egrep", "fgrep", "rg":
		if !hasAnyOption(args, "-e", "--regexp", "-f", "--file") {
			skip = 1
		}
	case "sed":
		if _, given := sedScripts(args); !given {
			skip = 1
		}
	case "jq":
		skip = 1
	}
	if len(operands) > skip {
		return slices.Contains(operands[skip:], "-")
	}
	// No file named: a recursive grep reads the directory; rg reads its standard input where
	// that is a pipe or a file, and every other program reads it.
	recursiveGrep := prog.name != "rg" && strings.HasSuffix(prog.name, "grep") && grepWalks(args)
	return !recursiveGrep
}

// hasAnyOption reports whether args, before a "--", hold any of the options names: a long one
// by its name (with or without a value, or abbreviated), a short one alone or in a bundle. It
// reads wider than the program may, never narrower.
func hasAnyOption(args []string, names ...string) bool {
	for _, a := range args {
		if a == "--" {
			return false
		}
		if !strings.HasPrefix(a, "-") || a == "-" {
			continue
		}
		for _, n := range names {
			if strings.HasPrefix(n, "--") {
				name, _, _ := strings.Cut(a, "=")
				full, _, _ := strings.Cut(n, "=")
				if strings.HasPrefix(a, "--") && len(name) > 2 && strings.HasPrefix(full, name) {
					return true
				}
				continue
			}
			if !strings.HasPrefix(a, "--") && (strings.ContainsRune(a[1:], rune(n[1])) || strings.HasPrefix(a, n)) {
				return true
			}
		}
	}
	return false
}

// maxTreeEntries bounds the walk of a review's tree: one larger is refused to the programs that
// read files they find on their own, rather than walked in part.
const maxTreeEntries = 1_000_000

var errTreeTooLarge = errors.New("the tree is too large to look through")

// treeStalls refuses while the review's own tree (where.Root, and where.Cwd when it differs),
// or a directory the command names for a walk (dirs), holds a named pipe or a device, or a link
// to one, anywhere: git, rg and a recursive grep read files they find there on their own
// (.gitignore, .gitattributes, .mailmap, git's objects), and such a file makes the read wait for
// ever.
func treeStalls(where Place, dirs []string) error {
	roots := []string{where.Root}
	if where.Cwd != "" && !sameDir(where.Cwd, where.Root) {
		roots = append(roots, where.Cwd)
	}
	for _, d := range dirs {
		if !slices.ContainsFunc(roots, func(r string) bool { return r != "" && within(d, r) }) {
			roots = append(roots, d)
		}
	}
	seen := 0
	for _, root := range roots {
		if root == "" {
			continue
		}
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return nil //nolint:nilerr // an unreadable directory: the program cannot read it either
			}
			seen++
			if seen > maxTreeEntries {
				return errTreeTooLarge
			}
			t := d.Type()
			if t&(fs.ModeNamedPipe|fs.ModeDevice|fs.ModeSymlink) == 0 {
				return nil
			}
			if resolved, err := filepath.EvalSymlinks(path); err == nil && kernelFile(resolved) {
				return fmt.Errorf("%s is a link to %s, a file of the kernel; git, rg and a recursive grep read the files they find in the tree, so they are refused while it holds one", path, resolved)
			}
			fi, err := os.Stat(path) // a link: what it points to
			if err != nil {
				return nil //nolint:nilerr // a dangling link: nothing to read
			}
			if why := special(path, fi); why != nil {
				return fmt.Errorf("%w; git, rg and a recursive grep read the files they find in the tree, so they are refused while it holds one", why)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// within reports whether path lies in dir or is dir, both resolved.
func within(path, dir string) bool {
	if resolved, err := filepath.EvalSymlinks(dir); err == nil {
		dir = resolved
	}
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, "../")
}
