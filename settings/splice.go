package settings

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// edit replaces src[start:end] with text.
type edit struct {
	start, end int
	text       string
}

// apply performs non-overlapping edits on src in one pass and returns a new slice.
func apply(src []byte, edits []edit) ([]byte, error) {
	slices.SortFunc(edits, func(a, b edit) int {
		if a.start != b.start {
			return a.start - b.start
		}
		return a.end - b.end
	})
	grow := 0
	for _, e := range edits {
		grow += len(e.text)
	}
	out := safefile.Buffer(len(src) + grow)
	pos := 0
	for _, e := range edits {
		if e.start < pos || e.end < e.start || e.end > len(src) {
			return nil, fmt.Errorf("internal error: overlapping edits at byte %d", e.start)
		}
		out = append(out, src[pos:e.start]...)
		out = append(out, e.text...)
		pos = e.end
	}
	return append(out, src[pos:]...), nil
}

// removeItems deletes the items of c marked in removed, with exactly the separators that an
// append (or a later insertion after them) would have added: a run of items followed by a kept
// item is cut up to that item's start; a trailing run is cut from the end of the kept item
// before it. all is true when every item is marked; then nothing is returned and the caller
// decides what happens to c itself.
func removeItems(c container, removed []bool) (edits []edit, all bool) {
	n := len(c.items)
	for i := 0; i < n; {
		if !removed[i] {
			i++
			continue
		}
		j := i
		for j < n && removed[j] {
			j++
		}
		switch {
		case j < n:
			edits = append(edits, edit{start: c.items[i].start, end: c.items[j].start})
		case i > 0:
			edits = append(edits, edit{start: c.items[i-1].end, end: c.items[n-1].end})
		default:
			return nil, true
		}
		i = j
	}
	return edits, false
}

// itemText renders an item (a member `"key": value` or an element) in style st for a line
// indented by base, compactly or not.
type itemText func(st style, base string, compact bool) string

// appendItem adds an item at the end of container c.
//
// In a non-empty container the new item copies the separator before the last item, its
// neighbour (for a one-line container the separator between the first two), so it lines up with
// the members next to it even when the file mixes indentations; lines nested inside it are
// indented by the step between the container's line and that neighbour. An empty container is
// expanded over lines indented one unit deeper than the line it is on, unless the whole file is
// written on one line.
func (st style) appendItem(src []byte, c container, text itemText) edit {
	if len(c.items) == 0 {
		if st.compact {
			return edit{start: c.open + 1, end: c.close, text: text(st, "", true)}
		}
		base := c.outerIndent(src)
		inner := base + st.unit
		return edit{start: c.open + 1, end: c.close, text: st.nl + inner + text(st, inner, false) + st.nl + base}
	}
	last := c.items[len(c.items)-1]
	base, compact := itemLayout(src, c)
	if compact {
		sep := st.comma
		if len(c.items) >= 2 {
			sep = afterComma(src, c.items[0].end, c.items[1].start)
		}
		return edit{start: last.end, end: last.end, text: "," + sep + text(st, "", true)}
	}
	return edit{start: last.end, end: last.end, text: "," + sepBefore(src, c) + text(st.nested(src, c, base), base, false)}
}

// sepBefore returns the whitespace before the last item of the non-empty container c (after
// the comma that ends the item before it, or after the opening bracket).
func sepBefore(src []byte, c container) string {
	n := len(c.items)
	if n >= 2 {
		return afterComma(src, c.items[n-2].end, c.items[n-1].start)
	}
	return string(src[c.open+1 : c.items[0].start])
}

// nested returns st with the indentation unit that container c uses: the step from the
// indentation of the line c opens on to base, the indentation of its items, when base extends
// it; else st's own unit.
func (st style) nested(src []byte, c container, base string) style {
	outer := c.outerIndent(src)
	if len(base) > len(outer) && strings.HasPrefix(base, outer) {
		st.unit = base[len(outer):]
	}
	return st
}

// replaceLast replaces the last item of the non-empty container c, laid out like its siblings.
func (st style) replaceLast(src []byte, c container, text itemText) edit {
	last := c.items[len(c.items)-1]
	base, compact := itemLayout(src, c)
	inner := st
	if !compact {
		inner = st.nested(src, c, base)
	}
	return edit{start: last.start, end: last.end, text: text(inner, base, compact)}
}

// itemLayout returns the indentation of the last item of the non-empty container c and whether
// c is written on one line.
func itemLayout(src []byte, c container) (base string, compact bool) {
	if oneLine(src, c.open, c.close) {
		return "", true
	}
	sep := sepBefore(src, c)
	if i := strings.LastIndexByte(sep, '\n'); i >= 0 {
		return sep[i+1:], false
	}
	return c.itemIndent(src, c.items[len(c.items)-1].start), false
}
