package workflow

import (
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/runs"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// review is the task prompt of a /mc-review subagent.
const review = "/mc-review check the fix"

// TestSubagentStop: only a /mc-review subagent is judged; its score is read in every width and
// form, and another subagent's words are never read for a score, whatever they say. A subagent
// whose transcript holds no task prompt yet is a review when it ends with a labelled score.
func TestSubagentStop(t *testing.T) {
	tests := []struct {
		name       string
		taskPrompt string // the subagent's first user message; "" for no transcript
		message    string // last_assistant_message
		last       string // the transcript's last assistant message
		wantBlock  string // substring of the block reason; "" for no output
		wantScore  string // recorded expert_review_score; "" for none
	}{
		{name: "bold score passes", taskPrompt: review, message: "**总分**: 9/10", wantScore: "9"},
		{name: "last match passes", taskPrompt: "/mc-review please review", message: "初评 6/10 … 最终 9/10", wantScore: "9"},
		{name: "labelled last match passes", taskPrompt: review, message: "初评总分: 6/10 … 最终总分: 9/10", wantScore: "9"},
		{name: "full-width colon blocks", taskPrompt: review, message: "总分：7/10", wantBlock: "7/10 is below the required 8/10", wantScore: "7"},
		{name: "full-width digits pass", taskPrompt: review, message: "总分：９／１０", wantScore: "9"},
		{name: "full-width decimal blocks", taskPrompt: review, message: "Score: ７．５／１０", wantBlock: "7.5/10 is below", wantScore: "7.5"},
		{name: "decimal passes", taskPrompt: review, message: "Score: 8.5/10", wantScore: "8.5"},
		{name: "85/100 is no score", message: "Score: 85/100"},
		{name: "85/100 in a review asks for a score", taskPrompt: "/mc-review check", message: "Score: 85/100", wantBlock: "no score line"},
		{name: "9/100 is no score", message: "Score: 9/100"},
		{name: "9/100 in a review asks for a score", taskPrompt: "/mc-review check", message: "Score: 9/100", wantBlock: "no score line"},
		{name: "other subagent", taskPrompt: "find the config loader", message: "done, 3/10 files read"},
		{name: "another subagent's score line is not read", taskPrompt: "search files for foo", message: "Score: 3/10"},
		{name: "no transcript yet: a labelled score makes a review", message: "总分: 3/10", wantBlock: "3/10 is below", wantScore: "3"},
		{name: "no transcript yet, no labelled score", message: "done, 3/10 files read"},
		{name: "score from transcript", taskPrompt: "/mc-review check", last: "总分: 8/10", wantScore: "8"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.prompt("/mc fix it")
			path := ""
			if tt.taskPrompt != "" || tt.last != "" {
				path = f.reviewTranscript(tt.taskPrompt, tt.last)
			}
			out := f.subagent(tt.message, path)
			switch {
			case tt.wantBlock == "" && out != nil:
				t.Errorf("got %+v, want no output", out)
			case tt.wantBlock != "" && (out == nil || out.Decision != "block" || !strings.Contains(reason(out), tt.wantBlock)):
				t.Errorf("got %q, want a block with %q", reason(out), tt.wantBlock)
			}
			task := f.only()
			got := ""
			if task.ExpertReviewScore != nil {
				got = formatScore(*task.ExpertReviewScore)
			}
			if got != tt.wantScore || task.ExpertReviewTriggered != (tt.wantScore != "") {
				t.Errorf("score %q triggered %v, want %q", got, task.ExpertReviewTriggered, tt.wantScore)
			}
		})
	}
}

func TestReviewWithoutScoreKeepsRecordedScore(t *testing.T) {
	f := newFixture(t)
	f.prompt("/mc fix it")
	f.review("总分: 9/10")
	path := f.reviewTranscript("/mc-review again", "")
	if out := f.subagent("looks fine", path); out == nil || out.Decision != "block" {
		t.Errorf("got %+v, want a block asking for a score", out)
	}
	if s := f.only().ExpertReviewScore; s == nil || *s != 9 {
		t.Errorf("score %v, want 9 kept", s)
	}
	f.stop()
	out := f.stop()
	if r := reason(out); !strings.Contains(r, "expert review passed (9/10)") || strings.Contains(r, "is required") {
		t.Errorf("second stop reason %q: want the passed review, no demand", r)
	}
}

func TestReviewWithoutTask(t *testing.T) {
	f := newFixture(t)
	if out := f.review("总分：7/10"); out == nil || out.Decision != "block" {
		t.Errorf("got %+v, want block", out)
	}
	if out := f.review("总分：9/10"); out != nil {
		t.Errorf("got %+v, want nil", out)
	}
}

func TestReviewBlockCap(t *testing.T) {
	f := newFixture(t)
	f.maxBlocks = 2
	f.prompt("/mc fix it")
	for i := range 2 {
		if out := f.review("总分: 5/10"); out == nil || out.Decision != "block" {
			t.Fatalf("review %d: got %+v, want block", i, out)
		}
	}
	if out := f.review("总分: 5/10"); out == nil || out.Decision != "" || !strings.Contains(out.SystemMessage, "review block cap reached") {
		t.Fatalf("review at the cap: got %+v, want an allow with a systemMessage", out)
	}
	if !strings.Contains(f.stderr.String(), "review block cap reached") {
		t.Errorf("stderr %q does not report the cap", f.stderr.String())
	}
	if h := f.only().FailureHistory; len(h) != 1 || !strings.Contains(h[0].Reason, "review block cap") {
		t.Errorf("failure_history %+v", h)
	}
}

// A review subagent's blocks are counted as Claude Code counts them, in its own transcript
// (agent_transcript_path): words only reach Claude Code's cap, a tool call after each block
// starts that count again and the reviewer is sent back up to max_iterations.
func TestReviewClaudeBlockCap(t *testing.T) {
	tests := []struct {
		name     string
		tool     bool
		want     int
		whichCap string
	}{
		{"words only", false, 3, "cap 3, Claude Code's CLAUDE_CODE_STOP_HOOK_BLOCK_CAP"},
		{"a tool call after each block", true, 5, "cap 5, workflow.max_iterations"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.env[runs.CapVar] = "3"
			f.maxBlocks = 5
			f.prompt("/mc fix it")
			transcript := f.transcript(`{"type":"user","message":{"role":"user","content":"/mc-review the fix"}}` + "\n")
			review := func(i int) *event.Output {
				if tt.tool && i > 0 {
					testfs.Append(t, transcript, hooktest.ToolLine)
				}
				testfs.Append(t, transcript, hooktest.WordsLine)
				return f.handle(event.SubagentStop, map[string]any{
					"agent_id": "a1", "agent_transcript_path": transcript, "stop_hook_active": i > 0,
					"last_assistant_message": "总分: 5/10",
				})
			}
			for i := range tt.want {
				if out := review(i); out == nil || out.Decision != "block" {
					t.Fatalf("review %d: got %+v, want block", i+1, out)
				}
			}
			out := review(tt.want)
			if out == nil || out.Decision != "" || !strings.Contains(out.SystemMessage, tt.whichCap) {
				t.Fatalf("review %d: got %+v, want an allow naming %q", tt.want+1, out, tt.whichCap)
			}
		})
	}
}
