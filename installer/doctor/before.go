package doctor

import (
	"context"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// BeforeInstall says, before an install writes target, what would stop or double the hooks it
// writes there, target then holding after: doctor's rows about disableAllHooks,
// allowManagedHooksOnly, and an event whose ccc-hooks hook another entry runs too (in any form
// Claude Code accepts, or the plugin enabled for the same events). Each finding is one sentence;
// none when nothing would.
func BeforeInstall(ctx context.Context, loc installer.Locator, target installer.Target, after []byte, env Env) []string {
	env = env.withDefaults()
	s := Load(loc)
	placed := false
	for i, f := range s.Files {
		if installer.SamePath(f.Path, target.Path) {
			s.Files[i], placed = parseFile(f.Target, after), true
		}
	}
	if !placed {
		s.Files = append(s.Files, parseFile(target, after))
	}
	var out []string
	for _, c := range []Check{disableAllCheck{}, managedOnlyCheck{}, doubleCheck{env}} {
		for _, r := range c.Run(ctx, s) {
			if r.Status != StatusOK {
				out = append(out, r.Message)
			}
		}
	}
	if managedOnly(s) == "" {
		plugins, _ := pluginsOf(env, s)
		for _, p := range plugins {
			if r, found := pluginDouble(s, p); found && p.Enabled && p.HooksErr == nil {
				out = append(out, r.Message)
			}
		}
	}
	return out
}
