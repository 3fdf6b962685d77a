package cmd

import (
	"io"
	"os"
	"time"

	"golang.org/x/term"

	"github.com/ccc-hooks/ccc-hooks/cmd/prompter"
	"github.com/ccc-hooks/ccc-hooks/internal/window"
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
	// Width is the number of columns tables are fitted to; defaultWidth when 0.
	Width int
}

// Env holds every side effect a command may have, so tests can replace them.
type Env struct {
	IO     *IOStreams
	Getenv func(string) string
	Now    func() time.Time
	Getwd  func() (string, error)
	// Environ is the environment handed to programs the command runs (os.Environ when nil).
	Environ    func() []string
	Executable func() (string, error)
	// Argv0 is the program name this process was started with, as the command that ran it spelt
	// it (a hook's caller, see hookrt.Options.Caller).
	Argv0 string
	// Window finds the Claude Code window (process) that $CLAUDE_PID names, when it runs this one.
	Window window.Locate
	// Prompter asks the user; it is only used when IO.Interactive is true.
	Prompter prompter.Prompter
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
		},
		Getenv:     os.Getenv,
		Now:        time.Now,
		Getwd:      os.Getwd,
		Environ:    os.Environ,
		Executable: os.Executable,
		Argv0:      os.Args[0],
		Window:     window.Of,
		Prompter:   prompter.NewSurvey(os.Stdin, os.Stdout, os.Stderr),
	}
}
