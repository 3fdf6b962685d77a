package reviewguard

import (
	"errors"
	"fmt"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// An arg is one word of a command as bash hands it to the program: quotes removed, backslash
// escapes resolved, a line continuation (backslash-newline) gone.
type arg struct {
	value string
	// glob is set when the word holds an unquoted *, ?, or [ with a ] after it: bash replaces
	// such a word with the names of the files it matches, which can be anything a file may be
	// called (--output=F, -delete), so the program may see other words than value. A [ with no ]
	// after it is no pattern (the program [).
	glob bool
	// pattern is the word as a pattern, for a glob: value with each quoted *, ?, [ and \
	// escaped by a backslash.
	pattern string
}

// wordArg computes the argument bash makes of w, or returns why that cannot be known for
// certain from the text alone. What it reads: plain text, backslash escapes, '…' and "…"
// holding only text. What it refuses (each is expanded by bash from something other than the
// command's text, or read by bash and by the parser differently):
//   - $VAR, ${…}, $(…), `…`, $((…)), <(…): the value comes from the environment or a program;
//   - $'…' and $"…": ANSI-C and locale quoting, decoded by rules of their own;
//   - extended globs @(…), +(…), …;
//   - brace expansion ({a,b}, {1..3}): bash turns one word into several;
//   - a tilde that bash expands (~, ~user, ~+, and after = or : in an assignment-like word).
//
// An unquoted *, ? or [ is not refused here: it marks the arg as a glob, and the program decides
// (see program.globSafe).
func wordArg(w *syntax.Word) (arg, error) {
	if w == nil {
		return arg{}, errors.New("a missing word")
	}
	var chars []char
	for _, part := range w.Parts {
		more, err := partChars(part)
		if err != nil {
			return arg{}, fmt.Errorf("%w in %s", err, printWord(w))
		}
		chars = append(chars, more...)
	}
	if err := braceOrTilde(chars); err != nil {
		return arg{}, fmt.Errorf("%w in %s", err, printWord(w))
	}
	var b, pattern strings.Builder
	a := arg{}
	for i, c := range chars {
		b.WriteByte(c.b)
		special := c.b == '*' || c.b == '?' || c.b == '[' || c.b == '\\'
		if c.quoted && special {
			pattern.WriteByte('\\')
		}
		pattern.WriteByte(c.b)
		if !c.quoted && (c.b == '*' || c.b == '?' || c.b == '[' && closes(chars[i+1:])) {
			a.glob = true
		}
	}
	a.value = b.String()
	if a.glob {
		a.pattern = pattern.String()
	}
	return a, nil
}

// closes reports whether a ] follows: bash reads a [ as the start of a pattern only then.
func closes(rest []char) bool {
	for _, c := range rest {
		if c.b == ']' {
			return true
		}
	}
	return false
}

// A char is one byte of a word after quote removal, and whether it was quoted (bash gives a
// quoted byte no special meaning: no glob, brace or tilde expansion).
type char struct {
	b      byte
	quoted bool
}

func partChars(part syntax.WordPart) ([]char, error) {
	switch p := part.(type) {
	case *syntax.Lit:
		return unquotedChars(p.Value)
	case *syntax.SglQuoted:
		if p.Dollar {
			return nil, errors.New("$'…' quoting is not read")
		}
		return quotedChars(p.Value), nil
	case *syntax.DblQuoted:
		if p.Dollar {
			return nil, errors.New(`$"…" quoting is not read`)
		}
		var out []char
		for _, q := range p.Parts {
			lit, ok := q.(*syntax.Lit)
			if !ok {
				return nil, expansionError(q)
			}
			out = append(out, doubleQuotedChars(lit.Value)...)
		}
		return out, nil
	}
	return nil, expansionError(part)
}

func expansionError(part syntax.WordPart) error {
	switch part.(type) {
	case *syntax.ParamExp:
		return errors.New("a parameter expansion")
	case *syntax.CmdSubst:
		return errors.New("a command substitution")
	case *syntax.ArithmExp:
		return errors.New("an arithmetic expansion")
	case *syntax.ProcSubst:
		return errors.New("a process substitution")
	case *syntax.ExtGlob:
		return errors.New("an extended glob")
	}
	return fmt.Errorf("a %T", part)
}

// unquotedChars reads the text of an unquoted Lit as bash does: a backslash quotes the byte
// after it (the parser has already removed backslash-newline). A backslash with nothing after
// it is refused: the parser ends a Lit there only where bash and it may disagree.
func unquotedChars(s string) ([]char, error) {
	out := make([]char, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] != '\\' {
			out = append(out, char{b: s[i]})
			continue
		}
		if i+1 == len(s) {
			return nil, errors.New("a backslash at the end of a word")
		}
		i++
		if s[i] == '\n' {
			continue // a line continuation
		}
		out = append(out, char{b: s[i], quoted: true})
	}
	return out, nil
}

func quotedChars(s string) []char {
	out := make([]char, len(s))
	for i := range len(s) {
		out[i] = char{b: s[i], quoted: true}
	}
	return out
}

// doubleQuotedChars reads the text inside "…" (expansions refused before): a backslash escapes
// only $, `, ", \ and newline (a backslash-newline disappears); before any other byte it stays.
func doubleQuotedChars(s string) []char {
	out := make([]char, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("$`\"\\\n", s[i+1]) >= 0 {
			i++
			if s[i] == '\n' {
				continue
			}
		}
		out = append(out, char{b: s[i], quoted: true})
	}
	return out
}

// braceOrTilde refuses the words bash would brace-expand or tilde-expand. Brace expansion is
// refused whenever an unquoted { is followed by an unquoted } with a comma or ".." anywhere
// between them, quoted or not, and any } after it counts: bash passes over a } that closes no
// list ({-o}x,y} expands to -o}x and y). That is wider than bash, which never expands HEAD@{1}
// or @{u}..HEAD, so those stay granted. A tilde is refused unquoted at the start of a word or
// after an unquoted = or : (bash expands ~ there in words that look like assignments); HEAD~2 is
// not expanded.
func braceOrTilde(chars []char) error {
	lastClose := -1
	for i, c := range chars {
		if !c.quoted && c.b == '}' {
			lastClose = i
		}
	}
	for i, c := range chars {
		if c.quoted {
			continue
		}
		switch c.b {
		case '{':
			if i < lastClose {
				between := string(bytesOf(chars[i+1 : lastClose]))
				if strings.Contains(between, ",") || strings.Contains(between, "..") {
					return errors.New("a brace expansion")
				}
			}
		case '~':
			if i == 0 || !chars[i-1].quoted && (chars[i-1].b == '=' || chars[i-1].b == ':') {
				return errors.New("a tilde expansion")
			}
		}
	}
	return nil
}

func bytesOf(chars []char) []byte {
	b := make([]byte, len(chars))
	for i, c := range chars {
		b[i] = c.b
	}
	return b
}

func printWord(w *syntax.Word) string {
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, w)
	return b.String()
}
