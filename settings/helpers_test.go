package settings

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const (
	testCommand  = "/usr/local/bin/ccc-hooks hook"
	otherCommand = "/opt/new place/ccc-hooks hook"
)

// testOwner recognises ccc-hooks commands the way the installer does: program base name
// ccc-hooks (or ccc-hooks.exe) and subcommand hook or supervisor-hook.
func testOwner(command string) bool {
	f := strings.Fields(command)
	if len(f) < 2 {
		return false
	}
	prog := strings.Trim(f[len(f)-2], `'"`)
	base := filepath.Base(prog)
	return (base == "ccc-hooks" || base == "ccc-hooks.exe") && (f[len(f)-1] == "hook" || f[len(f)-1] == "supervisor-hook")
}

// testStatus is the statusMessage of the supervisor's handlers (the installer's text).
const testStatus = "ccc-hooks supervisor reviewing"

// supervisorEntries are the entries of the supervisor profile for command.
func supervisorEntries(command string, timeout int) []Entry {
	return []Entry{
		{Event: "Stop", Command: command, Timeout: timeout, StatusMessage: testStatus},
		{Event: "PreToolUse", Matcher: "AskUserQuestion", Command: command, Timeout: timeout, StatusMessage: testStatus},
	}
}

// diffBytes fails t with a got/want diff when got != want.
func diffBytes(t *testing.T, what string, got, want []byte) {
	t.Helper()
	if !bytes.Equal(got, want) {
		t.Errorf("%s mismatch (-got +want):\n%s", what, cmp.Diff(string(got), string(want)))
	}
}

func mustValid(t *testing.T, b []byte) {
	t.Helper()
	if !json.Valid(b) {
		t.Fatalf("output is not valid JSON:\n%s", b)
	}
}
