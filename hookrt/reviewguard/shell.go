package reviewguard

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// A simpleCommand is one program a command line runs, with the words bash will hand it.
type simpleCommand struct {
	args []arg
	// stdin: its standard input is given by the command line (a redirection, a here-document or
	// here-string, or the pipe from the program before it), not the Bash tool's own.
	stdin bool
	// reads are the files its input redirections open (< FILE).
	reads []string
	// byRule: granted by a rule of supervisor.allowed_tools, not by a table (checkSimple).
	byRule bool
}

// parseCommand reads a Bash tool command the way bash will and returns every simple command it
// runs — each side of &&, ||, ; and pipes, inside ( … ) and { …; } — or why the command cannot
// be judged. Refused whatever the programs: command and process substitution, arithmetic,
// parameter expansion (also in a here-document's body), variable assignments, background jobs,
// control structures and functions, a word whose value bash computes from anything but the
// text (see wordArg), control characters other than tab and newline, and redirections other
// than reading a file, a here-document or here-string, duplicating or closing a descriptor, and
// writing to /dev/null. When in doubt, refuse.
func parseCommand(command string) ([]simpleCommand, error) {
	for i := range len(command) {
		if c := command[i]; c < 0x20 && c != '\t' && c != '\n' || c == 0x7f {
			return nil, fmt.Errorf("the control character %#02x is not read", c)
		}
	}
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash), syntax.KeepComments(true)).Parse(strings.NewReader(command), "")
	if err != nil {
		return nil, fmt.Errorf("cannot parse the command: %w", err)
	}
	if err := expansions(file); err != nil {
		return nil, err
	}
	if err := readApart(file, command); err != nil {
		return nil, err
	}
	var cmds []simpleCommand
	for _, s := range file.Stmts {
		if cmds, err = stmt(s, cmds, surround{}); err != nil {
			return nil, err
		}
	}
	return cmds, nil
}

// readApart refuses the forms that bash and the parser (mvdan.cc/sh) read apart, found by
// running what the guard granted with bash (FuzzCheckBash, TestWordsAreBashs):
//   - a comment that holds a backslash: bash ends a comment at the newline, while the parser
//     takes a backslash-newline inside it for a line continuation and reads the next line as
//     more words of the command before the comment (`git status # x \⏎rm -f a.txt` runs rm);
//   - a backslash-newline anywhere after a here-document's operator: bash joins such lines
//     before it looks for the delimiter (where the delimiter is not quoted), the parser does not
//     always, so the two end the body on different lines (`EO\⏎F` ends it for bash, and a body
//     line that is a lone backslash joins the delimiter line to it, which the parser took for an
//     empty body: `cat <<EOF⏎\⏎EOF⏎rm -f a.txt⏎EOF` runs rm).
//
// Both are read on the raw text, so that whatever the parser made of them, the text decides.
func readApart(file *syntax.File, command string) error {
	var found error
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Comment:
			start := int(n.Pos().Offset())
			end := strings.IndexByte(command[start:], '\n')
			if end < 0 {
				end = len(command) - start
			}
			if strings.ContainsRune(command[start:start+end], '\\') {
				found = errors.New("a comment holds a backslash, and bash and the guard may end it in different places")
			}
		case *syntax.Redirect:
			if (n.Op == syntax.Hdoc || n.Op == syntax.DashHdoc) &&
				strings.Contains(command[n.OpPos.Offset():], "\\\n") {
				found = errors.New("a backslash ends a line after a here-document's operator, and bash and the guard may end the here-document on different lines")
			}
		}
		return found == nil
	})
	return found // the walk visits every comment, those after the last command too
}

// surround is what a simple command inherits from the lists and pipes around it.
type surround struct {
	stdin bool     // its standard input is given (see simpleCommand.stdin)
	reads []string // files opened by input redirections around it
}

// expansions refuses every node anywhere in the command whose value bash computes when it runs:
// a second look, beside wordArg, so that no corner of the tree escapes.
func expansions(file *syntax.File) error {
	var found error
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = errors.New("command substitution runs commands that are not checked")
		case *syntax.ArithmExp, *syntax.ArithmCmd, *syntax.LetClause:
			found = errors.New("arithmetic is evaluated by bash and not checked")
		case *syntax.ParamExp:
			found = errors.New("parameter expansion is not checked")
		case *syntax.ExtGlob:
			found = errors.New("an extended glob is not checked")
		}
		return found == nil
	})
	return found
}

