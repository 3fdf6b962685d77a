package reviewguard

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// checkCommand grants a Bash command only when all of it is granted: it is parsed as bash, and
// every simple command in it — each side of &&, ||, ; and pipes, inside subshells and blocks —
// must be read-only (readOnly) or match a rule of supervisor.allowed_tools. Refused whatever
// the parts: command and process substitution, variable assignments, words with expansions,
// background jobs, control structures and functions, and redirections other than reading a file,
// duplicating a descriptor or writing to /dev/null. When in doubt, refuse.
func checkCommand(command string, r rules) error {
	file, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader(command), "")
	if err != nil {
		return fmt.Errorf("cannot parse the command: %w", err)
	}
	var found error
	syntax.Walk(file, func(n syntax.Node) bool {
		switch n.(type) {
		case *syntax.CmdSubst, *syntax.ProcSubst:
			found = errors.New("command substitution runs commands that are not checked")
		case *syntax.ArithmExp, *syntax.ArithmCmd:
			found = errors.New("arithmetic expansion is not checked")
		}
		return true
	})
	if found != nil {
		return found
	}
	return stmts(file.Stmts, r)
}

func stmts(list []*syntax.Stmt, r rules) error {
	for _, s := range list {
		if err := stmt(s, r); err != nil {
			return err
		}
	}
	return nil
}

func stmt(s *syntax.Stmt, r rules) error {
	if s.Background || s.Coprocess || s.Disown {
		return errors.New("background jobs are not checked")
	}
	for _, rd := range s.Redirs {
		if err := redirect(rd); err != nil {
			return err
		}
	}
	switch c := s.Cmd.(type) {
	case nil:
		return nil // only redirections, checked above
	case *syntax.CallExpr:
		return call(c, r)
	case *syntax.BinaryCmd:
		if err := stmt(c.X, r); err != nil {
			return err
		}
		return stmt(c.Y, r)
	case *syntax.Subshell:
		return stmts(c.Stmts, r)
	case *syntax.Block:
		return stmts(c.Stmts, r)
	}
	return fmt.Errorf("%s is not checked", strings.ToLower(strings.TrimPrefix(fmt.Sprintf("%T", s.Cmd), "*syntax.")))
}

// redirect allows reading (<, here-documents and here-strings, with a plain word), duplicating
// or closing a descriptor (2>&1, 2>&-) and writing to /dev/null; any other redirection writes a
// file (>&file too).
func redirect(rd *syntax.Redirect) error {
	target, ok := literal(rd.Word)
	switch rd.Op {
	case syntax.RdrIn, syntax.Hdoc, syntax.DashHdoc, syntax.WordHdoc:
		if ok {
			return nil
		}
	case syntax.DplOut, syntax.DplIn:
		if ok && (target == "-" || isDigits(target)) {
			return nil
		}
	case syntax.RdrOut, syntax.AppOut, syntax.RdrAll, syntax.AppAll, syntax.RdrClob:
		if ok && target == "/dev/null" {
			return nil
		}
		if ok {
			return fmt.Errorf("the redirection %s %s writes a file", rd.Op, target)
		}
	}
	return fmt.Errorf("the redirection %s is not allowed", rd.Op)
}

func call(c *syntax.CallExpr, r rules) error {
	if len(c.Assigns) > 0 {
		return errors.New("variable assignments are not checked")
	}
	words := make([]string, len(c.Args))
	for i, w := range c.Args {
		s, ok := literal(w)
		if !ok {
			return fmt.Errorf("an expansion in %q is not checked", printWord(w))
		}
		words[i] = s
	}
	if len(words) == 0 {
		return nil
	}
	if words[0] == "git" {
		if err := gitNeverAllowed(words[1:]); err != nil {
			return err
		}
	}
	if r.grants(words) {
		return nil
	}
	if err := readOnly(words); err != nil {
		return fmt.Errorf("%q %w, and no supervisor.allowed_tools rule grants it", strings.Join(words, " "), err)
	}
	return nil
}

// literal is the value of a word made only of plain text and quotes ('…', "…" without
// expansions); ok is false for anything else ($VAR, $'…', ~ expansion is plain text here).
func literal(w *syntax.Word) (string, bool) {
	if w == nil {
		return "", false
	}
	var b strings.Builder
	for _, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			b.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return "", false
			}
			b.WriteString(p.Value)
		case *syntax.DblQuoted:
			if p.Dollar {
				return "", false
			}
			for _, q := range p.Parts {
				lit, ok := q.(*syntax.Lit)
				if !ok {
					return "", false
				}
				b.WriteString(lit.Value)
			}
		default:
			return "", false
		}
	}
	return b.String(), true
}

func printWord(w *syntax.Word) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, w)
	return b.String()
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
