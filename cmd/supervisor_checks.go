package cmd

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// supervisorChecksOptions are the inputs of `supervisor checks`.
type supervisorChecksOptions struct {
	Dir     string // --dir; the working directory when ""
	Run     string // --run: this command alone
	runSet  bool   // --run was given
	Timeout int    // --timeout, seconds, for --run
}

// runLines is how much of a --run's output is printed: the reviewer's own run of a check reads
// more than the prompt's evidence shows (Claude Code cuts a Bash result to some 30,000 characters).
const runLines = 400

func newSupervisorChecksCmd(env *Env) *cobra.Command {
	opts := supervisorChecksOptions{Timeout: config.DefaultCheckTimeoutSeconds}
	c := &cobra.Command{
		Use:   "checks [--dir DIR] [--run COMMAND [--timeout SECONDS]]",
		Short: "Run the project's checks behind the copy-on-write wall, as a review does",
		Long: `checks runs the checks of supervisor.checks that apply to DIR (default: the working
directory) behind the copy-on-write wall a Stop review runs them behind, and prints how each
ended and the last lines of its output. Nothing a check does lasts: the project and the home
directory are seen through throwaway layers, /tmp is its own, there is no network.

--run runs COMMAND alone behind the same wall, prints the end of its output, and exits with its
exit status (124 when it timed out). The reviewer's own run of an exact command of
supervisor.checks is sent here.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			opts.runSet = c.Flags().Changed(hookcmd.CheckRunCommand)
			return runSupervisorChecks(c.Context(), env, opts)
		},
	}
	c.Flags().StringVar(&opts.Dir, hookcmd.CheckRunDir, "", "the session's `directory` (default: the working directory)")
	c.Flags().StringVar(&opts.Run, hookcmd.CheckRunCommand, "", "run this `command` alone")
	c.Flags().IntVar(&opts.Timeout, hookcmd.CheckRunTimeout, opts.Timeout, "with --run: the time limit in `seconds`")
	return c
}

func runSupervisorChecks(ctx context.Context, env *Env, opts supervisorChecksOptions) error {
	dir, err := checksDir(env, opts.Dir)
	if err != nil {
		return err
	}
	cfg, problems, err := config.Load(paths.ConfigFile(env.Getenv))
	if err != nil {
		return err
	}
	for _, p := range problems {
		warnf(env, "%s: %s", paths.ConfigFile(env.Getenv), p)
	}
	r := checks.NewRunner(env.Env, "", dir, cfg.Wall)
	if opts.runSet {
		if strings.TrimSpace(opts.Run) == "" {
			return usageErrorf("--run: the command is empty")
		}
		if opts.Timeout < config.MinCheckTimeoutSeconds || opts.Timeout > config.MaxCheckTimeoutSeconds {
			return usageErrorf("--timeout %d: want %d to %d seconds", opts.Timeout, config.MinCheckTimeoutSeconds, config.MaxCheckTimeoutSeconds)
		}
		return printRun(env, r.RunCheck(ctx, config.Check{Command: opts.Run, TimeoutSeconds: opts.Timeout}, runLines))
	}
	list := cfg.ChecksFor(dir)
	if len(list) == 0 {
		return env.sayf("No checks for %s (supervisor.checks in %s).", dir, paths.ConfigFile(env.Getenv))
	}
	failed := 0
	for _, c := range list {
		res := r.RunCheck(ctx, c, 10)
		if res.Outcome != checks.Passed {
			failed++
		}
		if err := env.sayf("%s: %s", c.Command, resultWords(res)); err != nil {
			return err
		}
		if res.Output != "" {
			if _, err := fmt.Fprintln(env.IO.Out, "    "+strings.ReplaceAll(res.Output, "\n", "\n    ")); err != nil {
				return err
			}
		}
	}
	if failed > 0 {
		return &ExitError{Code: 1, Err: errSilent}
	}
	return nil
}

// checksDir is the absolute directory the checks run in: --dir, else the working directory.
func checksDir(env *Env, dir string) (string, error) {
	if dir == "" {
		wd, err := env.Getwd()
		if err != nil {
			return "", err
		}
		dir = wd
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return "", usageErrorf("--dir %s: no such directory", abs)
	}
	return abs, nil
}

// printRun prints the end of a --run's output and a line saying how it ended, and returns its
// exit status as the command's.
func printRun(env *Env, res checks.Result) error {
	if res.Output != "" {
		if _, err := fmt.Fprintln(env.IO.Out, res.Output); err != nil {
			return err
		}
	}
	shown := ""
	switch n := strings.Count(res.Output, "\n") + 1; {
	case res.Truncated:
		shown = fmt.Sprintf("; the last %d lines of its output shown", n)
	case res.Lines > n:
		shown = fmt.Sprintf("; the last %d of its %d lines shown", n, res.Lines)
	}
	if res.DiskFull {
		shown += "; its writes filled the wall's disk bound (supervisor.wall.disk_mb)"
	}
	trailer := "[ccc-hooks: " + resultWords(res) + shown + " — behind a copy-on-write wall: nothing it did lasted]"
	if !checks.Ran(res) {
		trailer = "[ccc-hooks: " + resultWords(res) + "]"
	}
	// One line, as the output above it, never fitted to a width: the reviewer reads it.
	if _, err := fmt.Fprintln(env.IO.Out, trailer); err != nil {
		return err
	}
	switch res.Outcome {
	case checks.Passed:
		return nil
	case checks.Failed:
		return &ExitError{Code: res.ExitCode, Err: errSilent}
	case checks.TimedOut:
		return &ExitError{Code: 124, Err: errSilent}
	}
	return &ExitError{Code: 1, Err: errSilent}
}

// resultWords says how a check ended, as a person reads it.
func resultWords(res checks.Result) string {
	d := res.Took()
	switch res.Outcome {
	case checks.Passed, checks.Failed:
		return fmt.Sprintf("exit status %d (%s) after %s", res.ExitCode, res.Outcome, d)
	case checks.TimedOut:
		return fmt.Sprintf("timed out after %s (limit %ds)", d, res.TimeoutSeconds)
	case checks.Refused:
		// The directory was checked before: a refusal is the wall's, said as doctor says it.
		return "not run, never run bare: " + doctor.WallRefusal(&wall.RefusedError{Why: res.Why})
	}
	return "not run: " + res.Why
}

// printChecksLine adds to a status the checks of supervisor.checks a Stop review runs first in
// the project (Claude Code's, else the working directory), and whether this machine gives the
// wall they run behind; nothing without checks there.
func printChecksLine(ctx context.Context, env *Env) error {
	cfg, _, err := config.Load(paths.ConfigFile(env.Getenv))
	if err != nil {
		return nil //nolint:nilerr // a status never fails over ccc.json: doctor reports it
	}
	dir := env.Getenv("CLAUDE_PROJECT_DIR")
	if dir == "" {
		if dir, err = env.Getwd(); err != nil {
			return nil //nolint:nilerr // no directory, no checks to show
		}
	}
	list := cfg.ChecksFor(dir)
	if len(list) == 0 {
		return nil
	}
	names := make([]string, len(list))
	for i, c := range list {
		names[i] = fmt.Sprintf("%#q (%ds)", c.Command, c.TimeoutSeconds)
	}
	line := "checks before each Stop review, behind a copy-on-write wall: " + strings.Join(names, ", ")
	if err := wall.Probe(ctx, paths.HomeDir(env.Getenv)); err != nil {
		line = "checks before each Stop review (" + strings.Join(names, ", ") + "): refused on this machine, never run bare: " + doctor.WallRefusal(err)
	}
	return env.say(line)
}