func stmt(s *syntax.Stmt, cmds []simpleCommand, ctx surround) ([]simpleCommand, error) {
	if s.Background || s.Coprocess || s.Disown {
		return nil, errors.New("background jobs are not checked")
	}
	for _, rd := range s.Redirs {
		if err := redirect(rd); err != nil {
			return nil, err
		}
		switch rd.Op {
		case syntax.RdrIn:
			target, _ := wordArg(rd.Word) // read by redirect above
			ctx.reads = append(ctx.reads[:len(ctx.reads):len(ctx.reads)], target.value)
			ctx.stdin = ctx.stdin || rd.N == nil || rd.N.Value == "0"
		case syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc, syntax.DplIn:
			ctx.stdin = ctx.stdin || rd.N == nil || rd.N.Value == "0"
		}
	}
	var err error
	switch c := s.Cmd.(type) {
	case nil:
		return cmds, nil // only redirections, checked above
	case *syntax.CallExpr:
		return call(c, cmds, ctx)
	case *syntax.BinaryCmd:
		if cmds, err = stmt(c.X, cmds, ctx); err != nil {
			return nil, err
		}
		if c.Op == syntax.Pipe || c.Op == syntax.PipeAll {
			ctx.stdin = true
		}
		return stmt(c.Y, cmds, ctx)
	case *syntax.Subshell:
		return stmts(c.Stmts, cmds, ctx)
	case *syntax.Block:
		return stmts(c.Stmts, cmds, ctx)
	}
	return nil, fmt.Errorf("%s is not checked", strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", s.Cmd), "*syntax.")))
}

func stmts(list []*syntax.Stmt, cmds []simpleCommand, ctx surround) ([]simpleCommand, error) {
	var err error
	for _, s := range list {
		if cmds, err = stmt(s, cmds, ctx); err != nil {
			return nil, err
		}
	}
	return cmds, nil
}

func call(c *syntax.CallExpr, cmds []simpleCommand, ctx surround) ([]simpleCommand, error) {
	if len(c.Assigns) > 0 {
		return nil, errors.New("variable assignments are not checked")
	}
	if len(c.Args) == 0 {
		return cmds, nil
	}
	args := make([]arg, len(c.Args))
	for i, w := range c.Args {
		a, err := wordArg(w)
		if err != nil {
			return nil, err
		}
		args[i] = a
	}
	return append(cmds, simpleCommand{args: args, stdin: ctx.stdin, reads: ctx.reads}), nil
}

// heredocDelimiter reports whether name is a here-document delimiter the guard reads: a name
// ([A-Za-z_][A-Za-z0-9_]*), plain or wholly quoted. bash and the parser must agree on where the
// body ends, or bash runs its rest as commands.
func heredocDelimiter(name string) bool {
	for i := range len(name) {
		c := name[i]
		letter := c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !letter && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return name != ""
}

// redirect allows reading a file (<, not from /dev/tcp or /dev/udp, which bash turns into a
// network connection), a here-document (a plain delimiter, a body without expansions) or
// here-string, duplicating or closing a descriptor (2>&1, 2>&-), and writing to /dev/null; any
// other redirection writes a file, opens a connection or cannot be told.
func redirect(rd *syntax.Redirect) error {
	if rd.N != nil && !isDigits(rd.N.Value) {
		return fmt.Errorf("the redirection %s%s is not allowed", rd.N.Value, rd.Op)
	}
	target, err := wordArg(rd.Word)
	if err != nil {
		return fmt.Errorf("the redirection %s: %w", rd.Op, err)
	}
	switch rd.Op {
	case syntax.Hdoc, syntax.DashHdoc:
		return heredoc(rd)
	case syntax.WordHdoc:
		return nil // a here-string is the command's input; bash does not glob it
	}
	if target.glob {
		return fmt.Errorf("the redirection %s %s names files by a pattern", rd.Op, target.value)
	}
	switch rd.Op {
	case syntax.RdrIn:
		if network(target.value) {
			return fmt.Errorf("the redirection < %s opens a network connection", target.value)
		}
		return nil
	case syntax.DplOut, syntax.DplIn:
		if target.value == "-" || isDigits(target.value) || rd.Op == syntax.DplOut && target.value == "/dev/null" {
			return nil
		}
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
		if target.value == "/dev/null" {
			return nil
		}
		return fmt.Errorf("the redirection %s %s writes a file", rd.Op, target.value)
	}
	return fmt.Errorf("the redirection %s %s is not allowed", rd.Op, target.value)
}

func heredoc(rd *syntax.Redirect) error {
	if len(rd.Word.Parts) != 1 {
		return errors.New("a here-document delimiter must be a plain name")
	}
	var name string
	switch p := rd.Word.Parts[0].(type) {
	case *syntax.Lit:
		name = p.Value
	case *syntax.SglQuoted:
		name = p.Value
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			if lit, ok := p.Parts[0].(*syntax.Lit); ok {
				name = lit.Value
			}
		}
	}
	if !heredocDelimiter(name) {
		return errors.New("a here-document delimiter must be a plain name")
	}
	if rd.Hdoc != nil {
		for _, p := range rd.Hdoc.Parts {
			if _, ok := p.(*syntax.Lit); !ok {
				return fmt.Errorf("%w in a here-document", expansionError(p))
			}
		}
	}
	return nil
}

// network reports whether bash opens a connection for the file name of a redirection: bash
// itself, not the kernel, reads /dev/tcp/HOST/PORT and /dev/udp/HOST/PORT (bash(1),
// REDIRECTION). Refused with any spelling that names that directory.
func network(name string) bool {
	return strings.Contains(name, "/dev/tcp") || strings.Contains(name, "/dev/udp")
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}
