package cmd

import (
	"bytes"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
)

func TestWrapText(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		width int
		want  []string
	}{
		{"fits", "a short message", 20, []string{"a short message"}},
		{"empty", "", 20, []string{""}},
		{"between words", "one two three four", 9, []string{"one two", "three", "four"}},
		{
			"long path after a slash", "see /home/someone/.claude/settings.json now", 16,
			[]string{"see", "/home/someone/", ".claude/", "settings.json", "now"},
		},
		{"no separator: at the width", "abcdefghijkl", 5, []string{"abcde", "fghij", "kl"}},
		{
			"other separator when no slash", "CLAUDE_CODE_STOP_HOOK_BLOCK_CAP=20", 20,
			[]string{"CLAUDE_CODE_STOP_", "HOOK_BLOCK_CAP=20"},
		},
		{"wide characters count twice", "设置文件 无效 JSON", 10, []string{"设置文件", "无效 JSON"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := wrapText(tt.text, tt.width)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("wrapText(%q, %d) (-want +got):\n%s", tt.text, tt.width, diff)
			}
			for _, line := range got {
				if textWidth(line) > tt.width {
					t.Errorf("line %q is %d columns, wider than %d", line, textWidth(line), tt.width)
				}
			}
		})
	}
}

// TestWriteDoctorTableWraps: a message wider than the terminal continues under the message
// column; the status keeps its colour and the alignment holds.
func TestWriteDoctorTableWraps(t *testing.T) {
	results := []doctor.Result{
		{Check: "hook-binary", Status: doctor.StatusError, Message: "the program /opt/tools/bin/ccc-hooks does not exist"},
		{Check: "config", Status: doctor.StatusOK, Message: "fine"},
	}
	var b bytes.Buffer
	if err := writeDoctorTable(&b, results, true, 60); err != nil {
		t.Fatal(err)
	}
	want := "CHECK        STATUS MESSAGE\n" +
		"hook-binary  \x1b[31merror\x1b[0m  the program /opt/tools/bin/ccc-hooks\n" +
		strings.Repeat(" ", 20) + "does not exist\n" +
		"config       \x1b[32mok\x1b[0m     fine\n" +
		"\n1 error, 0 warnings, 1 ok\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}
