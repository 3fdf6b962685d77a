package hookcmd

import "strings"

// backslashed writes word as the first releases of ccc-hooks wrote a program path on Linux and
// macOS (with go-shellquote's Join, a library those releases used): a word with a space, tab or
// line break goes in single quotes, each single quote in it written as \' between quoted pieces;
// any other word gets a backslash before each character a POSIX shell reads as special, and
// before a ~ that starts it. The empty word is two single quotes. It is here so that entries those releases
// wrote are still read as ours (forms), and nothing writes it any more.
func backslashed(word string) string {
	if word == "" {
		return "''"
	}
	var b strings.Builder
	if strings.ContainsAny(word, " \t\n") {
		parts := strings.Split(word, "'")
		for i, p := range parts {
			if p != "" {
				b.WriteString("'" + p + "'")
			}
			if i < len(parts)-1 {
				b.WriteString(`\'`)
			}
		}
		return b.String()
	}
	for i, c := range word {
		if strings.ContainsRune("\\'\"`${[|&;<>()*?!", c) || i == 0 && c == '~' {
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}
