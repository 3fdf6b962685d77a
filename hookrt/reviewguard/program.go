package reviewguard

import (
	"fmt"
	"strings"
)

// checkSimple grants one simple command: a program of the registry with the arguments its table
// grants, or one that a rule of supervisor.allowed_tools matches on the words bash hands it —
// never a glob then (the rule cannot say what the program does with a file name that looks like
// an option), and for a program with a table never an option of it that writes or runs, nor for
// git another repository: no rule grants what a table refuses. byRule reports a command granted
// by a rule and not by a table: what it reads is then not known (stall.go).
func checkSimple(cmd simpleCommand, r rules, where Place) (byRule bool, err error) {
	name := cmd.args[0]
	if name.glob {
		return false, fmt.Errorf("the program name %s is a pattern", name.value)
	}
	if strings.ContainsRune(name.value, '/') {
		return false, fmt.Errorf("%s names a program by its path", name.value)
	}
	words := make([]string, len(cmd.args))
	globbed := []string{}
	for i, a := range cmd.args {
		words[i] = a.value
		if a.glob {
			globbed = append(globbed, a.value)
		}
	}
	prog, known := programs()[name.value]
	if known && !prog.builtin() {
		if err := where.plantable(name.value); err != nil {
			return false, err
		}
	}
	var refused error
	if known {
		refused = checkKnown(prog, cmd.args[1:], where)
		if refused == nil {
			return false, nil
		}
	}
	if !r.grants(words) {
		if refused != nil {
			return false, fmt.Errorf("%q: %w, and no supervisor.allowed_tools rule grants it", strings.Join(words, " "), refused)
		}
		return false, fmt.Errorf("%q %w, and no supervisor.allowed_tools rule grants it", strings.Join(words, " "), errNotReadOnly)
	}
	if len(globbed) > 0 {
		return false, fmt.Errorf("%q: the unquoted pattern %s may expand to file names the program reads as options; quote it or name the files", strings.Join(words, " "), globbed[0])
	}
	if !known {
		if err := where.plantable(name.value); err != nil {
			return false, err
		}
	}
	if known && prog.never != nil {
		return true, prog.never(words[1:], where)
	}
	return true, nil
}

// checkKnown grants the arguments args of prog by its table. An unquoted glob is granted to a
// glob-safe program anywhere, and to any other only after the "--" that ends its options, where
// whatever names it brings are operands; the glob is then judged by what it matches now
// (globs.go). The table reads the other words.
func checkKnown(prog *program, args []arg, where Place) error {
	end := prog.operandsFrom(args)
	for i, a := range args {
		if a.glob && !prog.globSafe() && (end < 0 || i < end) {
			return fmt.Errorf("the unquoted pattern %s may expand to file names the program reads as options (a file called --output=F); quote it, name the files, or put it after --", a.value)
		}
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

// operandsFrom returns the index in args of the first word after the "--" that ends prog's
// options, read as prog reads them: an option that takes a value takes the next word whatever it
// is, "--" included (sort -t --, git log -L --). -1 where there is none, where prog's options end
// otherwise (sed's and jq's scripts, find's expression), or where its operands are judged by
// their place or number (byPlace; git's branch, tag, stash, remote and reflog): no glob may
// stand there, for its names would be such operands. A glob word is an operand.
func (p *program) operandsFrom(args []arg) int {
	switch {
	case p.name == "git":
		return gitOperandsFrom(args)
	case p.options == nil || p.check == nil || p.name == "sed" || p.name == "jq" || p.traits&byPlace != 0:
		return -1
	}
	parse := &parser{options: p.options, clusters: true, digits: p.traits&numbers != 0}
	return parse.operandsFrom(args)
}

// gitOperandsFrom is operandsFrom for git: past its global options, the subcommand's parser
// reads the rest.
func gitOperandsFrom(args []arg) int {
	for i, a := range args {
		switch {
		case a.glob:
			return -1
		case a.value == "--no-pager" || a.value == "-P":
			continue
		case strings.HasPrefix(a.value, "-"):
			return -1
		}
		cmd, ok := gitCommands()[a.value]
		if !ok || cmd.operands != nil {
			return -1
		}
		if end := cmd.parser.operandsFrom(args[i+1:]); end >= 0 {
			return i + 1 + end
		}
		return -1
	}
	return -1
}

// operandsFrom is program.operandsFrom for the options p reads.
func (p *parser) operandsFrom(args []arg) int {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a.glob:
			continue
		case a.value == "--":
			return i + 1
		case a.value == "-" || !strings.HasPrefix(a.value, "-"):
			continue
		case strings.HasPrefix(a.value, "--"):
			if takesNext, err := p.long(a.value); err == nil && takesNext {
				i++
			}
		default:
			if takesNext, err := p.short(a.value); err == nil && takesNext {
				i++
			}
		}
	}
	return -1
}
