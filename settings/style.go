package settings

import (
	"bytes"
	"strings"
)

// style is how a file writes JSON; inserted text copies it.
type style struct {
	nl      string // "\n" or "\r\n"
	unit    string // one level of indentation
	colon   string // between a key and its value, e.g. ": "
	comma   string // whitespace after a comma in one-line containers
	compact bool   // the whole root is written on one line
}

// maxIndentScan bounds how far detectStyle looks for an indented line.
const maxIndentScan = 64 << 10

// detectStyle reads the style of d; the defaults are LF, two spaces and ": ".
func detectStyle(d *document) style {
	st := style{nl: "\n", unit: "  ", colon: ": "}
	src := d.src
	if i := bytes.IndexByte(src, '\n'); i > 0 && src[i-1] == '\r' {
		st.nl = "\r\n"
	}
	st.unit = detectIndent(src, st.unit)
	st.compact = len(d.root.items) > 0 && oneLine(src, d.root.open, d.root.close)
	if len(d.root.items) > 0 {
		first := d.root.items[0]
		keyEnd := first.start + len(quotedKeyAt(src, first.start))
		if c := string(src[keyEnd:first.val.Index]); !strings.ContainsAny(c, "\r\n") {
			st.colon = c
		}
	}
	st.comma = ""
	if strings.HasSuffix(st.colon, " ") {
		st.comma = " "
	}
	if ws, ok := commaSpace(src, d.root, 4); ok {
		st.comma = ws
	}
	return st
}

// detectIndent returns the first indentation step of src: the extra leading whitespace of the
// first line indented deeper than the line before it (which it must extend).
func detectIndent(src []byte, def string) string {
	limit := min(len(src), maxIndentScan)
	prev := ""
	for i := 0; i < limit; {
		j := bytes.IndexByte(src[i:limit], '\n')
		if j < 0 {
			break
		}
		i += j + 1
		k := i
		for k < len(src) && (src[k] == ' ' || src[k] == '\t') {
			k++
		}
		if k >= len(src) || src[k] == '\r' || src[k] == '\n' {
			continue
		}
		ind := string(src[i:k])
		if len(ind) > len(prev) && strings.HasPrefix(ind, prev) {
			return ind[len(prev):]
		}
		prev = ind
	}
	return def
}

// commaSpace finds the whitespace after the first comma between items of c (or of its only
// item, recursively up to depth levels) when that whitespace holds no newline.
func commaSpace(src []byte, c container, depth int) (string, bool) {
	if len(c.items) >= 2 {
		ws := afterComma(src, c.items[0].end, c.items[1].start)
		if !strings.ContainsAny(ws, "\r\n") {
			return ws, true
		}
		return "", false
	}
	if len(c.items) == 1 && depth > 0 {
		if v := c.items[0].val; isObject(v) || isArray(v) {
			return commaSpace(src, children(v), depth-1)
		}
	}
	return "", false
}

// afterComma returns the whitespace between the comma in src[end:next] and next.
func afterComma(src []byte, end, next int) string {
	seg := src[end:next]
	return string(seg[bytes.IndexByte(seg, ',')+1:])
}

// quotedKeyAt returns the quoted JSON string that starts at src[i].
func quotedKeyAt(src []byte, i int) []byte {
	for j := i + 1; j < len(src); j++ {
		switch src[j] {
		case '\\':
			j++
		case '"':
			return src[i : j+1]
		}
	}
	return src[i:]
}

// lineIndent returns the leading whitespace of the line holding src[off].
func lineIndent(src []byte, off int) string {
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := start
	for end < off && (src[end] == ' ' || src[end] == '\t') {
		end++
	}
	return string(src[start:end])
}

// quote encodes s as a JSON string, escaping only what JSON requires; other bytes are kept.
func quote(s string) string {
	const hex = "0123456789abcdef"
	var b strings.Builder
	b.WriteByte('"')
	for i := range len(s) {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\t':
			b.WriteString(`\t`)
		case c < 0x20:
			b.WriteString(`\u00`)
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&0xf])
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('"')
	return b.String()
}
