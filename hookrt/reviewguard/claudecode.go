package reviewguard

import (
	"strings"
	"unicode/utf8"
)

// What Claude Code's Bash tool does to a command before bash reads it (docs/claude-code.md, "How
// the Bash tool hands a command to bash"): `eval 'COMMAND' < /dev/null` with extglob off, the
// `< /dev/null` left out (standard input an open pipe nobody writes) where the command holds a
// here-document or an input redirection, and a redirection to nul made one to /dev/null.

// asClaudeCodeRuns returns command as Claude Code hands it to bash: with each `>nul`, `2> NUL`,
// `&>nul` … rewritten to /dev/null, where the command holds no <, $ or `. The rule is Claude
// Code's regular expression /(\d?&?>+[ \t]*)[Nn][Uu][Ll](?=\s|$|[|&;)\n])/g, whatever quotes
// stand around the text: the guard judges the rewritten command.
func asClaudeCodeRuns(command string) string {
	if strings.ContainsAny(command, "<$`") {
		return command
	}
	var b strings.Builder
	last := 0
	for i := 0; i < len(command); i++ {
		if command[i] != '>' {
			continue
		}
		j := i
		for j < len(command) && command[j] == '>' {
			j++
		}
		for j < len(command) && (command[j] == ' ' || command[j] == '\t') {
			j++
		}
		if j+3 <= len(command) && strings.EqualFold(command[j:j+3], "nul") && endsJSWord(command[j+3:]) {
			b.WriteString(command[last:j])
			b.WriteString("/dev/null")
			last = j + 3
		}
		i = j - 1
	}
	if last == 0 {
		return command
	}
	b.WriteString(command[last:])
	return b.String()
}

// endsJSWord reports whether rest matches the lookahead (?=\s|$|[|&;)\n]) of a JavaScript
// regular expression, whose \s holds Unicode's spaces too.
func endsJSWord(rest string) bool {
	if rest == "" || strings.IndexByte("|&;)\n", rest[0]) >= 0 {
		return true
	}
	r, _ := utf8.DecodeRuneInString(rest)
	switch r {
	case ' ', '\t', '\n', '\v', '\f', '\r', 0xa0, 0x1680, 0x2028, 0x2029, 0x202f, 0x205f, 0x3000, 0xfeff:
		return true
	}
	return r >= 0x2000 && r <= 0x200a
}

// stdinLeftOpen reports whether Claude Code may leave the command's standard input open (no
// `< /dev/null`): where its tests for a here-document (/<<-?\s*(?:(['"]?)(\w+)\1|\\(\w+))/) or
// an input redirection (/(?:^|[\s;&|])<(?![<(])\s*\S+/) match. Read wider than Claude Code
// reads them, so that the guard never takes an open input for a closed one: any << at all, and
// any < at the start or after white space, ;, & or |.
func stdinLeftOpen(command string) bool {
	if strings.Contains(command, "<<") {
		return true
	}
	for i := range len(command) {
		if command[i] != '<' {
			continue
		}
		if i == 0 || strings.IndexByte(" \t\n\r\v\f;&|", command[i-1]) >= 0 {
			return true
		}
	}
	return false
}
