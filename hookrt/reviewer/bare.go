package reviewer

import "github.com/ccc-hooks/ccc-hooks/internal/jsonscan"

// This file finds the last bare JSON verdict object in the reviewer's free text in time linear in
// the text's length. A strict JSON parse is attempted at each '{': garbage such as "{x " or a run
// of '{' fails on its second byte; the objects an attempt opened inside itself are not attempted
// again (they would fail at the same byte, or they closed and were candidates already). Only a '{'
// that an attempt saw inside a string is tried again, and a byte budget (bareBudgetFactor scans of
// the text) caps even text crafted to parse as JSON both inside and outside its strings. Strings,
// literals and numbers are scanned by package jsonscan, as the settings files are.

// maxBareDepth bounds the nesting of a bare object; deeper text is not a verdict.
const maxBareDepth = 256

// bareBudgetFactor is how many times, in all, the bytes of the text may be scanned.
const bareBudgetFactor = 8

// value kinds of the two verdict keys seen in an object.
const (
	kindNone = iota
	kindBool
	kindString
	kindOther
)

type bareScanner struct {
	text   string
	pos    int
	budget int
	nested []uint64 // bit set of '{' positions already parsed as nested objects
	// the last verdict-shaped object, by end
	start, end int
	found      bool
}

// lastBareObject returns the bounds of the last JSON object in text (by where it ends) whose
// "allow_stop" is a boolean and whose "feedback", when present, is a string.
func lastBareObject(text string) (start, end int, ok bool) {
	sc := &bareScanner{
		text:   text,
		budget: bareBudgetFactor*len(text) + 4096,
		nested: make([]uint64, len(text)/64+1),
	}
	for i := 0; i < len(text) && sc.budget > 0; i++ {
		if text[i] != '{' || sc.isNested(i) {
			continue
		}
		sc.pos = i
		ok := sc.object(0)
		sc.budget -= sc.pos - i + 1
		if ok {
			i = sc.pos - 1 // every object inside was a candidate already
		}
		// After a failure the scan goes on at i+1: each '{' the attempt parsed as an object is
		// marked nested (it would fail at the same byte), so only those inside strings are tried.
	}
	return sc.start, sc.end, sc.found
}

func (sc *bareScanner) isNested(i int) bool { return sc.nested[i/64]&(1<<(i%64)) != 0 }
func (sc *bareScanner) markNested(i int)    { sc.nested[i/64] |= 1 << (i % 64) }

func (sc *bareScanner) peek() byte {
	if sc.pos < len(sc.text) {
		return sc.text[sc.pos]
	}
	return 0
}

func (sc *bareScanner) ws() { sc.pos = jsonscan.SkipSpace(sc.text, sc.pos) }

// object parses the object at sc.pos; on failure sc.pos is where it failed.
func (sc *bareScanner) object(depth int) bool {
	start := sc.pos
	if depth > 0 {
		sc.markNested(start)
	}
	if depth >= maxBareDepth {
		return false
	}
	sc.pos++
	allow, feedback := kindNone, kindNone
	sc.ws()
	if sc.peek() == '}' {
		sc.pos++
		return true
	}
	for {
		if sc.peek() != '"' {
			return false
		}
		keyStart := sc.pos + 1
		if !sc.str() {
			return false
		}
		key := sc.text[keyStart : sc.pos-1]
		sc.ws()
		if sc.peek() != ':' {
			return false
		}
		sc.pos++
		sc.ws()
		kind, ok := sc.value(depth + 1)
		if !ok {
			return false
		}
		// The first of duplicate keys counts, as it does for gjson, which decodes the verdict.
		if key == "allow_stop" && allow == kindNone {
			allow = kind
		} else if key == "feedback" && feedback == kindNone {
			feedback = kind
		}
		sc.ws()
		switch sc.peek() {
		case ',':
			sc.pos++
			sc.ws()
		case '}':
			sc.pos++
			if allow == kindBool && (feedback == kindNone || feedback == kindString) && sc.pos > sc.end {
				sc.start, sc.end, sc.found = start, sc.pos, true
			}
			return true
		default:
			return false
		}
	}
}

// value parses any JSON value at sc.pos and returns its kind.
func (sc *bareScanner) value(depth int) (int, bool) {
	switch c := sc.peek(); {
	case c == '{':
		return kindOther, sc.object(depth)
	case c == '[':
		return kindOther, sc.array(depth)
	case c == '"':
		return kindString, sc.str()
	case c == 't':
		return kindBool, sc.literal("true")
	case c == 'f':
		return kindBool, sc.literal("false")
	case c == 'n':
		return kindOther, sc.literal("null")
	case c == '-' || ('0' <= c && c <= '9'):
		return kindOther, sc.number()
	}
	return kindNone, false
}

func (sc *bareScanner) array(depth int) bool {
	if depth >= maxBareDepth {
		return false
	}
	sc.pos++
	sc.ws()
	if sc.peek() == ']' {
		sc.pos++
		return true
	}
	for {
		if _, ok := sc.value(depth + 1); !ok {
			return false
		}
		sc.ws()
		switch sc.peek() {
		case ',':
			sc.pos++
			sc.ws()
		case ']':
			sc.pos++
			return true
		default:
			return false
		}
	}
}

// str parses the string at sc.pos (its opening quote) and leaves sc.pos after the closing one.
func (sc *bareScanner) str() bool {
	var ok bool
	sc.pos, ok = jsonscan.String(sc.text, sc.pos)
	return ok
}

func (sc *bareScanner) literal(word string) bool {
	var ok bool
	sc.pos, ok = jsonscan.Literal(sc.text, sc.pos, word)
	return ok
}

func (sc *bareScanner) number() bool {
	var ok bool
	sc.pos, ok = jsonscan.Number(sc.text, sc.pos)
	return ok
}
