package workflow

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestLongDescriptionBounded: a /mc of 100,000 characters is kept whole in the task, and cut to
// descriptionRunes in the reminder and in every block.
func TestLongDescriptionBounded(t *testing.T) {
	f := newFixture(t)
	long := strings.Repeat("修复商店购买BUG, ", 10000)
	out := f.prompt("/mc " + long)
	if got := f.only().TaskDescription; got != strings.TrimSpace(long) {
		t.Errorf("task_description kept %d runes, want all %d", utf8.RuneCountInString(got), utf8.RuneCountInString(strings.TrimSpace(long)))
	}
	reminder := out.HookSpecificOutput.AdditionalContext
	block := reason(f.stop())
	for name, text := range map[string]string{"reminder": reminder, "block": block} {
		if n := utf8.RuneCountInString(text); n > descriptionRunes+1000 {
			t.Errorf("%s is %d runes, want the description cut to %d", name, n, descriptionRunes)
		}
		if !strings.Contains(text, strings.Repeat("修复商店购买BUG, ", 3)) || !strings.Contains(text, "…") {
			t.Errorf("%s lacks the start of the description and the mark of the cut: %.300s", name, text)
		}
	}
}

// TestDescriptionUnquoted: /mc "…" means the words inside, in any of the quotes people type; a
// description that only starts and ends with a quote is kept as written.
func TestDescriptionUnquoted(t *testing.T) {
	for in, want := range map[string]string{
		`/mc "修复商店购买BUG"`:       "修复商店购买BUG",
		`/mc '修复商店购买BUG'`:       "修复商店购买BUG",
		"/mc “fix the shop”":    "fix the shop",
		"/mc 「修复商店购买BUG」":       "修复商店购买BUG",
		`/mc " padded "`:        "padded",
		`/mc "a" and "b"`:       `"a" and "b"`,
		`/mc fix "the" shop`:    `fix "the" shop`,
		`/mc "unbalanced`:       `"unbalanced`,
		`/workflow:mc "fix it"`: "fix it",
	} {
		if got, ok := taskDescription(in); !ok || got != want {
			t.Errorf("taskDescription(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	if _, ok := taskDescription(`/mc ""`); ok {
		t.Error(`/mc "" opened a task`)
	}
}
