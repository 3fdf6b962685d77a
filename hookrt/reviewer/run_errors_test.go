//go:build unix

package reviewer

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// TestReviewFailures: how a failed reviewer run is reported — the message names the program, its
// exit status and the last line it wrote (stderr before stdout), and a result that reports an
// error keeps its cost. These messages reach the user in the Stop hook's error and the log.
func TestReviewFailures(t *testing.T) {
	budget := `{"type":"result","subtype":"error_max_budget_usd","is_error":true,"total_cost_usd":0.51,"num_turns":4}`
	for _, tc := range []struct {
		name     string
		script   string
		budget   float64
		want     string // the error, with PROGRAM for the fake claude's path
		wantCost float64
	}{
		{
			name: "stderr's last line", script: "echo first >&2; echo 'quota exceeded' >&2; echo out; exit 3",
			want: "PROGRAM exited with status 3: quota exceeded",
		},
		{
			name: "stdout's last line when stderr is empty", script: "echo one; echo 'no session'; exit 2",
			want: "PROGRAM exited with status 2: no session",
		},
		{name: "nothing said", script: "exit 4", want: "PROGRAM exited with status 4"},
		{
			name: "budget spent", script: "echo '" + budget + "'; exit 1", budget: 0.25, wantCost: 0.51,
			want: "the review spent supervisor.max_budget_usd ($0.25) before its verdict: claude reported an error: error_max_budget_usd",
		},
		{
			// A budget given in claude_args, not supervisor.max_budget_usd: claude's own words.
			name: "budget spent, not ours", script: "echo '" + budget + "'; exit 1", wantCost: 0.51,
			want: "claude reported an error: error_max_budget_usd",
		},
		{
			name: "other reported error", script: `echo '{"type":"result","is_error":true,"result":"API down","total_cost_usd":0.02}'; exit 1`,
			wantCost: 0.02, want: "claude reported an error: API down",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			claude := fakeClaude(t, tc.script+"\n")
			_, usage, err := Run(context.Background(), Request{
				Guard:   GuardOf("ccc-hooks"),
				Program: claude, SessionID: "s", Prompt: "review", MaxBudgetUSD: tc.budget,
				Env: os.Environ(), Timeout: 30 * time.Second,
			})
			want := strings.ReplaceAll(tc.want, "PROGRAM", claude)
			if err == nil || err.Error() != want {
				t.Errorf("error = %v; want %q", err, want)
			}
			if usage.CostUSD != tc.wantCost {
				t.Errorf("cost = %v; want %v", usage.CostUSD, tc.wantCost)
			}
		})
	}
}
