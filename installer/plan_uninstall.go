package installer

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// PlanUninstall plans taking profile's entries out of target: the settings file, the command
// files that go with the profile's last installation (uninstallFiles) and the ledger's record.
func PlanUninstall(loc Locator, target Target, profile Profile) Plan {
	return Plan{
		verb:   "uninstall",
		home:   paths.Home(loc.Getenv),
		target: target,
		settings: func(before *settings.Ledger) fileChange {
			return fileChange{
				path: target.Path,
				// The ledger is read under the writer lock: another ccc-hooks may be installing
				// into the same file, and what it creates must go with our entries.
				ledgered: func(l *settings.Ledger) settings.ChangeFunc { return Uninstall{Profile: profile, Ledger: l}.Change },
				done: func(ch settings.Change) string {
					done := uninstallDone(profile, target, ch, before)
					if profile.Name == Workflow.Name {
						done += openTasksNote(loc, target, ch.New)
					}
					return done
				},
			}
		},
		inexact: func(rec settings.Record, ch settings.Change) string { return inexactNote(target, rec, ch) },
		follow: func(ch settings.Change) []fileChange {
			return append(ownCommandWarnings("uninstall", ch.New, profile.Events), uninstallFiles(loc, target, profile, ch.New)...)
		},
		record: func(st *settings.FileStore, _ time.Time) error {
			err := noteUninstall(st, target.Path, profile.Name)
			if _, gone := os.Lstat(target.Path); err != nil && errors.Is(gone, fs.ErrNotExist) {
				// The file is gone, as said: what is left is bookkeeping, which the next run's tidy does.
				return errors.New(settings.RecordNotDropped(target.Path, err))
			}
			return err
		},
		note: func(ch settings.Change, before *settings.Ledger, dryRun bool) string {
			if !installedBefore(profile, ch.Old, before) {
				return fmt.Sprintf("%s: no %s hooks of ccc-hooks, nothing to remove.\n%s", target, profile.Name, installedElsewhere(loc, target))
			}
			// Every entry it had is one another profile uses too: they stay, and the profile goes.
			verb := "Removed"
			if dryRun {
				verb = "Would remove"
			}
			return fmt.Sprintf("%s the %s hooks from %s.%s\n", verb, profile.Name, target, keptNote(profile, ch.Old, before))
		},
	}
}

// uninstallFiles returns the command files an uninstall of profile from target removes, given
// what target holds after (after): /supervisor and /supervisor-off serve every scope, so they
// go with the last supervisor installation in any settings file Claude Code reads; the /mc
// commands live beside the scope, so they go with the last workflow installation whose
// commands live there.
func uninstallFiles(loc Locator, target Target, profile Profile, after []byte) []fileChange {
	switch profile.Name {
	case Supervisor.Name:
		dir := loc.ClaudeDir()
		if hasOurSlashCommands(dir, profile) && !loc.InstalledAnywhere(profile, target.Path, after) {
			return slashCommandRemovals(profile, dir)
		}
	case Workflow.Name:
		dir := loc.commandsDir(target)
		if !loc.workflowInstalledBeside(dir, target.Path, after) {
			return slashCommandRemovals(profile, dir)
		}
	}
	return nil
}

// inexactNote says where an uninstall cannot be exact, before it writes: no record of what
// install created in the file is acted on (none was kept — an install by an older version, a
// ledger removed — or the one there is another user's, see settings.Record), so every container
// our entries leave empty goes, though it may have been there before install, and a file left
// holding only {} stays, though install may have created it. "" when the change does neither.
func inexactNote(target Target, rec settings.Record, ch settings.Change) string {
	if !ch.Changed || ch.Removed {
		return ""
	}
	var what []string
	if gone := settings.RemovedContainers(ch.Old, ch.New); len(gone) > 0 {
		what = append(what, fmt.Sprintf("it takes out %s, which our entries leave empty, though %s may have been there before install",
			strings.Join(gone, ", "), plural(len(gone), "it", "they")))
	}
	if settings.IsEmpty(ch.New) {
		what = append(what, "the file stays, holding no setting, though install may have created it")
	}
	if len(what) == 0 {
		return ""
	}
	why := "ccc-hooks keeps no record of what install created in it"
	if rec.Untrusted != "" {
		why = "the record of what install created in it is not acted on: " + rec.Untrusted
	}
	return fmt.Sprintf("uninstall cannot be exact for %s: %s. So %s.", target, why, strings.Join(what, "; "))
}
