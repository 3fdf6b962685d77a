package reviewguard

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// maxGlobNames bounds the names the guard looks at for one pattern: a pattern that matches more
// is refused rather than judged in part.
const maxGlobNames = 10000

// globNames returns every name that the pattern of a glob word may bring where the command runs
// (dir), as bash would write it, or why they cannot all be known. It matches more than bash
// does, never less, whatever the shell options of the user's shell (Claude Code's snapshot
// keeps them): names starting with a dot (dotglob), in any case (nocaseglob), ** through any
// number of directories (globstar), * and ? over any bytes, a bracket expression as any one
// character. The guard judges the names there now; a name made between its look and bash's can
// only make a glob-safe program, or one past "--", read another file.
func globNames(dir, pattern string) ([]string, error) {
	parts := splitPattern(pattern)
	start, prefix := dir, ""
	if strings.HasPrefix(pattern, "/") {
		start, prefix = "/", "/"
	}
	var out []string
	var walk func(at, written string, rest []string) error
	walk = func(at, written string, rest []string) error {
		if len(rest) == 0 {
			out = append(out, written)
			if len(out) > maxGlobNames {
				return fmt.Errorf("the pattern %s matches more than %d names", pattern, maxGlobNames)
			}
			return nil
		}
		part, more := rest[0], rest[1:]
		join := func(name string) string {
			if written == "" || strings.HasSuffix(written, "/") {
				return written + name
			}
			return written + "/" + name
		}
		if !hasWildcard(part) {
			lit := unescapePattern(part)
			return walk(filepath.Join(at, lit), join(lit), more)
		}
		entries, err := os.ReadDir(at)
		if err != nil {
			return nil //nolint:nilerr // no names here: bash leaves the pattern as it is, or drops it
		}
		if part == "**" {
			if err := walk(at, written, more); err != nil {
				return err
			}
		}
		for _, e := range entries {
			if part == "**" {
				if err := walk(filepath.Join(at, e.Name()), join(e.Name()), more); err != nil {
					return err
				}
				if e.IsDir() {
					if err := walk(filepath.Join(at, e.Name()), join(e.Name()), rest); err != nil {
						return err
					}
				}
				continue
			}
			if matchWide(part, e.Name()) {
				if err := walk(filepath.Join(at, e.Name()), join(e.Name()), more); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if err := walk(start, prefix, parts); err != nil {
		return nil, err
	}
	return out, nil
}

// splitPattern splits a pattern at its slashes (none is escaped: bash keeps / as a separator).
func splitPattern(pattern string) []string {
	var parts []string
	for p := range strings.SplitSeq(pattern, "/") {
		if p != "" {
			parts = append(parts, p)
		}
	}
	return parts
}

func hasWildcard(part string) bool {
	for i := 0; i < len(part); i++ {
		switch part[i] {
		case '\\':
			i++
		case '*', '?', '[':
			return true
		}
	}
	return false
}

func unescapePattern(part string) string {
	var b strings.Builder
	for i := 0; i < len(part); i++ {
		if part[i] == '\\' && i+1 < len(part) {
			i++
		}
		b.WriteByte(part[i])
	}
	return b.String()
}

// matchWide matches name against one part of a pattern, wider than bash (see globNames).
func matchWide(pattern, name string) bool {
	p, n := strings.ToLower(pattern), strings.ToLower(name)
	if p == "" {
		return n == ""
	}
	switch c := p[0]; c {
	case '*':
		for i := 0; i <= len(n); i++ {
			if matchWide(p[1:], n[i:]) {
				return true
			}
		}
		return false
	case '?':
		return anyCharThen(p[1:], n)
	case '[':
		if end := bracketEnd(p); end > 0 {
			return anyCharThen(p[end:], n)
		}
		return n != "" && n[0] == '[' && matchWide(p[1:], n[1:])
	case '\\':
		if len(p) > 1 {
			return n != "" && n[0] == p[1] && matchWide(p[2:], n[1:])
		}
	}
	return n != "" && n[0] == p[0] && matchWide(p[1:], n[1:])
}

// anyCharThen matches one character of name, one to four bytes whatever the locale, then rest.
func anyCharThen(rest, name string) bool {
	for size := 1; size <= 4 && size <= len(name); size++ {
		if matchWide(rest, name[size:]) {
			return true
		}
	}
	return false
}

// bracketEnd returns the index after the ] that closes the bracket expression p starts with, or
// 0 where none does (bash then reads [ as itself): a leading ! or ^, then a ] taken as itself,
// then character classes ([:alpha:]) passed over.
func bracketEnd(p string) int {
	i := 1
	if i < len(p) && (p[i] == '!' || p[i] == '^') {
		i++
	}
	if i < len(p) && p[i] == ']' {
		i++
	}
	for i < len(p) {
		switch {
		case p[i] == ']':
			return i + 1
		case strings.HasPrefix(p[i:], "[:"):
			if end := strings.Index(p[i+2:], ":]"); end >= 0 {
				i += end + 4
				continue
			}
		case p[i] == '\\':
			i++
		}
		i++
	}
	return 0
}

// checkGlob judges the names a glob word brings as words of the program (a glob-safe one, or
// any past "--"), and returns them: none may name a file that stalls a read, as itself or as an
// option's value (a file named --files0-from=P, stall.go), none may be "-", the standard input;
// before "--" none may be an option the program's table refuses (sha256sum's -c), and where
// Claude Code leaves the standard input open none may start with "-" (an option's value "-" is
// the standard input too).
func checkGlob(a arg, prog *program, beforeOptionsEnd, stdinOpen bool, where Place) ([]string, error) {
	names, err := globNames(where.Cwd, a.pattern)
	if err != nil {
		return nil, err
	}
	for _, name := range names {
		switch {
		case !utf8.ValidString(name):
			return nil, fmt.Errorf("the pattern %s matches a name that is not UTF-8", a.value)
		case name == "-":
			return nil, fmt.Errorf("the pattern %s matches a file named -, which programs read as their standard input", a.value)
		case stdinOpen && beforeOptionsEnd && strings.HasPrefix(name, "-"):
			return nil, fmt.Errorf("the pattern %s matches the file %s, which the program would read as an option, where its standard input is left open; name the files, or put the pattern after --", a.value, name)
		case beforeOptionsEnd && prog != nil && prog.options != nil:
			parse := &parser{options: prog.options, clusters: true, digits: prog.traits&numbers != 0}
			if err := parse.refusedSpelling(name); err != nil {
				return nil, fmt.Errorf("the pattern %s matches the file %s: %w", a.value, name, err)
			}
		}
		if err := wordStalls(where.Cwd, name); err != nil {
			return nil, fmt.Errorf("the pattern %s: %w", a.value, err)
		}
	}
	return names, nil
}
