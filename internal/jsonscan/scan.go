// Package jsonscan scans JSON text (RFC 8259) by byte offset: whitespace, strings, literals,
// numbers, and whole values. It accepts exactly what encoding/json accepts, allocates nothing
// but a stack of open containers, and says where a token ends or where it went wrong, which
// lets callers validate a file at a fraction of encoding/json's cost or search free text for
// the JSON objects inside it.
package jsonscan

// Text is what the scanners read: a string or a byte slice.
type Text interface{ ~string | ~[]byte }

// SkipSpace returns the offset of the first byte at or after i that is not JSON whitespace.
func SkipSpace[T Text](src T, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\n' || src[i] == '\r' || src[i] == '\t') {
		i++
	}
	return i
}

// stringStops marks the bytes that end a run of plain string content: '"', '\\' and the
// control characters JSON strings must escape.
var stringStops = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// String scans the string whose opening quote is src[i]. It returns the offset after the
// closing quote and true, or the offset of the byte that makes it invalid (len(src) when it
// is not closed) and false.
func String[T Text](src T, i int) (int, bool) {
	for i++; i < len(src); i++ {
		c := src[i]
		if !stringStops[c] {
			continue
		}
		switch c {
		case '"':
			return i + 1, true
		case '\\':
			end, ok := escape(src, i)
			if !ok {
				return end, false
			}
			i = end - 1 // the loop steps past the escape
		default:
			return i, false
		}
	}
	return i, false
}

// escape scans the escape sequence at src[i] == '\\' as String does.
func escape[T Text](src T, i int) (int, bool) {
	i++
	if i >= len(src) {
		return i, false
	}
	switch src[i] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 1, true
	case 'u':
		for range 4 {
			i++
			if i >= len(src) || !isHex(src[i]) {
				return i, false
			}
		}
		return i + 1, true
	}
	return i, false
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Literal scans word ("true", "false" or "null") at src[i]: the offset after it and true, or
// i and false when src does not hold it there.
func Literal[T Text](src T, i int, word string) (int, bool) {
	if len(src)-i < len(word) || string(src[i:i+len(word)]) != word {
		return i, false
	}
	return i + len(word), true
}

// Number scans the number -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? at src[i]: the offset
// after it and true, or the offset of the byte that makes it invalid and false.
func Number[T Text](src T, i int) (int, bool) {
	if i < len(src) && src[i] == '-' {
		i++
	}
	switch {
	case i < len(src) && src[i] == '0':
		i++
	case i < len(src) && '1' <= src[i] && src[i] <= '9':
		i = digits(src, i)
	default:
		return i, false
	}
	if i < len(src) && src[i] == '.' {
		j := digits(src, i+1)
		if j == i+1 {
			return j, false
		}
		i = j
	}
	if i < len(src) && (src[i] == 'e' || src[i] == 'E') {
		i++
		if i < len(src) && (src[i] == '+' || src[i] == '-') {
			i++
		}
		j := digits(src, i)
		if j == i {
			return j, false
		}
		i = j
	}
	return i, true
}

func digits[T Text](src T, i int) int {
	for i < len(src) && '0' <= src[i] && src[i] <= '9' {
		i++
	}
	return i
}
