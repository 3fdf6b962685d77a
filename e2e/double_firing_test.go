//go:build unix

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestDoubleFiringAsDoctorSays: what doctor and install call double firing is what Claude Code
// does. A stand-in ccc-hooks that records each run is named by an entry of the user's in exec form
// ("command" + "args") in the user settings, and by the shell-form command install writes in the
// local settings: Claude Code runs it twice on one Stop. install --scope local says so before it
// writes, and doctor's double-firing and own-commands rows warn.
func TestDoubleFiringAsDoctorSays(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply { return Say("Done.") })
	dir := filepath.Join(sc.Root, "standin")
	standin := filepath.Join(dir, "ccc-hooks")
	runs := filepath.Join(sc.Root, "runs.log")
	sc.WriteFile(t, standin, "#!/bin/sh\nprintf '%s\\n' \"$*\" >> '"+runs+"'\ncat > /dev/null\n", 0o755)
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"hooks": map[string]any{"Stop": []any{
		map[string]any{"hooks": []any{map[string]any{"type": "command", "command": standin, "args": []string{"hook"}}}},
	}}})
	// install --scope local writes the product's own path: point that entry at the stand-in.
	res := sc.MustCCC(t, sc.product, "install", "--scope", "local", "--events", "stop", "--yes")
	if want := "Stop starts ccc-hooks more than once per event"; !strings.Contains(res.Stderr, want) {
		t.Errorf("install --scope local does not say %q before it writes:\n%s", want, res.Stderr)
	}
	local := filepath.Join(sc.Project, ".claude", "settings.local.json")
	written := sc.ReadFile(t, local)
	sc.WriteFile(t, local, strings.ReplaceAll(written, sc.product.HookCommand(), standin+" hook"), 0o644)

	res = sc.ClaudePrint(t, 90*time.Second, "Say done.")
	if res.ExitCode != 0 {
		t.Fatalf("claude -p: exit %d\n%s\n%s", res.ExitCode, res.Stdout, res.Stderr)
	}
	Eventually(t, 30*time.Second, "both entries to run", func() bool { return len(sc.ReadLines(t, runs)) >= 2 }, nil)
	if got := sc.ReadLines(t, runs); len(got) != 2 || got[0] != "hook" || got[1] != "hook" {
		t.Errorf("the stand-in ran %q on one Stop, want `hook` twice (exec form and shell form)", got)
	}

	var results []struct{ Check, Status, Message string }
	out := sc.CCC(t, sc.product, "doctor", "--json", "--project-dir", sc.Project).Stdout
	if err := json.Unmarshal([]byte(out), &results); err != nil {
		t.Fatalf("doctor --json: %v\n%s", err, out)
	}
	seen := map[string]string{}
	for _, r := range results {
		if r.Check == "double-firing" || r.Check == "own-commands" {
			seen[r.Check] = r.Status
		}
	}
	if seen["double-firing"] != "warn" || seen["own-commands"] != "warn" {
		t.Errorf("doctor's rows: %v; want double-firing and own-commands to warn:\n%s", seen, out)
	}
}
