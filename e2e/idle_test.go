//go:build unix

package e2e

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestIdleOnlyWhenTheTurnIsOver: what WaitTurnOver relies on. Interactive, in manual mode and in
// Claude Code's default (auto) mode, a plain shell Stop hook that blocks twice (then lets the
// agent stop) and a model that answers after 300 ms: sampled every 40 ms, the screen shows the
// turn running (Idle false) through the model's answers, the hook runs and both blocks, and first
// shows it over once all three Stops were answered and the model was asked three times; then it
// stays over.
func TestIdleOnlyWhenTheTurnIsOver(t *testing.T) {
	t.Parallel()
	for _, mode := range [][]string{{"--permission-mode", "default"}, nil} {
		t.Run(fmt.Sprint("mode ", mode), func(t *testing.T) {
			t.Parallel()
			testIdle(t, mode)
		})
	}
}

func testIdle(t *testing.T, mode []string) {
	tmux := RequireTmux(t)
	sc := newScenario(t, func(r *Request) Reply {
		time.Sleep(300 * time.Millisecond)
		return Say("Done probing.")
	})
	hook := filepath.Join(sc.Project, "blocks-twice.sh")
	count := hook + ".n"
	sc.WriteFile(t, hook, `#!/bin/sh
cat >/dev/null
n=$(cat "$0.n" 2>/dev/null || echo 0)
if [ "$n" -lt 2 ]; then printf '{"decision":"block","reason":"Again %d."}' "$n"; fi
echo $((n + 1)) > "$0.n.tmp" && mv "$0.n.tmp" "$0.n"
`, 0o755)
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"hooks": map[string]any{"Stop": []any{
		map[string]any{"hooks": []any{map[string]any{"type": "command", "command": hook, "timeout": 30}}},
	}}})
	term := sc.StartTerminal(t, tmux, append(append([]string{sc.Claude.Path}, mode...), "Probe it.")...)
	term.WaitScreen(t, 60*time.Second, turnRunning)
	stops := func() string {
		data, _ := os.ReadFile(count)
		return strings.TrimSpace(string(data))
	}
	screen := term.Screen()
	for deadline := time.Now().Add(60 * time.Second); !Idle(screen); screen = term.Screen() {
		if time.Now().After(deadline) {
			t.Fatalf("the turn is not over after a minute:\n%s", screen)
		}
		time.Sleep(40 * time.Millisecond) // closer than Eventually samples: a moment idle is seen
	}
	if got := stops(); got != "3" || len(sc.api.Agent()) != 3 {
		t.Fatalf("the screen showed the turn over after %s Stops answered and %d model requests; want 3 and 3:\n%s", got, len(sc.api.Agent()), screen)
	}
	if !strings.Contains(screen, "Again 1.") {
		t.Errorf("the second block is not on screen:\n%s", screen)
	}
	term.WaitTurnOver(t, time.Second) // and it stays over
}
