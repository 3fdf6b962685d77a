//go:build unix

package reviewguard

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// markerEnv names the file a planted program appends to when it runs.
const markerEnv = "CCC_REVIEWGUARD_MARKER"

// plantedPrograms are put first on the $PATH of the commands the tests run: a program an
// option, a configuration or a file name could make a reading command run (P, named by the
// tests' attacks; pr, run by diff -l; gpg; gzip and xz, run by rg -z; less and more, pagers).
// Each only records that it ran.
var plantedPrograms = []string{"P", "pr", "gpg", "gzip", "xz", "less", "more", "man"}

// A bench is a scratch repository laid out as an attacker would leave it for the reviewer:
// option-shaped file names, a nested repository and a committed bare one whose configuration
// names a planted program, a submodule whose configuration does too, and a program in the tree.
// Every command of a test runs in a fresh copy of it.
type bench struct {
	template string // the laid-out tree: home/, repo/
	planted  string // the planted programs (an absolute directory, first on $PATH)

	snapshotOnce sync.Once
	snapshot     map[string]string // of the template
}

var (
	benchOnce sync.Once
	theBench  *bench
	errBench  error
)

// sharedBench lays the bench out once for the test binary; it is removed when the tests end
// (TestMain).
func sharedBench(t *testing.T) *bench {
	t.Helper()
	if testing.Short() {
		t.Skip("runs commands for real on a scratch repository: not in -short runs")
	}
	if _, err := exec.LookPath("git"); err != nil {
		testneed.Missing(t, "git is not installed")
	}
	benchOnce.Do(func() { theBench, errBench = layOutBench() })
	if errBench != nil {
		t.Fatal(errBench)
	}
	return theBench
}

func layOutBench() (*bench, error) {
	dir, err := os.MkdirTemp("", "reviewguard-bench-")
	if err != nil {
		return nil, err
	}
	b := &bench{template: filepath.Join(dir, "tree"), planted: filepath.Join(dir, "planted")}
	if err := b.write(); err != nil {
		return nil, err
	}
	return b, nil
}

func (b *bench) close() {
	if b != nil {
		_ = os.RemoveAll(filepath.Dir(b.template))
	}
}

// listeners are a run's own loopback TCP and UDP sockets, counting what reaches them. A TCP
// connection is accepted and closed as it comes, so that a program reading from it ends.
type listeners struct {
	tcp      *net.TCPListener
	udp      net.PacketConn
	conns    atomic.Int32
	accepted chan struct{} // closed when the accepting goroutine has ended
}

func listen(t *testing.T) *listeners {
	t.Helper()
	l := &listeners{}
	tcp, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	l.tcp = tcp.(*net.TCPListener)
	if l.udp, err = net.ListenPacket("udp", "127.0.0.1:0"); err != nil {
		t.Fatal(err)
	}
	l.accepted = make(chan struct{})
	go func() {
		defer close(l.accepted)
		for {
			c, err := l.tcp.Accept()
			if err != nil {
				return
			}
			l.conns.Add(1)
			_ = c.Close()
		}
	}()
	t.Cleanup(func() { _ = l.tcp.Close(); _ = l.udp.Close() })
	return l
}

