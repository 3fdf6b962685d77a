package doctor

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
)

const (
	userPath    = "/home/u/.claude/settings.json"
	projectPath = "/work/p/.claude/settings.json"
	localPath   = "/work/p/.claude/settings.local.json"
	managedPath = "/etc/claude-code/managed-settings.json"
	ourCmd      = "/usr/local/bin/ccc-hooks hook"
)

func user(src string) File {
	return parseFile(installer.Target{Scope: installer.ScopeUser, Path: userPath}, []byte(src))
}

func project(src string) File {
	return parseFile(installer.Target{Scope: installer.ScopeProject, Path: projectPath}, []byte(src))
}

func local(src string) File {
	return parseFile(installer.Target{Scope: installer.ScopeLocal, Path: localPath}, []byte(src))
}

func managed(src string) File {
	return parseFile(installer.Target{Scope: installer.ScopeManaged, Path: managedPath}, []byte(src))
}

func provider(name, src string) File {
	path := "/home/u/.claude/settings-" + name + ".json"
	return parseFile(installer.Target{Scope: installer.ScopeProvider, Path: path}, []byte(src))
}

func missing(scope, path string) File {
	return File{Target: installer.Target{Scope: scope, Path: path}}
}

// snap returns a snapshot of files with the default supervisor config.
func snap(files ...File) *Snapshot {
	return &Snapshot{
		ProjectDir: "/work/p",
		Files:      files,
		Home:       "/home/u/.claude/ccc",
		ConfigPath: "/home/u/.claude/ccc.json",
		Config:     config.Default(),
		Workflow:   config.DefaultWorkflow(),
	}
}

// supervisor returns settings with the supervisor profile installed as command with timeout.
func supervisor(command string, timeout int) string {
	h := fmt.Sprintf(`[{"type": "command", "command": %q, "timeout": %d}]`, command, timeout)
	return fmt.Sprintf(`{"hooks": {"Stop": [{"hooks": %s}], "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": %s}]}}`, h, h)
}

// stop returns settings with one Stop handler running command.
func stop(command string) string {
	return fmt.Sprintf(`{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": %q, "timeout": 600}]}]}}`, command)
}

// want is the expected shape of one result: its status and words its message must contain.
type want struct {
	Status   Status
	Contains []string
}

// checkResults runs c over s and compares the results with wants, in order.
func checkResults(t *testing.T, c Check, s *Snapshot, wants []want) {
	t.Helper()
	got := c.Run(context.Background(), s)
	var gotStatus, wantStatus []Status
	for _, r := range got {
		gotStatus = append(gotStatus, r.Status)
	}
	for _, w := range wants {
		wantStatus = append(wantStatus, w.Status)
	}
	if diff := cmp.Diff(wantStatus, gotStatus); diff != "" {
		t.Fatalf("statuses (-want +got):\n%s\nresults: %+v", diff, got)
	}
	for i, w := range wants {
		for _, sub := range w.Contains {
			if !strings.Contains(got[i].Message, sub) {
				t.Errorf("result %d: message %q\ndoes not contain %q", i, got[i].Message, sub)
			}
		}
	}
}

// thisCommit is the commit of the ccc-hooks a fakeEnv is.
const thisCommit = "c043178e1f2a9b3c4d5e6f708192a3b4c5d6e7f8"

// fakeEnv is an Env whose programs are scripted: paths maps a program to its path (absent: not
// found) and outputs maps a path to what `<path> <args>` prints (an error when absent).
func fakeEnv(env, paths, outputs map[string]string) Env {
	return Env{
		Getenv: func(k string) string { return env[k] },
		LookPath: func(p string) (string, error) {
			if found, ok := paths[p]; ok {
				return found, nil
			}
			return "", errors.New("executable file not found in $PATH")
		},
		Output: func(_ context.Context, name string, args ...string) ([]byte, error) {
			key := strings.Join(append([]string{filepath.ToSlash(name)}, args...), " ")
			if out, ok := outputs[key]; ok {
				return []byte(out), nil
			}
			return nil, errors.New("exit status 1")
		},
		Build: buildinfo.Info{Version: "1.2.3", Commit: thisCommit, Date: "2026-11-27T04:27:00Z"},
	}
}
