package cmd

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt"
	"github.com/ccc-hooks/ccc-hooks/hookrt/state"
	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// supervisorOptions are the inputs of `supervisor on|off|status`.
type supervisorOptions struct {
	Action  string // on, off or status
	Session string // --session
	Default bool   // --default
}

func newSupervisorCmd(env *Env) *cobra.Command {
	var opts supervisorOptions
	c := &cobra.Command{
		Use:   "supervisor on|off|status [--session ID | --default]",
		Short: "Turn the supervisor on or off for a session, or by default",
		Long: `supervisor turns the supervisor review on or off for one session (--session, else
$CCC_SUPERVISOR_ID, else $CLAUDE_CODE_SESSION_ID, which Claude Code sets for the commands it runs),
or sets the default in ccc.json with --default. status prints on or off (without a session: the
default). supervisor log shows what it decided and what its reviews cost.`,
		Args:      oneWordOf("action"),
		ValidArgs: []string{"on", "off", "status"},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Action = args[0]
			return runSupervisor(c.Context(), env, opts)
		},
	}
	c.AddCommand(newSupervisorLogCmd(env))
	c.Flags().StringVar(&opts.Session, "session", "", "the session `ID` (default $CCC_SUPERVISOR_ID, else $CLAUDE_CODE_SESSION_ID)")
	c.Flags().BoolVar(&opts.Default, "default", false, "set or show the default of every session (supervisor.enabled in ccc.json)")
	return c
}

func runSupervisor(ctx context.Context, env *Env, opts supervisorOptions) error {
	if opts.Action != "on" && opts.Action != "off" && opts.Action != "status" {
		return usageErrorf("unknown action %q: want on, off or status", opts.Action)
	}
	if opts.Default && opts.Session != "" {
		return usageErrorf("--session and --default cannot be used together")
	}
	cfgPath := paths.ConfigFile(env.Getenv)
	if opts.Default {
		return runSupervisorDefault(env, opts.Action, cfgPath)
	}
	id, err := hookrt.SupervisorID(env.Getenv, hookrt.IDSource{Name: "--session", ID: opts.Session},
		hookrt.IDSource{Name: "$CLAUDE_CODE_SESSION_ID", ID: env.Getenv("CLAUDE_CODE_SESSION_ID")})
	if err != nil {
		return &UsageError{Err: err}
	}
	if id == "" && opts.Action == "status" {
		// Without a session, the state any session starts with is what there is to show.
		cfg, _, err := config.Load(cfgPath)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(env.IO.Out, "%s (the default of every session; no session given: pass --session ID for one)\n", onOff(cfg.Enabled))
		return err
	}
	if id == "" {
		return usageErrorf("no session: pass --session ID (or run inside Claude Code), or --default for the default")
	}
	store := &state.SessionStore{Home: paths.Home(env.Getenv), Now: env.Now}
	if opts.Action == "status" {
		cfg, _, err := config.Load(cfgPath)
		if err != nil {
			return err
		}
		on, err := hookrt.Enabled(store, id, cfg.Enabled)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(env.IO.Out, onOff(on))
		return err
	}
	on := opts.Action == "on"
	if _, err := store.Update(ctx, id, func(st *state.State) error {
		st.Enabled = &on
		return nil
	}); err != nil {
		return fmt.Errorf("set the supervisor %s for session %s: %w", opts.Action, id, err)
	}
	_, err = fmt.Fprintf(env.IO.Out, "supervisor %s for session %s\n", opts.Action, id)
	return err
}

func runSupervisorDefault(env *Env, action, cfgPath string) error {
	if action == "status" {
		cfg, _, err := config.Load(cfgPath)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(env.IO.Out, onOff(cfg.Enabled))
		return err
	}
	if err := installer.SetSupervisorDefault(paths.Home(env.Getenv), env.Now, cfgPath, action == "on"); err != nil {
		return fmt.Errorf("set supervisor.enabled in %s: %w (the file was left unchanged)", cfgPath, err)
	}
	_, err := fmt.Fprintf(env.IO.Out, "supervisor %s by default (%s)\n", action, cfgPath)
	return err
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}
