package supervisor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/google/go-cmp/cmp"
)

func TestDecisionLogRoundTrip(t *testing.T) {
	s := &SessionStore{Home: t.TempDir()}
	at := time.Date(2026, 11, 20, 9, 0, 0, 0, time.UTC)
	blockCap := 8
	written := []Decision{
		{
			Time: at, SessionID: "s", Event: "Stop", Count: 1, Max: 20, Decision: "block", Reason: "more", DurationMS: 1500,
			StopBlocks: 1, BlockCap: &blockCap, Usage: reviewer.Usage{ForkID: "f", CostUSD: 0.5, NumTurns: 2, InputTokens: 10, OutputTokens: 3},
		},
		{Time: at.Add(time.Minute), SessionID: "s", Event: "Stop", Count: 1, Max: 20, Decision: "block-cap", Reason: "cap", BlockCap: &blockCap},
		{
			Time: at.Add(2 * time.Minute), SessionID: "s", Event: "PreToolUse", Tool: "AskUserQuestion", Count: 2, Max: 20,
			Decision: "deny", Reason: "no", DurationMS: 500, Usage: reviewer.Usage{CostUSD: 0.25},
		},
	}
	for _, d := range written {
		if err := s.Append("s", d); err != nil {
			t.Fatal(err)
		}
	}
	// A torn line and a foreign one are skipped and counted.
	f, err := os.OpenFile(s.LogPath("s"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"time":"2026-` + "\n" + `{"note":"not a decision"}` + "\n\n"); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}

	got, bad, err := s.ReadLog("s")
	if err != nil || bad != 2 {
		t.Fatalf("ReadLog: bad %d, err %v; want 2, nil", bad, err)
	}
	if diff := cmp.Diff(written, got); diff != "" {
		t.Errorf("decisions (-want +got):\n%s", diff)
	}
	want := Totals{
		Decisions: 3, Reviews: 2, Verdicts: map[string]int{"block": 1, "block-cap": 1, "deny": 1},
		DurationMS: 2000, CostUSD: 0.75, First: at, Last: at.Add(2 * time.Minute),
	}
	if diff := cmp.Diff(want, Sum(got)); diff != "" {
		t.Errorf("totals (-want +got):\n%s", diff)
	}
	var merged Totals
	merged.Merge(Sum(got[:1]))
	merged.Merge(Sum(got[1:]))
	if diff := cmp.Diff(want, merged); diff != "" {
		t.Errorf("merged totals (-want +got):\n%s", diff)
	}
	if d, bad, err := s.ReadLog("missing"); d != nil || bad != 0 || err != nil {
		t.Errorf("missing log: %v %d %v", d, bad, err)
	}
}

func TestRecentLogs(t *testing.T) {
	s := &SessionStore{Home: t.TempDir()}
	now := time.Now()
	for i, id := range []string{"old", "newest", "middle"} {
		p := s.LogPath(id)
		if err := os.WriteFile(p, []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		at := now.Add(-time.Duration([]int{3, 1, 2}[i]) * time.Hour)
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	// Not decision logs: a state file, a directory named like a log.
	if err := os.WriteFile(s.Path("old"), []byte("{}"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(filepath.Join(s.Home, "supervisor-dir.log"), 0o700); err != nil {
		t.Fatal(err)
	}
	ids := func(limit int) []string {
		logs, err := s.RecentLogs(limit)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, l := range logs {
			out = append(out, l.ID)
		}
		return out
	}
	if diff := cmp.Diff([]string{"newest", "middle", "old"}, ids(0)); diff != "" {
		t.Errorf("all (-want +got):\n%s", diff)
	}
	if diff := cmp.Diff([]string{"newest", "middle"}, ids(2)); diff != "" {
		t.Errorf("limit 2 (-want +got):\n%s", diff)
	}
	// Logs written in the same instant are listed by ID, so the listing is the same every time.
	at := now.Add(-150 * time.Minute)
	for _, id := range []string{"tie-b", "tie-a"} {
		if err := os.WriteFile(s.LogPath(id), []byte("{}\n"), 0o600); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(s.LogPath(id), at, at); err != nil {
			t.Fatal(err)
		}
	}
	if diff := cmp.Diff([]string{"newest", "middle", "tie-a", "tie-b", "old"}, ids(0)); diff != "" {
		t.Errorf("with ties (-want +got):\n%s", diff)
	}
	empty := &SessionStore{Home: filepath.Join(t.TempDir(), "none")}
	if logs, err := empty.RecentLogs(5); logs != nil || err != nil {
		t.Errorf("missing home: %v %v", logs, err)
	}
}

func TestReadLogOddFiles(t *testing.T) {
	s := &SessionStore{Home: t.TempDir()}
	huge := `{"decision":"block","reason":"` + strings.Repeat("x", maxLogLine) + `"}`
	good := `{"time":"2026-11-20T09:00:00Z","session_id":"big","event":"Stop","decision":"allow","reason":"ok"}`
	if err := os.WriteFile(s.LogPath("big"), []byte(huge+"\n"+good), 0o600); err != nil {
		t.Fatal(err)
	}
	got, bad, err := s.ReadLog("big")
	if err != nil || bad != 1 || len(got) != 1 || got[0].Reason != "ok" {
		t.Errorf("a line over %d bytes, then a decision without a newline: got %d decisions, bad %d, err %v; want 1, 1, nil",
			maxLogLine, len(got), bad, err)
	}
}

// TestReadLogLineAtTheLimit: a decision line of exactly maxLogLine bytes (its newline included)
// is read; one byte more and it is counted as bad.
func TestReadLogLineAtTheLimit(t *testing.T) {
	s := &SessionStore{Home: t.TempDir()}
	line := func(n int) string {
		head := `{"decision":"allow","reason":"`
		tail := "\"}\n"
		return head + strings.Repeat("x", n-len(head)-len(tail)) + tail
	}
	for _, tc := range []struct {
		size      int
		good, bad int
	}{{maxLogLine, 1, 0}, {maxLogLine + 1, 0, 1}} {
		if err := os.WriteFile(s.LogPath("limit"), []byte(line(tc.size)), 0o600); err != nil {
			t.Fatal(err)
		}
		got, bad, err := s.ReadLog("limit")
		if err != nil || len(got) != tc.good || bad != tc.bad {
			t.Errorf("a %d-byte line: %d decisions, %d bad, err %v; want %d, %d", tc.size, len(got), bad, err, tc.good, tc.bad)
		}
	}
}
