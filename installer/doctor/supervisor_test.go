package doctor

import (
	"path/filepath"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// viaPlugin returns s with the supervisor plugin installed and enabled, running ccc-hooks on Stop.
func viaPlugin(s *Snapshot) *Snapshot {
	s.plugins = &pluginsRead{list: []installer.Plugin{{
		Name: installer.Supervisor.Name, ID: "supervisor@ccc-hooks", Scope: "user", Enabled: true,
		InstallPath: "/home/u/.claude/plugins/cache/ccc-hooks/supervisor/1.0",
		Hooks:       []settings.Handler{{Event: "Stop", Type: "command", Command: "ccc-hooks hook"}},
	}}}
	return s
}

// TestSupervisorCheck: the supervisor row says whether the supervisor installed — in settings or
// by the plugin — reviews anything: a warning with the command that turns it on when it is off by
// default and on for no session.
func TestSupervisorCheck(t *testing.T) {
	withHome := func(s *Snapshot, on ...string) *Snapshot {
		s.Home = t.TempDir()
		for i, id := range on {
			testfs.Write(t, filepath.Join(s.Home, "supervisor-"+id+".json"), map[bool]string{true: `{"enabled": true}`, false: `{"enabled": false}`}[i == 0], 0o600)
		}
		return s
	}
	onByDefault := snap(user(supervisor(ourCmd, 600)))
	onByDefault.Config = config.Default()
	onByDefault.Config.Enabled = true
	env := fakeEnv(nil, nil, nil)
	for _, tt := range []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"nothing installed", withHome(snap(user(`{}`))), []want{{StatusOK, []string{"no supervisor hook runs here"}}}},
		{"on by default", withHome(onByDefault), []want{{StatusOK, []string{"on by default"}}}},
		{"off, on for no session", withHome(snap(user(supervisor(ourCmd, 600)))), []want{{StatusWarn, []string{
			"off by default and on for no session, so no session is reviewed", "`ccc-hooks supervisor on --default`",
		}}}},
		{"off, on for one session", withHome(snap(user(supervisor(ourCmd, 600))), "s1", "s2"), []want{{StatusOK, []string{"on for 1 session that turned it on"}}}},
		{"the plugin alone, off", withHome(viaPlugin(snap(user(`{}`)))), []want{{StatusWarn, []string{"on for no session"}}}},
	} {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, supervisorCheck{env}, tt.s, tt.want) })
	}
}

// TestPluginRoute: with the plugin alone, the installed and block-cap rows speak of the hooks the
// plugin runs, as they do of settings: no warning that none fire.
func TestPluginRoute(t *testing.T) {
	env := fakeEnv(nil, nil, nil)
	checkResults(t, installedCheck{env}, viaPlugin(snap(user(`{}`))), []want{{StatusOK, []string{
		"the supervisor profile runs from plugin supervisor@ccc-hooks (user scope), on Stop",
	}}})
	checkResults(t, blockCapCheck{env}, viaPlugin(snap(user(`{}`))), []want{{StatusOK, []string{"fewer than the supervisor's max_iterations 20"}}})
}
