//go:build unix

package gitview

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"
)

// TestViewReadsNothingOfTheHome: git reads the home directory's default exclude and attributes
// files (~/.config/git/ignore and attributes) whatever the repository, and its configuration
// files; the agent under review can make them named pipes. Plain git then waits on them (the
// control, with the global configuration already kept out); through the view every reading
// command ends at once.
func TestViewReadsNothingOfTheHome(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	r := k.repo("repo")
	w := k.mustBuild(r)
	for _, name := range []string{".gitconfig", ".config/git/config", ".config/git/ignore", ".config/git/attributes"} {
		path := filepath.Join(k.home, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		_ = os.Remove(path)
		if err := syscall.Mkfifo(path, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run := func(env []string, bound time.Duration, args ...string) error {
		ctx, cancel := context.WithTimeout(context.Background(), bound)
		defer cancel()
		c := exec.CommandContext(ctx, "git", args...)
		c.Dir, c.Env = r, env
		out, err := c.CombinedOutput()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		if err != nil {
			t.Logf("git %v: %v\n%s", args, err, out)
		}
		return nil
	}
	plain := append(plainEnv(k.home), "GIT_CONFIG_GLOBAL="+os.DevNull, "GIT_OPTIONAL_LOCKS=0")
	if err := run(plain, 2*time.Second, "status"); err == nil {
		t.Error("plain git status ended with the home's exclude and attributes files named pipes: the control proves nothing")
	}
	inView := slices.Concat(plainEnv(k.home)[:3], Hardening(), w.Env())
	for _, args := range [][]string{
		{"status"},
		{"status", "--ignored"},
		{"diff"},
		{"diff", "HEAD~1"},
		{"log", "-p", "-2"},
		{"show", "HEAD"},
		{"blame", "a.txt"},
		{"grep", "-n", "one"},
		{"ls-files", "-o", "--exclude-standard"},
		{"check-attr", "-a", "a.txt"},
	} {
		if err := run(inView, 10*time.Second, args...); err != nil {
			t.Errorf("through the view, git %v waited on a file of the home: %v", args, err)
		}
	}
}
