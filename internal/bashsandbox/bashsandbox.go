// Package bashsandbox knows Claude Code's own sandbox for the Bash tool as the supervisor's
// reviewer uses it: the settings that run the reviewer's Bash commands with the project and the
// home directory read-only, whether this machine can run that sandbox, and which commands
// supervisor.allowed_tools takes out of it. The hook runtime asks before each review; doctor
// says what it found.
//
// Given through the fork's --settings, the sandbox keeps the fork's prompt the session's, byte for
// byte (docs/claude-code.md, "The reviewer's Bash sandbox").
package bashsandbox

import (
	"context"
	"errors"
	"os/exec"
	"strings"
	"time"
)

// Plan is the sandbox of one review.
type Plan struct {
	// ReadOnly names the paths no sandboxed command may write: the reviewer's working directory
	// and the home directory.
	ReadOnly []string
	// Excluded are the patterns of the commands run outside the sandbox (see Unsandboxed).
	Excluded []string
}

// Settings is the "sandbox" object of the reviewer's --settings. Claude Code gives --settings
// precedence over the user's and the project's files for each key, and a write denial wins over
// every write allowance (its defaults, allowWrite of any file, Edit allow rules):
//
//   - denyWrite ReadOnly: nothing under the project or the home directory is writable. Not "/":
//     after every command Claude Code's Bash tool writes the directory it ended in to a file in
//     its own temporary directory, and with that read-only every command ends with exit status
//     1 and an error line. So that directory stays writable (a scratch space of Claude Code's,
//     outside the user's files), as do paths outside the home directory that the user's own
//     settings open (sandbox.filesystem.allowWrite, additionalDirectories);
//   - disabled false: a user's sandbox.filesystem.disabled does not turn the file walls off;
//   - allowUnsandboxedCommands false: dangerouslyDisableSandbox does not take a command out;
//   - autoAllowBashIfSandboxed false: a sandboxed command still needs the permission it needs
//     without the sandbox (the read-only hook, --allowedTools, dontAsk); nothing is granted
//     because it is sandboxed;
//   - failIfUnavailable false: where Claude Code finds no sandbox after all, it warns and runs
//     the command without one, guarded by the read-only hook as before, instead of failing the
//     whole review (Check looks first, so this is for what it cannot see);
//   - excludedCommands Excluded, when there are any. Claude Code adds the user's own
//     sandbox.excludedCommands (it merges lists); a project's do not count.
//
// docs/claude-code.md, "The reviewer's Bash sandbox", holds the measurements.
func (p Plan) Settings() map[string]any {
	s := map[string]any{
		"enabled":                  true,
		"allowUnsandboxedCommands": false,
		"autoAllowBashIfSandboxed": false,
		"failIfUnavailable":        false,
		"filesystem":               map[string]any{"denyWrite": p.ReadOnly, "disabled": false},
	}
	if len(p.Excluded) > 0 {
		s["excludedCommands"] = p.Excluded
	}
	return s
}

// Backend names the sandbox Claude Code uses on the system goos (runtime.GOOS): Seatbelt, part
// of macOS; bubblewrap on Linux (and WSL2). Elsewhere (native Windows) it has none: "".
func Backend(goos string) string {
	switch goos {
	case "darwin":
		return "Seatbelt"
	case "linux":
		return "bubblewrap"
	}
	return ""
}

// ProbeTimeout bounds the trial run of bwrap.
const ProbeTimeout = 5 * time.Second

// probeArgs run `true` in a bubblewrap sandbox with the namespaces Claude Code's has (its own
// process and network namespaces, a read-only root): where user namespaces are off (many
// containers), this fails as Claude Code's sandbox would.
var probeArgs = []string{
	"--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
	"--unshare-pid", "--unshare-net", "--die-with-parent", "--", "true",
}

// Machine is what Check needs from the machine it checks.
type Machine struct {
	GOOS string
	// LookPath finds a program on the PATH the reviewer gets.
	LookPath func(string) (string, error)
	// Output runs a program and returns its standard output; an *exec.ExitError carries its
	// standard error. It must stop when ctx is done.
	Output func(ctx context.Context, name string, args ...string) ([]byte, error)
}

// Finding is what Check found.
type Finding struct {
	// Backend is the sandbox of the system (see Backend); "" where Claude Code has none.
	Backend string
	// Missing lists the programs Claude Code needs that are not on PATH: "bwrap", "socat".
	Missing []string
	// Broken is why bwrap, found, could not make a sandbox here (its own words).
	Broken string
}

// Available reports whether Claude Code can run its Bash sandbox here.
func (f Finding) Available() bool { return f.Backend != "" && len(f.Missing) == 0 && f.Broken == "" }

// Check finds whether Claude Code's sandbox can run here: on macOS always; on Linux when bwrap
// and socat are on PATH (what Claude Code itself looks for) and bwrap can make a sandbox (a trial
// run: where it cannot, Claude Code's sandboxed commands would all fail).
func Check(ctx context.Context, env Machine) Finding {
	f := Finding{Backend: Backend(env.GOOS)}
	if f.Backend != "bubblewrap" {
		return f
	}
	bwrap, err := env.LookPath("bwrap")
	if err != nil {
		f.Missing = append(f.Missing, "bwrap")
	}
	if _, err := env.LookPath("socat"); err != nil {
		f.Missing = append(f.Missing, "socat")
	}
	if bwrap == "" {
		return f
	}
	ctx, cancel := context.WithTimeout(ctx, ProbeTimeout)
	defer cancel()
	if _, err := env.Output(ctx, bwrap, probeArgs...); err != nil {
		f.Broken = probeFailure(ctx, err)
	}
	return f
}

// probeFailure is bwrap's own message for a failed trial run, else the error.
func probeFailure(ctx context.Context, err error) string {
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return "bwrap did not finish within " + ProbeTimeout.String()
	}
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		if msg := strings.TrimSpace(string(exit.Stderr)); msg != "" {
			return msg
		}
	}
	return err.Error()
}
