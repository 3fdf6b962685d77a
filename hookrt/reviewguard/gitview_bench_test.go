//go:build unix

package reviewguard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// The git attacks (exec_gitconfig_test.go) run on a bench of their own: a small repository and
// a submodule source, with no planted file of the shared bench (whose submodule's configuration
// would make every plain git status harm, and so prove nothing of an attack). Each attack plants
// what it needs in a fresh copy, as the agent under review would, and its command then runs twice
// with bash: once as the reviewer runs it — the environment Environment makes, pointed at a view
// buildWall lays out for the copy — and once, in another copy, with the plain environment of
// the user's own git, which must show the harm (a planted program ran, a connection was opened,
// a file changed): otherwise the attack proves nothing.

// gitSentinels are programs git runs by name from $PATH when its configuration names none for
// a job (verifying a signature, a transport, a pager): on the bench's $PATH they record that they
// ran, as the planted program P does.
var gitSentinels = []string{"P", "gpg", "gpgsm", "ssh-keygen", "ssh", "less", "more"}

// gitBound is how long a command of the git attacks may run.
const gitBound = 10 * time.Second

// A gitBench is the template the git attacks copy: home/ (the user's global configuration),
// repo/ (two commits, a tag, uncommitted work) and subsrc/ (a repository to add as a submodule),
// and the sentinels' directory.
type gitBench struct {
	template, sentinels string
	once                sync.Once
	err                 error
}

var theGitBench gitBench

func sharedGitBench(t *testing.T) *gitBench {
	t.Helper()
	testneed.Program(t, "git")
	b := &theGitBench
	b.once.Do(func() { b.err = b.layOut() })
	if b.err != nil {
		t.Fatal(b.err)
	}
	return b
}

func (b *gitBench) layOut() error {
	dir, err := os.MkdirTemp("", "reviewguard-gitbench-")
	if err != nil {
		return err
	}
	gitBenchDir = dir
	b.template, b.sentinels = filepath.Join(dir, "tree"), filepath.Join(dir, "sentinels")
	for _, name := range gitSentinels {
		if err := writeFile(filepath.Join(b.sentinels, name), "#!/bin/sh\necho \"$0 $*\" >> \"$"+markerEnv+"\"\n", 0o755); err != nil {
			return err
		}
	}
	home := filepath.Join(b.template, "home")
	if err := os.MkdirAll(filepath.Join(home, "no-template"), 0o755); err != nil {
		return err
	}
	files := map[string]string{"repo/a.txt": "one\ntwo\n", "repo/b.txt": "bee\n", "repo/dir/c.txt": "sea\n", "subsrc/s.txt": "s\n"}
	for name, data := range files {
		if err := writeFile(filepath.Join(b.template, name), data, 0o644); err != nil {
			return err
		}
	}
	steps := [][]string{
		{"git", "config", "--global", "user.email", "a@example.com"},
		{"git", "config", "--global", "user.name", "A"},
		{"git", "config", "--global", "init.defaultBranch", "main"},
		{"git", "config", "--global", "protocol.file.allow", "always"},
		{"git", "config", "--global", "init.templateDir", filepath.Join(home, "no-template")},
		{"sh", "-c", "cd subsrc && git init -q && git add . && git commit -qm s"},
		{"sh", "-c", "cd repo && git init -q && git add . && git commit -qm one && echo three >> a.txt && git commit -qam two && git tag v1"},
		{"sh", "-c", "cd repo && echo four >> a.txt"},
	}
	for _, argv := range steps {
		c := exec.Command(argv[0], argv[1:]...)
		c.Dir, c.Env = b.template, plainGitEnv(home, b.sentinels, filepath.Join(dir, "setup-marker"))
		if out, err := c.CombinedOutput(); err != nil {
			return fmt.Errorf("git bench: %s: %w\n%s", strings.Join(argv, " "), err, out)
		}
	}
	return nil
}

// gitBenchDir is removed when the tests end (cleanUp).
var gitBenchDir string

// plainGitEnv is the environment of the user's own git on the bench: the user's home, the
// sentinels first on $PATH, no system configuration; marker is where a sentinel records a run.
func plainGitEnv(home, sentinels, marker string) []string {
	return []string{
		"HOME=" + home, "PATH=" + sentinels + ":/usr/local/bin:/usr/bin:/bin", "LC_ALL=C",
		"GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0", markerEnv + "=" + marker,
	}
}

// A planter lays out an attack in a copy of the bench: its repository, the planted program P,
// and the ports of the run's listeners.
type planter struct {
	t                 *testing.T
	root, repo, home  string
	program, sentinel string // P, and the sentinels' directory
	env               []string
	tcp               int
}

