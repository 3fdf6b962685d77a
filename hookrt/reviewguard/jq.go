package reviewguard

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// jqProgram is jq, as jq 1.6 reads its arguments (src/main.c; jq --help, jq(1)); jq 1.7 reads
// them the same way. Options are letters, which may be bundled, or long names matched whole;
// --arg, --argjson, --slurpfile and --rawfile take the next two words, --indent the next one;
// the first word that is no option is the filter, the rest are files to read (or, after --args
// and --jsonargs, values). --slurpfile and --rawfile read a file, which the guard checks as any
// other it names. Refused: -f and --from-file (the filter is read from a file the guard does not
// read), -L and --library-path (modules from a directory), --run-tests (reads and runs a file of
// tests). jq also loads ~/.jq at start, whose definitions may replace any builtin: jq is refused
// while one exists. The filter is judged by checkJQFilter.
func jqProgram() []program {
	check := func(args []string, _ Place) error {
		filter, err := jqFilter(args)
		if err != nil {
			return err
		}
		if err := checkJQFilter(filter); err != nil {
			return fmt.Errorf("jq %q: %w", filter, err)
		}
		return jqHome()
	}
	return []program{{
		name: "jq", source: "jq 1.6, src/main.c and jq(1)", check: check, never: check,
		help: []string{"--help"}, options: jqOptions(),
	}}
}

// jqOptions is jq's table: how many words after it each option takes; refused ones have why.
func jqOptions() []option {
	return table(options(`
		-n,--null-input -r,--raw-output -j,--join-output -a,--ascii-output -s,--slurp
		-c,--compact-output -C,--color-output -M,--monochrome-output -S,--sort-keys
		-e,--exit-status -R,--raw-input --tab --indent= --stream --seq --unbuffered --arg=
		--argjson= --slurpfile= --rawfile= --args --jsonargs`),
		refuse("reads the filter from a file, which the guard does not read", `-f,--from-file`),
		refuse("loads modules from a directory", `-L,--library-path=`),
		refuse("reads and runs a file of tests", `--run-tests[=]`))
}

// jqFilter reads jq's arguments as jq does and returns the filter.
func jqFilter(args []string) (string, error) {
	opts := jqOptions()
	var filter *string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if filter == nil && i+1 < len(args) {
				filter = &args[i+1]
			}
			i = len(args)
		case len(a) < 2 || a[0] != '-':
			if filter == nil {
				filter = &args[i]
			}
		case strings.HasPrefix(a, "--"):
			o, ok := findLong(opts, a[2:])
			switch {
			case !ok:
				return "", fmt.Errorf("the option %s is not granted", a)
			case o.refused != "":
				return "", fmt.Errorf("%s %s", a, o.refused)
			}
			i += jqValues(o.long)
		default:
			for _, c := range []byte(a[1:]) {
				o, ok := findShort(opts, c)
				switch {
				case !ok:
					return "", fmt.Errorf("the option -%c (in %s) is not granted", c, a)
				case o.refused != "":
					return "", fmt.Errorf("%s: -%c %s", a, c, o.refused)
				}
			}
		}
	}
	if filter == nil {
		return "", errors.New("jq without a filter")
	}
	return *filter, nil
}

// jqValues is how many words after the option named long jq takes as its values.
func jqValues(long string) int {
	switch long {
	case "arg", "argjson", "slurpfile", "rawfile":
		return 2
	case "indent":
		return 1
	}
	return 0
}

func findLong(opts []option, name string) (option, bool) {
	i := slices.IndexFunc(opts, func(o option) bool { return o.long == name })
	if i < 0 {
		return option{}, false
	}
	return opts[i], true
}

func findShort(opts []option, c byte) (option, bool) {
	i := slices.IndexFunc(opts, func(o option) bool { return o.short == c })
	if i < 0 {
		return option{}, false
	}
	return opts[i], true
}

// jqHome refuses jq while ~/.jq exists: jq 1.6 and 1.7 load it at start, a file of definitions
// that may replace any builtin (with one that never ends), or a directory of modules.
func jqHome() error {
	home, err := os.UserHomeDir()
	if err != nil {
		return errors.New("jq loads ~/.jq, and the home directory is not known")
	}
	if _, err := os.Lstat(filepath.Join(home, ".jq")); err == nil {
		return errors.New("jq loads ~/.jq at start, which may define any builtin anew, and one exists")
	}
	return nil
}

