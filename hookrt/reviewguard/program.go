package reviewguard

import (
	"fmt"
	"strings"
)

// A program is one the reviewer may run without a rule of supervisor.allowed_tools.
type program struct {
	// check grants the arguments (after the program's name); nil grants any.
	check func(args []string, where Place) error
	// globSafe: no option of the program, in any version, writes a file, runs a program or opens
	// a connection, so an unquoted glob — which bash may turn into any file name, --output=F or
	// -delete among them — can only make it read other files. For every other program an
	// unquoted glob is refused: the guard judges the words bash hands the program, and a glob's
	// words are the names of files in the tree, which anybody may have planted. (Expanding the
	// glob here instead would judge the tree as it is now, not as it is when bash runs.)
	globSafe bool
	// builtin: bash runs it itself (no file on $PATH).
	builtin bool
}

// getopt checks a program's arguments as GNU getopt_long reads them (see parser), bundles of
// short options included; digits: -NUM is an option.
func getopt(opts []option, digits bool) func([]string, Place) error {
	p := &parser{options: opts, clusters: true, digits: digits}
	return func(args []string, _ Place) error { return p.check(args) }
}

// programs are granted by name, each with its own table of options (coreutils.go,
// gnutools.go, find.go, git.go). Not granted, though they only read, because a form of them
// runs something else: test and [ (bash evaluates `test -v 'a[$(cmd)]'`'s subscript, running
// cmd), cd (git would find another repository from the new directory, and Claude Code keeps the
// directory for the next command), xargs, env, command, exec, awk and sed.
var programs = map[string]program{
	"cat":      {check: getopt(catOptions, false), globSafe: true},
	"head":     {check: getopt(headOptions, true), globSafe: true},
	"tail":     {check: getopt(tailOptions, true), globSafe: true},
	"wc":       {check: getopt(wcOptions, false), globSafe: true},
	"ls":       {check: getopt(lsOptions, false), globSafe: true},
	"cut":      {check: getopt(cutOptions, false), globSafe: true},
	"tr":       {check: getopt(trOptions, false), globSafe: true},
	"nl":       {check: getopt(nlOptions, false), globSafe: true},
	"stat":     {check: getopt(statOptions, false), globSafe: true},
	"du":       {check: getopt(duOptions, false), globSafe: true},
	"basename": {check: getopt(basenameOptions, false), globSafe: true},
	"dirname":  {check: getopt(dirnameOptions, false), globSafe: true},
	"realpath": {check: getopt(realpathOptions, false), globSafe: true},
	"readlink": {check: getopt(readlinkOptions, false), globSafe: true},
	"which":    {check: getopt(whichOptions, false), globSafe: true},
	"grep":     {check: getopt(grepOptions, true)},
	"egrep":    {check: getopt(grepOptions, true)},
	"fgrep":    {check: getopt(grepOptions, true)},
	"cmp":      {check: getopt(cmpOptions, false), globSafe: true},
	"diff":     {check: getopt(diffOptions, false)},
	"sort":     {check: getopt(sortOptions, false)},
	"rg":       {check: getopt(rgOptions, false)},
	"find":     {check: func(args []string, _ Place) error { return checkFind(args) }},
	"git":      {check: checkGit},
	// Bash builtins. echo prints its words (-n, -e, -E change only how); true and false read none.
	"echo":  {globSafe: true, builtin: true},
	"true":  {globSafe: true, builtin: true},
	"false": {globSafe: true, builtin: true},
	"pwd":   {check: getopt(pwdOptions, false), globSafe: true, builtin: true},
}

// checkSimple grants one simple command: a program of programs with the arguments its table
// grants, or one that a rule of supervisor.allowed_tools matches on the words bash hands it —
// never a glob then (the rule cannot say what the program does with a file name that looks like
// an option), and for git never another repository or an option that writes or runs.
func checkSimple(cmd simpleCommand, r rules, where Place) error {
	name := cmd.args[0]
	if name.glob {
		return fmt.Errorf("the program name %s is a pattern", name.value)
	}
	if strings.ContainsRune(name.value, '/') {
		return fmt.Errorf("%s names a program by its path", name.value)
	}
	words := make([]string, len(cmd.args))
	globbed := []string{}
	for i, a := range cmd.args {
		words[i] = a.value
		if a.glob {
			globbed = append(globbed, a.value)
		}
	}
	prog, known := programs[name.value]
	if known && !prog.builtin {
		if err := where.plantable(name.value); err != nil {
			return err
		}
	}
	var refused error
	if known {
		refused = checkKnown(prog, cmd.args[1:], globbed, where)
		if refused == nil {
			return nil
		}
	}
	if !r.grants(words) {
		if refused != nil {
			return fmt.Errorf("%q: %w, and no supervisor.allowed_tools rule grants it", strings.Join(words, " "), refused)
		}
		return fmt.Errorf("%q %w, and no supervisor.allowed_tools rule grants it", strings.Join(words, " "), errNotReadOnly)
	}
	if len(globbed) > 0 {
		return fmt.Errorf("%q: the unquoted pattern %s may expand to file names the program reads as options; quote it or name the files", strings.Join(words, " "), globbed[0])
	}
	if !known {
		if err := where.plantable(name.value); err != nil {
			return err
		}
	}
	if name.value == "git" {
		return checkGitByRule(words[1:], where)
	}
	return nil
}

func checkKnown(prog program, args []arg, globbed []string, where Place) error {
	if len(globbed) > 0 && !prog.globSafe {
		return fmt.Errorf("the unquoted pattern %s may expand to file names the program reads as options (a file called --output=F); quote it or name the files", globbed[0])
	}
	if prog.check == nil {
		return nil
	}
	words := make([]string, 0, len(args))
	for _, a := range args {
		if !a.glob {
			words = append(words, a.value)
		}
	}
	return prog.check(words, where)
}
