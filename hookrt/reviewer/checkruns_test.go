package reviewer

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// TestThroughWallEveryCommand: where the wall stands, the reviewer's Bash call is sent through it
// whatever the command, from the review's directory or below it; the command given back names
// this binary, the directory and the command, each quoted, with the bound of one command of the
// reviewer's, or a check's own time limit when it is, trimmed, one of the checks. Where the wall
// does not stand, outside the review's directory, for another tool or bad input: nothing, and
// the read-only rule judges the call.
func TestThroughWallEveryCommand(t *testing.T) {
	cfg := config.Supervisor{TimeoutSeconds: 600, Checks: []config.Check{
		{Command: "go test ./...", TimeoutSeconds: 300},
		{Command: "npm test", TimeoutSeconds: 900, Project: "/other"},
	}}
	bash := func(cwd, command string) *event.Event {
		in, _ := json.Marshal(map[string]any{"command": command, "description": "Run the tests"})
		return &event.Event{Name: event.PreToolUse, ToolName: "Bash", ToolInput: in, CWD: cwd}
	}
	const self = `'/opt/my tools/ccc-hooks' supervisor checks`
	for _, tc := range []struct {
		name   string
		ev     *event.Event
		root   string
		stands bool
		want   string // the command given back; "" for no answer
	}{
		{"a check", bash("/p", "  go test ./...\n"), "/p", true, self + ` --dir /p --timeout 300 --run '  go test ./...` + "\n'"},
		{"a write", bash("/p", "touch x && rm -rf ~"), "/p", true, self + ` --dir /p --timeout 60 --run 'touch x && rm -rf ~'`},
		{"from below the directory", bash("/p/sub", "go test ./..."), "/p", true, self + ` --dir /p/sub --timeout 300 --run 'go test ./...'`},
		{"another project's check", bash("/p", "npm test"), "/p", true, self + ` --dir /p --timeout 60 --run 'npm test'`},
		{"no wall", bash("/p", "go test ./..."), "/p", false, ""},
		{"outside the directory", bash("/q", "ls"), "/p", true, ""},
		{"a relative directory", bash("p", "ls"), "p", true, ""},
		{"no review directory", bash("/p", "ls"), "", true, ""},
		{"a blank command", bash("/p", " \n"), "/p", true, ""},
		{"a NUL byte", bash("/p", "ls\x00x"), "/p", true, ""},
		{"in the background", &event.Event{Name: event.PreToolUse, ToolName: "Bash", ToolInput: []byte(`{"command":"ls","run_in_background":true}`), CWD: "/p"}, "/p", true, ""},
		{"not Bash", &event.Event{Name: event.PreToolUse, ToolName: "Write", ToolInput: []byte(`{"command":"ls"}`), CWD: "/p"}, "/p", true, ""},
		{"bad input", &event.Event{Name: event.PreToolUse, ToolName: "Bash", ToolInput: []byte(`"ls"`), CWD: "/p"}, "/p", true, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := throughWall(tc.ev, cfg, tc.root, "/opt/my tools/ccc-hooks", tc.stands)
			if (out != nil) != (tc.want != "") {
				t.Fatalf("answer %v, want one: %v", out, tc.want != "")
			}
			if out == nil {
				return
			}
			h := out.HookSpecificOutput
			var in map[string]any
			if err := json.Unmarshal(h.UpdatedInput, &in); err != nil {
				t.Fatal(err)
			}
			if h.PermissionDecision != "allow" || in["command"] != tc.want || !strings.Contains(in["description"].(string), "Run the tests") {
				t.Errorf("answer %+v, input %v", h, in)
			}
		})
	}
}

// TestThroughWallTimeoutWithinClaudeCodes: Claude Code's Bash waits ten minutes at most; a longer
// check asks for no more, and a command waits for its bound and half a minute more.
func TestThroughWallTimeoutWithinClaudeCodes(t *testing.T) {
	cfg := config.Supervisor{TimeoutSeconds: 600, Checks: []config.Check{{Command: "make test", TimeoutSeconds: 3600}}}
	for command, want := range map[string]float64{"make test": 600000, "make": 90000} {
		out := throughWall(&event.Event{ToolName: "Bash", ToolInput: []byte(`{"command":"` + command + `"}`), CWD: "/p"}, cfg, "/p", "/bin/ccc-hooks", true)
		var in map[string]any
		_ = json.Unmarshal(out.HookSpecificOutput.UpdatedInput, &in)
		if in["timeout"] != want {
			t.Errorf("%s: timeout %v, want %v", command, in["timeout"], want)
		}
	}
}
