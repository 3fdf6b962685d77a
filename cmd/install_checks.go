package cmd

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
)

// installChecks asks, on a terminal and for the supervisor, which checks (supervisor.checks) a
// Stop review runs first: a yes or no, offering yes where checks are set, then each command in
// turn, offering the one set now, until an empty answer or "-" (a question with an answer
// offered cannot be answered empty). Pressing Enter throughout keeps the list as it is; "No"
// empties it. The checks of one project (with "project") are neither asked
// about nor changed, and a command kept keeps its time limit. nil: ccc.json stays as it is.
func installChecks(env *Env, loc installer.Locator, p installer.Profile, ask bool) (*[]config.Check, error) {
	if !ask || p.Name != installer.Supervisor.Name {
		return nil, nil
	}
	all := loc.Checks()
	var global, scoped []config.Check
	for _, c := range all {
		if c.Project == "" {
			global = append(global, c)
		} else {
			scoped = append(scoped, c)
		}
	}
	yes, err := env.Prompter.Confirm("Run checks (your tests, linters) before each Stop review?", len(global) > 0)
	if err != nil {
		return nil, err
	}
	var picked []config.Check
	for i := 0; yes && i < config.MaxChecks-len(scoped); i++ {
		def, hint := "", "empty to end the list"
		if i < len(global) {
			def, hint = global[i].Command, "Enter keeps it, - ends the list here"
		}
		answer, err := env.Prompter.Input(fmt.Sprintf("Check %d: a shell command, run in the session's directory (%s):", i+1, hint), def, nil)
		if err != nil {
			return nil, err
		}
		cmd := strings.TrimSpace(answer)
		if cmd == "" || cmd == "-" {
			break
		}
		c := config.Check{Command: cmd, TimeoutSeconds: config.DefaultCheckTimeoutSeconds}
		if j := slices.IndexFunc(global, func(g config.Check) bool { return g.Command == cmd }); j >= 0 {
			c = global[j]
		}
		picked = append(picked, c)
	}
	if slices.Equal(picked, global) {
		return nil, nil
	}
	list := slices.Concat(picked, scoped)
	return &list, nil
}
