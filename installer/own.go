package installer

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// OwnCommands returns the handlers among handlers that are the user's and run ccc-hooks
// (RunsCCC, not IsOurs: `ccc-hooks hook && notify-send done`, `~/bin/ccc-hooks hook`, an entry in
// exec form, …). ccc-hooks never replaces or removes them; install writes its own entry beside
// them, and install, uninstall, status and doctor say they are there.
func OwnCommands(handlers []settings.Handler) []settings.Handler {
	return slices.DeleteFunc(slices.Clone(handlers), func(h settings.Handler) bool { return !RunsCCC(h) || IsOurs(h) })
}

// IsOurs reports whether h is an entry of ours: in shell form, its whole command one that
// ccc-hooks writes (hookcmd.IsOurs). An entry in exec form never is.
func IsOurs(h settings.Handler) bool { return !h.Exec && hookcmd.IsOurs(h.Command) }

// RunsCCC reports whether h runs ccc-hooks as a hook in any form Claude Code accepts: an entry of
// ours, a shell command of the user's that runs it (hookcmd.Runs: another spelling of its path,
// `~` or $HOME in it, other commands around it), or exec form (hookcmd.RunsExec). Claude Code runs
// every such entry of an event that is not the same command as another, so two of them run
// ccc-hooks twice.
func RunsCCC(h settings.Handler) bool {
	if h.Exec {
		return hookcmd.RunsExec(h.Command, h.Args)
	}
	return hookcmd.Runs(h.Command)
}

// Written is h's command as messages show it: the command, or in exec form the program and its
// arguments, said to be exec form.
func Written(h settings.Handler) string {
	if !h.Exec {
		return h.Command
	}
	return strings.Join(append([]string{h.Command}, h.Args...), " ") + " (exec form)"
}

// ownCommandsIn returns the user's commands that run ccc-hooks in the given events of data,
// bytes a change checked.
func ownCommandsIn(data []byte, events []Event) []settings.Handler {
	if !mayWrap(data) {
		return nil // a large file is not parsed again for what it cannot hold
	}
	names := hookNames(events)
	return slices.DeleteFunc(OwnCommands(handlersOf(data)), func(h settings.Handler) bool { return !slices.Contains(names, h.Event) })
}

// ownCommandWarnings says, for each command of the user's in the events of an install or an
// uninstall that runs ccc-hooks, that it stays and what that means. after is the file as the
// change leaves it.
func ownCommandWarnings(verb string, after []byte, events []Event) []fileChange {
	own := ownCommandsIn(after, events)
	if len(own) == 0 {
		return nil
	}
	var out []fileChange
	handlers := handlersOf(after)
	for _, h := range own {
		label := Event{Hook: h.Event, Matcher: h.Matcher}.Label()
		msg := fmt.Sprintf("%s runs %#q, a command of your own that runs ccc-hooks: it stays as it is. ", label, Written(h))
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
		return h.Event == own.Event && h.Matcher == own.Matcher && IsOurs(h)
	})
}

// mayWrap reports whether src, a settings file, may hold a command of the user's that runs
// ccc-hooks: "ccc-hooks" (in any letter case) in a JSON string of its "hooks" that is neither a
// command of ours nor one of our status messages, or a \u escape (which can spell it in another
// way). A false answer is certain: the handlers are then not listed, which on a large file costs
// a parse of every event's array.
func mayWrap(src []byte) bool {
	hooks := hooksOnly(src)
	if bytes.Contains(hooks, []byte(`\u`)) {
		return true
	}
	for from := 0; ; {
		i := indexFold(hooks[from:], "ccc-hooks")
		if i < 0 {
			return false
		}
		i += from
		start := bytes.LastIndexByte(hooks[:i], '"')
		end := bytes.IndexByte(hooks[i:], '"')
		if start < 0 || end < 0 {
			return true
		}
		text := hooks[start+1 : i+end]
		if bytes.IndexByte(text, '\\') >= 0 {
			return true // an escape: the string may end elsewhere, or hold anything
		}
		if t := string(text); !hookcmd.IsOurs(t) && !slices.ContainsFunc(Profiles(), func(p Profile) bool { return p.Status == t }) {
			return true
		}
		from = i + end
	}
}

// indexFold is the index of the first occurrence of word (lower case, holding one '-') in b in
// any letter case, or -1; it looks at b's hyphens, which JSON text has few of, and copies
// nothing.
func indexFold(b []byte, word string) int {
	dash := strings.IndexByte(word, '-')
	for from := dash; from < len(b); {
		j := bytes.IndexByte(b[from:], '-')
		if j < 0 {
			return -1
		}
		start := from + j - dash
		if end := start + len(word); start >= 0 && end <= len(b) && bytes.EqualFold(b[start:end], []byte(word)) {
			return start
		}
		from += j + 1
	}
	return -1
}