// drain counts what reached the listeners once the command has ended: the connections the
// kernel completed and queued, and the datagrams it delivered, both there before the program
// that made them could exit. Each socket is read without waiting (a non-blocking accept and
// receive); then the TCP listener is closed and its accepting goroutine waited for, so that a
// connection it took is counted too, and the count is final.
func (l *listeners) drain(t *testing.T) int32 {
	t.Helper()
	for _, c := range []syscall.Conn{l.tcp, l.udp.(*net.UDPConn)} {
		raw, err := c.SyscallConn()
		if err != nil {
			t.Fatal(err)
		}
		_, isTCP := c.(*net.TCPListener)
		err = raw.Control(func(fd uintptr) {
			buf := make([]byte, 64)
			for {
				var err error
				if isTCP {
					var nfd int
					if nfd, _, err = syscall.Accept(int(fd)); err == nil {
						_ = syscall.Close(nfd)
					}
				} else {
					_, _, err = syscall.Recvfrom(int(fd), buf, syscall.MSG_DONTWAIT)
				}
				if err != nil {
					return
				}
				l.conns.Add(1)
			}
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	_ = l.tcp.Close()
	<-l.accepted
	return l.conns.Load()
}

// ports puts the listeners' ports into a command written with {tcp} and {udp}.
func (l *listeners) ports(command string) string {
	return strings.NewReplacer(
		"{tcp}", strconv.Itoa(l.tcp.Addr().(*net.TCPAddr).Port),
		"{udp}", strconv.Itoa(l.udp.LocalAddr().(*net.UDPAddr).Port)).Replace(command)
}

func (b *bench) write() error {
	script := "#!/bin/sh\necho \"$0 $*\" >> \"$" + markerEnv + "\"\n"
	for _, name := range plantedPrograms {
		if err := writeFile(filepath.Join(b.planted, name), script, 0o755); err != nil {
			return err
		}
	}
	home := filepath.Join(b.template, "home")
	repo := filepath.Join(b.template, "repo")
	files := map[string]string{
		"a.txt":        "hello world\nhello again\n",
		"b.txt":        "hello there\nworld\n",
		"nums.txt":     "3 c\n1 a\n2 b\n",
		"dir/c.txt":    "hello from dir\n",
		"P":            script, // a program in the tree
		"--output=OUT": "an option-shaped file name\n",
		"-delete":      "an option-shaped file name\n",
		"--pre=P":      "an option-shaped file name\n",
		"-oOUT":        "an option-shaped file name\n",
		"bin/cat":      script, // for a $PATH with a relative directory
		"data.json":    `{"name": "ccc", "items": [{"n": 1}, {"n": 2}]}` + "\n",
	}
	for name, data := range files {
		mode := os.FileMode(0o644)
		if name == "P" || name == "bin/cat" {
			mode = 0o755
		}
		if err := writeFile(filepath.Join(repo, name), data, mode); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(filepath.Join(home, "no-template"), 0o755); err != nil {
		return err
	}
	p := filepath.Join(b.planted, "P")
	steps := [][]string{
		{"git", "config", "--global", "user.email", "a@example.com"},
		{"git", "config", "--global", "user.name", "A"},
		{"git", "config", "--global", "init.defaultBranch", "main"},
		{"git", "config", "--global", "protocol.file.allow", "always"},
		// No sample hooks in each repository: fewer files to copy for every command.
		{"git", "config", "--global", "init.templateDir", filepath.Join(home, "no-template")},
		{"git", "init", "-q", "subsrc"},
		{"sh", "-c", "cd subsrc && echo s > s.txt && git add . && git commit -qm s"},
		{"git", "init", "-q", "--bare", "repo/bare.git"},
		{"git", "-C", "repo/bare.git", "config", "diff.external", p},
		{"git", "-C", "repo/bare.git", "config", "core.pager", p},
		{"sh", "-c", "cd repo && git init -q && PATH=/usr/bin:/bin gzip -c a.txt > a.txt.gz && git add -A && git commit -qm one"},
		{"sh", "-c", "cd repo && echo 'hello more' >> a.txt && git commit -qam two && git push -q bare.git main"},
		{"sh", "-c", "cd repo && git submodule -q add ../subsrc sub && git commit -qm sub"},
		{"git", "-C", "repo/sub", "config", "core.fsmonitor", p},
		{"git", "-C", "repo/sub", "config", "diff.external", p},
		{"sh", "-c", "echo changed >> repo/sub/s.txt"},
		{"git", "init", "-q", "repo/nested"},
		{"sh", "-c", "cd repo/nested && echo n > n.txt && git add . && git commit -qm n && echo changed >> n.txt"},
		{"git", "-C", "repo/nested", "config", "core.fsmonitor", p},
		{"git", "-C", "repo/nested", "config", "diff.external", p},
		{"git", "-C", "repo/nested", "config", "core.pager", p},
		{"sh", "-c", "cd repo && echo 'changed' >> b.txt"},
	}
	for _, argv := range steps {
		c := exec.Command(argv[0], argv[1:]...)
		c.Dir = b.template
		c.Env = append(cleanEnv(home, b.planted), markerEnv+"="+filepath.Join(b.template, "setup-marker"))
		if out, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("bench: %s: %w\n%s", strings.Join(argv, " "), err, out)
		}
	}
	return nil
}

func writeFile(path, data string, mode os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(data), mode)
}

// cleanEnv is the environment of a bench command: no system git configuration, the planted
// programs first on $PATH.
func cleanEnv(home, planted string) []string {
	return []string{
		"HOME=" + home, "PATH=" + planted + ":/usr/local/bin:/usr/bin:/bin", "LC_ALL=C",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0",
	}
}

// A run is one command run for real in a fresh copy of the bench, as the reviewer's Bash tool
// runs it: bash -c, in the repository, with the reviewer's environment (Environment).
type run struct {
	root, repo string
	harm       []string // what changed: files of the tree, programs that ran, connections
}

func (b *bench) run(t *testing.T, command, path string) run {
	t.Helper()
	return b.runIn(t, b.copy(t), command, path)
}

// copy returns a fresh copy of the bench.
func (b *bench) copy(t *testing.T) string {
	t.Helper()
	root := t.TempDir()
	if out, err := exec.Command("cp", "-a", b.template+"/.", root).CombinedOutput(); err != nil {
		t.Fatalf("copy the bench: %v\n%s", err, out)
	}
	return root
}

// runIn runs command in root, a copy of the bench, and reports what differs from the bench
// afterwards; {tcp} and {udp} in command are the ports of the run's own listeners.
func (b *bench) runIn(t *testing.T, root, command, path string) run {
	t.Helper()
	l := listen(t)
	command = l.ports(command)
	r := run{root: root, repo: filepath.Join(root, "repo")}
	home := filepath.Join(root, "home")
	env := cleanEnv(home, b.planted)
	if path != "" {
		env[1] = "PATH=" + path
	}
	env = append(Environment(env), markerEnv+"="+filepath.Join(root, "ran"))
	ctx, cancel := context.WithTimeout(context.Background(), runBound)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "--norc", "--noprofile", "-c", command)
	c.Dir, c.Env = r.repo, env
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	c.WaitDelay = time.Second
	_, _ = c.CombinedOutput() // its output and status do not matter: only what it changed
	if ctx.Err() != nil {
		r.harm = append(r.harm, fmt.Sprintf("did not end within %s", runBound))
	}
	if n := l.drain(t); n > 0 {
		r.harm = append(r.harm, fmt.Sprintf("%d connection(s) opened", n))
	}
	r.harm = append(r.harm, b.changes(t, root)...)
	return r
}

// runBound is how long a command of the bench may run: every command the guard grants ends well
// within it, on a loaded machine too.
const runBound = 20 * time.Second

// snapshot records every file under root: its type, mode and content (a symlink's target).
func snapshot(t *testing.T, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch {
		case d.Type()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(path)
			out[rel] = "link " + target
		case d.IsDir():
			out[rel] = "dir " + info.Mode().String()
		default:
			data, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			sum := sha256.Sum256(data)
			out[rel] = info.Mode().String() + " " + hex.EncodeToString(sum[:8])
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// indexRecords reads a git index (a file named index in a git directory) as what it records:
// git ls-files --stage. git diff refreshes the stat data the index caches for each file and
// writes it back (builtin/diff.c, refresh_index_quietly, not held back by GIT_OPTIONAL_LOCKS in
// git 2.39), as it does for the user; what it records of the tree stays the same.
func sameIndex(was, now string) bool {
	a, okA := indexRecords(was)
	b, okB := indexRecords(now)
	return okA && okB && bytes.Equal(a, b)
}

func indexRecords(path string) ([]byte, bool) {
	gitDir := filepath.Dir(path)
	if filepath.Base(path) != "index" {
		return nil, false
	}
	if _, err := os.Stat(filepath.Join(gitDir, "HEAD")); err != nil {
		return nil, false
	}
	c := exec.Command("git", "--git-dir="+gitDir, "ls-files", "--stage")
	c.Env = []string{"GIT_INDEX_FILE=" + path, "GIT_CONFIG_NOSYSTEM=1", "HOME=/nonexistent", "PATH=/usr/bin:/bin"}
	out, err := c.Output()
	return out, err == nil
}

// changes lists what differs between the bench and root, a copy of it a command ran in.
func (b *bench) changes(t *testing.T, root string) []string {
	t.Helper()
	b.snapshotOnce.Do(func() { b.snapshot = snapshot(t, b.template) })
	return differences(b.snapshot, snapshot(t, root), func(path string) bool {
		return sameIndex(filepath.Join(b.template, path), filepath.Join(root, path))
	})
}

// differences lists what differs between two snapshots, sorted: each path removed, changed (but
// where same says the change is none) or created.
func differences(before, after map[string]string, same func(path string) bool) []string {
	var out []string
	for path, was := range before {
		switch now, ok := after[path]; {
		case !ok:
			out = append(out, "removed "+path)
		case now != was && (same == nil || !same(path)):
			out = append(out, "changed "+path)
		}
	}
	for path := range after {
		if _, ok := before[path]; !ok {
			out = append(out, "created "+path)
		}
	}
	sort.Strings(out)
	return out
}

// restore puts root, a copy of the bench that a run changed, back as the bench is: what the run
// created goes, what it changed or removed comes back from the bench. A copy it cannot restore is
// replaced by a new one; the copy to go on with is returned.
func (b *bench) restore(t *testing.T, root string, harm []string) string {
	t.Helper()
	for _, h := range harm {
		kind, path, ok := strings.Cut(h, " ")
		if !ok || kind != "created" && kind != "changed" && kind != "removed" {
			continue // a connection: nothing to put back
		}
		_ = os.RemoveAll(filepath.Join(root, path))
		if kind == "created" {
			continue
		}
		if out, err := exec.Command("cp", "-a", filepath.Join(b.template, path), filepath.Join(root, path)).CombinedOutput(); err != nil {
			t.Logf("restore %s: %v\n%s", path, err, out)
		}
	}
	if left := b.changes(t, root); len(left) > 0 {
		t.Logf("the copy could not be restored (%v): a new one", left)
		return b.copy(t)
	}
	return root
}

// place is where a bench command runs, as the reviewer's hook sees it: in the repository, the
// review started there, with the bench's $PATH and home.
func (b *bench) place(root string) Place {
	repo := filepath.Join(root, "repo")
	return Place{Cwd: repo, Root: repo, Path: b.planted + ":/usr/local/bin:/usr/bin:/bin", Home: filepath.Join(root, "home")}
}

// cleanUp removes what the tests of this binary laid out once: the bench, the recorders and the
// fuzz directory.
func cleanUp() {
	theBench.close()
	for _, dir := range []string{recordersDir, fuzzDirPath, gitBenchDir} {
		if dir != "" {
			_ = os.RemoveAll(dir)
		}
	}
}
