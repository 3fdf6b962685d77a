package reviewguard

import (
	"errors"
	"fmt"
	"strings"
)

// gnuSed is sed, as GNU sed 4.9 reads its options (getopt_long; sed --help, sed(1)) and its
// script (info sed, "sed scripts"). Granted are scripts that only print: addresses (N, $, /RE/,
// \cREc, FIRST~STEP, ADDR,+N, ADDR,~N, 0,/RE/, with I and M) and the commands p, P, =, l, q, Q,
// d, n, N, s///, y///, { } and !, separated by ; or newlines, with # comments. Refused: the
// commands that write a file (w, W, s///w), read one into the output (r, R), run a program (e,
// s///e), and those that can make a script loop for ever or grow without end: the branches (b,
// t, T and their :labels), D, which restarts the cycle without reading a line, and the hold
// space (h, H, g, G, x). The text commands (a, i, c), F, z and v are not granted either. Options:
// -i writes the files in place, and -f reads the script from a file, which the guard does not
// read; both refused. BSD sed reads the same commands, and its -i takes a suffix, also refused.
func gnuSed() []program {
	parse := &parser{clusters: true, options: table(options(`
		-n,--quiet --silent --debug -e,--expression= -E -r,--regexp-extended -s,--separate
		--sandbox -u,--unbuffered -z,--null-data --posix`),
		refuse("writes the files in place", `-i,--in-place[=]`),
		refuse("reads the script from a file, which the guard does not read", `-f,--file=`))}
	check := func(args []string, _ Place) error {
		if err := parse.check(args); err != nil {
			return err
		}
		scripts, given := sedScripts(args)
		if !given {
			ops := parse.operands(args)
			if len(ops) == 0 {
				return errors.New("sed without a script")
			}
			scripts = ops[:1]
		}
		for _, s := range scripts {
			if err := checkSedScript(s); err != nil {
				return fmt.Errorf("sed %q: %w", s, err)
			}
		}
		return nil
	}
	p := program{
		name: "sed", source: "GNU sed 4.9, sed --help, info sed", options: parse.options,
		check: check, never: check, help: []string{"--help"},
	}
	return []program{p}
}

// sedScripts returns the scripts given with -e or --expression, and whether any was.
func sedScripts(args []string) (scripts []string, given bool) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return scripts, given
		case a == "-e" || a == "--expression":
			given = true
			if i+1 < len(args) {
				scripts = append(scripts, args[i+1])
				i++
			}
		case strings.HasPrefix(a, "--expression="):
			given = true
			scripts = append(scripts, strings.TrimPrefix(a, "--expression="))
		case strings.HasPrefix(a, "-") && !strings.HasPrefix(a, "--"):
			if j := strings.IndexByte(a, 'e'); j > 0 {
				given = true
				if j+1 < len(a) {
					scripts = append(scripts, a[j+1:])
				} else if i+1 < len(args) {
					scripts = append(scripts, args[i+1])
					i++
				}
			}
		}
	}
	return scripts, given
}

// A sedReader reads one sed script.
type sedReader struct {
	s string
	i int
}

// checkSedScript grants a script made only of the commands gnuSed names.
func checkSedScript(script string) error {
	r := &sedReader{s: script}
	depth := 0
	for {
		r.skip(" \t\n;")
		if r.done() {
			break
		}
		if r.peek() == '#' {
			r.toLineEnd()
			continue
		}
		if r.peek() == '}' {
			if depth == 0 {
				return errors.New("a } that closes no {")
			}
			depth--
			r.i++
			continue
		}
		if err := r.addresses(); err != nil {
			return err
		}
		r.skip(" \t")
		for !r.done() && r.peek() == '!' {
			r.i++
			r.skip(" \t")
		}
		if r.done() {
			return errors.New("an address without a command")
		}
		c := r.next()
		switch c {
		case '{':
			depth++
			continue
		case 'p', 'P', '=', 'd', 'n', 'N':
		case 'l', 'q', 'Q':
			r.skip(" \t")
			for !r.done() && r.peek() >= '0' && r.peek() <= '9' {
				r.i++
			}
		case 's':
			if err := r.substitute(); err != nil {
				return err
			}
		case 'y':
			if err := r.delimited(2); err != nil {
				return err
			}
		default:
			return sedCommandError(c)
		}
		if err := r.commandEnd(); err != nil {
			return err
		}
	}
	if depth != 0 {
		return errors.New("a { that is not closed")
	}
	return nil
}

