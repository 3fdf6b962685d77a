package workflow

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestContextFeedbackConfirms: the design's other way to confirm: the user writes under "###
// 用户反馈" in the task's context.md; the next stop completes the task. The same words and rules
// as a prompt: a negation never confirms, nor does the template's own explanation, nor a
// confirmation outside the section.
func TestContextFeedbackConfirms(t *testing.T) {
	for _, tt := range []struct {
		name, feedback string
		confirms       bool
	}{
		{"用户确认: 是", "用户确认: 是\n", true},
		{"已修复", "已修复，谢谢\n", true},
		{"full-width colon", "用户确认：是\n", true},
		{"fixed", "Fixed.\n", true},
		{"未修复", "未修复\n", false},
		{"用户确认: 否", "用户确认: 否\n", false},
		{"not fixed", "not fixed yet\n", false},
		{"a question", "修复了吗\n", false},
		{"the template alone", "", false},
		{"below the next heading", "\n## Notes\n\n已修复\n", false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			f := newFixture(t)
			f.prompt("/mc fix it")
			path := filepath.Join(f.only().Dir, ContextFile)
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(data), "\n### 用户反馈\n") {
				t.Fatalf("the template has no ### 用户反馈 section:\n%s", data)
			}
			testfs.Write(t, path, string(data)+tt.feedback, 0o644)
			out := f.stop()
			if done := f.only().Status == StatusCompleted; done != tt.confirms || (out == nil) != tt.confirms {
				t.Errorf("completed %v (stop answered %+v), want %v", done, out, tt.confirms)
			}
		})
	}
}

// TestFeedbackSection: the section runs to the next heading of its level or above, at any level
// of its own; comments are left out.
func TestFeedbackSection(t *testing.T) {
	md := "# T\n\n## Context\n\n### 用户反馈\n\n<!-- write 已修复 -->\nok\n#### detail\nmore\n### Next\nnot this\n"
	got, found := feedback(md)
	if !found || strings.TrimSpace(got) != "ok\n#### detail\nmore" {
		t.Errorf("feedback = %q, %v", got, found)
	}
	if _, found := feedback("# T\n\n用户反馈\n"); found {
		t.Error("a line that is not a heading was taken for the section")
	}
}
