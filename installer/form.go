package installer

import (
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// CurrentForm reports whether h, a handler of ours in a file where the supervisor is installed
// (supervisor) or not, is written as an install on this system writes it now: its command
// spelled as hookcmd.For spells it, its statusMessage (see StatusMessage) and its shell. A handler an
// earlier version wrote (without a statusMessage, say) still runs; an install brings it to the
// current form.
func CurrentForm(h settings.Handler, supervisor bool) bool {
	return currentForm(h, supervisor, runtime.GOOS)
}

func currentForm(h settings.Handler, supervisor bool, goos string) bool {
	want := hookcmd.Hook{Command: hookcmd.Shared}
	if h.Command != hookcmd.Shared {
		want = hookcmd.For(hookcmd.Binary(h.Command), goos)
	}
	return h.Command == want.Command && h.Shell == want.Shell && h.StatusMessage == StatusMessage(Event{Hook: h.Event, Matcher: h.Matcher}, supervisor)
}
