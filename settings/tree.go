package settings

import (
	"bytes"
	"slices"
	"strconv"

	"github.com/tidwall/gjson"
)

// item is one member of a JSON object or element of a JSON array, located by byte offsets.
type item struct {
	key   string       // unescaped key; "" for array elements
	start int          // offset of the key's opening quote (members) or of the value (elements)
	end   int          // offset just past the value
	val   gjson.Result // the value; val.Index is its absolute offset
}

// container is a JSON object or array with its items.
type container struct {
	open  int // offset of '{' or '['
	close int // offset of '}' or ']'
	items []item
	// head is an offset on the line whose indentation c's own line counts as: c.open, unless
	// the caller fixed a line that edits elsewhere cannot change (see document.eventHead).
	head int
}

// outerIndent returns the indentation of the line c opens on, read at c.head.
func (c container) outerIndent(src []byte) string { return lineIndent(src, c.head) }

// itemIndent returns the indentation of the line holding src[off], an offset inside c. A line
// that begins before c opens is c's own line, whose indentation outerIndent gives.
func (c container) itemIndent(src []byte, off int) string {
	if bytes.LastIndexByte(src[:off], '\n') < c.open {
		return c.outerIndent(src)
	}
	return lineIndent(src, off)
}

// span returns the absolute byte span of r as [start, end).
func span(r gjson.Result) (int, int) { return r.Index, r.Index + len(r.Raw) }

// rootValue returns the document's top-level value; src must be valid, non-blank JSON.
func rootValue(s string) gjson.Result {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	j := len(s)
	for j > i && isSpace(s[j-1]) {
		j--
	}
	r := gjson.Result{Raw: s[i:j], Index: i}
	switch s[i] {
	case '{', '[':
		r.Type = gjson.JSON
	case '"':
		r.Type = gjson.String
	default:
		r.Type = gjson.Number
	}
	return r
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

func isObject(r gjson.Result) bool { return r.Raw != "" && r.Raw[0] == '{' }
func isArray(r gjson.Result) bool  { return r.Raw != "" && r.Raw[0] == '[' }

// children lists the items of an object or array value. The list is gathered on the stack and
// copied once at its size: a settings file holds thousands of small containers.
func children(v gjson.Result) container {
	start, end := span(v)
	c := container{open: start, close: end - 1, head: start}
	var small [8]item
	items := small[:0]
	v.ForEach(func(k, x gjson.Result) bool {
		s, e := span(x)
		it := item{start: s, end: e, val: x}
		if k.Type == gjson.String {
			it.key = k.Str
			it.start = k.Index
		}
		items = append(items, it)
		return true
	})
	if len(items) > 0 {
		c.items = slices.Clone(items)
	}
	return c
}

// lookup returns the index of the last member named key, or -1, and refuses a key that appears
// more than once. parent is the path of c, for the error (built only then).
func (c container) lookup(key, parent string) (int, error) {
	idx, n := c.find(key)
	if n > 1 {
		return idx, duplicateKey(joinPath(parent, key), n)
	}
	return idx, nil
}

// find returns the index of the last member named key (-1 when none) and how many there are.
func (c container) find(key string) (idx, n int) {
	idx = -1
	for i, it := range c.items {
		if it.key == key {
			idx = i
			n++
		}
	}
	return idx, n
}

// field reads member key of obj (whose path is parent); ok is false when absent.
func (c container) field(key, parent string) (item, bool, error) {
	i, err := c.lookup(key, parent)
	if err != nil || i < 0 {
		return item{}, false, err
	}
	return c.items[i], true, nil
}

// joinPath appends a member name to a path.
func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// indexPath appends an array index to a path.
func indexPath(path string, i int) string { return path + "[" + strconv.Itoa(i) + "]" }

// oneLine reports whether src[start:end] holds no newline.
func oneLine(src []byte, start, end int) bool {
	return bytes.IndexByte(src[start:end], '\n') < 0
}
