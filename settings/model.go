package settings

import (
	"slices"
	"unsafe"

	"github.com/tidwall/gjson"
)

// document is a parsed settings file: the root object and its "hooks" object, by offsets.
type document struct {
	src      []byte
	root     container
	hooksIdx int       // index of the "hooks" member in root.items, -1 when absent
	hooks    container // valid when hooksIdx >= 0
}

// event is one hooks.<Event> member and its matcher groups.
type event struct {
	item
	idx    int // index in the hooks object
	path   string
	arr    container
	groups []group
}

// group is one matcher group of an event array.
type group struct {
	item
	matcher  string
	hasHooks bool
	handlers container // the group's "hooks" array, when hasHooks
	list     []handlerItem
	nOwned   int
}

// handlerItem is one entry of a group's "hooks" array, parsed with its byte offsets.
type handlerItem struct {
	item
	typ        string
	command    string
	timeout    float64
	hasTimeout bool
	owned      bool
}

// wholeOwned reports whether every handler of g is owned (and there is at least one).
func (g group) wholeOwned() bool { return g.nOwned > 0 && g.nOwned == len(g.list) }

// parseDocument reads the root and the hooks object of src, which must be valid, non-blank JSON.
func parseDocument(src []byte) (*document, error) {
	root := rootValue(unsafeString(src))
	if !isObject(root) {
		return nil, wrongType(rootPath, "an object", root.Raw)
	}
	d := &document{src: src, root: children(root), hooksIdx: -1}
	i, err := d.root.lookup("hooks", "hooks")
	if err != nil {
		return nil, err
	}
	if i >= 0 {
		h := d.root.items[i].val
		if !isObject(h) {
			return nil, wrongType("hooks", "an object", h.Raw)
		}
		d.hooksIdx = i
		d.hooks = children(h)
	}
	return d, nil
}

// editHooks applies edits that all fall inside the value of "hooks" and returns the edited
// document. Only the hooks object is parsed again: the other root members just move.
func (d *document) editHooks(edits []edit) (*document, error) {
	src, err := apply(d.src, edits)
	if err != nil {
		return nil, err
	}
	delta := len(src) - len(d.src)
	nd := &document{src: src, hooksIdx: d.hooksIdx}
	nd.root = container{open: d.root.open, close: d.root.close + delta, items: slices.Clone(d.root.items)}
	for i := d.hooksIdx; i < len(nd.root.items); i++ {
		it := &nd.root.items[i]
		if i > d.hooksIdx {
			it.start += delta
			it.val.Index += delta
		}
		it.end += delta
	}
	h := &nd.root.items[d.hooksIdx]
	h.val = gjson.Result{Type: gjson.JSON, Raw: unsafeString(src)[h.val.Index:h.end], Index: h.val.Index}
	nd.hooks = children(h.val)
	return nd, nil
}

// findEvent returns the index of hooks.<name>, or -1, refusing duplicate keys.
func (d *document) findEvent(name string) (int, error) {
	if d.hooksIdx < 0 {
		return -1, nil
	}
	return d.hooks.lookup(name, joinPath("hooks", name))
}

// event parses hooks member i and every group and handler in it, checking their types.
func (d *document) event(i int, ours OwnerFunc) (event, error) {
	it := d.hooks.items[i]
	ev := event{item: it, idx: i, path: joinPath("hooks", it.key)}
	if !isArray(it.val) {
		return ev, wrongType(ev.path, "an array", it.val.Raw)
	}
	ev.arr = children(it.val)
	for gi, git := range ev.arr.items {
		g, err := parseGroup(git, indexPath(ev.path, gi), ours)
		if err != nil {
			return ev, err
		}
		ev.groups = append(ev.groups, g)
	}
	return ev, nil
}

func parseGroup(it item, path string, ours OwnerFunc) (group, error) {
	g := group{item: it}
	if !isObject(it.val) {
		return g, wrongType(path, "an object", it.val.Raw)
	}
	obj := children(it.val)
	m, ok, err := obj.field("matcher", joinPath(path, "matcher"))
	if err != nil {
		return g, err
	}
	if ok {
		if m.val.Type != gjson.String {
			return g, wrongType(joinPath(path, "matcher"), "a string", m.val.Raw)
		}
		g.matcher = m.val.Str
	}
	hp := joinPath(path, "hooks")
	h, ok, err := obj.field("hooks", hp)
	if err != nil || !ok {
		return g, err
	}
	if !isArray(h.val) {
		return g, wrongType(hp, "an array", h.val.Raw)
	}
	g.hasHooks = true
	g.handlers = children(h.val)
	for hi, hit := range g.handlers.items {
		hd, err := parseHandler(hit, indexPath(hp, hi), ours)
		if err != nil {
			return g, err
		}
		if hd.owned {
			g.nOwned++
		}
		g.list = append(g.list, hd)
	}
	return g, nil
}

func parseHandler(it item, path string, ours OwnerFunc) (handlerItem, error) {
	hd := handlerItem{item: it}
	if !isObject(it.val) {
		return hd, wrongType(path, "an object", it.val.Raw)
	}
	obj := children(it.val)
	for _, k := range [...]string{"type", "command", "timeout"} {
		f, ok, err := obj.field(k, joinPath(path, k))
		if err != nil {
			return hd, err
		}
		if !ok {
			continue
		}
		switch k {
		case "type":
			hd.typ = f.val.String()
		case "command":
			if f.val.Type != gjson.String {
				return hd, wrongType(joinPath(path, k), "a string", f.val.Raw)
			}
			hd.command = f.val.Str
			hd.owned = ours != nil && ours(hd.command)
		case "timeout":
			if f.val.Type != gjson.Number {
				return hd, wrongType(joinPath(path, k), "a number", f.val.Raw)
			}
			hd.timeout, hd.hasTimeout = f.val.Num, true
		}
	}
	return hd, nil
}

// unsafeString views src as a string without copying it (a settings file can be megabytes and
// is parsed once per entry). src is never modified while the view is in use: every edit builds
// a new slice.
func unsafeString(src []byte) string {
	if len(src) == 0 {
		return ""
	}
	return unsafe.String(&src[0], len(src))
}
