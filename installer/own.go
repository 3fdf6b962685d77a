package installer

import (
	"fmt"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// OwnCommands returns the handlers among handlers whose command is the user's and runs ccc-hooks
// (hookcmd.Wraps: `ccc-hooks hook && notify-send done`, `ccc-hooks hook 2>>log`, …). ccc-hooks
// never replaces or removes them; install writes its own entry beside them, and install,
// uninstall, status and doctor say they are there.
func OwnCommands(handlers []settings.Handler) []settings.Handler {
	return slices.DeleteFunc(slices.Clone(handlers), func(h settings.Handler) bool { return !hookcmd.Wraps(h.Command) })
}

// ownCommandsIn returns the user's commands that run ccc-hooks in the given events of data,
// bytes a change checked.
func ownCommandsIn(data []byte, events []Event) []settings.Handler {
	names := hookNames(events)
	return slices.DeleteFunc(OwnCommands(handlersOf(data)), func(h settings.Handler) bool { return !slices.Contains(names, h.Event) })
}

// ownCommandWarnings says, for each command of the user's in the events of an install or an
// uninstall that runs ccc-hooks, that it stays and what that means. after is the file as the
// change leaves it.
func ownCommandWarnings(verb string, after []byte, events []Event) []fileChange {
	var out []fileChange
	handlers := handlersOf(after)
	for _, h := range ownCommandsIn(after, events) {
		label := Event{Hook: h.Event, Matcher: h.Matcher}.Label()
		msg := fmt.Sprintf("%s runs %#q, a command of your own that runs ccc-hooks: it stays as it is. ", label, h.Command)
		switch {
		case verb == "uninstall":
			msg += "Uninstall takes out only the entries ccc-hooks wrote; remove that command by hand to stop it."
		case hasOursBeside(handlers, h):
			msg += fmt.Sprintf("With the entry of ccc-hooks beside it, ccc-hooks runs twice on each %s: it answers once, "+
				"and the other run prints nothing and may end before the review does. Remove one of the two to run it once.", label)
		}
		out = append(out, fileChange{warning: msg})
	}
	return out
}

// hasOursBeside reports whether handlers hold an entry of ours for the event and matcher of own.
func hasOursBeside(handlers []settings.Handler, own settings.Handler) bool {
	return slices.ContainsFunc(handlers, func(h settings.Handler) bool {
		return h.Event == own.Event && h.Matcher == own.Matcher && hookcmd.IsOurs(h.Command)
	})
}
