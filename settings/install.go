package settings

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// emptyDocument is what a missing or blank file counts as.
const emptyDocument = "{}"

// InsertEntries returns src with every entry present exactly once, owned handlers elsewhere untouched.
//
// For each entry, the groups of hooks.<Event> whose matcher equals entry.Matcher (an absent
// matcher equals "") are examined. When they hold exactly one owned handler and it equals the
// wanted one (type "command", same command, timeout, statusMessage and shell, each key present
// exactly when the entry has it; with entry.KeepTimeout any timeout it has), nothing changes, whether that
// handler is alone in its group or shares it with handlers that ours does not claim. Otherwise
// every owned handler is taken out of those groups the way RemoveEntries takes it out (with
// entry.KeepTimeout, the new handler carries the timeout of the first of them that had one, as
// the file wrote it): a group made
// only of owned handlers is removed, and from a group that also holds other handlers only our
// handler element goes. The entry's group is then appended at the end of the event's array
// (written in place of the last group when that one was ours alone), creating the event or
// "hooks" member at the end of its object when missing. A foreign group is only ever edited
// to take out a stale handler of ours.
//
// Every other byte of src is kept; inserted text follows the file's indentation, line endings
// and compactness. A blank src (a missing file) counts as an empty object and the result then
// ends with a newline; a leading byte order mark is kept. Bad input yields a *SyntaxError or
// *StructureError and no result. Entries should have distinct (Event, Matcher) pairs.
func InsertEntries(src []byte, entries []Entry, ours OwnerFunc) ([]byte, error) {
	return withBOM(src, func(src []byte) ([]byte, error) { return install(src, entries, ours) })
}

func install(src []byte, entries []Entry, ours OwnerFunc) ([]byte, error) {
	if ours == nil {
		return nil, errors.New("install: no owner function")
	}
	blank := isBlank(src)
	if blank {
		if len(entries) == 0 {
			return src, nil
		}
		src = []byte(emptyDocument)
	} else if err := checkSyntax(src); err != nil {
		return nil, err
	}
	d, err := parseDocument(src)
	if err != nil {
		return nil, err
	}
	// The style is read once: later entries then follow the same layout as the first.
	st := detectStyle(d)
	// Entries whose events already exist are edited in one splice of the file: their edits
	// fall inside different event arrays, so none moves another's offsets, and the result is
	// the one entry-by-entry editing gives. An entry that creates "hooks" or its event, or
	// meets an event already edited, first applies what was gathered.
	var pending []edit
	touched := map[string]bool{}
	flush := func() error {
		if len(pending) > 0 {
			nd, err := d.editHooks(pending)
			if err != nil {
				return err
			}
			d, pending = nd, nil
			clear(touched)
		}
		return nil
	}
	for _, e := range entries {
		if e.Event == "" {
			return nil, errors.New("install: entry has no event name")
		}
		if !utf8.ValidString(e.Command) {
			// Claude Code reads settings as UTF-8: such bytes would reach the shell as U+FFFD.
			return nil, fmt.Errorf("install: the command %q holds bytes that are not UTF-8, which Claude Code cannot run", e.Command)
		}
		if touched[e.Event] {
			if err := flush(); err != nil {
				return nil, err
			}
		}
		i, err := d.findEvent(e.Event)
		if err != nil {
			return nil, err
		}
		if i >= 0 {
			edits, err := eventEdits(d, st, e, i, ours)
			if err != nil {
				return nil, err
			}
			pending = append(pending, edits...)
			touched[e.Event] = true
			continue
		}
		if err := flush(); err != nil {
			return nil, err
		}
		if d, err = installOne(d, st, e, ours); err != nil {
			return nil, err
		}
	}
	out := d.src
	if len(pending) > 0 {
		// The last splice: only its bytes are needed, not the hooks object parsed again.
		if out, err = apply(d.src, pending); err != nil {
			return nil, err
		}
	}
	if blank {
		return append(out, '\n'), nil
	}
	return out, nil
}

// installOne installs e into d and returns the edited document.
func installOne(d *document, st style, e Entry, ours OwnerFunc) (*document, error) {
	src := d.src
	gn := groupNode(e, "")
	if d.hooksIdx < 0 {
		v := objectNode(field{e.Event, arrayNode(gn)})
		ed := st.appendItem(src, d.root, func(st style, base string, compact bool) string {
			return st.member("hooks", v, base, compact)
		})
		out, err := apply(src, []edit{ed})
		if err != nil {
			return nil, err
		}
		return parseDocument(out)
	}
	i, err := d.findEvent(e.Event)
	if err != nil {
		return nil, err
	}
	if i < 0 {
		ed := st.appendItem(src, d.hooks, func(st style, base string, compact bool) string {
			return st.member(e.Event, arrayNode(gn), base, compact)
		})
		return d.editHooks([]edit{ed})
	}
	edits, err := eventEdits(d, st, e, i, ours)
	if err != nil || len(edits) == 0 {
		return d, err
	}
	return d.editHooks(edits)
}

// eventEdits returns the edits that install e into hooks member i of d, an existing event;
// none when e is installed there already.
func eventEdits(d *document, st style, e Entry, i int, ours OwnerFunc) ([]edit, error) {
	src := d.src
	ev, err := d.event(i, ours)
	if err != nil {
		return nil, err
	}
	if installed(ev, e) {
		return nil, nil
	}
	gn := groupNode(e, keptTimeout(ev, e))
	elem := func(st style, base string, compact bool) string { return st.render(gn, base, compact) }
	if len(ev.groups) == 0 {
		return []edit{st.appendItem(src, ev.arr, elem)}, nil
	}
	edits, gone := ownedRemoval(ev, func(g group) bool { return g.matcher == e.Matcher })
	last := len(ev.groups) - 1
	var add edit
	if gone[last] {
		// Our own group is already last: write the new one in its place.
		gone[last] = false
		add = st.replaceLast(src, ev.arr, elem)
	} else {
		add = st.appendItem(src, ev.arr, elem)
	}
	es, all := removeItems(ev.arr, gone)
	if all {
		return nil, fmt.Errorf("internal error: %s: every group removed", ev.path)
	}
	return append(append(edits, es...), add), nil
}

// keptTimeout returns the text of the timeout that installing e over ev keeps: with
// e.KeepTimeout, that of the first owned handler with a timeout in the groups matching
// e.Matcher; "" for none.
func keptTimeout(ev event, e Entry) string {
	if !e.KeepTimeout {
		return ""
	}
	for _, g := range ev.groups {
		if g.matcher != e.Matcher {
			continue
		}
		for _, h := range g.list {
			if h.owned && h.hasTimeout {
				return h.timeoutRaw
			}
		}
	}
	return ""
}

// installed reports whether ev already holds e exactly as InsertEntries would leave it: the groups
// matching e.Matcher hold one owned handler, and it is the wanted one. A handler of an earlier
// form (without the statusMessage, say) is not: the install writes the current form in its place.
func installed(ev event, e Entry) bool {
	var ours []handlerItem
	for _, g := range ev.groups {
		if g.matcher != e.Matcher {
			continue
		}
		for _, h := range g.list {
			if h.owned {
				ours = append(ours, h)
			}
		}
	}
	if len(ours) != 1 {
		return false
	}
	h := ours[0]
	return h.typ == "command" && h.command == e.Command &&
		h.hasTimeout && (e.KeepTimeout || h.timeout == float64(e.Timeout)) && !h.odd &&
		h.hasStatus == (e.StatusMessage != "") && h.status == e.StatusMessage &&
		h.hasShell == (e.Shell != "") && h.shell == e.Shell
}
