package cmd

import (
	"context"
	"io"
	"os"

	"golang.org/x/term"

	"github.com/ccc-hooks/ccc-hooks/cmd/prompter"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
)

// IOStreams carries the standard streams of one invocation.
type IOStreams struct {
	In     io.Reader
	Out    io.Writer
	ErrOut io.Writer
	// Interactive is true when both stdin and stdout are terminals; only then may a command prompt.
	Interactive bool
	// ColorOut is true when stdout is a terminal that may receive colour.
	ColorOut bool
	// Width is the number of columns output is fitted to; defaultWidth when 0.
	Width int
	// ErrWidth is the number of columns errors and warnings are fitted to: those of the
	// terminal stderr is, 0 (not fitted: one line each, for logs and scripts) when it is none.
	ErrWidth int
}

// Env holds every side effect a command may have, so tests can replace them.
type Env struct {
	IO *IOStreams
	// Env is the outside world: the environment, the clock, the working directory, this
	// binary's path, PATH lookups and the Claude Code window (outside.System). The hook hands it
	// whole to the hook runtime.
	outside.Env
	// Argv0 is the program name this process was started with, as the command that ran it spelt
	// it (a hook's caller, see hookrt.Options.Caller).
	Argv0 string
	// Prompter asks the user; it is only used when IO.Interactive is true.
	Prompter prompter.Prompter
	// ProbeWall tries the copy-on-write wall of supervisor.checks with the home directory home
	// (wall.Probe when nil).
	ProbeWall func(ctx context.Context, home string) error
}

// System returns the Env of the running process.
func System() *Env {
	interactive := term.IsTerminal(int(os.Stdin.Fd())) && term.IsTerminal(int(os.Stdout.Fd()))
	return &Env{
		IO: &IOStreams{
			In:          os.Stdin,
			Out:         os.Stdout,
			ErrOut:      os.Stderr,
			Interactive: interactive,
			ColorOut:    term.IsTerminal(int(os.Stdout.Fd())) && os.Getenv("NO_COLOR") == "",
			Width:       terminalWidth(os.Getenv("COLUMNS"), int(os.Stdout.Fd())),
			ErrWidth:    stderrWidth(os.Getenv("COLUMNS"), int(os.Stderr.Fd())),
		},
		Env:      outside.System(os.Stderr),
		Argv0:    os.Args[0],
		Prompter: prompter.NewSurvey(os.Stdin, os.Stdout, os.Stderr),
	}
}
