package settings

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
	raw   string
	empty bool
}

// containerStates lists the containers on the hooks path of src: the root (""), "hooks", and
// every "hooks.<Event>" that is an object or array. It is nil for a blank or invalid src.
func containerStates(src []byte) map[string]containerState {
	src = cutBOM(src)
	if isBlank(src) || checkSyntax(src) != nil {
		return nil
	}
	d, err := parseDocument(src)
	if err != nil {
		return nil
	}
	out := map[string]containerState{"": {raw: string(src[d.root.open : d.root.close+1]), empty: len(d.root.items) == 0}}
	if d.hooksIdx < 0 {
		return out
	}
	out["hooks"] = containerState{raw: d.root.items[d.hooksIdx].val.Raw, empty: len(d.hooks.items) == 0}
	for _, it := range d.hooks.items {
		if isObject(it.val) || isArray(it.val) {
			out[joinPath("hooks", it.key)] = containerState{raw: it.val.Raw, empty: len(children(it.val).items) == 0}
		}
	}
	return out
}

// noteContainers updates the ledger's containers m for a write of new over old: a container
// that goes from missing to filled is recorded as created (nil), one that goes from empty to
// filled with its text before; what was recorded before is kept. With forget, containers that
// are gone or empty again are forgotten.
func noteContainers(m map[string]*string, old, new []byte, forget bool) map[string]*string {
	before, after := containerStates(old), containerStates(new)
	if m == nil {
		m = map[string]*string{}
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
