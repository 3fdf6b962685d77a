package cmd

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/installer/doctor"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// doctorOptions are the choices of one `ccc-hooks doctor`.
type doctorOptions struct {
	JSON       bool
	ProjectDir string
	// ManagedPath replaces the operating system's managed-settings path; only Go tests set it.
	ManagedPath string
	// LookPath finds programs; exec.LookPath when nil.
	LookPath func(string) (string, error)
	// Output runs programs for their version; doctor.Exec when nil.
	Output func(ctx context.Context, name string, args ...string) ([]byte, error)
}

func newDoctorCmd(env *Env) *cobra.Command {
	opts := &doctorOptions{}
	c := &cobra.Command{
		Use:   "doctor",
		Short: "Explain why ccc-hooks hooks would or would not fire",
		Long: `Check every settings file Claude Code merges for this user and project (managed, local,
project, user and the provider files of the Claude config dir), the programs the hooks run,
the ccc-hooks home and the supervisor config. Each check is ok, warn or error; every warning
and error says what to do next. Exit status 1 when any check is an error.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, _ []string) error {
			return runDoctor(c.Context(), env, opts)
		},
	}
	fl := c.Flags()
	fl.BoolVar(&opts.JSON, "json", false, `print a JSON array of {"check","status","message","path"}`)
	fl.StringVar(&opts.ProjectDir, "project-dir", "", "project directory (default: git top level, else the working directory)")
	return c
}

func runDoctor(ctx context.Context, env *Env, opts *doctorOptions) error {
	wd, err := env.Getwd()
	if err != nil {
		return fmt.Errorf("doctor: working directory: %w", err)
	}
	loc := installer.Locator{
		Getenv:      env.Getenv,
		ProjectDir:  paths.ProjectDir(paths.Project{Flag: opts.ProjectDir, WD: wd}),
		ManagedPath: opts.ManagedPath,
	}
	denv := doctor.Env{Getenv: env.Getenv, LookPath: opts.LookPath, Output: opts.Output, Version: Version}
	if denv.LookPath == nil {
		denv.LookPath = exec.LookPath
	}
	if denv.Output == nil {
		denv.Output = doctor.Exec
	}
	results := doctor.Run(ctx, doctor.Load(loc), doctor.Checks(denv))
	if opts.JSON {
		err = writeDoctorJSON(env.IO.Out, results)
	} else {
		err = writeDoctorTable(env.IO.Out, results, env.IO.ColorOut)
	}
	if err != nil {
		return fmt.Errorf("doctor: %w", err)
	}
	if doctor.Failed(results) {
		return errSilent
	}
	return nil
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

// statusColor is the ANSI colour of each status on a terminal.
var statusColor = map[doctor.Status]string{
	doctor.StatusOK:    "\x1b[32m",
	doctor.StatusWarn:  "\x1b[33m",
	doctor.StatusError: "\x1b[31m",
}

// writeDoctorTable prints one aligned line per result (check, status, message) and a summary.
// The status is coloured only when color is true; padding is computed on the plain text so the
// colour codes do not break the alignment.
func writeDoctorTable(w io.Writer, results []doctor.Result, color bool) error {
	width := len("CHECK")
	for _, r := range results {
		width = max(width, utf8.RuneCountInString(r.Check))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-*s  %-6s %s\n", width, "CHECK", "STATUS", "MESSAGE")
	counts := map[doctor.Status]int{}
	for _, r := range results {
		counts[r.Status]++
		status := fmt.Sprintf("%-6s", r.Status)
		if color {
			status = statusColor[r.Status] + string(r.Status) + "\x1b[0m" + status[len(r.Status):]
		}
		fmt.Fprintf(&b, "%-*s  %s %s\n", width, r.Check, status, r.Message)
	}
	fmt.Fprintf(&b, "\n%d %s, %d %s, %d ok\n",
		counts[doctor.StatusError], plural(counts[doctor.StatusError], "error", "errors"),
		counts[doctor.StatusWarn], plural(counts[doctor.StatusWarn], "warning", "warnings"),
		counts[doctor.StatusOK])
	_, err := io.WriteString(w, b.String())
	return err
}
