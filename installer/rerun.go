package installer

import (
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// ProjectIsUser reports whether the project settings file of l is the user settings file: Claude
// Code started in the home directory (the folder whose .claude is the Claude config dir) finds
// ~/.claude/settings.json in both places. There is no project to install for: the shared command
// `ccc-hooks hook` of project scope would land in the user's own file, and run from PATH where
// the user scope runs this binary by its path.
func (l Locator) ProjectIsUser() bool {
	if l.ProjectDir == "" {
		return false
	}
	return SamePath(paths.ProjectFile(l.ProjectDir), l.Place().UserFile())
}

// LastInstall returns, of targets, the one where profile p was installed last: the newest by its
// ledger's note of the install, else the first of targets that holds p. ok is false when none
// does. A re-run of install offers it, so that Enter throughout changes nothing.
func (l Locator) LastInstall(p Profile, targets []Target) (last Target, ok bool) {
	var newest InstallNote
	for _, t := range targets {
		if !hasProfile(l.InstalledIn(t.Path), p) {
			continue
		}
		var note InstallNote
		for _, n := range InstallNotes(l.Ledger(t.Path)) {
			if n.Profile == p.Name {
				note = n
			}
		}
		if !ok || note.At.After(newest.At) {
			last, newest, ok = t, note, true
		}
	}
	return last, ok
}

// HasSlashCommands reports whether the command files of profile p that ccc-hooks writes into the
// Claude config dir are there (the supervisor's /supervisor and /supervisor-off).
func (l Locator) HasSlashCommands(p Profile) bool {
	return hasOurSlashCommands(l.ClaudeDir(), p)
}

func hasProfile(ps []Profile, p Profile) bool {
	for _, q := range ps {
		if q.Name == p.Name {
			return true
		}
	}
	return false
}
