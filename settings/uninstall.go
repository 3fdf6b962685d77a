package settings

import (
	"bytes"
	"slices"
)

// RemoveEntries removes every handler whose command satisfies ours, in the given events (nil means
// every event under "hooks").
//
// A group that becomes empty because of that is removed, and so is an event array or a "hooks"
// object that becomes empty because of that; the root object stays (as "{}" when nothing else
// is left). Containers that were empty before are left alone. Without a ledger, uninstalling
// right after InsertEntries restores src byte for byte except where InsertEntries filled a container that
// already existed empty (such as `"Stop": []`): RemoveEntriesWith, given the file's Ledger, puts
// such a container back as it was.
//
// When nothing is owned, src itself is returned. Bad input on the events it reads yields a
// *SyntaxError or *StructureError and no result. A leading byte order mark is kept.
func RemoveEntries(src []byte, events []string, ours OwnerFunc) ([]byte, error) {
	return RemoveEntriesWith(src, events, ours, nil)
}

// RemoveEntriesWith is RemoveEntries guided by the file's ledger: a container that became empty is
// removed when the ledger says a write created it, written back as it was when the ledger holds
// its earlier (empty) text, and otherwise kept, empty. A nil ledger removes every container
// that became empty.
func RemoveEntriesWith(src []byte, events []string, ours OwnerFunc, l *Ledger) ([]byte, error) {
	return RemoveGroupsWith(src, everyGroup(events), ours, l)
}

// Group names matcher groups of one event: those whose matcher is Matcher, or every group of the
// event when Matcher is "". Two profiles may each own a group of one event (PreToolUse with
// another matcher); a removal of one leaves the other's.
type Group struct {
	Event   string
	Matcher string
}

// picks reports whether g names the group with matcher m of event ev.
func (g Group) picks(ev, m string) bool { return g.Event == ev && (g.Matcher == "" || g.Matcher == m) }

// everyGroup names every group of each of events (nil: of every event).
func everyGroup(events []string) []Group {
	if events == nil {
		return nil
	}
	out := []Group{} // not nil, which would name every event
	for _, e := range events {
		out = append(out, Group{Event: e})
	}
	return out
}

// RemoveGroupsWith is RemoveEntriesWith for the named groups only (nil: every group of every
// event).
func RemoveGroupsWith(src []byte, groups []Group, ours OwnerFunc, l *Ledger) ([]byte, error) {
	return removeWith(src, func(*document) []Group { return groups }, ours, l)
}

// ChooseEvents picks the groups whose owned entries go, from the handlers of the events that a
// removal consults first.
type ChooseEvents func(consulted []Handler) []Group

// RemoveChosenEntries is RemoveGroupsWith for groups chosen from the file itself: choose is
// given the handlers of the events named in consult (an event there with bad structure is
// left out rather than failing the removal) and returns the groups to remove entries from. The
// file is checked and parsed once for both.
func RemoveChosenEntries(src []byte, consult []string, choose ChooseEvents, ours OwnerFunc, l *Ledger) ([]byte, error) {
	return removeWith(src, func(d *document) []Group {
		var consulted []Handler
		for _, name := range consult {
			i, n := d.hooks.find(name)
			if n != 1 {
				continue
			}
			if ev, err := d.event(i, nil); err == nil {
				consulted = append(consulted, ev.handlers()...)
			}
		}
		if groups := choose(consulted); groups != nil {
			return groups
		}
		return []Group{} // not nil, which would name every event
	}, ours, l)
}

// removeWith removes the owned entries of the groups that pick names once the file is parsed.
func removeWith(src []byte, pick func(*document) []Group, ours OwnerFunc, l *Ledger) ([]byte, error) {
	out, err := withBOM(src, func(src []byte) ([]byte, error) { return uninstall(src, pick, ours, l) })
	if err == nil && bytes.Equal(out, src) {
		return src, nil
	}
	return out, err
}

// emptied says what happens to a container on the hooks path that became empty: removed
// (remove), written as text, or kept as it is now, empty.
func emptied(l *Ledger, path string) (remove bool, text string, restore bool) {
	if l == nil {
		return true, "", false
	}
	v, ok := l.Containers[path]
	switch {
	case !ok:
		return false, "", false
	case v == nil:
		return true, "", false
	}
	return false, *v, true
}

// emptyContainer is the edit that leaves container c (whose value spans [start, end)) empty or,
// when restore is set, written as text.
func emptyContainer(c container, start, end int, text string, restore bool) edit {
	if restore {
		return edit{start: start, end: end, text: text}
	}
	return edit{start: c.open + 1, end: c.close}
}

func uninstall(src []byte, pick func(*document) []Group, ours OwnerFunc, l *Ledger) ([]byte, error) {
	var groups []Group
	d, evs, err := readEvents(src, func(d *document) []string {
		if groups = pick(d); groups == nil {
			return nil
		}
		names := []string{}
		for _, g := range groups {
			names = append(names, g.Event)
		}
		return names
	}, ours)
	if err != nil {
		return nil, err
	}
	if d == nil {
		return src, nil
	}
	var edits []edit
	eventGone := make([]bool, len(d.hooks.items))
	anyGone := false
	for _, ev := range evs {
		es, gone := removeOwned(ev, func(g group) bool {
			return groups == nil || slices.ContainsFunc(groups, func(p Group) bool { return p.picks(ev.key, g.matcher) })
		})
		if !gone {
			edits = append(edits, es...)
			continue
		}
		remove, text, restore := emptied(l, ev.path)
		if remove {
			eventGone[ev.idx] = true
			anyGone = true
			continue
		}
		start, end := span(ev.val)
		edits = append(edits, emptyContainer(ev.arr, start, end, text, restore))
	}
	if anyGone {
		es, all := removeItems(d.hooks, eventGone)
		if all {
			es = d.hooksEmptied(l)
		}
		edits = append(edits, es...)
	}
	if len(edits) == 0 {
		return src, nil
	}
	return apply(src, edits)
}

// hooksEmptied returns the edits for a "hooks" object whose every member goes.
func (d *document) hooksEmptied(l *Ledger) []edit {
	remove, text, restore := emptied(l, "hooks")
	if !remove {
		start, end := span(d.root.items[d.hooksIdx].val)
		return []edit{emptyContainer(d.hooks, start, end, text, restore)}
	}
	hooksGone := make([]bool, len(d.root.items))
	hooksGone[d.hooksIdx] = true
	es, all := removeItems(d.root, hooksGone)
	if !all {
		return es
	}
	_, text, restore = emptied(l, "")
	return []edit{emptyContainer(d.root, d.root.open, d.root.close+1, text, restore)}
}

// removeOwned computes the edits that remove the owned handlers of the groups of ev that pick
// selects; gone is true when every group of ev goes (ev's array becomes empty).
func removeOwned(ev event, pick func(group) bool) (edits []edit, gone bool) {
	edits, groupGone := ownedRemoval(ev, pick)
	es, all := removeItems(ev.arr, groupGone)
	if all {
		return nil, true
	}
	return append(edits, es...), false
}

// ownedRemoval plans taking the owned handlers out of the groups of ev that pick selects (nil:
// every group). gone marks the picked groups made only of owned handlers: they go whole, and
// the caller removes them from ev.arr. edits take the owned handlers out of the other picked
// groups, with exactly the separators an append would have added.
func ownedRemoval(ev event, pick func(group) bool) (edits []edit, gone []bool) {
	gone = make([]bool, len(ev.groups))
	for gi, g := range ev.groups {
		switch {
		case g.nOwned == 0 || pick != nil && !pick(g):
		case g.wholeOwned():
			gone[gi] = true
		default:
			owned := make([]bool, len(g.list))
			for hi, h := range g.list {
				owned[hi] = h.owned
			}
			es, _ := removeItems(g.handlers, owned)
			edits = append(edits, es...)
		}
	}
	return edits, gone
}

// events parses the named events (nil means all of them) that exist under hooks, in file order.
func (d *document) events(names []string, ours OwnerFunc) ([]event, error) {
	var out []event
	for i, it := range d.hooks.items {
		if names != nil && !slices.Contains(names, it.key) {
			continue
		}
		if _, err := d.hooks.lookup(it.key, "hooks"); err != nil {
			return nil, err
		}
		ev, err := d.event(i, ours)
		if err != nil {
			return nil, err
		}
		out = append(out, ev)
	}
	return out, nil
}

// IsEmpty reports whether src is blank or holds nothing but an empty object ("{}" with any
// whitespace around or inside it): what RemoveEntries leaves of a file that InsertEntries created.
func IsEmpty(src []byte) bool {
	t := bytes.TrimSpace(cutBOM(src))
	if len(t) == 0 {
		return true
	}
	return t[0] == '{' && t[len(t)-1] == '}' && len(bytes.TrimSpace(t[1:len(t)-1])) == 0
}

// readEvents parses src and the events that pick names (nil: every event) once the document is
// parsed. d is nil, with no error, when src is blank or has no "hooks" object: there is nothing
// to read.
func readEvents(src []byte, pick func(*document) []string, ours OwnerFunc) (d *document, evs []event, err error) {
	if isBlank(src) {
		return nil, nil, nil
	}
	if err := checkSyntax(src); err != nil {
		return nil, nil, err
	}
	if d, err = parseDocument(src); err != nil {
		return nil, nil, err
	}
	if d.hooksIdx < 0 {
		return nil, nil, nil
	}
	if evs, err = d.events(pick(d), ours); err != nil {
		return nil, nil, err
	}
	return d, evs, nil
}
