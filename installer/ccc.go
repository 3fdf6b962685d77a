package installer

import (
	"fmt"
	"slices"
	"strings"

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

// configChange is what an install changes in ccc.json: the supervisor default (on; nil: as it
// is) and the checks (nil: as they are), as one change of the file. The summary before the
// question says each change in words (configWords); once written, the file's line names the
// checks alone, since the next steps say whether the supervisor is on (each fact said once).
func configChange(loc Locator, on *bool, checks *[]config.Check) fileChange {
	path := paths.ConfigFile(loc.Getenv)
	return fileChange{
		path: path,
		change: func(old []byte, exists bool) ([]byte, bool, error) {
			out := old
			if on != nil {
				var err error
				if out, _, err = setDefault(*on)(out, exists); err != nil {
					return nil, false, err
				}
			}
			if checks != nil {
				return config.SetChecks(*checks)(out, exists || on != nil)
			}
			return out, false, nil
		},
		words: func(ch settings.Change) string { return configWords(ch, true) },
		done: func(ch settings.Change) string {
			if words := configWords(ch, false); words != "" {
				return fmt.Sprintf("%s: %s.", path, words)
			}
			return ""
		},
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

// configWords says what ch does to ccc.json, in words: "turns the supervisor on for every
// session; adds the check `make test`" (the default left out unless withDefault); "" when it
// changes neither.
func configWords(ch settings.Change, withDefault bool) string {
	before, _ := config.Parse(ch.Old)
	after, _ := config.Parse(ch.New)
	var parts []string
	if withDefault && before.Enabled != after.Enabled {
		if after.Enabled {
			parts = append(parts, "turns the supervisor on for every session")
		} else {
			parts = append(parts, "turns the supervisor off for every session without a switch of its own")
		}
	}
	if added := checksLess(after.Checks, before.Checks); len(added) > 0 {
		parts = append(parts, "adds "+checkWords(added))
	}
	if removed := checksLess(before.Checks, after.Checks); len(removed) > 0 {
		parts = append(parts, "removes "+checkWords(removed))
	}
	return strings.Join(parts, "; ")
}

// checksLess returns the checks of a that b does not hold.
func checksLess(a, b []config.Check) []config.Check {
	var out []config.Check
	for _, c := range a {
		if !slices.Contains(b, c) {
			out = append(out, c)
		}
	}
	return out
}

// checkWords names checks: "the check `make test`", "the checks `a` and `b`", each with where it
// runs when that is one project ("(in /w)").
func checkWords(list []config.Check) string {
	names := make([]string, len(list))
	for i, c := range list {
		names[i] = "`" + c.Command + "`"
		if c.Project != "" {
			names[i] += " (in " + c.Project + ")"
		}
	}
	if len(names) == 1 {
		return "the check " + names[0]
	}
	return "the checks " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
