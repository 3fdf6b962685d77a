package doctor

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// legacyCheck reports entries left by the older `ccc supervisor-hook`. Next to a ccc-hooks
// entry on the same event both run, and the work is reviewed twice.
type legacyCheck struct{}

func (legacyCheck) Name() string { return "legacy-ccc" }

func (legacyCheck) Run(_ context.Context, s *Snapshot) []Result {
	ours := map[string]bool{}
	for _, f := range s.Usable() {
		for _, r := range f.Ours() {
			ours[r.Event] = true
		}
	}
	var out []Result
	for _, f := range s.Usable() {
		var legacy []settings.Handler
		for _, r := range f.Handlers {
			if hookcmd.IsLegacy(r.Command) {
				legacy = append(legacy, r)
			}
		}
		if len(legacy) == 0 {
			continue
		}
		var cmds, twice []string
		for _, r := range legacy {
			if c := "`" + r.Command + "`"; !slices.Contains(cmds, c) {
				cmds = append(cmds, c)
			}
			if l := r.Event; ours[l] && !slices.Contains(twice, l) {
				twice = append(twice, l)
			}
		}
		msg := fmt.Sprintf("%s has %s of the older %s on %s",
			label(f), plural(len(legacy), "an entry", fmt.Sprintf("%d entries", len(legacy))), strings.Join(cmds, ", "), strings.Join(eventLabels(legacy), ", "))
		if len(twice) > 0 {
			msg += fmt.Sprintf("; ccc-hooks also runs on %s, so the work is reviewed twice", strings.Join(twice, ", "))
		}
		msg += ": replace " + plural(len(legacy), "it", "them") + " with " + s.commands("install", f, " --yes")
		out = append(out, warn(msg, f.Path))
	}
	if len(out) == 0 {
		return []Result{ok("no entries of the older `ccc supervisor-hook`", "")}
	}
	return out
}

// plural returns one when n is 1, else many.
func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
