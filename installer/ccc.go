package installer

import (
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// The supervisor default and its checks live in ccc.json, the supervisor's own file: these are
// the only functions of the package that read or write it.

// onByDefault reports the supervisor default of the ccc.json at path (off when unreadable).
func onByDefault(path string) bool {
	sup, _, err := config.Load(path)
	return err == nil && sup.Enabled
}

// setDefault is the change of a ccc.json that sets the supervisor default.
func setDefault(on bool) settings.ChangeFunc { return config.SetEnabled(on) }

// SupervisorOnByDefault reports whether the supervisor reviews every session by default (off
// when ccc.json cannot be read).
func (l Locator) SupervisorOnByDefault() bool { return onByDefault(paths.ConfigFile(l.Getenv)) }

// supervisorDefaultChange sets the supervisor default in ccc.json, as
// `ccc-hooks supervisor on|off --default` does.
func supervisorDefaultChange(loc Locator, on bool) fileChange {
	path := paths.ConfigFile(loc.Getenv)
	state := "off"
	if on {
		state = "on"
	}
	return fileChange{
		path:   path,
		change: setDefault(on),
		done:   func(settings.Change) string { return fmt.Sprintf("The supervisor is %s by default (%s).", state, path) },
	}
}

// Checks returns supervisor.checks as ccc.json holds them now (none when it cannot be read).
func (l Locator) Checks() []config.Check {
	sup, _, err := config.Load(paths.ConfigFile(l.Getenv))
	if err != nil {
		return nil
	}
	return sup.Checks
}

// checksChange sets supervisor.checks in ccc.json to list.
func checksChange(loc Locator, list []config.Check) fileChange {
	path := paths.ConfigFile(loc.Getenv)
	return fileChange{
		path:   path,
		change: config.SetChecks(list),
		done: func(settings.Change) string {
			if len(list) == 0 {
				return fmt.Sprintf("No checks run before a review (%s).", path)
			}
			return fmt.Sprintf("%d check%s run before each Stop review, behind a copy-on-write wall (%s).", len(list), plural(len(list), "", "s"), path)
		},
	}
}

// both is the changes a and b of one file made as one: one diff, one write, both said.
func both(a, b fileChange) fileChange {
	return fileChange{
		path: a.path,
		change: func(old []byte, exists bool) ([]byte, bool, error) {
			mid, _, err := a.change(old, exists)
			if err != nil {
				return nil, false, err
			}
			return b.change(mid, true)
		},
		done: func(ch settings.Change) string { return a.done(ch) + "\n" + b.done(ch) },
	}
}
