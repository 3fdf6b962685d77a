package wall

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/proc"
)

// sandboxExec is macOS's Seatbelt front end (deprecated by Apple, still shipped, and what
// Claude Code's own sandbox runs on macOS).
const sandboxExec = "/usr/bin/sandbox-exec"

// run runs s.Command under Seatbelt. What Seatbelt gives: no write anywhere but a temporary
// directory of the command's own (TMPDIR) and a few devices, so the project, its .git and the
// home directory are read-only; no network, the loopback included (a Seatbelt profile cannot give
// a loopback of its own, and the host's reaches its services); no signal to processes outside.
// What it cannot give: a copy-on-write layer (a check that writes into the project fails
// instead of writing into a throwaway copy), a PID namespace (processes the command leaves are
// ended with its process group), and a clean git configuration (programs the repository's
// .git/config names may run, held by the same profile).
func run(ctx context.Context, s Spec) (Result, error) {
	started := time.Now()
	if _, err := os.Stat(sandboxExec); err != nil {
		return Result{}, refused("%s is missing", sandboxExec)
	}
	tmp, err := os.MkdirTemp("", "ccc-hooks-wall-")
	if err != nil {
		return Result{}, refused("make a temporary directory: %v", err)
	}
	var res Result
	defer func() {
		removed := time.Now()
		_ = os.RemoveAll(tmp)
		res.Teardown += time.Since(removed)
	}()
	if s.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, s.Timeout)
		defer cancel()
	}
	out := &proc.Capped{Max: MaxOutput, Tail: true}
	c := proc.Command(ctx, sandboxExec, "-p", seatbeltProfile(tmp), "/bin/sh", "-c", s.Command)
	c.Dir = s.Dir
	c.Env = append(withoutTmpdir(s.Env), "TMPDIR="+tmp)
	c.Stdout, c.Stderr = out, out
	res.Setup = time.Since(started)
	ran := time.Now()
	err = proc.Run(c)
	res.Ran = time.Since(ran)
	res.Output, res.Truncated = out.Bytes()
	var exit *exec.ExitError
	var start *proc.StartError
	switch {
	case errors.As(err, &start):
		return res, refused("start %s: %v", sandboxExec, start.Err)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		res.TimedOut, res.ExitCode = true, -1
	case ctx.Err() != nil:
		return res, ctx.Err()
	case errors.As(err, &exit):
		res.ExitCode = exit.ExitCode()
	case err != nil:
		return res, err
	}
	return res, nil
}

// seatbeltProfile is the Seatbelt profile of a check whose temporary directory is tmp.
func seatbeltProfile(tmp string) string {
	return strings.Join([]string{
		"(version 1)",
		"(allow default)",
		"(deny network*)",
		"(deny file-write*)",
		`(allow file-write* (subpath "` + sbString(tmp) + `") (literal "/dev/null") (literal "/dev/zero") (literal "/dev/dtracehelper") (regex #"^/dev/fd/"))`,
		"(deny signal (target others))",
	}, "\n")
}

// sbString escapes s for a string of a Seatbelt profile.
func sbString(s string) string { return strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(s) }

func withoutTmpdir(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TMPDIR=") {
			out = append(out, kv)
		}
	}
	return out
}
