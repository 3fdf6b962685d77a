package settings

import (
	"bytes"
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
	timeoutRaw string // the number as the file writes it
	hasTimeout bool
	owned      bool
	// status and shell are the statusMessage and shell keys when present, each once, as strings;
	// odd is set when one of them is there in another way (twice, or not a string).
	status, shell       string
	hasStatus, hasShell bool
	odd                 bool
	// args is the "args" array of an exec-form handler (hasArgs), its strings: Claude Code then
	// runs command as the program itself, with these arguments and no shell.
	args    []string
	hasArgs bool
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
	i, err := d.root.lookup("hooks", "")
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
	nd.root = container{open: d.root.open, close: d.root.close + delta, items: slices.Clone(d.root.items), head: d.root.head}
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

// eventHead returns the offset whose line's indentation counts as that of hooks member i's line
// (container.head): the key of the nearest member at or before i that begins its own line, else
// the "hooks" object's opening brace. Read this way, it cannot change when another event's array
// is edited, as the line holding member i itself can (`...}], "PreToolUse": []` continues a line
// that begins inside the "Stop" array): installing several entries in one splice or one by one
// indents what it inserts alike.
func (d *document) eventHead(i int) int {
	for j := i; j >= 0; j-- {
		prev := d.hooks.open + 1
		if j > 0 {
			prev = d.hooks.items[j-1].end
		}
		if bytes.IndexByte(d.src[prev:d.hooks.items[j].start], '\n') >= 0 {
			return d.hooks.items[j].start
		}
	}
	return d.hooks.open
}

// findEvent returns the index of hooks.<name>, or -1, refusing duplicate keys.
func (d *document) findEvent(name string) (int, error) {
	if d.hooksIdx < 0 {
		return -1, nil
	}
	return d.hooks.lookup(name, "hooks")
}

// event parses hooks member i and every group and handler in it, checking their types.
func (d *document) event(i int, ours OwnerFunc) (event, error) {
	it := d.hooks.items[i]
	ev := event{item: it, idx: i, path: joinPath("hooks", it.key)}
	if !isArray(it.val) {
		return ev, wrongType(ev.path, "an array", it.val.Raw)
	}
	ev.arr = children(it.val)
	ev.arr.head = d.eventHead(i)
	ev.groups = make([]group, 0, len(ev.arr.items))
	for gi, git := range ev.arr.items {
		g, err := parseGroup(git, ev.path, gi, ours)
		if err != nil {
			return ev, err
		}
		ev.groups = append(ev.groups, g)
	}
	return ev, nil
}

// parseGroup parses element gi of the event array at evPath. Paths are built only for an error:
// an event can hold hundreds of groups.
func parseGroup(it item, evPath string, gi int, ours OwnerFunc) (group, error) {
	path := func(key string) string { return joinPath(indexPath(evPath, gi), key) }
	g := group{item: it}
	if !isObject(it.val) {
		return g, wrongType(indexPath(evPath, gi), "an object", it.val.Raw)
	}
	obj := children(it.val)
	m, n := obj.find("matcher")
	if n > 1 {
		return g, duplicateKey(path("matcher"), n)
	}
	if m >= 0 {
		v := obj.items[m].val
		if v.Type != gjson.String {
			return g, wrongType(path("matcher"), "a string", v.Raw)
		}
		g.matcher = v.Str
	}
	h, n := obj.find("hooks")
	if n > 1 {
		return g, duplicateKey(path("hooks"), n)
	}
	if h < 0 {
		return g, nil
	}
	if v := obj.items[h].val; !isArray(v) {
		return g, wrongType(path("hooks"), "an array", v.Raw)
	}
	g.hasHooks = true
	g.handlers = children(obj.items[h].val)
	g.list = make([]handlerItem, 0, len(g.handlers.items))
	for hi, hit := range g.handlers.items {
		hd, err := parseHandler(hit, func() string { return indexPath(path("hooks"), hi) }, ours)
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

// parseHandler parses one handler object; path names it in an error.
func parseHandler(it item, path func() string, ours OwnerFunc) (handlerItem, error) {
	hd := handlerItem{item: it}
	if !isObject(it.val) {
		return hd, wrongType(path(), "an object", it.val.Raw)
	}
	obj := children(it.val)
	for _, k := range [...]string{"type", "command", "timeout"} {
		i, n := obj.find(k)
		if n > 1 {
			return hd, duplicateKey(joinPath(path(), k), n)
		}
		if i < 0 {
			continue
		}
		v := obj.items[i].val
		switch k {
		case "type":
			hd.typ = v.String()
		case "command":
			if v.Type != gjson.String {
				return hd, wrongType(joinPath(path(), k), "a string", v.Raw)
			}
			hd.command = v.Str
			hd.owned = ours != nil && ours(hd.command)
		case "timeout":
			if v.Type != gjson.Number {
				return hd, wrongType(joinPath(path(), k), "a number", v.Raw)
			}
			hd.timeout, hd.timeoutRaw, hd.hasTimeout = v.Num, v.Raw, true
		}
	}
	// The keys of a handler's form: only compared with what ccc-hooks would write, so a value of
	// another type in a foreign handler is no error (Claude Code reports it).
	if i, _ := obj.find("args"); i >= 0 && obj.items[i].val.IsArray() {
		hd.hasArgs, hd.owned = true, false // exec form: command is the program alone, never ours
		obj.items[i].val.ForEach(func(_, a gjson.Result) bool {
			hd.args = append(hd.args, a.String())
			return true
		})
	}
	for _, k := range [...]string{"statusMessage", "shell"} {
		i, n := obj.find(k)
		if i < 0 {
			continue
		}
		v := obj.items[i].val
		if n > 1 || v.Type != gjson.String {
			hd.odd = true
			continue
		}
		if k == "statusMessage" {
			hd.status, hd.hasStatus = v.Str, true
		} else {
			hd.shell, hd.hasShell = v.Str, true
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
