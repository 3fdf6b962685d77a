//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"testing"
)

// TestClaudeCodeCannotUseRefusedPaths: what ccc-hooks refuses to write, Claude Code could not
// use. A hook command naming a program under a directory whose name is not UTF-8 never runs
// (Claude Code reads settings as UTF-8 text: the bytes reach the shell as U+FFFD), while the same
// program under a UTF-8 path does; and a settings file reached through a symbolic link whose
// target ends in "/" is not read (the system opens it only as a directory), while the same link
// without the slash is.
func TestClaudeCodeCannotUseRefusedPaths(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(*Request) Reply { return Say("Done.") })
	// touching writes a hook program under dir that leaves the file ran when it runs.
	touching := func(t *testing.T, dir, ran string) string {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		prog := filepath.Join(dir, "hook.sh")
		sc.WriteFile(t, prog, "#!/bin/sh\ncat >/dev/null\n: > '"+ran+"'\n", 0o755)
		return prog
	}
	ran := func(path string) bool { _, err := os.Stat(path); return err == nil }

	t.Run("a command that is not UTF-8", func(t *testing.T) {
		plainRan, oddRan := filepath.Join(sc.Root, "plain-ran"), filepath.Join(sc.Root, "odd-ran")
		plain := touching(t, filepath.Join(sc.Root, "tools"), plainRan)
		odd := touching(t, filepath.Join(sc.Root, "tools-"+string([]byte{0xff, 0xfe})), oddRan)
		// Written as bytes: encoding/json would put U+FFFD in place of the odd bytes itself.
		settings := `{"hooks": {"Stop": [{"hooks": [` +
			`{"type": "command", "command": "` + plain + `", "timeout": 30}, ` +
			`{"type": "command", "command": "` + odd + `", "timeout": 30}]}]}}` + "\n"
		sc.WriteFile(t, sc.SettingsPath(), settings, 0o644)
		sc.agentStops(t, NewSessionID(t), "Finish the task.")
		if !ran(plainRan) {
			t.Fatal("the hook under a UTF-8 path did not run")
		}
		if ran(oddRan) {
			t.Error("the hook under a path that is not UTF-8 ran: Claude Code can run it")
		}
	})

	t.Run("a link whose target ends in a slash", func(t *testing.T) {
		for i, target := range []string{"real-settings.json/", "real-settings.json"} {
			flag := filepath.Join(sc.Root, "link-ran-"+string(rune('a'+i)))
			prog := touching(t, filepath.Join(sc.Root, "link-"+string(rune('a'+i))), flag)
			sc.WriteJSON(t, filepath.Join(sc.ConfigDir, "real-settings.json"), map[string]any{"hooks": map[string]any{"Stop": []any{
				map[string]any{"hooks": []any{map[string]any{"type": "command", "command": prog, "timeout": 30}}},
			}}})
			if err := os.Remove(sc.SettingsPath()); err != nil && !os.IsNotExist(err) {
				t.Fatal(err)
			}
			if err := os.Symlink(target, sc.SettingsPath()); err != nil {
				t.Fatal(err)
			}
			sc.agentStops(t, NewSessionID(t), "Finish the task.")
			if want := target == "real-settings.json"; ran(flag) != want {
				t.Errorf("link to %q: the hook ran %v, want %v", target, ran(flag), want)
			}
		}
	})
}
