//go:build unix

package e2e

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/once"
)

// copyRuns are the hook processes of a run of events, one list per way the hook is installed.
// Claude Code waits for every hook of an event before the next event, so the i-th run of each list
// belongs to the i-th event.
type copyRuns [][]HookRun

// events regroups the runs per event; it fails unless every list holds want runs.
func (c copyRuns) events(t *testing.T, want int) [][]HookRun {
	t.Helper()
	out := make([][]HookRun, want)
	for p, runs := range c {
		if len(runs) != want {
			t.Fatalf("traced program %d ran %d times, want %d (one per event)", p, len(runs), want)
		}
		for i, r := range runs {
			out[i] = append(out[i], r)
		}
	}
	return out
}

func firstStart(e []HookRun) int64 {
	return slices.MinFunc(e, func(a, b HookRun) int { return cmp.Compare(a.Start, b.Start) }).Start
}

func lastStart(e []HookRun) int64 {
	return slices.MaxFunc(e, func(a, b HookRun) int { return cmp.Compare(a.Start, b.Start) }).Start
}

// lastEnd is when the last copy of e ended; 0 when one was ended before it could say so.
func lastEnd(e []HookRun) int64 {
	end := int64(0)
	for _, r := range e {
		if r.End == 0 {
			return 0
		}
		end = max(end, r.End)
	}
	return end
}

// spreads returns, per event, how long after its first copy its last copy started.
func spreads(events [][]HookRun) []time.Duration {
	var out []time.Duration
	for _, e := range events {
		out = append(out, time.Duration(lastStart(e)-firstStart(e)))
	}
	return out
}

// gaps returns, between consecutive events, how long after the first copy of one the first copy
// of the next started, and how long after the last copy of one ended.
func gaps(events [][]HookRun) (fromStart, fromEnd []time.Duration) {
	for i := 1; i < len(events); i++ {
		fromStart = append(fromStart, time.Duration(firstStart(events[i])-firstStart(events[i-1])))
		if end := lastEnd(events[i-1]); end != 0 {
			fromEnd = append(fromEnd, time.Duration(firstStart(events[i])-end))
		}
	}
	return fromStart, fromEnd
}

// describe is a sorted distribution for the log: "n=8 min 3ms median 5ms max 9ms [...]".
func describe(ds []time.Duration) string {
	if len(ds) == 0 {
		return "n=0"
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	parts := make([]string, len(s))
	for i, d := range s {
		parts[i] = d.Round(time.Millisecond).String()
	}
	return fmt.Sprintf("n=%d min %s median %s max %s [%s]", len(s), s[0].Round(time.Millisecond),
		s[len(s)/2].Round(time.Millisecond), s[len(s)-1].Round(time.Millisecond), strings.Join(parts, " "))
}

// TestCopiesAndRepeatsTyped measures, on the real interactive Claude Code, the two
// things the answered-once rule stands between, and checks that the rule tells them apart. The
// workflow is installed three ways at once — the plugin, user settings from one binary path and
// local settings from another — so Claude Code starts three copies of every event. `/mc fix the
// login bug` is typed; the fake model then answers every block with the same words as fast as it
// can, so the agent's Stops after the first are byte-identical genuine events, each started as
// soon as Claude Code allows. Every one of them is answered exactly once: the task counts one
// failure per stop up to Claude Code's cap of 8 blocks in a row with no tool call between them,
// and the ninth stop is let through with the workflow's systemMessage on screen, before Claude
// Code overrides anything. The copies' start-up spread must stay within once.Window; the gap
// between genuine repeats is logged beside it (docs/plugin.md's figures come from this test): on a
// loaded machine it can be as short as the spread, which is why a copy must also come from
// another caller than the hooks already counted for the event (package once).
func TestCopiesAndRepeatsTyped(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	const words = "I fixed the login bug. Please confirm."
	sc := newScenario(t, func(r *Request) Reply { return Say(words) })
	sc.InstallPlugin(t, "workflow")
	userBin := sc.CopyProduct(t, sc.product, filepath.Join(sc.Root, "user-bin"))
	localBin := sc.CopyProduct(t, sc.product, filepath.Join(sc.Root, "local-bin"))
	sc.MustCCC(t, userBin, "install", "--profile", "workflow", "--scope", "user", "--yes")
	sc.MustCCC(t, localBin, "install", "--profile", "workflow", "--scope", "local", "--project-dir", sc.Project, "--yes")
	runs := sc.NewHookRuns(t)
	runs.Trace(t, sc.Sandbox, filepath.Join(sc.Bin, "ccc-hooks"), "plugin", sc.product)
	runs.Trace(t, sc.Sandbox, userBin.Path, "user", sc.product)
	runs.Trace(t, sc.Sandbox, localBin.Path, "local", sc.product)
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("hook starts:\n%s", sc.ReadFile(t, filepath.Join(sc.Root, "hook-runs.log")))
		}
	})
	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)

	typeLine(t, term, mcPrompt)
	term.WaitScreen(t, 120*time.Second, "already blocked 8 times in a row")
	// UserPromptSubmit, then 9 Stops: 10 events, each run by all three.
	tags := []string{"plugin", "user", "local"}
	Eventually(t, 30*time.Second, "every hook of the 10 events to run", func() bool {
		for _, tag := range tags {
			if runs.Count(t, sc.Sandbox, tag) < 10 {
				return false
			}
		}
		return !strings.Contains(term.Screen(), "running Stop hooks")
	}, func() string { return sc.ReadFile(t, filepath.Join(sc.Root, "hook-runs.log")) })
	task := waitTask(t, sc, "8 failures and the cap", func(m taskMeta) bool { return len(m.FailureHistory) == 9 })
	if task.FailureCount != 8 || !strings.Contains(task.FailureHistory[8].Reason, "(cap 8, Claude Code's CLAUDE_CODE_STOP_HOOK_BLOCK_CAP)") {
		t.Errorf("failure_count = %d, last reason %q; want 8, then Claude Code's cap: each blocked stop answered once", task.FailureCount, task.FailureHistory[8].Reason)
	}
	if screen := term.Screen(); strings.Contains(screen, "overriding and ending turn") {
		t.Errorf("Claude Code had to override a block:\n%s", screen)
	}
	if n := len(sc.api.Agent()); n != 9 {
		t.Errorf("agent requests = %d, want 9 (the prompt, then one per block)", n)
	}
	var all copyRuns
	for _, tag := range tags {
		all = append(all, runs.Runs(t, sc.Sandbox, tag))
	}
	events := all.events(t, 10)
	spread := spreads(events)
	fromStart, fromEnd := gaps(events[1:])
	t.Logf("start-up spread of the three copies of an event: %s", describe(spread))
	t.Logf("genuine identical Stops, from the start of one to the start of the next: %s", describe(fromStart))
	t.Logf("genuine identical Stops, from the end of one's last copy to the start of the next: %s", describe(fromEnd))
	if worst := slices.Max(spread); worst >= once.Window {
		t.Errorf("a copy started %s after the first, not within once.Window (%s)", worst, once.Window)
	}
}
