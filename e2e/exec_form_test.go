//go:build unix

package e2e

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestExecFormHooks: what Claude Code does with a command hook in exec form ("command" the
// program, "args" its arguments), which ccc-hooks writes for the reviewer's guard
// (hookcmd.Exec) and nowhere else (docs/claude-code.md, "Exec-form hooks"). Measured with
// `claude -p --output-format stream-json --include-hook-events`, a plugin loaded by --plugin-dir
// and the user's settings, the same on both versions:
//   - the program runs with exactly the arguments written, no shell between: `$HOME` and a
//     backtick arrive as written, a space stays inside its argument;
//   - ${CLAUDE_PLUGIN_ROOT} (in a plugin's hook) and ${CLAUDE_PROJECT_DIR} are put in per
//     argument, in the program's path too; a settings hook that names ${CLAUDE_PLUGIN_ROOT}
//     does not run;
//   - a program that is not there fails the hook with Claude Code's own words (the ENOENT of
//     posix_spawn for a path, "Executable not found in $PATH" for a name), exit code 1: nothing
//     a plugin could say instead, which is why the plugins' hooks stay behind their shell guard;
//   - a block reaches the model naming the handler by its statusMessage when it has one, else by
//     its command and arguments joined with spaces, as written.
func TestExecFormHooks(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply { return Say("Done.") })
	logFile := filepath.Join(sc.Root, "args.log")
	// The program logs its arguments, one run a line, and blocks the first Stop of each name.
	script := "#!/bin/sh\n{ printf 'run'; for a in \"$@\"; do printf ' [%s]' \"$a\"; done; echo; } >> '" + logFile + "'\n" +
		"case $1 in stop-*) [ -e '" + logFile + ".'$1 ] || { : > '" + logFile + ".'$1; " +
		"printf '{\"decision\":\"block\",\"reason\":\"%s blocked\"}\\n' \"$1\"; } ;; esac\n"
	prog := filepath.Join(sc.Root, "hooks bin", "log-args")
	sc.WriteFile(t, prog, script, 0o755)
	plugin := filepath.Join(sc.Root, "probe plugin")
	sc.WriteFile(t, filepath.Join(plugin, "bin", "log-args"), script, 0o755)
	sc.WriteJSON(t, filepath.Join(plugin, ".claude-plugin", "plugin.json"), map[string]any{"name": "probe"})
	handler := func(command string, args ...string) map[string]any {
		return map[string]any{"type": "command", "command": command, "args": args}
	}
	missing := filepath.Join(plugin, "bin", "missing")
	sc.WriteJSON(t, filepath.Join(plugin, "hooks", "hooks.json"), map[string]any{"hooks": map[string]any{
		"UserPromptSubmit": []any{map[string]any{"hooks": []any{
			handler("${CLAUDE_PLUGIN_ROOT}/bin/log-args", "plugin", "${CLAUDE_PLUGIN_ROOT}/x y", "${CLAUDE_PROJECT_DIR}", "$HOME", "`echo x`"),
			handler("${CLAUDE_PLUGIN_ROOT}/bin/missing", "hook"),
			handler("ccc-hooks-not-on-path", "hook"),
		}}},
	}})
	named := handler(prog, "stop-named", "a b")
	named["statusMessage"] = "probe reviewing"
	sc.WriteJSON(t, sc.SettingsPath(), map[string]any{"hooks": map[string]any{
		"Stop": []any{map[string]any{"hooks": []any{
			handler(prog, "stop-plain", "a b", "$HOME", "${CLAUDE_PROJECT_DIR}"),
			named,
		}}},
		"UserPromptSubmit": []any{map[string]any{"hooks": []any{handler(prog, "settings", "${CLAUDE_PLUGIN_ROOT}")}}},
	}})
	res := sc.ClaudePrint(t, 90*time.Second, "Start.", "--plugin-dir", plugin, "--output-format", "stream-json", "--verbose", "--include-hook-events")
	if res.ExitCode != 0 {
		t.Fatalf("claude -p: exit %d\n%s\n%s", res.ExitCode, res.Stdout, res.Stderr)
	}

	runs := sc.ReadLines(t, logFile)
	for _, want := range []string{
		"run [plugin] [" + plugin + "/x y] [" + sc.Project + "] [$HOME] [`echo x`]",
		"run [stop-plain] [a b] [$HOME] [" + sc.Project + "]",
		"run [stop-named] [a b]",
	} {
		if !contains(runs, want) {
			t.Errorf("no hook ran as %q; the runs:\n%s", want, strings.Join(runs, "\n"))
		}
	}
	for _, r := range runs {
		if strings.HasPrefix(r, "run [settings]") {
			t.Errorf("a settings hook naming ${CLAUDE_PLUGIN_ROOT} ran: %s", r)
		}
	}

	var failures []string
	for _, line := range strings.Split(res.Stdout, "\n") {
		var ev struct {
			Subtype  string `json:"subtype"`
			Output   string `json:"output"`
			ExitCode int    `json:"exit_code"`
			Outcome  string `json:"outcome"`
		}
		if json.Unmarshal([]byte(line), &ev) == nil && ev.Subtype == "hook_response" && ev.Outcome == "error" {
			failures = append(failures, ev.Output)
			if ev.ExitCode != 1 {
				t.Errorf("a failed hook has exit code %d, want 1: %s", ev.ExitCode, ev.Output)
			}
		}
	}
	for _, want := range []string{
		"Error occurred while executing hook command: ENOENT: no such file or directory, posix_spawn '" + missing + "'",
		`Error occurred while executing hook command: Executable not found in $PATH: "ccc-hooks-not-on-path"`,
		"Hook command references ${CLAUDE_PLUGIN_ROOT} but the hook is not associated with a plugin.",
	} {
		if !containsPart(failures, want) {
			t.Errorf("no failed hook says %q; they say:\n%s", want, strings.Join(failures, "\n"))
		}
	}

	var feedback []string
	for _, r := range sc.api.Agent() {
		feedback = append(feedback, r.Texts()...)
	}
	for _, want := range []string{
		`Stop hook blocking error from command: "` + prog + ` stop-plain a b $HOME ${CLAUDE_PROJECT_DIR}": stop-plain blocked`,
		`Stop hook blocking error from command: "probe reviewing": stop-named blocked`,
	} {
		if !containsPart(feedback, want) {
			t.Errorf("the model was not told %q; it was told:\n%q", want, feedback)
		}
	}
}

// contains reports whether lines holds line.
func contains(lines []string, line string) bool {
	for _, l := range lines {
		if l == line {
			return true
		}
	}
	return false
}

// containsPart reports whether one of texts holds part.
func containsPart(texts []string, part string) bool {
	for _, s := range texts {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}
