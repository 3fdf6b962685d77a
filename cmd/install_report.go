package cmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// installDone says what an install did to its file: the events installed, and when the
// profile's installed events were narrowed, the entries it took out and those it left because
// another profile in the file uses them.
func installDone(p installer.Profile, events []installer.Event, target installer.Target, ch settings.Change) string {
	msg := fmt.Sprintf("Installed the %s hooks (%s) into %s.", p.Name, eventLabels(events), target)
	if len(events) == len(p.Events) {
		return msg
	}
	had, has := ourEvents(p, ch.Old), ourEvents(p, ch.New)
	var removed, kept []installer.Event
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

// ourEvents returns the events of p that carry an entry of ours in data, bytes a change
// checked.
func ourEvents(p installer.Profile, data []byte) []installer.Event {
	return p.Installed(installer.CheckedRefs(data)).Events
}

// installedBefore reports whether profile p was installed in a file holding data (bytes a
// change checked), with ledger l (nil: none).
func installedBefore(p installer.Profile, data []byte, l *installer.Ledger) bool {
	return slices.ContainsFunc(installedProfiles(data, l), func(q installer.Profile) bool { return q.Name == p.Name })
}

// installedProfiles lists the profiles installed in a file holding data, with ledger l.
func installedProfiles(data []byte, l *installer.Ledger) []installer.Profile {
	return installer.InstalledWith(installer.CheckedRefs(data), l)
}

// othersNames names the profiles other than p installed in a file holding data, with ledger l.
func othersNames(p installer.Profile, data []byte, l *installer.Ledger) string {
	var names []string
	for _, q := range installedProfiles(data, l) {
		if q.Name != p.Name {
			names = append(names, "the "+q.Name+" profile")
		}
	}
	if len(names) == 0 {
		return "another installation"
	}
	return strings.Join(names, " and ")
}

// scopeNote says, for the project and local scopes started below the top of a git repository,
// which directory counts: Claude Code reads the project settings file only in the directory it
// is started in, and the local one at the repository's top level. "" elsewhere.
func scopeNote(loc installer.Locator, target installer.Target) string {
	start, root := loc.ProjectDir, loc.RootDir()
	if start == "" || start == root {
		return ""
	}
	switch target.Scope {
	case installer.ScopeProject:
		return fmt.Sprintf("Claude Code reads %s only when started in %s; started at the top of the repository it reads "+
			"%s instead (install there with --project-dir %s, or use --scope local, read from %s wherever Claude Code starts in it).\n",
			target.Path, start, paths.ProjectFile(root), root, root)
	case installer.ScopeLocal:
		return fmt.Sprintf("Claude Code started anywhere in %s reads %s (the local settings of the repository's top level).\n",
			root, target.Path)
	}
	return ""
}
