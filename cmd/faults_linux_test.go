//go:build linux

package cmd

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// faultSyscalls are the system calls ccc-hooks makes on files, directories and locks: each of
// their calls in a run of install or uninstall is made to fail with EIO in a run of its own.
var faultSyscalls = []string{
	"openat", "read", "write", "pread64", "pwrite64", "close", "fstat", "newfstatat", "statx", "lseek",
	"fsync", "fdatasync", "renameat", "renameat2", "unlinkat", "mkdirat", "fchmod", "fchmodat", "fchown",
	"fchownat", "flock", "ftruncate", "getdents64", "readlinkat", "fcntl", "getrandom",
	"llistxattr", "flistxattr", "lgetxattr", "fgetxattr", "fsetxattr", "fremovexattr", "linkat",
}

// faultCase is a command run with errors injected, from a state its setup makes.
type faultCase struct {
	name  string
	args  []string
	setup func(t *testing.T, dir string) // makes the state before the command, under dir
	file  string                         // the settings file, relative to dir
}

// TestMessagesTrueUnderInjectedErrors makes, with strace's fault injection, each call of each
// system call of faultSyscalls fail with EIO in its own run of a real `ccc-hooks install` or
// `uninstall` (strace counts calls per thread, so a run may fail the Nth call of several threads;
// the runs go on until a number injects nothing). After every run, what the command said must be
// true of the files:
//   - exit 0: the file is as the command makes it;
//   - "the file was left unchanged": byte for byte as it was (or still missing);
//   - "the change was written to the file before this": as the command makes it; "the file was
//     removed before this": gone; "may be half written": put right by the next run;
//   - anything else (the runtime itself failed, a message lost with its write): as it was or as
//     the command makes it, never anything between.
//
// A temporary file of ccc-hooks left beside the file or in its home must be named in what was
// said. Then the same command run without faults must succeed, leave the file as it makes it,
// and no temporary file anywhere.
func TestMessagesTrueUnderInjectedErrors(t *testing.T) {
	if out, err := exec.Command("strace", "-f", "-qq", "-o", "/dev/null", "-e", "trace=getpid", "-e", "inject=getpid:error=EIO:when=1", "true").CombinedOutput(); err != nil {
		testneed.Missing(t, fmt.Sprintf("strace with fault injection is not here: %v %s", err, out))
	}
	bin := buildBinary(t)
	const user = "home/.claude/settings.json"
	existing := func(t *testing.T, dir string) {
		writeFile(t, filepath.Join(dir, user), killOld)
	}
	installed := func(t *testing.T, dir string) {
		existing(t, dir)
		faultRun(t, bin, dir, "install")
	}
	project := func(t *testing.T, dir string) {
		if err := os.MkdirAll(filepath.Join(dir, "project"), 0o755); err != nil {
			t.Fatal(err)
		}
		faultRun(t, bin, dir, "install", "--scope", "project", "--project-dir", filepath.Join(dir, "project"), "--absolute")
	}
	linked := func(t *testing.T, dir string) {
		existing(t, dir)
		if err := os.Link(filepath.Join(dir, user), filepath.Join(dir, "home", "dotfiles-settings.json")); err != nil {
			t.Fatal(err)
		}
	}
	cases := []faultCase{
		{"install into a file", []string{"install"}, existing, user},
		{"uninstall from it", []string{"uninstall"}, installed, user},
		{"uninstall of a file install created", []string{"uninstall", "--scope", "project", "--project-dir", "$DIR/project"}, project, "project/.claude/settings.json"},
		{"install in place", []string{"install"}, linked, user},
	}
	total := map[string]int{}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before, after := faultStates(t, bin, c)
			for _, sc := range faultSyscalls {
				for n := 1; n < 2000; n++ {
					injected, claim := faultOnce(t, bin, c, sc, n, before, after)
					if !injected {
						break
					}
					total["injected"]++
					total[claim]++
				}
			}
		})
	}
	t.Logf("%d runs with a call failed; what they said: %d left unchanged, %d written before, %d removed before, %d half written, %d succeeded, %d said nothing of the file",
		total["injected"], total["unchanged"], total["written"], total["removed"], total["half"], total["ok"], total["none"])
}

