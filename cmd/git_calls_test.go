package cmd

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestGitAskedOnlyForTheRoot: <root> (git's top level, where the local settings file is) is
// looked up only by a command that needs a file there. An install into and uninstall from the
// user settings run no git process; the same into the local settings ask git once per command.
func TestGitAskedOnlyForTheRoot(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake git is a shell script")
	}
	bin := t.TempDir()
	calls := filepath.Join(t.TempDir(), "git-calls")
	fake := "#!/bin/sh\necho \"$*\" >>'" + calls + "'\nexit 128\n"
	testfs.Write(t, filepath.Join(bin, "git"), fake, 0o755)
	t.Setenv("PATH", bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	count := func() int {
		data, err := os.ReadFile(calls)
		if os.IsNotExist(err) {
			return 0
		} else if err != nil {
			t.Fatal(err)
		}
		return strings.Count(string(data), "\n")
	}

	env, _, errOut := testEnv(t)
	for _, args := range [][]string{
		{"install", "--yes", "--scope", "user"},
		{"uninstall", "--yes", "--scope", "user"},
	} {
		if code := Main(env, args); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if n := count(); n != 0 {
			t.Fatalf("%v asked git %d times, want none", args, n)
		}
	}
	for i, args := range [][]string{
		{"install", "--yes", "--scope", "local"},
		{"uninstall", "--yes", "--scope", "local"},
	} {
		if code := Main(env, args); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		if n := count(); n != i+1 {
			t.Fatalf("after %v git was asked %d times, want %d", args, n, i+1)
		}
	}
}
