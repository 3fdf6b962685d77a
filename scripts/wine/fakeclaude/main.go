// Command fakeclaude stands in for the claude program in the Windows checks
// (scripts/windows-check.sh), where ccc-hooks.exe runs its review: it waits FAKE_CLAUDE_SLEEP (a
// Go duration), then prints the file named by FAKE_CLAUDE_OUTPUT, as `claude -p --output-format
// json` prints its result. Asked for its --version (as doctor asks), it says it is Claude Code
// 2.1.328.
package main

import (
	"os"
	"time"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--version" {
		_, _ = os.Stdout.WriteString("2.1.328 (Claude Code)\n")
		return
	}
	if d, err := time.ParseDuration(os.Getenv("FAKE_CLAUDE_SLEEP")); err == nil {
		time.Sleep(d)
	}
	data, err := os.ReadFile(os.Getenv("FAKE_CLAUDE_OUTPUT"))
	if err != nil {
		_, _ = os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	_, _ = os.Stdout.Write(data)
}
