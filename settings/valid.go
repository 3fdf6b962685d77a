package settings

// maxDepth is the nesting limit of encoding/json, which validJSON mirrors.
const maxDepth = 10000

// validJSON reports whether src is exactly one JSON value surrounded by optional whitespace,
// accepting the same inputs as encoding/json's Valid at a fraction of its cost. Error positions
// are left to checkSyntax, which only runs on the slow path.
func validJSON(src []byte) bool {
	var stack []byte // open containers: '{' or '['
	stops := newStringStops()
	i := skipSpace(src, 0)
	for {
		// A value starts at i.
		if i >= len(src) {
			return false
		}
		switch c := src[i]; c {
		case '{', '[':
			if len(stack) >= maxDepth {
				return false
			}
			stack = append(stack, c)
			i = skipSpace(src, i+1)
			if i < len(src) && src[i] == c+2 { // '}' is '{'+2, ']' is '['+2
				stack = stack[:len(stack)-1]
				i++
				break
			}
			if c == '{' {
				if i = stops.objectKey(src, i); i < 0 {
					return false
				}
			}
			continue
		case '"':
			if i = stops.scanString(src, i); i < 0 {
				return false
			}
		case 't':
			if i = literal(src, i, "true"); i < 0 {
				return false
			}
		case 'f':
			if i = literal(src, i, "false"); i < 0 {
				return false
			}
		case 'n':
			if i = literal(src, i, "null"); i < 0 {
				return false
			}
		default:
			if i = scanNumber(src, i); i < 0 {
				return false
			}
		}
		// After a value: close containers or move to the next item.
		for {
			i = skipSpace(src, i)
			if len(stack) == 0 {
				return i == len(src)
			}
			if i >= len(src) {
				return false
			}
			top := stack[len(stack)-1]
			if src[i] == top+2 {
				stack = stack[:len(stack)-1]
				i++
				continue
			}
			if src[i] != ',' {
				return false
			}
			i = skipSpace(src, i+1)
			if top == '{' {
				if i = stops.objectKey(src, i); i < 0 {
					return false
				}
			}
			break
		}
	}
}

// objectKey scans `"key" :` at i and returns the offset of the value after it, or -1.
func (t *stringStops) objectKey(src []byte, i int) int {
	if i >= len(src) || src[i] != '"' {
		return -1
	}
	if i = t.scanString(src, i); i < 0 {
		return -1
	}
	i = skipSpace(src, i)
	if i >= len(src) || src[i] != ':' {
		return -1
	}
	return skipSpace(src, i+1)
}

func skipSpace(src []byte, i int) int {
	for i < len(src) && (src[i] == ' ' || src[i] == '\n' || src[i] == '\r' || src[i] == '\t') {
		i++
	}
	return i
}

// stringStops marks the bytes that end a run of plain string content: '"', '\\' and the
// control characters JSON strings must escape.
type stringStops [256]bool

func newStringStops() *stringStops {
	var t stringStops
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return &t
}

// scanString returns the offset after the string starting at src[i] == '"', or -1.
func (t *stringStops) scanString(src []byte, i int) int {
	for i++; i < len(src); i++ {
		c := src[i]
		if !t[c] {
			continue
		}
		switch {
		case c == '"':
			return i + 1
		case c == '\\':
			if i = escape(src, i); i < 0 {
				return -1
			}
			i-- // the loop steps past the escape
		default:
			return -1
		}
	}
	return -1
}

// escape returns the offset after the escape sequence at src[i] == '\\', or -1.
func escape(src []byte, i int) int {
	if i+1 >= len(src) {
		return -1
	}
	switch src[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2
	case 'u':
		if i+6 > len(src) {
			return -1
		}
		for _, h := range src[i+2 : i+6] {
			if !isHex(h) {
				return -1
			}
		}
		return i + 6
	}
	return -1
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func literal(src []byte, i int, word string) int {
	if len(src)-i < len(word) || string(src[i:i+len(word)]) != word {
		return -1
	}
	return i + len(word)
}

// scanNumber returns the offset after the number at src[i], or -1.
func scanNumber(src []byte, i int) int {
	if i < len(src) && src[i] == '-' {
		i++
	}
	switch {
	case i < len(src) && src[i] == '0':
		i++
	case i < len(src) && '1' <= src[i] && src[i] <= '9':
		i = digits(src, i)
	default:
		return -1
	}
	if i < len(src) && src[i] == '.' {
		j := digits(src, i+1)
		if j == i+1 {
			return -1
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
			return -1
		}
		i = j
	}
	return i
}

func digits(src []byte, i int) int {
	for i < len(src) && '0' <= src[i] && src[i] <= '9' {
		i++
	}
	return i
}