// faultStates returns the file before c's command and after it, run without faults.
func faultStates(t *testing.T, bin string, c faultCase) (before, after []byte) {
	t.Helper()
	dir := t.TempDir()
	c.setup(t, dir)
	before = readOrNil(t, filepath.Join(dir, c.file))
	faultRun(t, bin, dir, expandDir(c.args, dir)...)
	return before, readOrNil(t, filepath.Join(dir, c.file))
}

// faultOnce runs c's command with the nth call of syscall failing, checks what it said against
// the files, and returns whether a call was failed, and what the command claimed.
func faultOnce(t *testing.T, bin string, c faultCase, syscall string, n int, before, after []byte) (injected bool, claim string) {
	t.Helper()
	dir := t.TempDir()
	c.setup(t, dir)
	log := filepath.Join(dir, "strace.log")
	when := strconv.Itoa(n)
	cmd := exec.Command("strace", append([]string{
		"-f", "-qq", "-o", log, "-e", "trace=" + syscall,
		"-e", "inject=" + syscall + ":error=EIO:when=" + when, "--", bin,
	}, expandDir(c.args, dir)...)...)
	cmd.Env = faultEnv(dir)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	trace, _ := os.ReadFile(log)
	if !bytes.Contains(trace, []byte("(INJECTED)")) {
		return false, ""
	}
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	}
	said := out.String() + errOut.String()
	got := readOrNil(t, filepath.Join(dir, c.file))
	where := func() string { return syscall + " #" + when + ": exit " + strconv.Itoa(code) + "\n" + said }
	switch {
	case code == 0:
		claim = "ok"
		if !bytes.Equal(got, after) {
			t.Errorf("%s\nsucceeded, but the file holds\n%s\nwant\n%s", where(), got, after)
		}
	case strings.Contains(said, "may be half written"):
		claim = "half"
	case strings.Contains(said, "the file was left unchanged"):
		claim = "unchanged"
		if !bytes.Equal(got, before) {
			t.Errorf("%s\nsaid the file was left unchanged, but it holds\n%s\nwant\n%s", where(), got, before)
		}
	case strings.Contains(said, "the change was written to the file before this"):
		claim = "written"
		if !bytes.Equal(got, after) {
			t.Errorf("%s\nsaid the change was written, but the file holds\n%s", where(), got)
		}
	case strings.Contains(said, "the file was removed before this"):
		claim = "removed"
		if got != nil {
			t.Errorf("%s\nsaid the file was removed, but it holds\n%s", where(), got)
		}
	default:
		claim = "none"
		if !bytes.Equal(got, before) && !bytes.Equal(got, after) {
			t.Errorf("%s\nthe file is neither as it was nor as the command makes it:\n%s", where(), got)
		}
	}
	// A run the runtime stopped (it said nothing of the file) may leave temporary files, as a
	// kill does; any other names what it leaves.
	if left := findTemps(dir); left != "" && claim != "none" && !strings.Contains(said, left) {
		t.Errorf("%s\nleft %s without a word", where(), left)
	}
	next := exec.Command(bin, expandDir(c.args, dir)...)
	next.Env = faultEnv(dir)
	if out, err := next.CombinedOutput(); err != nil {
		t.Errorf("%s\nthe next run failed: %v\n%s", where(), err, out)
	}
	if got := readOrNil(t, filepath.Join(dir, c.file)); !bytes.Equal(got, after) {
		t.Errorf("%s\nthe next run leaves\n%s\nwant\n%s", where(), got, after)
	}
	if left := findTemps(dir); left != "" {
		t.Errorf("%s\nthe next run leaves %s", where(), left)
	}
	return true, claim
}

// faultRun runs ccc-hooks in dir's home and fails the test when it fails.
func faultRun(t *testing.T, bin, dir string, args ...string) {
	t.Helper()
	c := exec.Command(bin, args...)
	c.Env = faultEnv(dir)
	if out, err := c.CombinedOutput(); err != nil {
		t.Fatalf("ccc-hooks %v: %v\n%s", args, err, out)
	}
}

func faultEnv(dir string) []string {
	return []string{"HOME=" + filepath.Join(dir, "home"), "TMPDIR=" + dir, "PATH=" + os.Getenv("PATH")}
}

// expandDir puts dir in place of $DIR in args.
func expandDir(args []string, dir string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.ReplaceAll(a, "$DIR", dir)
	}
	return out
}

func readOrNil(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func writeFile(t *testing.T, path, data string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}