// git runs git with args in dir (relative to the copy's root) as the agent would, in the plain
// environment; a failure fails the test.
func (p *planter) git(dir string, args ...string) string {
	p.t.Helper()
	c := exec.Command("git", args...)
	c.Dir, c.Env = filepath.Join(p.root, dir), p.env
	out, err := c.CombinedOutput()
	if err != nil {
		p.t.Fatalf("plant: git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.TrimSpace(string(out))
}

// config sets each key to its value in the configuration of the repository at dir.
func (p *planter) config(dir string, kv ...string) {
	p.t.Helper()
	for i := 0; i+1 < len(kv); i += 2 {
		p.git(dir, "config", kv[i], kv[i+1])
	}
}

// write writes data to name (relative to the copy's root), executable when mode says so.
func (p *planter) write(name, data string, mode os.FileMode) {
	p.t.Helper()
	if err := writeFile(filepath.Join(p.root, name), data, mode); err != nil {
		p.t.Fatal(err)
	}
}

// An outcome is what one run of a command did.
type outcome struct {
	harm     []string // planted programs that ran, connections, files changed, a run past the bound
	granted  error    // the guard's answer (nil: granted), with the default rules
	byTables error    // and with none (supervisor.allowed_tools [])
	output   string
}

// ranOrConnected reports whether a run ran a planted program or opened a connection: what the
// plain run of an attack must show (git refreshing the index it caches file times in is no harm
// of the attack's).
func (o outcome) ranOrConnected() bool {
	return slices.ContainsFunc(o.harm, func(h string) bool {
		return strings.HasPrefix(h, "ran: ") || strings.HasSuffix(h, "connection(s) opened")
	})
}

// How a git attack is run.
const (
	plain       = iota // as the user's own git runs it
	asReviewer         // as the reviewer runs it: through a view built for the copy, where the guard grants it
	throughView        // through the view, whatever the guard says of it
)

// runGitAttack plants a in a fresh copy of the bench and runs its command there, how says how.
// As the reviewer, the guard is asked first, where the reviewer's hook would be, and a command it
// refuses is not run.
func (b *gitBench) runGitAttack(t *testing.T, a gitAttack, how int) outcome {
	t.Helper()
	root := t.TempDir()
	if out, err := exec.Command("cp", "-a", b.template+"/.", root).CombinedOutput(); err != nil {
		t.Fatalf("copy the git bench: %v\n%s", err, out)
	}
	l := countConnections(t)
	marker := filepath.Join(t.TempDir(), "ran")
	p := &planter{
		t: t, root: root, repo: filepath.Join(root, "repo"), home: filepath.Join(root, "home"),
		program: filepath.Join(b.sentinels, "P"), sentinel: b.sentinels,
		env: plainGitEnv(filepath.Join(root, "home"), b.sentinels, filepath.Join(t.TempDir(), "plant-marker")),
		tcp: l.port(),
	}
	a.plant(p)
	command := strings.ReplaceAll(a.command, "{tcp}", strconv.Itoa(l.port()))
	vars := make([]string, len(a.env))
	for i, kv := range a.env {
		vars[i] = strings.NewReplacer("{P}", p.program, "{repo}", p.repo, "{root}", root).Replace(kv)
	}
	before := snapshot(t, root)
	dir := filepath.Join(p.repo, a.dir)
	env := slices.Concat(plainGitEnv(p.home, b.sentinels, marker), vars)
	var o outcome
	if how != plain {
		w, err := buildView(dir, filepath.Join(t.TempDir(), "walls"))
		if err != nil && !errors.Is(err, gitview.ErrNoRepository) {
			t.Logf("%s: no view (%v): the reviewer's git then finds no repository", a.name, err)
		}
		defer func() { _ = w.Remove() }()
		env = append(Environment(env), w.Env()...)
		where := Place{Cwd: dir, Root: dir, Path: b.sentinels + ":/usr/local/bin:/usr/bin:/bin", GitEnv: GitEnvironment(env)}
		if w != nil {
			where.Tree = w.WorkTree
		}
		o.byTables = Check("Bash", bash(command), nil, where)
		if o.granted = Check("Bash", bash(command), defaultRules, where); o.granted != nil && how == asReviewer {
			return o
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), gitBound)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "--norc", "--noprofile", "-c", command)
	c.Dir, c.Env = dir, env
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	out, _ := c.CombinedOutput()
	o.output = string(out)
	if ctx.Err() != nil {
		o.harm = append(o.harm, fmt.Sprintf("ran past the bound of %s", gitBound))
	}
	if n := l.finish(); n > 0 {
		o.harm = append(o.harm, strconv.Itoa(n)+" connection(s) opened")
	}
	if data, err := os.ReadFile(marker); err == nil {
		o.harm = append(o.harm, "ran: "+strings.TrimSpace(string(data)))
	}
	after := snapshot(t, root)
	for path, was := range before {
		if now, ok := after[path]; !ok {
			o.harm = append(o.harm, "removed "+path)
		} else if now != was {
			o.harm = append(o.harm, "changed "+path)
		}
	}
	for path := range after {
		if _, ok := before[path]; !ok {
			o.harm = append(o.harm, "created "+path)
		}
	}
	sort.Strings(o.harm)
	return o
}

// A connCounter is a loopback TCP listener that counts the connections made to it.
type connCounter struct {
	l     *net.TCPListener
	n     atomic.Int32
	ended chan struct{}
}

func countConnections(t *testing.T) *connCounter {
	t.Helper()
	l, err := net.ListenTCP("tcp", &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	c := &connCounter{l: l, ended: make(chan struct{})}
	go func() {
		defer close(c.ended)
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			c.n.Add(1)
			_ = conn.Close()
		}
	}()
	t.Cleanup(func() { _ = l.Close() })
	return c
}

func (c *connCounter) port() int { return c.l.Addr().(*net.TCPAddr).Port }

// finish stops the listener and returns how many connections were made to it, those still
// waiting to be accepted included: the command that might have connected has ended, so any
// connection of its is in the listener's queue by now, and an Accept with a deadline takes it
// before the listener goes.
func (c *connCounter) finish() int {
	_ = c.l.SetDeadline(time.Now().Add(50 * time.Millisecond))
	<-c.ended
	_ = c.l.Close()
	return int(c.n.Load())
}

// buildWall builds the git view for dir under parent as a review does (gitview.Build), in
// this process's own outside world: git on its PATH, its clock, the warnings dropped.
func buildView(dir, parent string) (*gitview.View, error) {
	return gitview.Build(context.Background(), dir, parent, outside.System(io.Discard))
}