func sedCommandError(c byte) error {
	switch c {
	case 'w', 'W':
		return fmt.Errorf("the command %c writes a file", c)
	case 'r', 'R':
		return fmt.Errorf("the command %c reads a file into the output", c)
	case 'e':
		return errors.New("the command e runs a program")
	case 'b', 't', 'T', ':':
		return fmt.Errorf("the command %c branches, and a script that branches may loop for ever", c)
	case 'D', 'h', 'H', 'g', 'G', 'x':
		return fmt.Errorf("the command %c can make a script loop or grow without end", c)
	}
	return fmt.Errorf("the command %q is not granted", string(c))
}

func (r *sedReader) done() bool { return r.i >= len(r.s) }
func (r *sedReader) peek() byte { return r.s[r.i] }
func (r *sedReader) next() byte { r.i++; return r.s[r.i-1] }

func (r *sedReader) skip(set string) {
	for !r.done() && strings.IndexByte(set, r.peek()) >= 0 {
		r.i++
	}
}

func (r *sedReader) toLineEnd() {
	for !r.done() && r.peek() != '\n' {
		r.i++
	}
}

// commandEnd reads what may follow a command: blanks, then ;, a newline, }, # or the end.
func (r *sedReader) commandEnd() error {
	r.skip(" \t")
	if r.done() || strings.IndexByte(";\n}#", r.peek()) >= 0 {
		return nil
	}
	return fmt.Errorf("%q after a command", r.s[r.i:])
}

// addresses reads zero, one or two addresses.
func (r *sedReader) addresses() error {
	if err := r.address(); err != nil {
		return err
	}
	r.skip(" \t")
	if r.done() || r.peek() != ',' {
		return nil
	}
	r.i++
	r.skip(" \t")
	if !r.done() && (r.peek() == '+' || r.peek() == '~') {
		r.i++
	}
	return r.address()
}

func (r *sedReader) address() error {
	if r.done() {
		return nil
	}
	switch c := r.peek(); {
	case c >= '0' && c <= '9':
		for !r.done() && (r.peek() >= '0' && r.peek() <= '9' || r.peek() == '~') {
			r.i++
		}
	case c == '$':
		r.i++
	case c == '/':
		r.i++
		if err := r.until('/'); err != nil {
			return err
		}
		r.flags("IM")
	case c == '\\':
		r.i++
		if r.done() || r.peek() == '\n' || r.peek() == '\\' {
			return errors.New("a \\ address without a delimiter")
		}
		if err := r.until(r.next()); err != nil {
			return err
		}
		r.flags("IM")
	}
	return nil
}

func (r *sedReader) flags(set string) {
	for !r.done() && strings.IndexByte(set, r.peek()) >= 0 {
		r.i++
	}
}

// until reads up to and past delim, which a backslash escapes; a newline ends it too early.
func (r *sedReader) until(delim byte) error {
	for !r.done() {
		switch c := r.next(); c {
		case '\\':
			if r.done() {
				return errors.New("a backslash at the end")
			}
			r.i++
		case delim:
			return nil
		case '\n':
			return errors.New("a newline inside a regular expression")
		}
	}
	return fmt.Errorf("no closing %q", string(delim))
}

// delimited reads n parts after a delimiter (s's pattern and replacement, y's two lists).
func (r *sedReader) delimited(n int) error {
	if r.done() || r.peek() == '\n' || r.peek() == '\\' {
		return errors.New("a command without a delimiter")
	}
	delim := r.next()
	for range n {
		if err := r.until(delim); err != nil {
			return err
		}
	}
	return nil
}

// substitute reads s's pattern, replacement and flags: g, p, a number, i, I, m, M; e runs the
// pattern space as a command and w writes a file.
func (r *sedReader) substitute() error {
	if err := r.delimited(2); err != nil {
		return err
	}
	for !r.done() && strings.IndexByte(" \t;\n}#", r.peek()) < 0 {
		switch c := r.next(); c {
		case 'g', 'p', 'i', 'I', 'm', 'M', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		case 'e':
			return errors.New("s///e runs the pattern space as a command")
		case 'w':
			return errors.New("s///w writes a file")
		default:
			return fmt.Errorf("the s flag %q is not granted", string(c))
		}
	}
	return nil
}
