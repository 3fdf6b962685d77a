package workflow

import (
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
)

// TestUserPromptEndsRuns: a user prompt ends a run of Stop blocks, and a review subagent's run of
// blocks, even when the next events say stop_hook_active=true.
func TestUserPromptEndsRuns(t *testing.T) {
	stop := func(f *fixture) *event.Output { return f.handle(event.Stop, map[string]any{"stop_hook_active": true}) }
	review := func(f *fixture) *event.Output { return f.review("Score: 5/10") }
	for name, block := range map[string]func(*fixture) *event.Output{"stop": stop, "review": review} {
		f := newFixture(t)
		f.maxBlocks = 2
		f.prompt("/mc fix it")
		for i := range 4 {
			if i == 2 {
				f.prompt("keep going")
			}
			if out := block(f); out == nil || out.Decision != "block" {
				t.Errorf("%s %d (a prompt after the second): got %+v, want block", name, i, out)
			}
		}
	}
}

func TestExcerptBound(t *testing.T) {
	whole := strings.Repeat("修", excerptRunes)
	if got := excerpt(whole); got != whole {
		t.Errorf("excerpt of %d runes was cut", excerptRunes)
	}
	if got := excerpt(whole + "x"); got != whole+"…" {
		t.Errorf("excerpt of %d runes = %d runes, want %d and an ellipsis", excerptRunes+1, len([]rune(got)), excerptRunes)
	}
}
