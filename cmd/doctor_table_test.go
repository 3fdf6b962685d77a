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
			got := wrapWords(tt.text, tt.width, false)
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("wrapWords(%q, %d) (-want +got):\n%s", tt.text, tt.width, diff)
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
// column; the status keeps its colour and the alignment holds. With All, the ok rows are listed
// too, under the summary.
func TestWriteDoctorTableWraps(t *testing.T) {
	results := []doctor.Result{
		{Check: "hook-binary", Status: doctor.StatusError, Message: "the program /opt/tools/bin/ccc-hooks does not exist"},
		{Check: "config", Status: doctor.StatusOK, Message: "fine"},
	}
	var b bytes.Buffer
	if err := writeDoctorTable(&b, results, doctorTable{Color: true, Cols: 60, All: true}); err != nil {
		t.Fatal(err)
	}
	want := "1 error, 0 warnings, 1 ok: ccc-hooks will not work as it\nshould until the error is fixed.\n" +
		"\nCHECK        STATUS MESSAGE\n" +
		"hook-binary  \x1b[31merror\x1b[0m  the program /opt/tools/bin/ccc-hooks\n" +
		strings.Repeat(" ", 20) + "does not exist\n" +
		"config       \x1b[32mok\x1b[0m     fine\n"
	if diff := cmp.Diff(want, b.String()); diff != "" {
		t.Errorf("table (-want +got):\n%s", diff)
	}
}

// TestWriteDoctorTableFirstScreen: by default the table answers "will it work?" on the first
// screen: the summary, then only what is not ok, then how many checks are ok and the command
// that lists them; with nothing wrong, no table at all.
func TestWriteDoctorTableFirstScreen(t *testing.T) {
	ok := doctor.Result{Check: "config", Status: doctor.StatusOK, Message: "fine"}
	tests := []struct {
		name    string
		results []doctor.Result
		want    string
	}{
		{
			"a warning among ok rows",
			[]doctor.Result{{Check: "timeout", Status: doctor.StatusWarn, Message: "too short"}, ok, ok},
			"No errors; 1 warning, 2 ok: read the warning below.\n\n" +
				"CHECK    STATUS MESSAGE\ntimeout  warn   too short\n\n" +
				"2 checks are ok, not shown: `ccc-hooks doctor --all` lists every check.\n",
		},
		{
			"everything ok",
			[]doctor.Result{ok, ok, ok},
			"No errors, no warnings: all 3 checks are ok.\n\n" +
				"3 checks are ok, not shown: `ccc-hooks doctor --all` lists every check.\n",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := writeDoctorTable(&b, tt.results, doctorTable{Cols: 80, AllCommand: "ccc-hooks doctor --all"}); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, b.String()); diff != "" {
				t.Errorf("doctor (-want +got):\n%s", diff)
			}
		})
	}
}
