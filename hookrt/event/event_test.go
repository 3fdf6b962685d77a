package event

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseFixtures(t *testing.T) {
	tests := []struct {
		file, name, tool string
	}{
		{"Stop.json", Stop, ""},
		{"Stop-interactive.json", Stop, ""},
		{"PreToolUse-AskUserQuestion.json", PreToolUse, AskUserQuestion},
		{"PreToolUse.json", PreToolUse, "Agent"},
		{"SubagentStop.json", SubagentStop, ""},
		{"UserPromptSubmit.json", UserPromptSubmit, ""},
		{"SessionStart.json", "SessionStart", ""},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			ev, err := Parse(bytes.NewReader(data))
			if err != nil {
				t.Fatal(err)
			}
			if ev.Name != tt.name || ev.ToolName != tt.tool || ev.SessionID == "" {
				t.Errorf("got name %q tool %q session %q, want %q %q", ev.Name, ev.ToolName, ev.SessionID, tt.name, tt.tool)
			}
		})
	}
}

func TestParseRejects(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "empty input"},
		{"array", `[{"session_id":"a"}]`, "input is not a JSON object"},
		{"invalid", `{"session_id":"a",`, "invalid JSON"},
		{"trailing", `{"session_id":"a"} {}`, "invalid JSON"},
		{"missing", `{"hook_event_name":"Stop"}`, "missing session_id"},
		{"wrong type", `{"session_id":"a","stop_hook_active":"yes"}`, "field stop_hook_active: want bool, found string"},
		{"numeric id", `{"session_id":7}`, "field session_id: want string, found number"},
		{"traversal", `{"session_id":"../../x"}`, `unsafe session_id "../../x"`},
		{"dotdot", `{"session_id":".."}`, "unsafe session_id"},
		{"slash", `{"session_id":"a/b"}`, "unsafe session_id"},
		{"option", `{"session_id":"--dangerously-skip-permissions"}`, `unsafe session_id "--dangerously-skip-permissions": must not start with -`},
		{"dash", `{"session_id":"-"}`, "must not start with -"},
		{"dash and slash", `{"session_id":"-a/b"}`, `unsafe session_id "-a/b": want`},
		{"too long", `{"session_id":"` + strings.Repeat("a", 129) + `"}`, "unsafe session_id"},
		{"oversized", `{"session_id":"a","pad":"` + strings.Repeat("x", MaxInput) + `"}`, "larger than"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(strings.NewReader(tt.in))
			if err == nil || !strings.HasPrefix(err.Error(), "failed to parse hook input: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("got %v, want failed to parse hook input: …%s…", err, tt.want)
			}
		})
	}
}

func TestParseDefaultsToStop(t *testing.T) {
	ev, err := ParseBytes([]byte(`{"session_id":"abc"}`))
	if err != nil || ev.Name != Stop {
		t.Fatalf("got %+v, %v; want a Stop", ev, err)
	}
}

// TestParseAcceptsExactlyMaxInput: 8 MiB is the limit, not one byte less.
func TestParseAcceptsExactlyMaxInput(t *testing.T) {
	head := `{"session_id":"a","pad":"`
	in := head + strings.Repeat("x", MaxInput-len(head)-2) + `"}`
	if len(in) != MaxInput {
		t.Fatalf("built %d bytes", len(in))
	}
	if _, err := Parse(strings.NewReader(in)); err != nil {
		t.Fatalf("8 MiB event refused: %v", err)
	}
}

// TestValidSessionIDs: ids Claude Code uses pass; every rule of the SPEC refuses its case.
func TestValidSessionIDs(t *testing.T) {
	for id, want := range map[string]bool{
		"0b3c9a3e-5d7f-4c1e-9f0a-2b6d8e4f1a7c": true, "a": true, "a.b_c-d": true, "x-": true,
		strings.Repeat("a", 128): true, strings.Repeat("a", 129): false,
		"": false, ".": false, "..": false, "...": true, "-": false, "-rf": false, "--resume": false,
		"a/b": false, "a b": false, "é": false, "a\x00": false,
	} {
		if got := ValidSessionID(id); got != want {
			t.Errorf("ValidSessionID(%q) = %v, want %v", id, got, want)
		}
	}
}
