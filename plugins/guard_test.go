//go:build unix

package plugins_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// runHookCommand runs a plugin hook's command as Claude Code runs it on Linux and macOS
// (`/bin/sh -c`), with PATH and the event on stdin.
func runHookCommand(t *testing.T, command, path, event string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Env = []string{"PATH=" + path}
	cmd.Stdin = strings.NewReader(event)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s: %v", command, err)
	}
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}

// TestGuardWithoutTheProgram: where ccc-hooks is not on PATH, every hook of each plugin exits 0
// and prints one JSON object, a systemMessage naming the plugin, what is missing and the README's
// install line for the binary alone (--no-setup: the plugin needs no settings install); nothing
// on stderr (Claude Code would show it as a failure). Where it is, the command is
// ccc-hooks itself: it gets the arguments `hook` and the event on stdin, and its output, stderr
// and exit status are the hook's.
func TestGuardWithoutTheProgram(t *testing.T) {
	installLine := testrepo.InstallLine(t) + " -- --no-setup"
	empty := t.TempDir()
	withBin := t.TempDir()
	testfs.Write(t, filepath.Join(withBin, "ccc-hooks"),
		"#!/bin/sh\nread -r line; printf 'args=%s stdin=%s\\n' \"$*\" \"$line\"; echo oops >&2; exit 3\n", 0o755)
	for _, name := range pluginNames() {
		handlers, err := settings.Handlers(hooksFile(t, name))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range handlers {
			out, errOut, code := runHookCommand(t, h.Command, empty, `{"session_id":"s"}`)
			var answer struct{ SystemMessage string }
			dec := json.NewDecoder(strings.NewReader(out))
			dec.DisallowUnknownFields()
			if code != 0 || errOut != "" || dec.Decode(&answer) != nil || strings.Count(out, "\n") != 1 {
				t.Errorf("%s %s without ccc-hooks: exit %d, stdout %q, stderr %q; want exit 0 and one JSON object", name, h.Event, code, out, errOut)
			}
			for _, want := range []string{"ccc-hooks " + name + ":", "not on PATH", "`" + installLine + "`"} {
				if !strings.Contains(answer.SystemMessage, want) {
					t.Errorf("%s %s: the message %q lacks %q", name, h.Event, answer.SystemMessage, want)
				}
			}

			out, errOut, code = runHookCommand(t, h.Command, withBin, `{"session_id":"s"}`)
			if code != 3 || out != "args=hook stdin={\"session_id\":\"s\"}\n" || errOut != "oops\n" {
				t.Errorf("%s %s with ccc-hooks: exit %d, stdout %q, stderr %q; want ccc-hooks hook's own", name, h.Event, code, out, errOut)
			}
		}
	}
}
