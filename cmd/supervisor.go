package cmd

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
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
or sets the default in ccc.json with --default. A session never switched takes the switch of the
session before it in the same Claude Code window (after /clear), else the default. status prints
on or off, and where that comes from when it is not the session's own switch (without a session:
the default), and, while the reviewer's account is out of quota, until when the supervisor stands
aside; on ends that stand-aside at once. supervisor log shows what it decided and what its reviews
cost.`,
		Args:      oneWordOf("action"),
		ValidArgs: []string{"on", "off", "status"},
		RunE: func(c *cobra.Command, args []string) error {
			opts.Action = args[0]
			return runSupervisor(c.Context(), env, opts)
		},
	}
	c.AddCommand(newSupervisorLogCmd(env), newSupervisorChecksCmd(env))
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
	sw := supervisor.NewSwitch(env.Env)
	if opts.Default {
		return runSupervisorDefault(ctx, env, sw, opts.Action)
	}
	id, err := sw.ID(supervisor.IDSource{Name: "--session", ID: opts.Session},
		supervisor.IDSource{Name: "$CLAUDE_CODE_SESSION_ID", ID: env.Getenv("CLAUDE_CODE_SESSION_ID")})
	if err != nil {
		return &UsageError{Err: err}
	}
	switch {
	case id == "" && opts.Action == "status":
		// Without a session, the state any session starts with is what there is to show.
		on, err := sw.Default()
		if err != nil {
			return err
		}
		if err := env.sayf("%s (the default of every session; no session given: pass --session ID for one)", onOff(on)); err != nil {
			return err
		}
		if err := printChecksLine(ctx, env); err != nil {
			return err
		}
		return printQuotas(env)
	case id == "":
		return usageErrorf("no session: pass --session ID (or run inside Claude Code), or --default for the default")
	}
	// Only the session Claude Code runs this command in takes its window's switch, and only its
	// switch is recorded for the window.
	own := id == env.Getenv("CLAUDE_CODE_SESSION_ID")
	if opts.Action == "status" {
		st, err := sw.Standing(id, own)
		if err != nil {
			return err
		}
		if err := env.say(standingLine(st)); err != nil {
			return err
		}
		if err := printChecksLine(ctx, env); err != nil {
			return err
		}
		return printQuotas(env)
	}
	if err := sw.Set(ctx, id, opts.Action == "on", own); err != nil {
		return fmt.Errorf("set the supervisor %s for session %s: %w", opts.Action, id, err)
	}
	if err := env.sayf("supervisor %s for session %s", opts.Action, id); err != nil {
		return err
	}
	if opts.Action == "on" {
		return endQuotas(env)
	}
	return nil
}

// printQuotas says, for each usage limit the reviewer met that has not reset, until when the
// supervisor stands aside and for whom.
func printQuotas(env *Env) error {
	store := &supervisor.SessionStore{Home: paths.Home(env.Getenv), Now: env.Now}
	standing, err := store.Quotas(env.Now())
	if err != nil {
		warnf(env, "cannot tell whether the reviewer's account is out of quota: %v", err)
		return nil
	}
	for _, q := range standing {
		if err := env.say(quotaLine(q)); err != nil {
			return err
		}
	}
	return nil
}

// quotaLine says until when the supervisor stands aside for the usage limit of q, for whom, and
// what the reviewer met.
func quotaLine(q supervisor.QuotaStanding) string {
	who := "every session on the reviewer's account"
	if strings.Contains(q.Key, "/") {
		who = "session " + q.SessionID
	}
	if q.RateLimit {
		return fmt.Sprintf("standing aside until %s for %s: the review of session %s at %s was rate-limited, with no reset named (%s); "+
			"the wait doubles while the limit holds, up to half an hour; `ccc-hooks supervisor on` reviews again at once",
			q.UntilText(time.Local), who, q.SessionID, localTime(q.Since), q.Message)
	}
	return fmt.Sprintf("standing aside until %s for %s: the review of session %s at %s hit the account's usage limit (%s); "+
		"`ccc-hooks supervisor on` reviews again at once", q.UntilText(time.Local), who, q.SessionID, localTime(q.Since), q.Message)
}

// endQuotas ends every stand-aside for a usage limit (`supervisor on` asks for reviews), and says
// so when there was one.
func endQuotas(env *Env) error {
	store := &supervisor.SessionStore{Home: paths.Home(env.Getenv), Now: env.Now}
	standing, _ := store.Quotas(env.Now())
	if err := store.ClearQuotas(); err != nil {
		return err
	}
	for _, q := range standing {
		limit := "usage limit"
		if q.RateLimit {
			limit = "rate limit"
		}
		if err := env.sayf("the stand-aside for the %s until %s is over: the next event is reviewed", limit,
			q.UntilText(time.Local)); err != nil {
			return err
		}
	}
	return nil
}

func runSupervisorDefault(ctx context.Context, env *Env, sw *supervisor.Switch, action string) error {
	if action == "status" {
		on, err := sw.Default()
		if err != nil {
			return err
		}
		if err := env.say(onOff(on)); err != nil {
			return err
		}
		if err := printChecksLine(ctx, env); err != nil {
			return err
		}
		return printQuotas(env)
	}
	if err := sw.SetDefault(action == "on"); err != nil {
		return fmt.Errorf("set supervisor.enabled in %s: %w (the file was left unchanged)", sw.ConfigFile(), err)
	}
	if err := env.sayf("supervisor %s by default (%s)", action, sw.ConfigFile()); err != nil {
		return err
	}
	if action == "on" {
		return endQuotas(env)
	}
	return nil
}

// standingLine is what status prints for a session: on or off, and where that comes from when it
// is not the session's own switch.
func standingLine(st supervisor.Standing) string {
	switch {
	case st.Default:
		return onOff(st.On) + " (the default of every session; this one has no switch of its own)"
	case st.CarriedFrom != "":
		return onOff(st.On) + " (carried over from session " + st.CarriedFrom + ", which ran before it in the same Claude Code window)"
	}
	return onOff(st.On)
}

func onOff(on bool) string {
	if on {
		return "on"
	}
	return "off"
}
