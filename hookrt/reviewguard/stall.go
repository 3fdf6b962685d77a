package reviewguard

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// A granted command must end. Claude Code does not stop a Bash call past its timeout, and a
// shorter timeout set by a hook only moves it to the background sooner (docs/claude-code.md, "A
// Bash call past its timeout"): a command that waits for ever holds the review until
// supervisor.timeout_seconds, and a review that times out lets the agent through. So what could
// wait for ever is refused before it starts:
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
//     here-document or here-string, a pipe); "-" as any option's value or operand, and git's
//     --stdin, read it (namesStdin), and so may any command a rule grants;
//   - a walk that follows links (grep -R, rg -L, find -L …) while the tree it walks holds a link to
//     a directory outside it (treeWalk);
//   - a call that asks to run in the background (run_in_background), which no timeout bounds and
//     which outlives the review (guard.go);
//   - the options and scripts that wait, loop or grow without end, in each program's table (tail
//     -f, sed's branches, a list of names to read), and a jq filter whose work is not bounded
//     (jqbound.go).
//
// Git's data outside the work tree, tracked files too large to hash and objects git would read
// for hours (a delta chain deeper than git writes, an object of gigabytes) are looked at once when
// the review's git view is built (package gitview). What is left: a file made into a pipe between the
// guard's look and the program's read, by a process of the agent's still running; a regular file
// too large to read in the call's time; a regular expression that takes too long. Those end at
// the bound on one command (package supervisor), or where none watches (macOS, Windows) at Claude
// Code's timeout, and then hold the review as above.

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
		if paths.Within(path, root) {
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
	var walk treeWalk
	home := false
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
		words, err := checkGlobs(c, prog, stdinOpen, where)
		if err != nil {
			return err
		}
		if prog != nil {
			if err := walk.add(prog, words, where.Cwd); err != nil {
				return err
			}
		}
		if stdinOpen && !c.stdin && (c.byRule || readsStdin(prog, words)) {
			return fmt.Errorf("%s would read the Bash tool's standard input, which Claude Code leaves open (and never writes) when a command holds a here-document or an input redirection; give it its input, or its files", c.args[0].value)
		}
	}
	if home {
		if err := homeStalls(where); err != nil {
			return err
		}
	}
	return walk.check(where)
}

// A treeWalk is what the programs of a command line walk on their own: whether one reads the
// files it finds (reads: git, rg, a recursive grep), follows links to directories (follows: grep
// -R, rg -L, find -L …), and the directories named to them.
type treeWalk struct {
	reads, follows bool
	dirs           []string
}

// add notes what prog, given words (a glob's names in its place), walks.
func (w *treeWalk) add(prog *program, words []string, cwd string) error {
	reads := prog.walks != nil && prog.walks(words)
	follows := prog.follows != nil && prog.follows(words)
	if !reads && !follows {
		return nil
	}
	w.reads, w.follows = w.reads || reads, w.follows || follows
	for _, word := range words {
		dir, err := walkedDir(cwd, word)
		if err != nil {
			return err
		}
		if dir != "" {
			w.dirs = append(w.dirs, dir)
		}
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
// write there too. git itself, through the review's git view, reads none of the home's files
// (GIT_CONFIG_GLOBAL, core.excludesFile and core.attributesFile: package gitview). The home is
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

// checkGlobs judges the names each glob word of c brings (checkGlob), and returns the words bash
// hands the program as far as the guard can know them: each glob replaced by the names it
// brings now (itself where it matches none).
func checkGlobs(c simpleCommand, prog *program, stdinOpen bool, where Place) ([]string, error) {
	args := c.args[1:]
	end := -1
	if prog != nil {
		end = prog.operandsFrom(args)
	}
	words := make([]string, 0, len(args))
	for i, a := range args {
		if !a.glob {
			words = append(words, a.value)
			continue
		}
		names, err := checkGlob(a, prog, end < 0 || i < end, stdinOpen, where)
		if err != nil {
			return nil, err
		}
		if len(names) == 0 {
			names = []string{a.value}
		}
		words = append(words, names...)
	}
	return words, nil
}

// readsStdin reports whether prog, given args, may read its standard input: a program that never
// does (ls, stat, find, echo …) does not; any other does when a word names the standard input
// (namesStdin), and git only then or as shortlog; the rest when named no file other than -; a
// program the registry does not know may. (A command a rule grants may read it whatever its
// words: checkStalls.)
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
		return slices.Contains(args, "shortlog") || namesStdin(args)
	}
	if namesStdin(args) {
		return true
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
		return false
	}
	// No file named: a recursive grep reads the directory; rg reads its standard input where
	// that is a pipe or a file, and every other program reads it.
	recursiveGrep := prog.name != "rg" && strings.HasSuffix(prog.name, "grep") && grepWalks(args)
	return !recursiveGrep
}

// namesStdin reports whether a word of args may name the standard input to the program, as an
// operand or as any option's value: "-" itself (grep -f -, git blame --contents -), a value "-"
// attached to an option (--files0-from=-, -f-), or git's --stdin (log, rev-list, diff-tree). It
// reads wider than any program: a word that only ends in "-" counts.
func namesStdin(args []string) bool {
	for _, a := range args {
		if a == "-" || a == "--stdin" || strings.HasSuffix(a, "=-") ||
			len(a) > 2 && a[0] == '-' && a[1] != '-' && strings.HasSuffix(a, "-") {
			return true
		}
	}
	return false
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

// check refuses, for what the command walks (treeWalk), while the review's own tree
// (where.Root, and where.Cwd when it differs), or a directory named for a walk, holds:
//   - for a program that reads what it finds (git, rg, a recursive grep: .gitignore,
//     .gitattributes, .mailmap, git's objects), a named pipe or a device, or a link to one or to a
//     file of the kernel: such a file makes the read wait for ever;
//   - for a walk that follows links, a link to a directory outside those roots: the walk would
//     leave the project (a link to / reaches /proc and /dev).
func (w treeWalk) check(where Place) error {
	if !w.reads && !w.follows {
		return nil
	}
	roots := []string{where.Root}
	if where.Cwd != "" && !sameDir(where.Cwd, where.Root) {
		roots = append(roots, where.Cwd)
	}
	for _, d := range w.dirs {
		if !slices.ContainsFunc(roots, func(r string) bool { return inside(d, resolved(r)) }) {
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
			return w.entry(path, d, roots)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// entry judges one entry of the walk (see check).
func (w treeWalk) entry(path string, d fs.DirEntry, roots []string) error {
	const why = "; the programs that walk the tree (git, rg, a recursive grep) are refused while it holds one"
	t := d.Type()
	if t&(fs.ModeNamedPipe|fs.ModeDevice|fs.ModeSymlink) == 0 {
		return nil
	}
	target, rerr := filepath.EvalSymlinks(path)
	if w.reads && rerr == nil && kernelFile(target) {
		return fmt.Errorf("%s is a link to %s, a file of the kernel%s", path, target, why)
	}
	fi, err := os.Stat(path) // a link: what it points to
	if err != nil {
		return nil //nolint:nilerr // a dangling link: nothing to read
	}
	if w.reads {
		if err := special(path, fi); err != nil {
			return fmt.Errorf("%w%s", err, why)
		}
	}
	if w.follows && fi.IsDir() && t&fs.ModeSymlink != 0 && rerr == nil &&
		!slices.ContainsFunc(roots, func(r string) bool { return inside(target, resolved(r)) }) {
		return fmt.Errorf("%s is a link to the directory %s, outside what the command walks; a walk that follows links (grep -R, rg -L, find -L, diff -r …) would leave the project there", path, target)
	}
	return nil
}
