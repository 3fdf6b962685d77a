package cmd

import (
	"fmt"
	"io"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Everything ccc-hooks prints for people (help, status, install and uninstall messages, doctor's
// table) is fitted to the terminal's width by the functions of this file: lines are broken
// between words, never inside a path or a command (docs/commands.md, "Output fits the terminal").

// minRoom is the narrowest text a hanging indent may leave: a line whose label leaves less
// continues at its own indentation instead, or at the left edge.
const minRoom = 20

// say writes text to the command's output, each line fitted to its width (see wrap), and ends it
// with a newline when it has none; nothing when text is empty.
func (e *Env) say(text string) error {
	if text == "" {
		return nil
	}
	if !strings.HasSuffix(text, "\n") {
		text += "\n"
	}
	_, err := io.WriteString(e.IO.Out, wrap(text, e.IO.width()))
	return err
}

// sayf is say of a formatted text.
func (e *Env) sayf(format string, args ...any) error { return e.say(fmt.Sprintf(format, args...)) }

// width is the number of columns output is fitted to.
func (s *IOStreams) width() int {
	if s.Width <= 0 {
		return defaultWidth
	}
	return s.Width
}

// wrap fits each line of text to cols columns (cols <= 0: none). A line that fits stays as it
// is; a longer one is broken between words, its continuation lines indented past its hanging
// prefix (see hangingPrefix). A word wider than the room (a path, a command, a URL) stays whole on
// a line of its own, so that it can be copied and typed as printed.
func wrap(text string, cols int) string {
	if cols <= 0 {
		return text
	}
	lines := strings.Split(text, "\n")
	for i, line := range lines {
		if textWidth(line) > cols {
			lines[i] = wrapLine(line, cols)
		}
	}
	return strings.Join(lines, "\n")
}

// wrapLine is wrap of one line wider than cols.
func wrapLine(line string, cols int) string {
	prefix := hangingPrefix(line, cols)
	indent := textWidth(prefix)
	if prefix != "" && strings.TrimLeft(prefix, " ") == "" && cols-indent-2 >= minRoom {
		indent += 2 // an item's continuation, under the item's first word
	}
	first := wrapWords(line[len(prefix):], cols-textWidth(prefix), true)
	if len(first) == 1 {
		return prefix + first[0]
	}
	rest := wrapWords(strings.Join(first[1:], " "), cols-indent, true)
	return prefix + first[0] + "\n" + strings.Repeat(" ", indent) + strings.Join(rest, "\n"+strings.Repeat(" ", indent))
}

// hangingPrefix is the start of line that its continuation lines are indented past: a label and
// the two or more spaces after it ("  --scope string   settings…", "user       ~/.claude/…"),
// else the line's indentation with a list item's "- ", else its indentation, else nothing: the
// first of these that leaves minRoom columns of text. (An indented line is an item of a list:
// wrapLine indents its continuation lines two more.)
func hangingPrefix(line string, cols int) string {
	lead := len(line) - len(strings.TrimLeft(line, " "))
	var candidates []string
	if j := strings.Index(line[lead:], "  "); j > 0 {
		k := lead + j
		for k < len(line) && line[k] == ' ' {
			k++
		}
		if k < len(line) {
			candidates = append(candidates, line[:k])
		}
	}
	if strings.HasPrefix(line[lead:], "- ") {
		candidates = append(candidates, line[:lead+2])
	}
	for _, c := range append(candidates, line[:lead]) {
		if cols-textWidth(c) >= minRoom {
			return c
		}
	}
	return ""
}

// pad fills s with spaces to n terminal columns.
func pad(s string, n int) string {
	return s + strings.Repeat(" ", max(n-textWidth(s), 0))
}

// textWidth is the number of terminal columns s takes: East Asian wide and fullwidth characters
// take two.
func textWidth(s string) int {
	n := 0
	for _, r := range s {
		n += runeWidth(r)
	}
	return n
}

func runeWidth(r rune) int {
	switch width.LookupRune(r).Kind() {
	case width.EastAsianWide, width.EastAsianFullwidth:
		return 2
	}
	return 1
}

// wrapWords splits s into lines of at most n columns, breaking between words; a command quoted
// in backquotes (`ccc-hooks install --scope user`) counts as one word (see words). A word wider
// than n stays whole on a line of its own when whole is true (text people copy); else (a table's
// column, which nothing may cross) a quoted command is broken between its words, and a word by
// breakWord.
func wrapWords(s string, n int, whole bool) []string {
	var lines []string
	var line strings.Builder
	lineW := 0
	flush := func() {
		lines = append(lines, line.String())
		line.Reset()
		lineW = 0
	}
	queue := words(s)
	for len(queue) > 0 {
		word := queue[0]
		queue = queue[1:]
		ww := textWidth(word)
		if !whole && ww > n && strings.Contains(word, " ") {
			queue = append(strings.Fields(word), queue...)
			continue
		}
		if lineW > 0 && lineW+1+ww <= n {
			line.WriteByte(' ')
			line.WriteString(word)
			lineW += 1 + ww
			continue
		}
		if lineW > 0 {
			flush()
		}
		for !whole && ww > n {
			head, tail := breakWord(word, n)
			line.WriteString(head)
			flush()
			word, ww = tail, textWidth(tail)
		}
		line.WriteString(word)
		lineW = ww
	}
	if lineW > 0 || len(lines) == 0 {
		flush()
	}
	return lines
}

// words splits s at spaces, but keeps a span in backquotes whole, its words joined by one space:
// a command a message tells people to run.
func words(s string) []string {
	var out []string
	open := -1
	for _, f := range strings.Fields(s) {
		switch {
		case open >= 0:
			out[open] += " " + f
			if strings.Count(f, "`")%2 == 1 {
				open = -1
			}
		default:
			out = append(out, f)
			if strings.Count(f, "`")%2 == 1 {
				open = len(out) - 1
			}
		}
	}
	return out
}

// breakWord splits word so that head takes at most n columns: after the last '/' that fits,
// else after the last other separator, else at n columns.
func breakWord(word string, n int) (head, tail string) {
	cut, lastSlash, lastSep, w := 0, 0, 0, 0
	for i, r := range word {
		rw := runeWidth(r)
		if w+rw > n {
			break
		}
		w += rw
		cut = i + utf8.RuneLen(r)
		switch {
		case r == '/' || r == '\\':
			lastSlash = cut
		case strings.ContainsRune("-_.,:;=", r):
			lastSep = cut
		}
	}
	switch {
	case lastSlash > n/3:
		cut = lastSlash
	case lastSep > n/3:
		cut = lastSep
	case cut == 0:
		_, cut = utf8.DecodeRuneInString(word)
	}
	return word[:cut], word[cut:]
}
