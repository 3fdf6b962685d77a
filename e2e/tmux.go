//go:build unix

package e2e

import (
	"crypto/rand"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Terminal is an interactive program running in a private tmux server
// (its own socket), 200 columns by 50 rows unless started with StartTerminalSize.
type Terminal struct {
	tmux   string
	socket string
	// Scrollback makes Screen return the pane's whole history, not only the visible rows.
	Scrollback bool
}

// StartTerminal runs argv in a new tmux server with the sandbox environment
// and the project as working directory. The server, the program
// and everything it started are killed when the test ends; the last screen
// is logged when the test failed.
func (s *Sandbox) StartTerminal(t testing.TB, tmux string, argv ...string) *Terminal {
	t.Helper()
	return s.StartTerminalSize(t, tmux, 200, 50, argv...)
}

// StartTerminalSize is StartTerminal in a terminal cols wide and rows high (80 by 24: the
// terminal a person opens without thinking about it, where what scrolls away is lost).
func (s *Sandbox) StartTerminalSize(t testing.TB, tmux string, cols, rows int, argv ...string) *Terminal {
	t.Helper()
	term := &Terminal{tmux: tmux, socket: "ccc-e2e-" + randomHex(t, 6)}
	conf := filepath.Join(s.Root, "tmux.conf")
	s.WriteFile(t, conf, "set -g remain-on-exit on\nset -g history-limit 5000\n", 0o644)
	// env -i: the program sees exactly the sandbox environment, not the tmux
	// server's.
	command := append([]string{"env", "-i"}, s.Env()...)
	command = append(command, argv...)
	args := []string{"-f", conf, "new-session", "-d", "-x", strconv.Itoa(cols), "-y", strconv.Itoa(rows), "-s", "e2e", "-c", s.Project, shellJoin(command)}
	if out, err := term.cmd(args...).CombinedOutput(); err != nil {
		t.Fatalf("tmux new-session: %v\n%s", err, out)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("last screen:\n%s", term.Screen())
		}
		term.Close()
	})
	return term
}

func (term *Terminal) cmd(args ...string) *exec.Cmd {
	return exec.Command(term.tmux, append([]string{"-L", term.socket}, args...)...)
}

// Screen is the visible content of the pane, or all of its history with Scrollback (empty when
// tmux is gone).
func (term *Terminal) Screen() string { return term.capture(term.Scrollback) }

// capture is the visible content of the pane, with all of its history before it when history is
// set (empty when tmux is gone).
func (term *Terminal) capture(history bool) string {
	args := []string{"capture-pane", "-p", "-t", "e2e"}
	if history {
		args = append(args, "-S", "-")
	}
	out, err := term.cmd(args...).Output()
	if err != nil {
		return ""
	}
	return string(out)
}

// Keys sends tmux key names (Enter, Down, Escape, C-c, ...).
func (term *Terminal) Keys(t testing.TB, keys ...string) {
	t.Helper()
	if out, err := term.cmd(append([]string{"send-keys", "-t", "e2e"}, keys...)...).CombinedOutput(); err != nil {
		t.Fatalf("tmux send-keys %v: %v\n%s", keys, err, out)
	}
}

// WaitScreen polls the screen until it contains want and returns it.
func (term *Terminal) WaitScreen(t testing.TB, timeout time.Duration, want string) string {
	t.Helper()
	var screen string
	Eventually(t, timeout, "screen to show "+strconv.Quote(want), func() bool {
		screen = term.Screen()
		return strings.Contains(screen, want)
	}, term.Screen)
	return screen
}

// Close kills the program, every process it started, and the tmux server,
// and removes the server's socket.
func (term *Terminal) Close() {
	socket, _ := term.cmd("display-message", "-p", "#{socket_path}").Output()
	if out, err := term.cmd("display-message", "-p", "-t", "e2e", "#{pane_pid}").Output(); err == nil {
		if pid, err := strconv.Atoi(strings.TrimSpace(string(out))); err == nil {
			killTree(pid)
		}
	}
	_ = term.cmd("kill-server").Run()
	if path := strings.TrimSpace(string(socket)); path != "" {
		_ = os.Remove(path)
	}
}

// killTree kills pid and all its descendants, children first found by ps.
func killTree(pid int) {
	out, err := exec.Command("ps", "-e", "-o", "pid=,ppid=").Output()
	children := map[int][]int{}
	if err == nil {
		for _, line := range strings.Split(string(out), "\n") {
			f := strings.Fields(line)
			if len(f) != 2 {
				continue
			}
			p, err1 := strconv.Atoi(f[0])
			pp, err2 := strconv.Atoi(f[1])
			if err1 == nil && err2 == nil {
				children[pp] = append(children[pp], p)
			}
		}
	}
	var walk func(int)
	walk = func(p int) {
		_ = syscall.Kill(p, syscall.SIGSTOP)
		for _, c := range children[p] {
			walk(c)
		}
		_ = syscall.Kill(p, syscall.SIGKILL)
	}
	walk(pid)
}

func randomHex(t testing.TB, n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return hex.EncodeToString(b)
}

// shellJoin quotes argv for sh -c, which is how tmux runs a command string.
func shellJoin(argv []string) string {
	quoted := make([]string, len(argv))
	for i, a := range argv {
		quoted[i] = "'" + strings.ReplaceAll(a, "'", `'\''`) + "'"
	}
	return strings.Join(quoted, " ")
}
