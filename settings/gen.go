package settings

import (
	"strconv"
	"strings"
)

// node is a JSON value to generate: a raw scalar, an object or an array.
type node struct {
	raw     string   // scalar text when keys and elems are nil
	keys    []string // object member names (quoted)
	elems   []node   // object member values or array elements
	isArray bool
}

// field is one member of an object node.
type field struct {
	key string
	val node
}

func objectNode(fields ...field) node {
	n := node{keys: []string{}}
	for _, f := range fields {
		n.keys = append(n.keys, quote(f.key))
		n.elems = append(n.elems, f.val)
	}
	return n
}

func arrayNode(elems ...node) node { return node{elems: elems, isArray: true} }

func rawNode(s string) node { return node{raw: s} }

// groupNode is the matcher group ccc-hooks writes for e; timeout, when not "", is the text of
// the timeout to write instead of e.Timeout (one kept from the handler it replaces).
func groupNode(e Entry, timeout string) node {
	if timeout == "" {
		timeout = strconv.Itoa(e.Timeout)
	}
	fields := []field{
		{"type", rawNode(quote("command"))},
		{"command", rawNode(quote(e.Command))},
		{"timeout", rawNode(timeout)},
	}
	if e.StatusMessage != "" {
		fields = append(fields, field{"statusMessage", rawNode(quote(e.StatusMessage))})
	}
	if e.Shell != "" {
		fields = append(fields, field{"shell", rawNode(quote(e.Shell))})
	}
	h := objectNode(fields...)
	if e.Matcher == "" {
		return objectNode(field{"hooks", arrayNode(h)})
	}
	return objectNode(field{"matcher", rawNode(quote(e.Matcher))}, field{"hooks", arrayNode(h)})
}

// render writes n; base is the indentation of the line n starts on (ignored when compact).
func (st style) render(n node, base string, compact bool) string {
	var b strings.Builder
	st.write(&b, n, base, compact)
	return b.String()
}

func (st style) write(b *strings.Builder, n node, base string, compact bool) {
	if n.keys == nil && !n.isArray {
		b.WriteString(n.raw)
		return
	}
	opening, closing := "{", "}"
	if n.isArray {
		opening, closing = "[", "]"
	}
	b.WriteString(opening)
	inner := base + st.unit
	for i, e := range n.elems {
		if i > 0 {
			b.WriteByte(',')
			if compact {
				b.WriteString(st.comma)
			}
		}
		if !compact {
			b.WriteString(st.nl + inner)
		}
		if !n.isArray {
			b.WriteString(n.keys[i] + st.colon)
		}
		st.write(b, e, inner, compact)
	}
	if !compact && len(n.elems) > 0 {
		b.WriteString(st.nl + base)
	}
	b.WriteString(closing)
}

// member renders `"key": value` for insertion into an object.
func (st style) member(key string, v node, base string, compact bool) string {
	return quote(key) + st.colon + st.render(v, base, compact)
}
