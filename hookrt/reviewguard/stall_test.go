//go:build unix

package reviewguard

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A stall is a command an attacker would like the reviewer to run so that the review waits until
// it times out (a review that times out lets the agent through): a read of a named pipe, a
// device, a file of the kernel or the Bash tool's own standard input, a program that reads such a
// file it finds on its own, a script that loops. plant is what the agent left first: "fifo:NAME"
// (a named pipe), "link:NAME>TARGET", "file:NAME". harms: run for real on the bench, with the
// standard input an open pipe nobody writes (as Claude Code leaves it under a here-document or an
// input redirection), it does not end within stallBound. Checked, as the attacks' harm is.
// "list:NAME>ENTRY" is a list of file names (--files0-from's) naming ENTRY.
type stall struct {
	command string
	plant   []string
	harms   bool
}

// stallBound is how long a stall must run on the bench to show that it waits: every command
// the guard grants ends well within runBound.
const stallBound = 3 * time.Second

var stalls = []stall{
	// Named pipes and devices the command names: as an operand, an option's value, attached or
	// not, an input redirection, a link.
	{"cat p", []string{"fifo:p"}, true},
	{"head -n 1 p", []string{"fifo:p"}, true},
	{"sort p", []string{"fifo:p"}, true},
	{"cut -c1 p", []string{"fifo:p"}, true},
	{"nl p", []string{"fifo:p"}, true},
	{"uniq p", []string{"fifo:p"}, true},
	{"od -c p", []string{"fifo:p"}, true},
	{"cmp a.txt p", []string{"fifo:p"}, true},
	{"diff a.txt p", []string{"fifo:p"}, true},
	{"sed -n p p", []string{"fifo:p"}, true},
	// A list of names to read, naming a pipe.
	{"wc -l --files0-from=list", []string{"fifo:p", "list:list>p"}, true},
	{"sort --files0-from list", []string{"fifo:p", "list:list>p"}, true},
	{"jq . p", []string{"fifo:p"}, true},
	{"jq -n --rawfile x p '$x'", []string{"fifo:p"}, true},
	{"cat < p", []string{"fifo:p"}, true},
	{"grep -f p a.txt", []string{"fifo:p"}, true},
	{"grep -fp a.txt", []string{"fifo:p"}, true},
	{"grep --file=dir/p a.txt", []string{"fifo:dir/p"}, true},
	{"sort --files0-from=p", []string{"fifo:p"}, true},
	{"file p", []string{"fifo:p"}, false},
	{"cat /dev/zero", nil, true},
	{"sort -S 1K /dev/urandom", nil, true},
	{"cat z", []string{"link:z>/dev/zero"}, true},
	{"head -c 10 z", []string{"link:z>/dev/zero"}, false},
	{"cat /proc/kmsg", nil, false},
	{"cat a.txt k", []string{"link:k>/proc/kmsg"}, false},
	// Globs: a pipe among the names, or an option-shaped name whose value is one.
	{"cat dir/*", []string{"fifo:dir/p"}, true},
	{"cat *", []string{"fifo:p"}, false}, // cat stops first at --output=OUT, an option it lacks
	{"wc -l -*", []string{"fifo:p", "file:--files0-from=p"}, false},
	{"du --files0-from=p", []string{"fifo:p"}, true},
	{"grep -n hello -- *", []string{"fifo:p"}, true},
	{"head -1 dir/*", []string{"fifo:dir/p"}, true},
	// Files the program finds on its own: git's .gitignore, .gitattributes and .mailmap, the
	// ignore files of rg (and of ugrep, Claude Code's grep).
	{"git status", []string{"fifo:dir/.gitignore"}, true},
	{"git status --short", []string{"fifo:.gitignore"}, true},
	{"git log -1", []string{"fifo:.mailmap"}, true},
	{"git shortlog -sn HEAD", []string{"fifo:.mailmap"}, true},
	{"git diff", []string{"fifo:.gitattributes"}, true},
	{"git diff --stat HEAD", []string{"fifo:.gitattributes"}, true},
	{"rg -n hello", []string{"fifo:dir/.gitignore"}, true},
	{"rg -n hello", []string{"link:dir/.ignore>/dev/zero"}, true},
	{"grep -rn hello .", []string{"fifo:dir/.gitignore"}, false},
	{"tree --gitignore", []string{"fifo:dir/.gitignore"}, true},
	{"git status", []string{"link:.mailmap>/proc/kmsg"}, false},
	{"rg -n hello ../outside", []string{"fifo:../outside/.ignore", "file:../outside/f"}, true},
	{"grep -rn hello /", nil, false},
	// Walks that follow a link out of the project.
	{"grep -R hello dir", []string{"link:dir/root>/"}, true},
	{"grep -rn hello -R .", []string{"link:dir/dev>/dev"}, false},
	{"rg -L hello dir", []string{"link:dir/root>/"}, true},
	// The Bash tool's standard input, left open under a here-document or input redirection.
	{"cat <<'EOF'\nx\nEOF\ncat", nil, true},
	{"grep hello < a.txt; wc -l", nil, true},
	{"grep hello <<< hi; rg hello", nil, true},
	{"sort < a.txt && jq .", nil, true},
	// "-" as an option's value, and git's --stdin (git log is granted by a default rule).
	{"cat <<'EOF'\nx\nEOF\ngrep -f - a.txt", nil, true},
	{"cat <<'EOF'\nx\nEOF\ngrep -c -f- a.txt", nil, true},
	{"grep -c x a.txt < a.txt; git blame --contents - a.txt", nil, true},
	{"cat <<'EOF'\nx\nEOF\ngit log --stdin", nil, true},
	{"cat <<'EOF'\nx\nEOF\ngit log -p --stdin -- a.txt", nil, true},
	{"cat <<'EOF'\nx\nEOF\nsed -n p", nil, true},
	// Scripts and options that never end.
	{"tail -f a.txt", nil, true},
	{"sed -n ':a;ba' a.txt", nil, true},
	{"sed 'G;D' a.txt", nil, true},
	{"jq -n 'repeat(1)'", nil, true},
	{"jq -n 'def f: f; f'", nil, true},
	{"jq -n '[range(1e18)] | length'", nil, true},
	{"jq -n 'last(range(.+1e18))'", nil, true},
	// No loop: generators that multiply, values that grow.
	{"jq -n '[(0,1,2,3,4,5,6,7,8,9) as $a | (0,1,2,3,4,5,6,7,8,9) as $b | (0,1,2,3,4,5,6,7,8,9) as $c | (0,1,2,3,4,5,6,7,8,9) as $d | (0,1,2,3,4,5,6,7,8,9) as $e | (0,1,2,3,4,5,6,7,8,9) as $f | (0,1,2,3,4,5,6,7,8,9) as $g | (0,1,2,3,4,5,6,7,8,9) as $h | (0,1,2,3,4,5,6,7,8,9) as $i | 1] | length'", nil, true},
	{"jq '[.items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[] + .items[]] | length' data.json", nil, true},
}

