package reviewguard

import (
	"fmt"
	"strings"
)

// A program is one the reviewer may run without a rule of supervisor.allowed_tools.
type program struct {
	// check grants the arguments (after the program's name); nil grants any.
	check func(args []string, where Place) error
	// never refuses what stays refused when a rule of supervisor.allowed_tools grants the
	// program: its options that write a file or run a program, in every spelling; for git,
	// another repository. nil refuses nothing.
	never func(args []string, where Place) error
	// globSafe: no option of the program, in any version, writes a file, runs a program, opens
	// a connection or waits for ever, so an unquoted glob — which bash may turn into any file
	// name, --output=F or -delete among them — can only make it read other files. For every other
	// program an unquoted glob is refused: the guard judges the words bash hands the program, and
	// a glob's words are the names of files in the tree, which anybody may have planted.
	// (Expanding the glob here instead would judge the tree as it is now, not as it is when bash
	// runs.)
	globSafe bool
	// builtin: bash runs it itself (no file on $PATH).
	builtin bool
}

// traits of a program read with getopt_long.
type traits uint8

const (
	globSafe traits = 1 << iota // see program.globSafe
	numbers                     // -NUM is an option (head -5, grep -3)
)

// getopt is a program whose arguments GNU getopt_long reads (see parser), bundles of short
// options included, with the options opts.
func getopt(opts []option, t traits) program {
	p := &parser{options: opts, clusters: true, digits: t&numbers != 0}
	return program{
		check:    func(args []string, _ Place) error { return p.check(args) },
		never:    func(args []string, _ Place) error { return p.refusedSpellings(args) },
		globSafe: t&globSafe != 0,
	}
}

// programs are granted by name, each with its own table of options (coreutils.go,
// gnutools.go, find.go, git.go). Not granted, though they only read, because a form of them
// runs something else: test and [ (bash evaluates `test -v 'a[$(cmd)]'`'s subscript, running
// cmd), cd (git would find another repository from the new directory, and Claude Code keeps the
// directory for the next command), xargs, env, command, exec, awk and sed. tail is not glob-safe:
// a file named -f makes it wait for ever.
var programs = map[string]program{
	"cat":      getopt(catOptions, globSafe),
	"head":     getopt(headOptions, globSafe|numbers),
	"tail":     getopt(tailOptions, numbers),
	"wc":       getopt(wcOptions, globSafe),
	"ls":       getopt(lsOptions, globSafe),
	"cut":      getopt(cutOptions, globSafe),
	"tr":       getopt(trOptions, globSafe),
	"nl":       getopt(nlOptions, globSafe),
	"stat":     getopt(statOptions, globSafe),
	"du":       getopt(duOptions, globSafe),
	"basename": getopt(basenameOptions, globSafe),
	"dirname":  getopt(dirnameOptions, globSafe),
	"realpath": getopt(realpathOptions, globSafe),
	"readlink": getopt(readlinkOptions, globSafe),
	"which":    getopt(whichOptions, globSafe),
	"cmp":      getopt(cmpOptions, globSafe),
	"grep":     getopt(grepOptions, numbers),
	"egrep":    getopt(grepOptions, numbers),
	"fgrep":    getopt(grepOptions, numbers),
	"diff":     getopt(diffOptions, 0),
	"sort":     getopt(sortOptions, 0),
	"rg":       getopt(rgOptions, 0),
	"find": {
		check: func(args []string, _ Place) error { return checkFind(args) },
		never: func(args []string, _ Place) error { return findRefusedWords(args) },
	},
	"git": {check: checkGit, never: checkGitByRule},
	// Bash builtins. echo prints its words (-n, -e, -E change only how); true and false read none.
	"echo":  {globSafe: true, builtin: true},
	"true":  {globSafe: true, builtin: true},
	"false": {globSafe: true, builtin: true},
	"pwd":   {check: getopt(pwdOptions, 0).check, globSafe: true, builtin: true},
}

// checkSimple grants one simple command: a program of programs with the arguments its table
// grants, or one that a rule of supervisor.allowed_tools matches on the words bash hands it —
// never a glob then (the rule cannot say what the program does with a file name that looks like
// an option), and for a program with a table never an option of it that writes or runs, nor
// for git another repository.
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
	if known && prog.never != nil {
		return prog.never(words[1:], where)
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
