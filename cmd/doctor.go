package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// doctorOptions are the choices of one `ccc-hooks doctor`.
type doctorOptions struct {
	JSON       bool
	All        bool
	ProjectDir string
	// ManagedPath replaces the operating system's managed-settings path; only Go tests set it.
	ManagedPath string
	// Output runs programs for their version; doctor.NewEnv's when nil.
	Output func(ctx context.Context, name string, args ...string) ([]byte, error)
	// Wall tries the copy-on-write wall of supervisor.checks; doctor.NewEnv's (a trial behind the
	// real one, with the user's home directory) when nil.
	Wall func(ctx context.Context) error
}

func newDoctorCmd(env *Env) *cobra.Command {
	opts := &doctorOptions{}
	c := &cobra.Command{
		Use:   "doctor",
		Short: "Explain why ccc-hooks hooks would or would not fire",
		Long: `Check every settings file Claude Code merges for this user and project (managed, local,
project, user and the provider files of the Claude config dir), the programs the hooks run,
the ccc-hooks home and the supervisor config. Each check is ok, warn or error; every warning
and error says what to do next. Exit status 1 when any check is an error.

It prints a summary line (will ccc-hooks work?), then the errors and warnings; --all lists
the checks that are ok too, and --json prints every check. The table fits $COLUMNS, else the
terminal's width (80 columns when the output is not a terminal); statuses are coloured only on a
terminal and never with NO_COLOR set. Paths in the home directory are written from ~; --json
keeps full paths.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return runDoctor(c.Context(), env, opts)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&opts.JSON, "json", false, `print a JSON array of {"check","status","message","path"}, every check`)
	fl.BoolVar(&opts.All, "all", false, "list the checks that are ok too")
	fl.StringVar(&opts.ProjectDir, "project-dir", "", projectDirUsage)
	return c
}

func runDoctor(ctx context.Context, env *Env, opts *doctorOptions) error {
	loc, err := (&targetFlags{ProjectDir: opts.ProjectDir}).locator(env)
	if err != nil {
		return err
	}
	loc.ManagedPath = opts.ManagedPath
	denv := doctor.NewEnv(env.Getenv, env.LookPath)
	if opts.Output != nil {
		denv.Output = opts.Output
	}
	if opts.Wall != nil {
		denv.Wall = opts.Wall
	}
	snap := doctor.Load(loc)
	snap.Program, snap.Shell = adviceProgram(env), adviceShell(env)
	results := doctor.Run(ctx, snap, doctor.Checks(denv))
	if opts.JSON {
		err = writeDoctorJSON(env.IO.Out, results)
	} else {
		all := snap.Program + " doctor --all"
		if opts.ProjectDir != "" {
			all += " --project-dir " + snap.Shell.Arg(opts.ProjectDir)
		}
		home := paths.HomeDir(env.Getenv)
		err = writeDoctorTable(env.IO.Out, tildeResults(results, home),
			doctorTable{Color: env.IO.ColorOut, Cols: env.IO.Width, All: opts.All, AllCommand: tildeHome(all, home)})
	}
	if err != nil {
		return fmt.Errorf("doctor: %w", err)
	}
	if doctor.Failed(results) {
		return errSilent
	}
	return nil
}

// tildeResults returns results with the home directory in their messages and paths written as ~
// (see tildeHome), for the table people paste into bug reports; JSON keeps full paths.
func tildeResults(results []doctor.Result, home string) []doctor.Result {
	out := make([]doctor.Result, len(results))
	for i, r := range results {
		r.Message, r.Path = tildeHome(r.Message, home), tildeHome(r.Path, home)
		out[i] = r
	}
	return out
}

func writeDoctorJSON(w io.Writer, results []doctor.Result) error {
	if results == nil {
		results = []doctor.Result{}
	}
	data, err := json.MarshalIndent(results, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(data, '\n'))
	return err
}