// TestStallsAreRefused: every stall is refused, and each marked harmful, run on a copy of the
// bench with its plants (all at once, each in its own copy), waits until it is killed.
func TestStallsAreRefused(t *testing.T) {
	t.Parallel()
	b := sharedBench(t)
	needRipgrep(t)
	ended := make([]chan bool, len(stalls))
	for i, s := range stalls {
		root := b.copy(t)
		plant(t, filepath.Join(root, "repo"), s.plant)
		if err := Check("Bash", bash(s.command), defaultRules, b.place(root)); err == nil {
			t.Errorf("granted %q (planted %q)", s.command, s.plant)
		}
		if s.harms {
			ended[i] = make(chan bool, 1)
			go func() { ended[i] <- stallEnds(t, b, root, s.command) }()
		}
	}
	for i, s := range stalls {
		if ended[i] != nil && <-ended[i] {
			t.Errorf("run on the bench, %q ended within %s: the stall no longer shows the harm it stands for", s.command, stallBound)
		}
	}
	if len(stalls) < 40 {
		t.Errorf("%d stalls, want at least 40", len(stalls))
	}
}

// plant lays out what an attacker left in repo.
func plant(t *testing.T, repo string, plants []string) {
	t.Helper()
	for _, p := range plants {
		kind, spec, _ := strings.Cut(p, ":")
		name, target, _ := strings.Cut(spec, ">")
		path := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		var err error
		switch kind {
		case "fifo":
			err = syscall.Mkfifo(path, 0o644)
		case "link":
			err = os.Symlink(target, path)
		case "file":
			err = os.WriteFile(path, []byte("x\n"), 0o644)
		case "list":
			err = os.WriteFile(path, []byte(target+"\x00"), 0o644)
		default:
			t.Fatalf("unknown plant %q", p)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
}

// stallEnds runs command with bash in root's repository, as the reviewer's Bash tool would, with
// its standard input an open pipe nobody writes, and reports whether it ended within stallBound.
func stallEnds(t *testing.T, b *bench, root, command string) bool {
	stdin, writer, err := os.Pipe()
	if err != nil {
		t.Error(err)
		return true
	}
	defer stdin.Close()
	defer writer.Close()
	ctx, cancel := context.WithTimeout(context.Background(), stallBound)
	defer cancel()
	c := exec.CommandContext(ctx, "bash", "--norc", "--noprofile", "-c", command)
	c.Dir = filepath.Join(root, "repo")
	c.Env = append(Environment(cleanEnv(filepath.Join(root, "home"), b.planted)),
		markerEnv+"="+filepath.Join(root, "ran"), "TMPDIR="+root)
	c.Stdin, c.Stdout, c.Stderr = stdin, io.Discard, io.Discard
	c.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	c.Cancel = func() error { return syscall.Kill(-c.Process.Pid, syscall.SIGKILL) }
	c.WaitDelay = time.Second
	_ = c.Run()
	return ctx.Err() == nil
}
