// Package cmd wires command-line flags to the installer, hookrt and config packages (never to
// settings: what to write into a settings file is the installer's).
//
// Every command follows one shape: an options struct, a newXCmd constructor whose RunE only
// fills the options, and a runX function that does the work and can be called without cobra.
package cmd

import (
	"context"
	"fmt"
	"strings"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/internal/buildinfo"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// Main runs ccc-hooks with args and returns the exit status. Only main exits.
func Main(env *Env, args []string) int {
	for _, w := range paths.Warnings(env.Getenv) {
		warnf(env, "%s", w) // stderr: a hook's stdout is its answer
	}
	if len(args) == 1 && args[0] == "hook" {
		// Claude Code runs the hook on every event of every session: skip building the command tree.
		return report(env, runHook(context.Background(), env, hookOptions{}))
	}
	root := newRootCmd(env)
	root.SetArgs(args)
	err := root.ExecuteContext(context.Background())
	if err != nil && strings.HasPrefix(err.Error(), "unknown command ") {
		// cobra has no error type for a mistyped subcommand; it is a usage mistake all the same.
		err = &UsageError{Err: err}
	}
	return report(env, err)
}

// report prints the message of err, if any, and returns the exit status it maps to.
func report(env *Env, err error) int {
	code, msg := exitCode(err)
	if msg != "" {
		// Nowhere is left to report a failed write to stderr.
		_, _ = fmt.Fprintln(env.IO.ErrOut, wrap(msg, env.IO.ErrWidth))
	}
	return code
}

func newRootCmd(env *Env) *cobra.Command {
	root := &cobra.Command{
		Use:   "ccc-hooks",
		Short: "Install Claude Code hooks safely and run the supervisor behind them",
		Long: `ccc-hooks merges its hook entries into Claude Code settings files without moving
any other byte, removes exactly them again, explains why hooks fire or not, and is
itself the hook Claude Code runs (ccc-hooks hook).`,
		SilenceErrors: true,
		SilenceUsage:  true,
		Version:       buildinfo.Get().String(),
	}
	root.SetVersionTemplate(versionLine())
	root.SetIn(env.IO.In)
	root.SetOut(env.IO.Out)
	root.SetErr(env.IO.ErrOut)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return &UsageError{Err: err} })
	root.CompletionOptions.DisableDefaultCmd = true
	root.AddCommand(
		newInstallCmd(env),
		newUninstallCmd(env),
		newDoctorCmd(env),
		newStatusCmd(env),
		newHookCmd(env),
		newSupervisorHookCmd(env),
		newSupervisorCmd(env),
		newTaskCmd(env),
		newVersionCmd(env),
		newCompletionCmd(env),
	)
	registerCompletions(root, env)
	fitHelp(root, env)
	return root
}

// cobraArgs wraps a cobra positional-argument validator so that its failures are usage errors.
func cobraArgs(v cobra.PositionalArgs) cobra.PositionalArgs {
	return func(c *cobra.Command, args []string) error {
		if err := v(c, args); err != nil {
			return &UsageError{Err: err}
		}
		return nil
	}
}
