package wall

import (
	"context"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestNothingLasts is the wall's promise, proven by running a hostile check: it writes into the
// project, into .git, into the home directory, into /tmp and beside the project; deletes a
// tracked file; runs git where the repository's .git/config names a file-system monitor and its
// hooks a pre-commit program; dials a TCP listener on the host's loopback and a unix socket in
// the home directory; and kills a process of the same user outside. Afterwards every file is byte
// for byte as it was, no listener was reached, the process lives, neither program of the
// repository ran — and what the check printed came back. The same repository outside the wall,
// run by git itself, runs both programs: the trap is real. It runs as the user the suite runs as
// (root in CI: no user namespace, every capability dropped) and, from root, again as the user
// nobody (TestNothingLastsAsNobody: a user namespace of its own).
func TestNothingLasts(t *testing.T) { nothingLasts(t) }

// TestNothingLastsAsNobody is TestNothingLasts as the user nobody, run from root.
func TestNothingLastsAsNobody(t *testing.T) {
	if os.Geteuid() != 0 && !testuser.InChild(t) {
		t.Skip("not root: TestNothingLasts runs as this user")
	}
	if testuser.RunAsNobody(t) {
		return
	}
	nothingLasts(t)
}

func nothingLasts(t *testing.T) {
	t.Helper()
	testneed.Works(t, "wall", Probe(context.Background(), ""))
	git := testneed.Program(t, "git")
	bash := testneed.Program(t, "bash")
	for _, tc := range []struct {
		name    string
		project func(root, home string) string
	}{
		{"project in the home directory", func(_, home string) string { return filepath.Join(home, "src", "proj") }},
		{"project beside the home directory", func(root, _ string) string { return filepath.Join(root, "proj") }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			root := shortDir(t)
			home := filepath.Join(root, "home")
			outside := filepath.Join(root, "outside")
			proj := tc.project(root, home)
			testfs.Write(t, filepath.Join(home, "existing.txt"), "the user's own\n", 0o644)
			testfs.Write(t, filepath.Join(outside, "kept.txt"), "beside the project\n", 0o644)
			repo := hostileRepo(t, git, proj)

			tcp, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer tcp.Close()
			sock := filepath.Join(home, "agent.sock")
			unixL, err := net.Listen("unix", sock)
			if err != nil {
				t.Fatal(err)
			}
			defer unixL.Close()
			listeners := []net.Listener{tcp, unixL}
			dials := []string{"tcp " + tcp.Addr().String(), "unix " + sock}
			if machineSock := machineSocket(t); machineSock != nil {
				// A socket in sight of the wall outside every layer (only root can put one
				// there): a read-only mount does not keep anyone from connecting to it.
				defer machineSock.Close()
				listeners = append(listeners, machineSock)
				dials = append(dials, "unix "+machineSock.Addr().String())
			}
			reached := accepted(listeners...)
			sleeper := exec.Command("sleep", "60")
			if err := sleeper.Start(); err != nil {
				t.Fatal(err)
			}
			defer func() { _ = sleeper.Process.Kill(); _ = sleeper.Wait() }()

			tmpPlant := filepath.Join(os.TempDir(), "ccc-hooks-wall-planted-"+strconv.Itoa(os.Getpid()))
			etcPlant := "/etc/ccc-hooks-wall-planted-" + strconv.Itoa(os.Getpid())
			// The test binary dials for the check; /tmp is the wall's own, so it goes in home.
			self := filepath.Join(home, "bin", "dial")
			testfs.Copy(t, os.Args[0], self, 0o755)
			script := strings.Join([]string{
				"echo CHECK-OUTPUT-MARKER",
				"echo changed >> tracked.txt; echo new > new.txt; rm -f deleted.txt",
				"echo planted > .git/planted",
				`echo planted > "$HOME/planted"; echo more >> "$HOME/existing.txt"`,
				"echo planted > " + tmpPlant,
				"echo planted > " + filepath.Join(outside, "planted") + " || echo beside: refused",
				"echo changed > " + filepath.Join(outside, "kept.txt") + " || echo beside: refused",
				git + " status --short; " + git + " add -A && " + git + " -c user.name=x -c user.email=x@y commit -qm planted; echo commit=$?",
				"echo 0000000000000000000000000000000000000000 > .git/refs/heads/main",
				"echo planted > " + etcPlant + " || echo etc: refused",
				dialAll(self, dials),
				"kill -9 " + strconv.Itoa(sleeper.Process.Pid) + "; echo kill=$?",
				"exit 7",
			}, "\n")
			before := testfs.Snapshot(t, root)
			res, err := Run(context.Background(), Spec{
				Project: proj, Dir: proj, Home: home, Command: bash + " -c '" + strings.ReplaceAll(script, "'", `'\''`) + "'",
				Env: append(os.Environ(), "HOME="+home, "GIT_CONFIG_GLOBAL=/dev/null"), Timeout: time.Minute,
			})
			if err != nil {
				t.Fatalf("Run: %v", err)
			}
			out := string(res.Output)
			t.Logf("exit %d, setup %s, ran %s, teardown %s:\n%s", res.ExitCode, res.Setup, res.Ran, res.Teardown, out)
			if diff := cmp.Diff(before, testfs.Snapshot(t, root)); diff != "" {
				t.Errorf("files changed behind the wall (-before +after):\n%s", diff)
			}
			for _, plant := range []string{tmpPlant, etcPlant} {
				if _, err := os.Lstat(plant); err == nil {
					os.Remove(plant)
					t.Errorf("the check's file %s outlived it", plant)
				}
			}
			if res.ExitCode != 7 || !strings.Contains(out, "CHECK-OUTPUT-MARKER") {
				t.Errorf("exit %d and the output above: want the check's exit 7 and its marker", res.ExitCode)
			}
			for _, ran := range []string{repo.monitorRan, repo.hookRan} {
				if strings.Contains(out, ran) {
					t.Errorf("%s: a program the repository names ran behind the wall", ran)
				}
			}
			if !strings.Contains(out, "commit=0") {
				t.Errorf("git could not commit behind the wall (its own writes go to the layer)")
			}
			if got := <-reached(); got != "" {
				t.Errorf("a listener outside was reached: %s", got)
			}
			if !strings.Contains(out, "kill=1") || syscall.Kill(sleeper.Process.Pid, 0) != nil {
				t.Errorf("the check could signal a process outside")
			}
		})
	}
}

