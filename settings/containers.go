package settings

import (
	"slices"
	"strings"
)

// bom is the UTF-8 byte order mark. Claude Code reads a settings file that starts with one,
// so ccc-hooks edits such a file and keeps the mark.
const bom = "\xef\xbb\xbf"

// cutBOM returns src without a leading byte order mark.
func cutBOM(src []byte) []byte {
	if len(src) >= len(bom) && string(src[:len(bom)]) == bom {
		return src[len(bom):]
	}
	return src
}

// withBOM runs f on src without its byte order mark and puts the mark back on the result.
func withBOM(src []byte, f func([]byte) ([]byte, error)) ([]byte, error) {
	body := cutBOM(src)
	if len(body) == len(src) {
		return f(src)
	}
	out, err := f(body)
	if err != nil || out == nil {
		return out, err
	}
	return append([]byte(bom), out...), nil
}

// containerState is one container on the hooks path as a file holds it.
type containerState struct {
	raw   string // its text, kept only when it is empty (the only case the ledger records it)
	empty bool
}

// state describes the container val as the ledger needs it. The text of a filled container is
// not copied: for the root that would be the whole file, for nothing.
func state(raw string, empty bool) containerState {
	if !empty {
		return containerState{}
	}
	return containerState{raw: strings.Clone(raw), empty: true}
}

// checkedStates lists the containers on the hooks path of src: the root (""), "hooks", and
// every "hooks.<Event>" that is an object or array; nil for a blank src. src is known to pass
// the syntax check when it is not blank, such as the bytes a change of Update read and the bytes it returned: every change of
// this package checks what it reads and splices valid text into it. A large file is then not
// checked again for each record of one write.
func checkedStates(src []byte) map[string]containerState {
	src = cutBOM(src)
	if isBlank(src) {
		return nil
	}
	d, err := parseDocument(src)
	if err != nil {
		return nil
	}
	out := map[string]containerState{"": state(unsafeString(src[d.root.open:d.root.close+1]), len(d.root.items) == 0)}
	if d.hooksIdx < 0 {
		return out
	}
	out["hooks"] = state(d.root.items[d.hooksIdx].val.Raw, len(d.hooks.items) == 0)
	for _, it := range d.hooks.items {
		if isObject(it.val) || isArray(it.val) {
			out[joinPath("hooks", it.key)] = state(it.val.Raw, isEmptyContainer(it.val.Raw))
		}
	}
	return out
}

// isEmptyContainer reports whether raw, the text of an object or array, holds no item: only
// whitespace between its brackets (the document passed the syntax check).
func isEmptyContainer(raw string) bool {
	return len(raw) >= 2 && strings.Trim(raw[1:len(raw)-1], " \t\r\n") == ""
}

// noteStates updates the ledger's containers m for a write, from the container states of the
// file before it to those after (checkedStates): a container that goes from missing to filled is
// recorded as created (nil), one that goes from empty to filled with its text before; what was
// recorded before is kept, and, with forget, containers that are gone or empty again are
// forgotten. A caller recording one write twice (before and after it) parses each file once.
//
// What was recorded before is checked against the file before first: a record can be stale (the
// user took our entries out by hand, or a run was killed before it wrote what it had recorded).
// A container recorded as created that the file does not hold is forgotten (this write records
// it anew if it creates it); one that it holds empty was there before this write, and is
// recorded with that text.
func noteStates(m map[string]*string, before, after map[string]containerState, forget bool) map[string]*string {
	if m == nil {
		m = map[string]*string{}
	}
	if before != nil {
		for p := range m {
			switch b, ok := before[p]; {
			case !ok:
				delete(m, p)
			case b.empty:
				raw := b.raw
				m[p] = &raw
			}
		}
	}
	for p := range m {
		if a, ok := after[p]; forget && (!ok || a.empty) {
			delete(m, p)
		}
	}
	for p, a := range after {
		if a.empty {
			continue
		}
		if _, ok := m[p]; ok {
			continue
		}
		if b, ok := before[p]; !ok {
			m[p] = nil
		} else if b.empty {
			raw := b.raw
			m[p] = &raw
		}
	}
	if len(m) == 0 {
		return nil
	}
	return m
}

// oursOnly names the containers on the hooks path of src (a file a change checked) that hold
// only entries ours says are ccc-hooks': "hooks.<Event>" whose every handler is one of them
// (and there is one), and "hooks" when every event in it is such. nil for a blank src.
func oursOnly(src []byte, ours OwnerFunc) map[string]bool {
	hs, err := Handlers(src)
	if err != nil || len(hs) == 0 {
		return nil
	}
	out := map[string]bool{}
	for _, h := range hs {
		p := joinPath("hooks", h.Event)
		if _, seen := out[p]; !seen {
			out[p] = true
		}
		out[p] = out[p] && !h.Exec && ours(h.Command)
	}
	all := true
	for p, only := range out {
		all = all && only
		if !only {
			delete(out, p)
		}
	}
	if d, err := parseDocument(cutBOM(src)); all && err == nil && d.hooksIdx >= 0 && len(d.hooks.items) == len(out) {
		out["hooks"] = true
	}
	return out
}

// RemovedContainers names the containers on the hooks path ("hooks", "hooks.<Event>") that
// old holds, not empty, and updated no longer holds: what a change took out with the entries in
// them. The root is never one (a file is removed whole). Both must be bytes a change checked.
func RemovedContainers(old, updated []byte) []string {
	before, after := checkedStates(old), checkedStates(updated)
	var out []string
	for p, b := range before {
		if _, ok := after[p]; p != "" && !b.empty && !ok {
			out = append(out, p)
		}
	}
	slices.Sort(out)
	return out
}
