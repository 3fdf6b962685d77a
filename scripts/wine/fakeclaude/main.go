// Command fakeclaude stands in for the claude program in the Windows checks
// (scripts/windows-check.sh), where ccc-hooks.exe runs its review: it waits FAKE_CLAUDE_SLEEP (a
// Go duration), then prints what the newest tested `claude -p --output-format json` prints for a
// review that ends with the text of the file FAKE_CLAUDE_REVIEW (package fakereview), or else the
// file FAKE_CLAUDE_OUTPUT as it is. Asked for its --version (as doctor asks), it says it is
// Claude Code 2.1.328.
package main

import (
	"os"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

func main() {
	if len(os.Args) == 2 && os.Args[1] == "--version" {
		_, _ = os.Stdout.WriteString("2.1.328 (Claude Code)\n")
		return
	}
	if d, err := time.ParseDuration(os.Getenv("FAKE_CLAUDE_SLEEP")); err == nil {
		time.Sleep(d)
	}
	path := os.Getenv("FAKE_CLAUDE_REVIEW")
	review := path != ""
	if !review {
		path = os.Getenv("FAKE_CLAUDE_OUTPUT")
	}
	data, err := os.ReadFile(path)
	if err != nil {
		_, _ = os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	if review {
		data = fakereview.Output(strings.TrimSuffix(string(data), "\n"))
	}
	_, _ = os.Stdout.Write(data)
}