// jqRefused are the names a jq filter may not use, and why. jq reads no file and runs no
// program but through these, and without def (no recursion) a filter can only loop for ever or
// grow without end through them.
var jqRefused = map[string]string{
	"def":          "defines functions, which may recurse for ever",
	"import":       "loads a module from a file",
	"include":      "loads a module from a file",
	"while":        "may loop for ever",
	"until":        "may loop for ever",
	"repeat":       "loops for ever",
	"range":        "may count without end",
	"recurse":      "with an argument, may recurse for ever",
	"combinations": "grows without end",
	"infinite":     "is an endless number",
	"pow":          "makes numbers that can grow strings without end",
	"exp":          "makes numbers that can grow strings without end",
	"exp2":         "makes numbers that can grow strings without end",
	"exp10":        "makes numbers that can grow strings without end",
	"ldexp":        "makes numbers that can grow strings without end",
	"scalb":        "makes numbers that can grow strings without end",
	"scalbln":      "makes numbers that can grow strings without end",
}

// checkJQFilter grants a jq filter that uses none of jqRefused's names as a function or
// keyword (recurse without an argument walks the input, which ends), no module path (::), and
// no number above 999999 or in exponent form. Field names (.while), variables ($range) and the
// text of strings are not names; the code inside a string's \( … ) is read as any other.
func checkJQFilter(filter string) error {
	for _, t := range jqTokens(filter) {
		switch {
		case t.kind == jqName:
			why, refused := jqRefused[t.text]
			if !refused || t.text == "recurse" && !t.call {
				continue
			}
			return fmt.Errorf("%s %s", t.text, why)
		case t.kind == jqNumber && (len(t.text) > 6 || strings.ContainsAny(t.text, "eE")):
			return fmt.Errorf("the number %s is too large to be granted", t.text)
		case t.kind == jqOther && t.text == "::":
			return errors.New("a module path (::) loads a module")
		case t.kind == jqBad:
			return fmt.Errorf("cannot read %q", t.text)
		}
	}
	return nil
}

type jqKind uint8

const (
	jqName   jqKind = iota // a function or keyword
	jqNumber               // a number literal
	jqOther                // punctuation, a field, a variable
	jqBad                  // what the reader cannot read: an unclosed string
)

type jqToken struct {
	kind jqKind
	text string
	call bool // a name followed by (
}

// jqTokens reads a filter's names, numbers and punctuation; strings are passed over but for
// the code of their \( … ) interpolations, read as any other.
func jqTokens(s string) []jqToken {
	var out []jqToken
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '#':
			for i < len(s) && s[i] != '\n' {
				i++
			}
		case c == '"':
			end, inner, ok := jqString(s, i)
			out = append(out, inner...)
			if !ok {
				return append(out, jqToken{kind: jqBad, text: s[i:]})
			}
			i = end
		case isJQNameStart(c):
			j := i
			for j < len(s) && (isJQNameStart(s[j]) || s[j] >= '0' && s[j] <= '9') {
				j++
			}
			prev := byte(0)
			if i > 0 {
				prev = s[i-1]
			}
			if prev == '.' || prev == '$' || prev == '@' {
				out = append(out, jqToken{kind: jqOther, text: s[i:j]})
			} else {
				k := j
				for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
					k++
				}
				out = append(out, jqToken{kind: jqName, text: s[i:j], call: k < len(s) && s[k] == '('})
			}
			i = j
		case c >= '0' && c <= '9':
			j := i
			// Digits, a point and an exponent's e: a number with an e is refused whatever follows.
			for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] == '.' || s[j] == 'e' || s[j] == 'E') {
				j++
			}
			out = append(out, jqToken{kind: jqNumber, text: strings.TrimLeft(s[i:j], "0")})
			i = j
		case c == ':' && i+1 < len(s) && s[i+1] == ':':
			out = append(out, jqToken{kind: jqOther, text: "::"})
			i += 2
		default:
			i++
		}
	}
	return out
}

func isJQNameStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// jqString reads the string starting at s[start] (a "), returning the index after it and the
// tokens of its interpolations.
func jqString(s string, start int) (end int, inner []jqToken, ok bool) {
	for i := start + 1; i < len(s); i++ {
		switch s[i] {
		case '"':
			return i + 1, inner, true
		case '\\':
			if i+1 < len(s) && s[i+1] == '(' {
				end, found := jqInterpolationEnd(s, i+2)
				if !found {
					return len(s), inner, false
				}
				inner = append(inner, jqTokens(s[i+2:end])...)
				i = end
				continue
			}
			i++
		}
	}
	return len(s), inner, false
}

// jqInterpolationEnd finds the ) that closes an interpolation whose code starts at s[from].
func jqInterpolationEnd(s string, from int) (int, bool) {
	depth := 0
	for i := from; i < len(s); i++ {
		switch s[i] {
		case '"':
			end, _, ok := jqString(s, i)
			if !ok {
				return 0, false
			}
			i = end - 1
		case '(':
			depth++
		case ')':
			if depth == 0 {
				return i, true
			}
			depth--
		}
	}
	return 0, false
}
