package reviewer

import (
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/clip"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// A bound on every Bash command of the reviewer's, for what the read-only rule cannot see would
// wait (a file turned into a pipe after its look, a file too large, a slow pattern): Claude Code
// only moves such a call to the background, and a review that times out lets the agent through
// (docs/supervisor.md, "Nothing may wait for ever"). The hook that runs the review looks at the
// reviewer's processes every commandPoll and ends each Bash command of its that ran for
// CommandBound, whole, after a line saying why is appended to its output; what still runs when
// the review ends is ended too. A command is a process below the reviewer whose standard output
// is a Claude Code task output file (docs/claude-code.md, "The Bash tool's processes"); the
// reviewer's runs behind the wall (hookcmd.IsCheckRun) have their own limit and are left alone.
// The look needs /proc: elsewhere no command is bounded here.

// commandLimit is the most one Bash command of the reviewer's may run: less than Claude Code's
// default Bash timeout (120 s), so the reviewer reads the line in the call's own result, and a
// small part of the default review time (600 s).
const commandLimit = 60 * time.Second

// commandPoll is how often the reviewer's processes are looked at: a command is ended at most
// this long after its bound.
const commandPoll = time.Second

// CommandBound is how long one Bash command of a review whose time limit is review may run:
// commandLimit, or a quarter of the review's limit where that is shorter (a 20 s review bounds
// each command at 5 s), so that a command that waits leaves the reviewer most of its time.
func CommandBound(review time.Duration) time.Duration { return min(commandLimit, review/4) }

// A commandWatch ends the reviewer's Bash commands that run past bound.
type commandWatch struct {
	bound time.Duration
	poll  time.Duration
	self  string // this binary: its `supervisor checks` runs are left alone
	log   *slog.Logger
	seen  map[proc.Process]*watched
	// commandsSeen are the processes below the reviewer known to be Bash commands. Only a yes is
	// kept: a process just forked has not yet put its output on the task's file, and is looked
	// at again at the next look.
	commandsSeen map[proc.Process]bool
}

// watched is one Bash command, as the watch has seen it.
type watched struct {
	since  time.Time // first seen
	exempt bool      // a check run
	ended  bool
}

// newCommandWatch returns the watch that ends commands past bound; self is this binary, whose
// check runs are left alone.
func newCommandWatch(bound time.Duration, self string, log *slog.Logger) *commandWatch {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &commandWatch{
		bound: bound, poll: commandPoll, self: self, log: log,
		seen: map[proc.Process]*watched{}, commandsSeen: map[proc.Process]bool{},
	}
}

// run watches the reviewer, the process pid, at each tick of its poll until ctx is done, then
// ends what is left of its commands. The ticks are its clock: a command's time is counted from
// the tick it was first seen at. It does nothing where processes cannot be looked at, or with no
// bound.
func (w *commandWatch) run(ctx context.Context, pid int) {
	if !proc.Listable || w.bound <= 0 {
		return
	}
	reviewer, ok := proc.Lookup(pid)
	if !ok {
		return
	}
	tick := time.NewTicker(w.poll)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			w.endLeft()
			return
		case now := <-tick.C:
			w.look(reviewer, now)
		}
	}
}

// look ends each command below the reviewer that has run for the bound at now.
func (w *commandWatch) look(reviewer proc.Process, now time.Time) {
	for _, c := range w.commands(reviewer) {
		cmd := w.seen[c]
		if cmd == nil {
			cmd = &watched{since: now}
			w.seen[c] = cmd
		}
		if cmd.exempt || cmd.ended || now.Sub(cmd.since) < w.bound {
			continue
		}
		if w.isCheckRun(c) {
			cmd.exempt = true
			continue
		}
		cmd.ended = true
		w.log.Warn("ending a command of the reviewer's that ran past the bound on one command",
			"bound", w.bound, "pid", c.PID, "args", clip.Truncate(strings.Join(c.Args(), " "), 200))
		end(c, fmt.Sprintf("\nccc-hooks: this command ran for %s, the longest one command of a review may run, and was ended (a read that waits on a named pipe or a device, a very large file or a slow pattern ends this way). Go on with what you have and give your verdict.\n", seconds(w.bound)))
	}
}

// endLeft ends every command of the review that still runs, once the reviewer is gone.
func (w *commandWatch) endLeft() {
	for c, cmd := range w.seen {
		if !cmd.ended && c.Alive() {
			end(c, "")
		}
	}
}

// maxLook bounds the processes one look goes through below the reviewer.
const maxLook = 512

// commands returns the Bash commands below the reviewer: the topmost processes whose standard
// output is a Claude Code task output file. The look goes down through every other process (a
// wrapper script that runs claude, hooks, MCP servers), never into a command.
func (w *commandWatch) commands(reviewer proc.Process) []proc.Process {
	var out []proc.Process
	queue := reviewer.Children()
	for i := 0; i < len(queue) && i < maxLook; i++ {
		p := queue[i]
		if !w.commandsSeen[p] && isTaskOutput(p.Stdout()) {
			w.commandsSeen[p] = true
		}
		if w.commandsSeen[p] {
			out = append(out, p)
			continue
		}
		queue = append(queue, p.Children()...)
	}
	return out
}

// isTaskOutput reports whether path is a Claude Code task's output file: NAME.output in a
// directory named tasks.
func isTaskOutput(path string) bool {
	return filepath.IsAbs(path) && strings.HasSuffix(path, ".output") && filepath.Base(filepath.Dir(path)) == "tasks"
}

// isCheckRun reports whether the command c runs this binary's `supervisor checks`: the
// reviewer's run of a check, which the guard rewrote (inside.go).
func (w *commandWatch) isCheckRun(c proc.Process) bool {
	if w.self == "" {
		return false
	}
	for _, p := range proc.Below(c, proc.All()) {
		if hookcmd.IsCheckRun(p.Args()) && p.Runs(w.self) {
			return true
		}
	}
	return false
}

// end ends the command c and everything below it: stopped first, round after round until no new
// process shows (a stopped process starts no other), then line appended to c's output when
// given, then killed, parents before their children. A SIGSTOP takes hold when its process is
// next scheduled, not when it is sent: a shell not yet stopped whose child were killed first
// would wake and write "Killed" into the output, over the line where the file is not opened to
// append; killed first, it never wakes.
func end(c proc.Process, line string) {
	var tree []proc.Process // in the order Below finds them: each parent before its children
	stopped := map[proc.Process]bool{}
	for range 5 {
		fresh := false
		for _, p := range proc.Below(c, proc.All()) {
			if !stopped[p] {
				stopped[p] = true
				tree = append(tree, p)
				fresh = true
				_ = p.Stop()
			}
		}
		if !fresh {
			break
		}
	}
	if line != "" {
		_ = c.AppendToStdout(line)
	}
	for _, p := range tree {
		_ = p.Kill()
	}
}

// seconds writes d as Claude Code writes a timeout: "60s", "2.5s".
func seconds(d time.Duration) string {
	if d%time.Second == 0 {
		return fmt.Sprintf("%ds", d/time.Second)
	}
	return fmt.Sprintf("%.1fs", d.Seconds())
}
