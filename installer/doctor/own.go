package doctor

import (
	"context"
	"fmt"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// ownCommandsCheck reports the commands of the user's that run ccc-hooks among other things
// (`ccc-hooks hook && notify-send done`, `ccc-hooks hook 2>>log`): ccc-hooks never replaces or
// removes them, so each is said once, with what it means. Where an entry of ours runs for the
// same event (in the same file, or another one Claude Code merges with it), ccc-hooks runs twice
// on that event: it answers once, and the other run prints nothing, so a command the user chained
// after it may run before the review ends. That is a warning; a command of the user's alone is
// ok.
type ownCommandsCheck struct{}

func (ownCommandsCheck) Name() string { return "own-commands" }

func (ownCommandsCheck) Run(_ context.Context, s *Snapshot) []Result {
	var out []Result
	for _, f := range s.Usable() {
		for _, h := range installer.OwnCommands(f.Handlers) {
			k := hookKey{h.Event, h.Matcher}
			what := fmt.Sprintf("%s in %s runs %#q, a command of your own that runs ccc-hooks", k.label(), label(f), installer.Written(h))
			beside := oursFor(s, k)
			if beside == nil {
				out = append(out, ok(what+"; install and uninstall leave it as it is", f.Path))
				continue
			}
			out = append(out, warn(fmt.Sprintf("%s, and the entry of ccc-hooks in %s runs for %s too: ccc-hooks runs twice and answers once, "+
				"and the other run prints nothing and may end before the review does; remove one of the two (install and uninstall leave yours as it is)",
				what, label(*beside), k.label()), f.Path))
		}
	}
	if len(out) == 0 {
		return []Result{ok("no command of your own runs ccc-hooks", "")}
	}
	return out
}

// oursFor returns the first usable file with an entry of ours that runs for k (a handler without
// a matcher runs for every matcher), nil when there is none.
func oursFor(s *Snapshot, k hookKey) *File {
	for _, f := range s.Usable() {
		for _, r := range f.Handlers {
			if r.Event == k.event && (r.Matcher == k.matcher || r.Matcher == "" || r.Matcher == "*") && installer.IsOurs(r) {
				return &f
			}
		}
	}
	return nil
}
