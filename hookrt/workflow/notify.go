package workflow

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strings"
	"time"
	"unicode"

	"github.com/ccc-hooks/ccc-hooks/internal/outside"
)

// notifyBudget is the longest a notification may delay the hook.
const notifyBudget = 100 * time.Millisecond

// notify shows a notification when the config asks for it (workflow.notify).
func (h *handler) notify(title, body string) {
	if h.opts.Config.Notify {
		h.opts.Notify(h.ctx, title, body)
	}
}

// DesktopNotify shows a notification with notify-send (Linux) or osascript (macOS), found on the
// hook's PATH and given its environment (the desktop's session bus is named there), else as a
// terminal OSC 9 notification written to /dev/tty. It never writes to stdout, starts the program
// without waiting for it, and returns within notifyBudget; errors are ignored.
func DesktopNotify(ctx context.Context, env outside.Env, title, body string) {
	env = env.OrSystem()
	title, body = clean(title), clean(body)
	done := make(chan struct{})
	if c := notifyCommand(env, title, body); c != nil {
		if err := c.Start(); err != nil {
			return
		}
		go func() { _ = c.Wait(); close(done) }()
	} else {
		go func() { defer close(done); osc9(title, body) }()
	}
	timer := time.NewTimer(notifyBudget)
	defer timer.Stop()
	select {
	case <-done:
	case <-timer.C:
	case <-ctx.Done():
	}
}

// notifyCommand returns the notification program of this system on env's PATH, or nil when there
// is none. Its standard streams are the null device.
func notifyCommand(env outside.Env, title, body string) *exec.Cmd {
	var c *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		if p, err := env.LookPathIn("osascript", env.Getenv("PATH")); err == nil {
			script := "display notification " + appleString(body) + " with title " + appleString(title)
			c = exec.Command(p, "-e", script)
		}
	default:
		if p, err := env.LookPathIn("notify-send", env.Getenv("PATH")); err == nil {
			c = exec.Command(p, "--app-name=ccc-hooks", title, body)
		}
	}
	if c != nil {
		c.Env = env.Environ()
	}
	return c
}

// osc9 writes an OSC 9 notification to the controlling terminal, if there is one.
func osc9(title, body string) {
	tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0)
	if err != nil {
		return
	}
	defer func() { _ = tty.Close() }()
	_, _ = tty.WriteString("\x1b]9;" + title + ": " + body + "\x07")
}

// appleString quotes s as an AppleScript string literal.
func appleString(s string) string {
	return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) + `"`
}

// clean replaces control characters, so a message cannot end an escape sequence early.
func clean(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, s)
}
