// Package hooktest sets up hook runs for the tests of the hook runtime's packages: a Claude
// config dir with ccc.json, a fake claude program standing in for the reviewer, and the Stop
// events and transcript lines Claude Code sends and writes.
package hooktest

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// Env is the environment of a hook run under test: Vars are its environment variables
// (CLAUDE_CONFIG_DIR, the PATH of the tests, and CCC_CLAUDE when a fake reviewer is given), Dir a
// directory of its own.
type Env struct {
	T    testing.TB
	Vars map[string]string
	Dir  string
}

// New returns an Env whose Claude config dir holds cccJSON as ccc.json (none when "") and whose
// reviewer is claudeScript, a shell script (none when ""; a test that needs one is skipped where
// there is no POSIX shell).
func New(t testing.TB, cccJSON, claudeScript string) *Env {
	t.Helper()
	dir := t.TempDir()
	e := &Env{T: t, Dir: dir, Vars: map[string]string{"CLAUDE_CONFIG_DIR": filepath.Join(dir, "claude"), "PATH": os.Getenv("PATH")}}
	if err := os.MkdirAll(e.ConfigDir(), 0o755); err != nil {
		t.Fatal(err)
	}
	if cccJSON != "" {
		e.Write(e.ConfigFile(), cccJSON, 0o644)
	}
	if claudeScript != "" {
		if runtime.GOOS == "windows" {
			t.Skip("the fake claude is a shell script")
		}
		p := filepath.Join(dir, "claude.sh")
		e.Write(p, "#!/bin/sh\n"+claudeScript, 0o755)
		e.Vars["CCC_CLAUDE"] = p
	}
	return e
}

// Getenv reads e's environment.
func (e *Env) Getenv(k string) string { return e.Vars[k] }

// Hook is the outside world of a hook run in e: this process's own (outside.System), but for
// the environment Getenv reads, which is e's, and warnings, which go nowhere. Environ stays the
// process's: the fake reviewers run with its PATH.
func (e *Env) Hook() outside.Env {
	env := outside.System(io.Discard)
	env.Getenv = e.Getenv
	return env
}

// ConfigDir is the Claude config dir.
func (e *Env) ConfigDir() string { return e.Vars["CLAUDE_CONFIG_DIR"] }

// ConfigFile is ccc.json.
func (e *Env) ConfigFile() string { return filepath.Join(e.ConfigDir(), "ccc.json") }

// Home is the ccc-hooks home.
func (e *Env) Home() string { return filepath.Join(e.ConfigDir(), "ccc") }

// ManagedSettings is a managed settings file of e's own: the machine's never reaches a test.
func (e *Env) ManagedSettings() string { return filepath.Join(e.Dir, "managed-settings.json") }

// Write writes a file of the test (see testfs.Write).
func (e *Env) Write(path, data string, mode os.FileMode) {
	e.T.Helper()
	testfs.Write(e.T, path, data, mode)
}

// AllowScript is a reviewer that allows, printing what the real claude prints for such a
// review (package fakereview).
var AllowScript = ReviewScript(true, "ok")

// BlockScript is a reviewer that always blocks and appends a line to $REVIEWS per review.
var BlockScript = `echo review >> "$REVIEWS"` + "\n" + ReviewScript(false, "keep going")

// ReviewScript is a reviewer that gives the verdict allow with feedback, printing what the real
// claude prints for such a review (package fakereview).
func ReviewScript(allow bool, feedback string) string {
	return fakereview.Script(fakereview.Output(fakereview.Verdict(allow, feedback)))
}

// Reviews counts the reviews BlockScript recorded in path.
func Reviews(t testing.TB, path string) int {
	t.Helper()
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Count(string(data), "review\n")
}

// Transcript lines as Claude Code writes them: a reply in words, and a tool call.
const (
	WordsLine = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"text","text":"Done."}]}}` + "\n"
	ToolLine  = `{"type":"assistant","message":{"role":"assistant","content":[{"type":"tool_use","id":"t","name":"Read","input":{}}]}}` + "\n"
)

// Stop is a Stop of session id with no payload of its own.
func Stop(id string) *event.Event { return &event.Event{SessionID: id, Name: event.Stop} }

// StopWithTranscript is a Stop of session sid whose transcript is transcript, with its payload.
func StopWithTranscript(sid string, active bool, msg, transcript string) *event.Event {
	return &event.Event{
		SessionID: sid, Name: event.Stop, StopHookActive: active, LastAssistantMessage: msg, TranscriptPath: transcript,
		Raw: []byte(fmt.Sprintf(`{"session_id":%q,"hook_event_name":"Stop","stop_hook_active":%t,"last_assistant_message":%q,"transcript_path":%q}`,
			sid, active, msg, transcript)),
	}
}

// SystemHome points this process's environment at a new home directory of t's, with no other
// Claude config dir, ccc-hooks home, project, supervisor ID or review named, and returns it: for
// a test of what Options left empty take from the system (outside.Env.OrSystem). Such a test
// cannot run in parallel.
func SystemHome(t *testing.T) string {
	home := t.TempDir()
	t.Setenv("HOME", home)
	for _, name := range []string{"CLAUDE_CONFIG_DIR", "CCC_CONFIG_DIR", "CCC_SUPERVISOR_ID", "CCC_SUPERVISOR_HOOK"} {
		t.Setenv(name, "")
	}
	t.Setenv("CLAUDE_PROJECT_DIR", home)
	return home
}
