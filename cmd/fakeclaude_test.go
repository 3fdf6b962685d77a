package cmd

import (
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

// fakeClaude stands in for the claude program in scripts (registered as "fake-claude"):
//
//	FAKE_CLAUDE_RECORD  file that receives its arguments (all but the prompt, quoted), cwd and
//	                    CCC_SUPERVISOR_HOOK; the prompt goes to FILE.prompt
//	FAKE_CLAUDE_REVIEW  file holding the text a review ends with (its last line end aside): it
//	                    prints what the newest tested claude -p --output-format json prints for
//	                    such a review (fakereview.Output)
//	FAKE_CLAUDE_OUTPUT  file whose content it prints on stdout as it is: an output of the real
//	                    client's shape with values of the script's own (script_reviewers_test.go)
//	FAKE_CLAUDE_STDERR  text it prints on stderr
//	FAKE_CLAUDE_SLEEP   how long to sleep first (a Go duration)
//	FAKE_CLAUDE_EXIT    its exit status
//	FAKE_CLAUDE_VERSION the version it answers `--version` with ("<version> (Claude Code)"), as
//	                    scripts set it: $CLAUDE_TESTED_NEWEST or $CLAUDE_TESTED_OLDEST
func fakeClaude() {
	args := os.Args[1:]
	if v := os.Getenv("FAKE_CLAUDE_VERSION"); v != "" && len(args) == 1 && args[0] == "--version" {
		_, _ = os.Stdout.WriteString(v + " (Claude Code)\n")
		os.Exit(0)
	}
	if rec := os.Getenv("FAKE_CLAUDE_RECORD"); rec != "" {
		var b strings.Builder
		b.WriteString("args:")
		prompt := ""
		if len(args) > 0 {
			prompt = args[len(args)-1]
			for _, a := range args[:len(args)-1] {
				b.WriteString(" " + strconv.Quote(a))
			}
		}
		wd, _ := os.Getwd()
		b.WriteString("\ncwd: " + wd + "\n")
		b.WriteString("CCC_SUPERVISOR_HOOK=" + os.Getenv("CCC_SUPERVISOR_HOOK") + "\n")
		if err := os.WriteFile(rec, []byte(b.String()), 0o644); err != nil {
			panic(err)
		}
		if err := os.WriteFile(rec+".prompt", []byte(prompt), 0o644); err != nil {
			panic(err)
		}
	}
	if d, err := time.ParseDuration(os.Getenv("FAKE_CLAUDE_SLEEP")); err == nil {
		time.Sleep(d)
	}
	if f := os.Getenv("FAKE_CLAUDE_REVIEW"); f != "" {
		text, err := os.ReadFile(f)
		if err != nil {
			panic(err)
		}
		_, _ = os.Stdout.Write(fakereview.Output(strings.TrimSuffix(string(text), "\n")))
	}
	if f := os.Getenv("FAKE_CLAUDE_OUTPUT"); f != "" {
		data, err := os.ReadFile(f)
		if err != nil {
			panic(err)
		}
		_, _ = os.Stdout.Write(data)
	}
	if s := os.Getenv("FAKE_CLAUDE_STDERR"); s != "" {
		_, _ = os.Stderr.WriteString(s + "\n")
	}
	code, _ := strconv.Atoi(os.Getenv("FAKE_CLAUDE_EXIT"))
	os.Exit(code)
}
