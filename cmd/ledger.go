package cmd

import (
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// noteInstall records in the ledger that profile's events were installed into target, with
// the flags that put them back (doctor offers them when the hooks vanish). A failure to
// record is a warning: the settings file itself is already as asked.
func noteInstall(env *Env, target installer.Target, f *targetFlags, profile installer.Profile, events []installer.Event) {
	labels := make([]string, len(events))
	names := make([]string, len(events))
	for i, e := range events {
		labels[i], names[i] = e.Label(), e.Name
	}
	args := []string{"install", "--profile", profile.Name, "--events", strings.Join(names, ",")}
	switch target.Scope {
	case installer.ScopeFile:
		args = append(args, "--file", target.Path)
	case installer.ScopeProvider:
		args = append(args, "--scope", target.Scope, "--provider", f.Provider)
	case installer.ScopeProject, installer.ScopeLocal:
		if loc, err := f.locator(env); err == nil {
			args = append(args, "--scope", target.Scope, "--project-dir", loc.ProjectDir)
		}
	default:
		args = append(args, "--scope", target.Scope)
	}
	in := installer.Record{Profile: profile.Name, Events: labels, At: env.Now(), Reinstall: args}
	if err := installer.NoteInstall(store(env), target.Path, in); err != nil {
		warnf(env, "%v", err)
	}
}
