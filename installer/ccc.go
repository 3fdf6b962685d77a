package installer

import (
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// The supervisor default lives in ccc.json, the supervisor's own file: these are the only
// functions of the package that read or write it.

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
