package installer

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// installDone says what an install did to its file: the events installed, and when the
// profile's installed events were narrowed, the entries it took out and those it left because
// another profile in the file uses them.
func installDone(p Profile, events []Event, target Target, ch settings.Change) string {
	msg := fmt.Sprintf("Installed the %s hooks (%s) into %s.", p.Name, eventLabels(events), target)
	if len(events) == len(p.Events) {
		return msg
	}
	had, has := ourEvents(p, ch.Old), ourEvents(p, ch.New)
	var removed, kept []Event
	for _, e := range p.Events {
		switch {
		case slices.Contains(events, e) || !slices.Contains(had, e):
		case slices.Contains(has, e):
			kept = append(kept, e)
		default:
			removed = append(removed, e)
		}
	}
	if len(removed) > 0 {
		msg += fmt.Sprintf(" Removed %s, no longer chosen.", eventLabels(removed))
	}
	if len(kept) > 0 {
		msg += fmt.Sprintf(" %s stays: another profile installed there uses it.", eventLabels(kept))
	}
	return msg
}

// uninstallDone says what an uninstall did to its file, given the file's ledger before.
func uninstallDone(p Profile, target Target, ch settings.Change, before *settings.Ledger) string {
	if ch.Removed {
		return fmt.Sprintf("Removed the %s hooks; %s was created by ccc-hooks and is gone again.", p.Name, target)
	}
	return fmt.Sprintf("Removed the %s hooks from %s.%s%s", p.Name, target, keptNote(p, ch.Old, before), filledNote(ch, before))
}

// filledNote says which containers an uninstall took out that held only entries of ccc-hooks
// another install put there (settings.Ledger.Filled): they went with them, though they may have
// been there, empty, before that install. "" when none.
func filledNote(ch settings.Change, l *settings.Ledger) string {
	if l == nil {
		return ""
	}
	var gone []string
	for _, c := range settings.RemovedContainers(ch.Old, ch.New) {
		if slices.Contains(l.Filled, c) {
			gone = append(gone, c)
		}
	}
	if len(gone) == 0 {
		return ""
	}
	return fmt.Sprintf(" It took out %s too, which held only entries of ccc-hooks that another install put there (from another ccc-hooks home, say); "+
		"if %s there, empty, before that install, put %s back by hand.", strings.Join(gone, ", "), plural(len(gone), "it was", "they were"), plural(len(gone), "it", "them"))
}

// ourEvents returns the events of p that carry an entry of ours in data, bytes a change
// checked.
func ourEvents(p Profile, data []byte) []Event {
	return p.Installed(handlersOf(data)).Events
}

// othersNames names the profiles other than p installed in a file holding data, with ledger l.
func othersNames(p Profile, data []byte, l *settings.Ledger) string {
	var names []string
	for _, q := range InstalledWith(handlersOf(data), l) {
		if q.Name != p.Name {
			names = append(names, "the "+q.Name+" profile")
		}
	}
	if len(names) == 0 {
		return "another installation"
	}
	return strings.Join(names, " and ")
}

// keptNote says which entries of profile an uninstall leaves in a file holding data (bytes a
// change checked, with ledger l) because another profile installed there uses them; "" when none.
func keptNote(profile Profile, data []byte, l *settings.Ledger) string {
	kept := Uninstall{Profile: profile, Ledger: l}.Kept(handlersOf(data))
	if len(kept) == 0 {
		return ""
	}
	return fmt.Sprintf(" %s stays: %s installed there uses it.", eventLabels(kept), othersNames(profile, data, l))
}

// installedElsewhere names the settings files where ccc-hooks is installed, for someone who
// looked in the wrong one.
func installedElsewhere(loc Locator, target Target) string {
	targets := loc.All()
	if !slices.ContainsFunc(targets, func(t Target) bool { return t.Path == target.Path }) {
		targets = append(targets, target)
	}
	var b strings.Builder
	for _, t := range targets {
		profiles := loc.InstalledIn(t.Path)
		if len(profiles) == 0 {
			continue
		}
		names := make([]string, len(profiles))
		for i, p := range profiles {
			names[i] = p.Name
		}
		fmt.Fprintf(&b, "  %s: %s\n", t, strings.Join(names, ", "))
	}
	if b.Len() == 0 {
		return "ccc-hooks is not installed in any settings file of this user and project.\n"
	}
	return "ccc-hooks is installed in:\n" + b.String()
}
