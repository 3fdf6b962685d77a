package cmd

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestNoGitProcess: the files Claude Code reads are found as Claude Code finds them, by walking up
// to .git, never by asking git (which follows GIT_DIR and GIT_WORK_TREE, and Claude Code does
// not): install, uninstall, status and doctor run no git process, in the local scope too.
func TestNoGitProcess(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake git is a shell script")
	}
	bin := t.TempDir()
	calls := filepath.Join(t.TempDir(), "git-calls")
	fake := "#!/bin/sh\necho \"$*\" >>'" + calls + "'\nexit 128\n"
	testfs.Write(t, filepath.Join(bin, "git"), fake, 0o755)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))

	env, _, errOut := testEnv(t)
	mustMkdir(t, filepath.Join(env.Getenv("HOME"), "repo", ".git"))
	sub := filepath.Join(env.Getenv("HOME"), "repo", "src")
	mustMkdir(t, sub)
	env.Getwd = func() (string, error) { return sub, nil }
	for _, args := range [][]string{
		{"install", "--yes", "--scope", "user"},
		{"uninstall", "--yes", "--scope", "user"},
		{"install", "--yes", "--scope", "local"},
		{"status"},
		{"uninstall", "--yes", "--scope", "local"},
	} {
		if code := Main(env, args); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if args[0] == "status" { // after install --scope local: the top's file, not src's
			if _, err := os.Stat(filepath.Join(env.Getenv("HOME"), "repo", ".claude", "settings.local.json")); err != nil {
				t.Fatalf("install --scope local in %s did not write the repository top's local settings: %v", sub, err)
			}
		}
	}
	Main(env, []string{"doctor"})
	if data, err := os.ReadFile(calls); err == nil || !os.IsNotExist(err) {
		t.Fatalf("git was asked (%v): %s", err, strings.TrimSpace(string(data)))
	}
}
