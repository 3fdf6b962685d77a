package config

import (
	"bytes"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/tidwall/gjson"
)

// SetEnabled returns a change that sets supervisor.enabled in the bytes of ccc.json (exists false when
// there is no file). Every other byte is kept: an existing value is replaced in place, a missing key
// is added at the end of its object in the file's own indentation and line endings. Its signature
// fits settings.ChangeFunc.
func SetEnabled(enabled bool) func(old []byte, exists bool) ([]byte, bool, error) {
	lit := strconv.FormatBool(enabled)
	return func(old []byte, exists bool) ([]byte, bool, error) {
		if !exists || len(bytes.TrimSpace(old)) == 0 {
			return fmt.Appendf(nil, "{\n  %q: {\n    \"enabled\": %s\n  }\n}\n", Key, lit), false, nil
		}
		if !gjson.ValidBytes(old) {
			return nil, false, errors.New("invalid JSON")
		}
		root := gjson.ParseBytes(old)
		if !root.IsObject() {
			return nil, false, errors.New("not a JSON object")
		}
		sup := root.Get(Key)
		switch {
		case sup.Exists() && !sup.IsObject():
			return nil, false, fmt.Errorf("%q is not an object", Key)
		case !sup.Exists():
			root = trimmed(root)
			st := styleOf(old)
			ind := st.memberIndent(old, root)
			if outer := lineIndent(old, root.Index); len(ind) > len(outer) && strings.HasPrefix(ind, outer) {
				st.unit = ind[len(outer):] // the step the file itself uses
			}
			val := `{"enabled":` + lit + `}`
			if st.multiline {
				val = "{" + st.nl + ind + st.unit + `"enabled": ` + lit + st.nl + ind + "}"
			}
			return insertMember(old, root, Key, val), false, nil
		}
		if cur := sup.Get("enabled"); cur.Exists() {
			out := append([]byte(nil), old[:cur.Index]...)
			out = append(out, lit...)
			return append(out, old[cur.Index+len(cur.Raw):]...), false, nil
		}
		return insertMember(old, sup, "enabled", lit), false, nil
	}
}

type style struct {
	multiline bool
	nl        string // "\n" or "\r\n"
	unit      string // one level of indentation
}

func styleOf(doc []byte) style {
	st := style{multiline: bytes.IndexByte(doc, '\n') >= 0, nl: "\n", unit: "  "}
	if bytes.Contains(doc, []byte("\r\n")) {
		st.nl = "\r\n"
	}
	for _, line := range bytes.Split(doc, []byte("\n")) {
		if n := indentLen(line); n > 0 && n < len(bytes.TrimRight(line, "\r")) {
			st.unit = string(line[:n])
			break
		}
	}
	return st
}

func indentLen(line []byte) int {
	n := 0
	for n < len(line) && (line[n] == ' ' || line[n] == '\t') {
		n++
	}
	return n
}

// lineIndent returns the indentation of the line holding doc[i].
func lineIndent(doc []byte, i int) string {
	start := bytes.LastIndexByte(doc[:i], '\n') + 1
	return string(doc[start : start+indentLen(doc[start:i])])
}

// memberIndent returns the indentation of obj's members: that of its first member, else one unit
// more than the line holding its opening brace.
func (st style) memberIndent(doc []byte, obj gjson.Result) string {
	first := obj.Index + 1
	for first < len(doc) && isSpace(doc[first]) {
		first++
	}
	if doc[first] != '}' && bytes.IndexByte(doc[obj.Index:first], '\n') >= 0 {
		return lineIndent(doc, first)
	}
	return lineIndent(doc, obj.Index) + st.unit
}

// insertMember adds "key": raw as the last member of obj, keeping every other byte.
func insertMember(doc []byte, obj gjson.Result, key, raw string) []byte {
	st := styleOf(doc)
	closing := obj.Index + len(obj.Raw) - 1
	last := closing - 1
	for isSpace(doc[last]) {
		last--
	}
	empty := doc[last] == '{'
	var ins []byte
	if !empty {
		ins = append(ins, ',')
	}
	if st.multiline {
		ins = append(ins, st.nl+st.memberIndent(doc, obj)...)
		ins = append(ins, strconv.Quote(key)+": "+raw...)
		if empty {
			ins = append(ins, st.nl+lineIndent(doc, obj.Index)...)
		}
	} else {
		ins = append(ins, strconv.Quote(key)+":"+raw...)
	}
	at := last + 1
	if empty && st.multiline {
		at = closing // replace the blank between the braces
	}
	out := append([]byte(nil), doc[:last+1]...)
	out = append(out, ins...)
	return append(out, doc[at:]...)
}

// trimmed drops the blanks gjson keeps around a top-level value, so Index is at its brace.
func trimmed(r gjson.Result) gjson.Result {
	raw := strings.TrimLeft(r.Raw, " \t\r\n")
	r.Index += len(r.Raw) - len(raw)
	r.Raw = strings.TrimRight(raw, " \t\r\n")
	return r
}

func isSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }
