package installer

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// summary is what the question before writing stands on: one line for each file the plan
// changes, saying what changes in it. The diffs come first and can be long (a new settings file
// alone is some thirty lines, the slash commands more); on a terminal of 24 rows they scroll
// away, and the settings change being confirmed with them. The summary is short, and printed
// right above the question, so the part being confirmed is always on screen (docs/commands.md).
func summary(planned []plannedChange) []string {
	lines := []string{"Changes to write:"}
	// The command files of one folder that change alike share a line.
	commands := map[string]int{}
	for _, p := range planned {
		if !p.ch.Changed {
			continue
		}
		if name, ok := commandName(p.ch.Path); ok {
			head := filepath.Dir(p.ch.Path) + string(filepath.Separator) + state(p.ch)
			if i, seen := commands[head]; seen {
				lines[i] += ", /" + name
				continue
			}
			commands[head] = len(lines)
			lines = append(lines, "  "+head+": /"+name)
			continue
		}
		lines = append(lines, "  "+changeLine(p.fileChange, p.ch))
	}
	return lines
}

// commandName returns the command a slash command file at path holds, and whether it is one.
func commandName(path string) (string, bool) {
	if filepath.Base(filepath.Dir(path)) != "commands" || !strings.HasSuffix(path, ".md") {
		return "", false
	}
	return strings.TrimSuffix(filepath.Base(path), ".md"), true
}

// state is " (new)" or " (removed)" for a file ch creates or removes, else "".
func state(ch settings.Change) string {
	switch {
	case ch.Removed:
		return " (removed)"
	case !ch.Existed:
		return " (new)"
	}
	return ""
}

// changeLine says in one line what ch, made by fc, does to its file: in fc's own words where it
// has them (ccc.json), for a settings file the entries of ours it adds and removes; else how many
// lines change.
func changeLine(fc fileChange, ch settings.Change) string {
	head := ch.Path + state(ch) + ": "
	if fc.words != nil {
		if words := fc.words(ch); words != "" {
			return head + words
		}
	}
	if words := entriesChanged(ch); words != "" {
		return head + words
	}
	added, removed := lineCounts(ch.Old, ch.New)
	return head + fmt.Sprintf("%d line%s added, %d removed", added, plural(added, "", "s"), removed)
}

// summaryEntry is one handler of ours as the summary names it.
type summaryEntry struct{ event, command, timeout string }

// entriesChanged names the handlers of ours that ch adds and removes in a settings file, by
// event, command and timeout; "" when it is no settings file, or those stay the same.
func entriesChanged(ch settings.Change) string {
	before, okBefore := oursIn(ch.Old)
	after, okAfter := oursIn(ch.New)
	if !okBefore || !okAfter {
		return ""
	}
	added, removed := entriesLess(after, before), entriesLess(before, after)
	var parts []string
	if len(added) > 0 {
		parts = append(parts, "adds "+entryWords(added))
	}
	if len(removed) > 0 {
		parts = append(parts, "removes "+entryWords(removed))
	}
	return strings.Join(parts, "; ")
}

// oursIn returns the handlers of ours in the settings bytes data (nil or empty: none); ok is
// false when data is not a settings file.
func oursIn(data []byte) (out []summaryEntry, ok bool) {
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, true
	}
	handlers, err := settings.Handlers(data)
	if err != nil {
		return nil, false
	}
	for _, h := range handlers {
		if !IsOurs(h) {
			continue
		}
		timeout := "no timeout"
		if h.HasTimeout {
			timeout = fmt.Sprintf("timeout %g s", h.Timeout)
		}
		out = append(out, summaryEntry{Event{Hook: h.Event, Matcher: h.Matcher}.Label(), h.Command, timeout})
	}
	return out, true
}

// entriesLess returns the entries of a that b does not hold.
func entriesLess(a, b []summaryEntry) []summaryEntry {
	var out []summaryEntry
	for _, e := range a {
		if !slices.Contains(b, e) {
			out = append(out, e)
		}
	}
	return out
}

// entryWords names entries: their events, then the command and timeout they share (or each
// one's).
func entryWords(es []summaryEntry) string {
	events := make([]string, len(es))
	for i, e := range es {
		events[i] = e.event
	}
	same := !slices.ContainsFunc(es, func(e summaryEntry) bool { return e.command != es[0].command || e.timeout != es[0].timeout })
	if same {
		return strings.Join(events, ", ") + " running `" + es[0].command + "` (" + es[0].timeout + ")"
	}
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.event + " running `" + e.command + "` (" + e.timeout + ")"
	}
	return strings.Join(parts, ", ")
}

// lineCounts returns how many lines the change from before to after adds and removes, counted as a
// line diff counts them (lines in common, in order, are neither).
func lineCounts(before, after []byte) (added, removed int) {
	a, b := splitLines(before), splitLines(after)
	// The longest common subsequence, on the lines left once the common ends are cut: files
	// here are small, and their changes few.
	for len(a) > 0 && len(b) > 0 && a[0] == b[0] {
		a, b = a[1:], b[1:]
	}
	for len(a) > 0 && len(b) > 0 && a[len(a)-1] == b[len(b)-1] {
		a, b = a[:len(a)-1], b[:len(b)-1]
	}
	if len(a)*len(b) > 1<<22 {
		return len(b), len(a)
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for i := range a {
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev, cur = cur, prev
	}
	common := prev[len(b)]
	return len(b) - common, len(a) - common
}

func splitLines(data []byte) []string {
	if len(data) == 0 {
		return nil
	}
	return strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
}
