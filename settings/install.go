package settings

import (
	"errors"
	"fmt"
)

// emptyDocument is what a missing or blank file counts as.
const emptyDocument = "{}"

// Install returns src with every entry present exactly once, owned handlers elsewhere untouched.
//
// For each entry, the groups of hooks.<Event> whose matcher equals entry.Matcher (an absent
// matcher equals "") are examined. When they hold exactly one owned handler, alone in its group
// and equal to the wanted one (type "command", same command, same timeout), nothing changes.
// Otherwise the groups made only of owned handlers are removed and the entry's group is appended
// at the end of the event's array (creating the event or "hooks" member at the end of its
// object when missing). Groups holding any handler that ours does not claim are never edited.
//
// Every other byte of src is kept; inserted text follows the file's indentation, line endings
// and compactness. A blank src (a missing file) counts as an empty object and the result then
// ends with a newline. Bad input yields a *SyntaxError or *StructureError and no result.
// Entries should have distinct (Event, Matcher) pairs.
func Install(src []byte, entries []Entry, ours OwnerFunc) ([]byte, error) {
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
	for _, e := range entries {
		if e.Event == "" {
			return nil, errors.New("install: entry has no event name")
		}
		if d, err = installOne(d, st, e, ours); err != nil {
			return nil, err
		}
	}
	if blank {
		return append(d.src, '\n'), nil
	}
	return d.src, nil
}

// installOne installs e into d and returns the edited document.
func installOne(d *document, st style, e Entry, ours OwnerFunc) (*document, error) {
	src := d.src
	group := groupNode(e)
	if d.hooksIdx < 0 {
		v := objectNode(field{e.Event, arrayNode(group)})
		ed := st.appendItem(src, d.root, func(base string, compact bool) string {
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
		ed := st.appendItem(src, d.hooks, func(base string, compact bool) string {
			return st.member(e.Event, arrayNode(group), base, compact)
		})
		return d.editHooks([]edit{ed})
	}
	ev, err := d.event(i, ours)
	if err != nil {
		return nil, err
	}
	if installed(ev, e) {
		return d, nil
	}
	elem := func(base string, compact bool) string { return st.render(group, base, compact) }
	if len(ev.groups) == 0 {
		return d.editHooks([]edit{st.appendItem(src, ev.arr, elem)})
	}
	removed := make([]bool, len(ev.groups))
	for gi, g := range ev.groups {
		removed[gi] = g.matcher == e.Matcher && g.wholeOwned()
	}
	last := len(ev.groups) - 1
	var add edit
	if removed[last] {
		// Our own group is already last: write the new one in its place.
		removed[last] = false
		add = replaceLast(src, ev.arr, elem)
	} else {
		add = st.appendItem(src, ev.arr, elem)
	}
	edits, all := removeItems(ev.arr, removed)
	if all {
		return nil, fmt.Errorf("internal error: %s: every group removed", ev.path)
	}
	return d.editHooks(append(edits, add))
}

// installed reports whether ev already holds e exactly as Install would leave it.
func installed(ev event, e Entry) bool {
	n := 0
	ok := false
	for _, g := range ev.groups {
		if g.matcher != e.Matcher {
			continue
		}
		for _, h := range g.list {
			if !h.owned {
				continue
			}
			n++
			ok = len(g.list) == 1 && h.typ == "command" && h.command == e.Handler.Command &&
				h.hasTimeout && h.timeout == float64(e.Handler.Timeout)
		}
	}
	return n == 1 && ok
}
