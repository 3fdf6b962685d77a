package reviewguard

import (
	"slices"
	"sync"
)

// A program is one the reviewer may run without a rule of supervisor.allowed_tools, with its
// table: the options it reads, written from its own manual or source (source names which, and
// the version), and how its arguments are judged.
type program struct {
	name   string
	source string
	// options is the table of a program whose arguments GNU getopt_long reads (getopt.go);
	// check and never are made from it. nil for a program judged by check alone.
	options []option
	traits  traits
	// check grants the arguments (after the program's name); nil grants any.
	check func(args []string, where Place) error
	// never refuses what stays refused when a rule of supervisor.allowed_tools grants the
	// program: its options that write a file or run a program, in every spelling; for git,
	// another repository. nil refuses nothing.
	never func(args []string, where Place) error
	// walks reports whether the program, given args, reads files it finds on its own (git's
	// .gitignore, a recursive grep's): see stall.go. nil: it reads only the files it is named.
	walks func(args []string) bool
	// follows reports whether the program, given args, walks directories and follows the links
	// to directories it finds there (grep -R, rg -L, find -L): stall.go. nil: it does not.
	follows func(args []string) bool
	// help is how the installed program lists its options, for TestTablesMatchTheirPrograms:
	// the arguments that print them (--help), or nil where the table is compared otherwise.
	help []string
}

// traits of a program.
type traits uint8

const (
	// globSafe: no option of the program, in any version, writes a file, runs a program or opens
	// a connection, so an unquoted glob — which bash may turn into any file name, --output=F or
	// -delete among them — can only make it read other files (and those the guard checks: see
	// globs.go). For every other program an unquoted glob is refused before "--": the guard judges
	// the words bash hands the program, and a glob's words are the names of files in the tree,
	// which anybody may have planted.
	globSafe traits = 1 << iota
	numbers         // -NUM is an option (head -5, grep -3)
	builtin         // bash runs it itself (no file on $PATH)
	// readsGitConfig: the program reads git's configuration files in the home directory itself
	// (ripgrep, for core.excludesFile), not through git and so not through the review's git view.
	readsGitConfig
	// byPlace: the program's operands are judged by their place or number (uniq's and xxd's
	// second is the file they write), so no glob may bring any.
	byPlace
)

// programs are granted by name, each with its table. Built on first use, by the first guard
// that judges a Bash command: a hook run that judges none (every run outside a review) pays
// nothing for them.
var programs = sync.OnceValue(func() map[string]*program {
	m := map[string]*program{}
	for _, p := range registry() {
		m[p.name] = p
	}
	return m
})

// registry lists every program the reviewer may run by name, family by family, each with its
// table made ready: the one list the guard, the tests and the documentation read.
func registry() []*program {
	var all []*program
	for _, family := range [][]program{
		coreutils(), bashBuiltins(), gnuGrep(), diffutils(), gnuSed(), findutils(), ripgrep(),
		debianutils(), fileProgram(), treeProgram(), jqProgram(), gitProgram(),
		{xxdProgram()},
	} {
		for i := range family {
			p := &family[i]
			p.finish()
			all = append(all, p)
		}
	}
	slices.SortFunc(all, func(a, b *program) int {
		switch {
		case a.name < b.name:
			return -1
		case a.name > b.name:
			return 1
		}
		return 0
	})
	return all
}

// finish makes check and never from a getopt table.
func (p *program) finish() {
	if p.options == nil || p.check != nil {
		return
	}
	parse := &parser{options: p.options, clusters: true, digits: p.traits&numbers != 0}
	p.check = func(args []string, _ Place) error { return parse.check(args) }
	p.never = func(args []string, _ Place) error { return parse.refusedSpellings(args) }
}

func (p *program) globSafe() bool { return p.traits&globSafe != 0 }
func (p *program) builtin() bool  { return p.traits&builtin != 0 }

func (p *program) readsGitConfig() bool { return p.traits&readsGitConfig != 0 }

// getopt is a program whose arguments getopt_long reads with the table opts.
func getopt(name, source string, opts []option, t traits) program {
	return program{name: name, source: source, options: opts, traits: t, help: []string{"--help"}}
}
