package jsonscan

// MaxDepth is the nesting limit of encoding/json, which Valid mirrors.
const MaxDepth = 10000

// Valid reports whether src is exactly one JSON value surrounded by optional whitespace,
// accepting the same inputs as encoding/json's Valid.
func Valid(src []byte) bool {
	var stack []byte // open containers: '{' or '['
	i := SkipSpace(src, 0)
	for {
		// A value starts at i.
		if i >= len(src) {
			return false
		}
		var ok bool
		switch c := src[i]; c {
		case '{', '[':
			if len(stack) >= MaxDepth {
				return false
			}
			stack = append(stack, c)
			i = SkipSpace(src, i+1)
			if i < len(src) && src[i] == c+2 { // '}' is '{'+2, ']' is '['+2
				stack = stack[:len(stack)-1]
				i++
				ok = true
				break
			}
			if c == '{' {
				if i, ok = objectKey(src, i); !ok {
					return false
				}
			}
			continue
		case '"':
			i, ok = String(src, i)
		case 't':
			i, ok = Literal(src, i, "true")
		case 'f':
			i, ok = Literal(src, i, "false")
		case 'n':
			i, ok = Literal(src, i, "null")
		default:
			i, ok = Number(src, i)
		}
		if !ok {
			return false
		}
		// After a value: close containers or move to the next item.
		for {
			i = SkipSpace(src, i)
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
			i = SkipSpace(src, i+1)
			if top == '{' {
				if i, ok = objectKey(src, i); !ok {
					return false
				}
			}
			break
		}
	}
}

// objectKey scans `"key" :` at i and returns the offset of the value after it.
func objectKey(src []byte, i int) (int, bool) {
	if i >= len(src) || src[i] != '"' {
		return i, false
	}
	i, ok := String(src, i)
	if !ok {
		return i, false
	}
	i = SkipSpace(src, i)
	if i >= len(src) || src[i] != ':' {
		return i, false
	}
	return SkipSpace(src, i+1), true
}
