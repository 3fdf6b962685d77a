package cmd

import (
	"path/filepath"
	"strings"
)

// tildeHome returns text with each path that is the home directory or lies below it written as
// ~ or ~/...: human output of doctor and status is pasted into bug reports, and there the home
// directory names the person. A path is shortened only where it starts (at the beginning of
// text or after a character that cannot be part of a name) and only at a path-component boundary,
// so with home /home/al, /home/alice and /x/home/al stay as they are. A path just after a quote
// stays whole too: a shell does not expand ~ between quotes, and advice must still run when pasted.
// text is returned unchanged when home is not an absolute path below the root.
func tildeHome(text, home string) string {
	home = filepath.Clean(home)
	if !filepath.IsAbs(home) || home == filepath.Dir(home) {
		return text
	}
	var b strings.Builder
	from := 0 // text[:from] is written
	for at := 0; ; {
		i := strings.Index(text[at:], home)
		if i < 0 {
			b.WriteString(text[from:])
			return b.String()
		}
		i += at
		at = i + len(home)
		if startsPath(text, i) && endsComponent(text, at) {
			b.WriteString(text[from:i])
			b.WriteString("~")
			from = at
		}
	}
}

// startsPath reports whether a path can start at text[i]: nothing before it, or a character
// that is neither part of a name nor a quote.
func startsPath(text string, i int) bool {
	if i == 0 {
		return true
	}
	c := text[i-1]
	return !nameByte(c) && c != '\'' && c != '"'
}

// endsComponent reports whether a path component can end at text[i]: the end of text, a
// separator, or a character that is not part of a name ("." only when no name follows it, as at
// the end of a sentence).
func endsComponent(text string, i int) bool {
	switch {
	case i == len(text):
		return true
	case text[i] == '/' || text[i] == filepath.Separator:
		return true
	case text[i] == '.':
		return i+1 == len(text) || !nameByte(text[i+1])
	}
	return !nameByte(text[i])
}

// nameByte reports whether c can be part of a file name in a path as doctor and status print
// it; bytes of multi-byte characters are.
func nameByte(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c >= 0x80:
		return true
	}
	return strings.IndexByte("._-+~@%/\\", c) >= 0
}
