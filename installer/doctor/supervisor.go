package doctor

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// supervisorCheck says, near the top, whether the supervisor installed would review anything: on
// by default (supervisor.enabled), or off and switched on for some sessions; off by default and
// on for no session is a warning (installed, it reviews nothing), with the one command that turns
// it on. Where no supervisor hook runs, it says so and nothing more.
type supervisorCheck struct{ env Env }

func (supervisorCheck) Name() string { return "supervisor" }

func (c supervisorCheck) Run(_ context.Context, s *Snapshot) []Result {
	turnOn := fmt.Sprintf("turn it on for every session with `%s supervisor on --default`, or in one session with /supervisor", s.program())
	switch {
	case !s.Supervised(c.env):
		return []Result{ok("no supervisor hook runs here, so no session is reviewed", "")}
	case s.Config.Enabled:
		return []Result{ok("on by default: every session is reviewed unless turned off in it (`"+s.program()+" supervisor off`)", s.ConfigPath)}
	}
	if n := sessionsOn(s.Home); n > 0 {
		return []Result{ok(fmt.Sprintf("off by default, on for %d session%s that turned it on; %s", n, plural(n, "", "s"), turnOn), s.ConfigPath)}
	}
	return []Result{warn("off by default and on for no session, so no session is reviewed: "+turnOn, s.ConfigPath)}
}

// sessionsOn counts the sessions whose state in ccc-hooks home has the supervisor switched on
// (supervisor-<id>.json, "enabled": true): what `supervisor on` wrote, read by the hook.
func sessionsOn(home string) int {
	w, err := safefile.OpenWithin(home, false)
	if err != nil {
		return 0
	}
	defer w.Close()
	names, err := filepath.Glob(filepath.Join(home, "supervisor-*.json"))
	if err != nil {
		return 0
	}
	n := 0
	for _, name := range names {
		data, _, err := w.ReadFile(filepath.Base(name), 1<<16)
		var st struct {
			Enabled bool `json:"enabled"`
		}
		if err == nil && json.Unmarshal(data, &st) == nil && st.Enabled {
			n++
		}
	}
	return n
}
