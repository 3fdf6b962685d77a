package event

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// at is a fixed local time of the tests: 14:40 on 2026-11-25.
var at = time.Date(2026, 11, 25, 14, 40, 0, 0, time.Local)

// TestWaitingFixtures: of the Stops captured from Claude Code 2.1.328, those sent while a
// background subagent ran are waiting; an interactive Stop with nothing in flight is not; a
// SubagentStop is never waiting, whatever else the session runs.
func TestWaitingFixtures(t *testing.T) {
	for file, want := range map[string]bool{
		"Stop-background-running.json": true,
		"Stop.json":                    true,
		"Stop-interactive.json":        false,
		"SubagentStop.json":            false,
		"PreToolUse.json":              false,
	} {
		data, err := os.ReadFile(filepath.Join("testdata", file))
		if err != nil {
			t.Fatal(err)
		}
		ev, err := ParseBytes(data)
		if err != nil {
			t.Fatal(err)
		}
		if got := ev.Waiting(at); got != want {
			t.Errorf("%s: Waiting() = %v, want %v", file, got, want)
		}
	}
}

func TestWaiting(t *testing.T) {
	tests := []struct {
		name, tasks string
		want        bool
	}{
		{"a running subagent", `[{"id":"a","type":"subagent","status":"running"}]`, true},
		{"a pending shell", `[{"id":"b","type":"shell","status":"pending"}]`, true},
		{"a running monitor", `[{"id":"m","type":"monitor","status":"running"}]`, true},
		{"a running task among finished ones", `[{"status":"completed"},{"status":"failed"},{"status":"running"}]`, true},
		{"finished, failed, killed or paused", `[{"status":"completed"},{"status":"failed"},{"status":"killed"},{"status":"paused"}]`, false},
		{"none", `[]`, false},
		{"not a list", `{"status":"running"}`, false},
		{"a status that is not a string", `[{"status":1}]`, false},
	}
	crons := []struct {
		name, crons string
		want        bool
	}{
		// Seen on Claude Code 2.1.328 and 2.1.332: ScheduleWakeup 60 s at 14:40 writes "42 14 * * *".
		{"a wake-up in two minutes", `[{"id":"f6605ddc","schedule":"42 14 * * *","recurring":false,"prompt":"check the build"}]`, true},
		{"a one-off CronCreate today", `[{"id":"c1","schedule":"46 14 25 11 *","recurring":false,"prompt":"x"}]`, true},
		{"a one-shot just within the hour", `[{"id":"c2","schedule":"40 15 25 11 *","recurring":false,"prompt":"x"}]`, true},
		{"a one-shot past the hour", `[{"id":"c3","schedule":"41 15 25 11 *","recurring":false,"prompt":"x"}]`, false},
		{"a one-shot tomorrow", `[{"id":"c4","schedule":"0 9 26 11 *","recurring":false,"prompt":"x"}]`, false},
		{"a /loop every minute", `[{"id":"l1","schedule":"*/1 * * * *","recurring":true,"prompt":"check the deploy"}]`, false},
		{"a loop beside a wake-up", `[{"schedule":"*/1 * * * *","recurring":true},{"schedule":"42 14 * * *","recurring":false}]`, true},
		{"recurring not said", `[{"schedule":"42 14 * * *"}]`, false},
		{"a schedule that does not parse", `[{"schedule":"soon","recurring":false}]`, false},
		{"none", `[]`, false},
	}
	for _, tt := range crons {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ParseBytes([]byte(`{"session_id":"s","hook_event_name":"Stop","background_tasks":[],"session_crons":` + tt.crons + `}`))
			if err != nil {
				t.Fatal(err)
			}
			if got := ev.Waiting(at); got != tt.want {
				t.Errorf("Waiting() = %v, want %v", got, tt.want)
			}
		})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ev, err := ParseBytes([]byte(`{"session_id":"s","hook_event_name":"Stop","background_tasks":` + tt.tasks + `}`))
			if err != nil {
				t.Fatal(err)
			}
			if got := ev.Waiting(at); got != tt.want {
				t.Errorf("Waiting() = %v, want %v", got, tt.want)
			}
		})
	}
	ev, err := ParseBytes([]byte(`{"session_id":"s","background_tasks":[{"status":"running"}]}`))
	if err != nil || !ev.Waiting(at) {
		t.Errorf("a Stop without hook_event_name (a Stop by default) is not waiting: %v", err)
	}
}
