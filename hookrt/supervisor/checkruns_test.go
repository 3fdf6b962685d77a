package supervisor

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// TestGrantCheckOnlyTheExactCommand: the reviewer's Bash call is sent through the wall only when
// it is, trimmed, one of the checks for the review's directory, run from there; the command given
// back names this binary and the check, each quoted, with the check's own time limit.
func TestGrantCheckOnlyTheExactCommand(t *testing.T) {
	cfg := config.Supervisor{Checks: []config.Check{
		{Command: "go test ./...", TimeoutSeconds: 300},
		{Command: "npm test", TimeoutSeconds: 900, Project: "/other"},
	}}
	bash := func(cwd, command string) *event.Event {
		in, _ := json.Marshal(map[string]any{"command": command, "description": "Run the tests"})
		return &event.Event{Name: event.PreToolUse, ToolName: "Bash", ToolInput: in, CWD: cwd}
	}
	for _, tc := range []struct {
		name  string
		ev    *event.Event
		root  string
		grant bool
	}{
		{"exact", bash("/p", "go test ./..."), "/p", true},
		{"spaces around", bash("/p", "  go test ./...\n"), "/p", true},
		{"from below the directory", bash("/p/sub", "go test ./..."), "/p", false},
		{"more after it", bash("/p", "go test ./... && rm -rf ~"), "/p", false},
		{"another spelling", bash("/p", "go test  ./..."), "/p", false},
		{"another project's check", bash("/p", "npm test"), "/p", false},
		{"no review directory", bash("/p", "go test ./..."), "", false},
		{"not Bash", &event.Event{Name: event.PreToolUse, ToolName: "Read", ToolInput: []byte(`{"command":"go test ./..."}`), CWD: "/p"}, "/p", false},
		{"bad input", &event.Event{Name: event.PreToolUse, ToolName: "Bash", ToolInput: []byte(`"go test ./..."`), CWD: "/p"}, "/p", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := grantCheck(tc.ev, cfg, tc.root, "/opt/my tools/ccc-hooks")
			if (out != nil) != tc.grant {
				t.Fatalf("grant %v, want %v", out != nil, tc.grant)
			}
			if out == nil {
				return
			}
			h := out.HookSpecificOutput
			var in map[string]any
			if err := json.Unmarshal(h.UpdatedInput, &in); err != nil {
				t.Fatal(err)
			}
			want := `'/opt/my tools/ccc-hooks' supervisor checks --dir /p --timeout 300 --run 'go test ./...'`
			if h.PermissionDecision != "allow" || in["command"] != want || in["timeout"] != 330000.0 || !strings.Contains(in["description"].(string), "Run the tests") {
				t.Errorf("answer %+v, input %v", h, in)
			}
		})
	}
}

// TestGrantCheckTimeoutWithinClaudeCodes: Claude Code's Bash waits ten minutes at most; a longer
// check asks for no more.
func TestGrantCheckTimeoutWithinClaudeCodes(t *testing.T) {
	cfg := config.Supervisor{Checks: []config.Check{{Command: "make test", TimeoutSeconds: 3600}}}
	out := grantCheck(&event.Event{ToolName: "Bash", ToolInput: []byte(`{"command":"make test"}`), CWD: "/p"}, cfg, "/p", "/bin/ccc-hooks")
	var in map[string]any
	_ = json.Unmarshal(out.HookSpecificOutput.UpdatedInput, &in)
	if in["timeout"] != 600000.0 {
		t.Errorf("timeout %v", in["timeout"])
	}
}