// hostileRepo is a repository laid out as a reviewed agent could leave it, with a control run:
// git run plainly there runs both of its programs.
type trapRepo struct{ monitorRan, hookRan string }

func hostileRepo(t *testing.T, git, dir string) trapRepo {
	t.Helper()
	r := trapRepo{monitorRan: "FSMONITOR-RAN", hookRan: "PRE-COMMIT-RAN"}
	testfs.Write(t, filepath.Join(dir, "tracked.txt"), "tracked\n", 0o644)
	testfs.Write(t, filepath.Join(dir, "deleted.txt"), "to be deleted\n", 0o644)
	gitRun(t, dir, git, "init", "-q", "-b", "main")
	gitRun(t, dir, git, "add", "-A")
	gitRun(t, dir, git, "-c", "user.name=u", "-c", "user.email=u@x", "commit", "-qm", "init")
	monitor := filepath.Join(dir, ".git", "monitor.sh")
	testfs.Write(t, monitor, "#!/bin/sh\necho "+r.monitorRan+" >&2\n", 0o755)
	testfs.Write(t, filepath.Join(dir, ".git", "hooks", "pre-commit"), "#!/bin/sh\necho "+r.hookRan+" >&2\n", 0o755)
	gitRun(t, dir, git, "config", "core.fsmonitor", monitor)
	if out := gitRun(t, dir, git, "status", "--short"); !strings.Contains(out, r.monitorRan) {
		t.Fatalf("control: git status outside the wall did not run core.fsmonitor:\n%s", out)
	}
	return r
}

func gitRun(t *testing.T, dir, git string, args ...string) string {
	t.Helper()
	c := exec.Command(git, args...)
	c.Dir = dir
	c.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := c.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

// accepted returns a function that stops the listeners and says who reached them ("" for no
// one).
func accepted(ls ...net.Listener) func() <-chan string {
	got := make(chan string, len(ls))
	for _, l := range ls {
		go func() {
			if c, err := l.Accept(); err == nil {
				got <- "a connection to " + l.Addr().String()
				c.Close()
			}
		}()
	}
	return func() <-chan string {
		out := make(chan string, 1)
		for _, l := range ls {
			l.Close()
		}
		select {
		case s := <-got:
			out <- s
		case <-time.After(100 * time.Millisecond):
			out <- ""
		}
		return out
	}
}

// shortDir is a new directory with a short path (t.TempDir's are too long for a socket's
// address), removed when t ends.
func shortDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "w") //nolint:usetesting // see above
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	return dir
}

// dialAll is the check's lines that dial each of dials ("NETWORK ADDRESS") with the test binary
// at self.
func dialAll(self string, dials []string) string {
	var lines []string
	for _, d := range dials {
		lines = append(lines, self+" "+dialArg+" "+d)
	}
	return strings.Join(lines, "\n")
}

// machineSocket listens on a unix socket in a new directory of the machine in sight of the wall
// outside every layer (/var/lib, /opt, /srv, or the package's source when it is not below /tmp);
// nil unless root, the one user that can put a socket outside the places the wall covers.
func machineSocket(t *testing.T) net.Listener {
	t.Helper()
	if os.Geteuid() != 0 {
		return nil
	}
	wd, _ := os.Getwd()
	home, _ := os.UserHomeDir()
	for _, base := range []string{"/opt", "/etc", "/var/lib", wd} {
		if fi, err := os.Stat(base); err != nil || !fi.IsDir() || paths.Within(base, "/tmp") || home != "" && paths.Within(base, home) {
			continue
		}
		dir, err := os.MkdirTemp(base, "ccc-hooks-wall-test-") //nolint:usetesting // in sight of the wall, unlike t.TempDir
		if err != nil {
			continue
		}
		t.Cleanup(func() { os.RemoveAll(dir) })
		l, err := net.Listen("unix", filepath.Join(dir, "s"))
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	t.Log("no directory in sight of the wall outside its layers: the socket cover is not tried")
	return nil
}
