//go:build unix

package e2e

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

// captureEnv, set to 1, makes TestReviewerOutputAsCaptured write what it captured into
// internal/fakereview/captured/<version>/ instead of comparing it.
const captureEnv = "CCC_E2E_CAPTURE"

// TestReviewerOutputAsCaptured: what the real `claude -p --output-format json` prints for the
// reviews the hook runs — one that blocks, one that allows, one that --max-budget-usd stops, one
// that the API refuses, one that meets the account's usage limit, one that meets a rate limit with
// no reset named — has the shape of the output
// captured of this version, which the hook tests' fake reviewers print (package fakereview): the
// same keys, the verdict in the result text, no structured_output, exit status 0 for a verdict
// and 1 for an error; and the supervisor reads from it the verdict the fake model gave, or
// claude's report of the error. The usage limit is the API's 429 with the unified rate limiter's
// headers, to a session signed in with a gateway's token (UsageLimit, GatewayToken): Claude Code
// reports it as "You've hit your 5-hour limit · resets <time> (<zone>)", and the supervisor reads
// the reset from those words. The rate limit is the API's 429 to a session with an API key
// (RateLimit), retried once by Claude Code (CLAUDE_CODE_MAX_RETRIES=1): "API Error: Request
// rejected (429) · <the server's message>", api_error_status 429, and no reset.
func TestReviewerOutputAsCaptured(t *testing.T) {
	t.Parallel()
	const (
		prompt   = "Implement the parser."
		feedback = "Add a test for the empty-input case before stopping."
		refused  = "the request was refused"
	)
	var refuse, limit, rate atomic.Bool
	// The limit resets in 2 h 13 min, at a time Claude Code writes with its minutes.
	resets := time.Now().Add(133 * time.Minute).Truncate(time.Minute)
	blockOnce := blockOnceScript(feedback, "Implemented the parser. Done.", "Added the empty-input test. Done.")
	sc := newScenario(t, func(r *Request) Reply {
		switch {
		case r.IsSupervisor() && rate.Load():
			return RateLimit()
		case r.IsSupervisor() && limit.Load():
			return UsageLimit(resets)
		case r.IsSupervisor() && refuse.Load():
			return Refuse(refused)
		}
		return blockOnce(r)
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	dir := filepath.Join(sc.Root, "reviews")
	// The reviewer is the real claude behind a script that keeps a copy of what it prints, and
	// its exit status.
	tee := filepath.Join(sc.Root, "tee-claude.sh")
	sc.WriteFile(t, tee, "#!/bin/sh\nmkdir -p '"+dir+"'\nout='"+dir+"'/$(date +%s%N)\n'"+sc.Claude.Path+
		"' \"$@\" >\"$out.json\"\nstatus=$?\necho $status >\"$out.status\"\ncat \"$out.json\"\nexit $status\n", 0o755)
	type review struct {
		out    []byte
		status string
	}
	var reviews []review
	run := func(what string, env ...string) {
		argv := append(append([]string{"env", "CCC_CLAUDE=" + tee}, env...), sc.Claude.Path, "-p", "--session-id", NewSessionID(t),
			"--output-format", "json", "--", prompt)
		res := sc.Run(t, 90*time.Second, argv[0], argv[1:]...)
		if res.ExitCode != 0 {
			t.Fatalf("claude -p (%s) exited %d\nstdout: %s\nstderr: %s", what, res.ExitCode, res.Stdout, res.Stderr)
		}
		names, _ := filepath.Glob(filepath.Join(dir, "*.json"))
		sort.Strings(names)
		for _, n := range names {
			out, err := os.ReadFile(n)
			if err != nil {
				t.Fatal(err)
			}
			status, err := os.ReadFile(strings.TrimSuffix(n, ".json") + ".status")
			if err != nil {
				t.Fatal(err)
			}
			reviews = append(reviews, review{out, strings.TrimSpace(string(status))})
		}
		if err := os.RemoveAll(dir); err != nil {
			t.Fatal(err)
		}
	}
	run("block, then allow")
	sc.WriteConfig(t, map[string]any{"enabled": true, "max_budget_usd": 0.001})
	run("over budget")
	sc.WriteConfig(t, map[string]any{"enabled": true})
	refuse.Store(true)
	run("refused")
	limit.Store(true)
	run("usage limit", "ANTHROPIC_AUTH_TOKEN="+GatewayToken())
	rate.Store(true)
	run("rate limit", "CLAUDE_CODE_MAX_RETRIES=1")
	names := []string{fakereview.Block, fakereview.Allow, fakereview.Budget, fakereview.APIError, fakereview.UsageLimit, fakereview.RateLimit}
	if len(reviews) != len(names) {
		t.Fatalf("reviews captured: %d, want %d (%s)", len(reviews), len(names), strings.Join(names, ", "))
	}

	checkVerdict(t, reviews[0].out, reviewer.Verdict{Feedback: feedback})
	checkVerdict(t, reviews[1].out, reviewer.Verdict{AllowStop: true, Feedback: "Complete now."})
	for _, r := range reviews[2:] {
		var reported *reviewer.ReportedError
		if _, err := reviewer.ParseOutput(r.out); !errors.As(err, &reported) {
			t.Errorf("the review reads as %v, want claude's reported error: %s", err, r.out)
		}
	}
	if _, err := reviewer.ParseOutput(reviews[3].out); err == nil || !strings.Contains(err.Error(), "API Error: 400 "+refused) {
		t.Errorf("the refused review reads as %v, want the API's error", err)
	}
	_, err := reviewer.ParseOutput(reviews[4].out)
	if u, ok := supervisor.UsageLimitOf(err); !ok || u.Limit != "5-hour limit" {
		t.Errorf("the review that met the usage limit reads as %v (%+v), want the 5-hour limit", err, u)
	} else if got, ok := u.Reset(time.Now()); !ok || !got.Equal(resets) {
		t.Errorf("the usage limit resets at %v (%v) by %q, want %v", got, ok, u.Message, resets)
	}
	_, err = reviewer.ParseOutput(reviews[5].out)
	var reported *reviewer.ReportedError
	if !errors.As(err, &reported) || reported.APIStatus != 429 || reported.Msg != "API Error: Request rejected (429) · "+rateLimitMessage {
		t.Errorf("the review that met the rate limit reads as %v, want claude's report of the 429", err)
	}
	if _, ok := supervisor.UsageLimitOf(err); ok {
		t.Errorf("the rate limit reads as a usage limit: %v", err)
	}
	version := sc.Claude.V.String()
	for i, r := range reviews {
		name := names[i]
		if want := map[bool]string{false: "0", true: "1"}[i >= 2]; r.status != want {
			t.Errorf("%s: claude exited %s, want %s", name, r.status, want)
		}
		if gjson.GetBytes(r.out, "structured_output").Exists() {
			t.Errorf("%s: the real reviewer printed structured_output: %s", name, r.out)
		}
		if os.Getenv(captureEnv) == "1" {
			path := filepath.Join("..", "internal", "fakereview", "captured", version, name)
			sc.WriteFile(t, path, string(r.out), 0o644)
			t.Logf("captured %s", path)
			continue
		}
		want, err := fakereview.Captured(version, name)
		if err != nil {
			t.Errorf("no review of Claude Code %s captured (%v): run this test with %s=1", version, err, captureEnv)
			continue
		}
		if g, w := fakereview.Shape(r.out), fakereview.Shape(want); !slices.Equal(g, w) {
			t.Errorf("%s of Claude Code %s: the real output has the keys\n%s\nthe captured one\n%s\ncapture it again with %s=1",
				name, version, strings.Join(g, " "), strings.Join(w, " "), captureEnv)
		}
	}
}

// checkVerdict checks that the supervisor reads want from the reviewer's output data, and that
// the verdict is in the result text.
func checkVerdict(t *testing.T, data []byte, want reviewer.Verdict) {
	t.Helper()
	if v, err := reviewer.ParseOutput(data); err != nil || v != want {
		t.Errorf("the supervisor reads %+v, %v from %s; want %+v", v, err, data, want)
	}
	if !strings.Contains(gjson.GetBytes(data, "result").Str, "```json") {
		t.Errorf("the verdict is not in the result text: %s", data)
	}
}
