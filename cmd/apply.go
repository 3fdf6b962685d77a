package cmd

import (
	"fmt"

	"github.com/aymanbagabas/go-udiff"

	"github.com/ccc-hooks/ccc-hooks/installer"
)

// applyPlan carries out an install or uninstall plan on env's streams: without --dry-run and
// without a terminal each change is written and said at once; otherwise the diffs come first,
// and on a terminal one question before anything is written.
func applyPlan(env *Env, verb string, plan installer.Plan, dryRun, ask bool) (installer.Outcome, error) {
	return plan.Apply(installer.ApplyOptions{UI: planUI{env: env, verb: verb}, Now: env.Now, DryRun: dryRun, Ask: ask})
}

// planUI shows a plan's changes on env's streams and asks on its prompter.
type planUI struct {
	env  *Env
	verb string
}

func (u planUI) Say(line string) error {
	return u.env.say(line)
}

func (u planUI) Warn(msg string) { warnf(u.env, "%s", msg) }

// Diff prints a unified diff of one change.
func (u planUI) Diff(d installer.Diff) error {
	_, err := fmt.Fprint(u.env.IO.Out, udiff.Unified(d.From, d.To, string(d.Old), string(d.New)))
	return err
}

func (u planUI) Confirm(question string) (bool, error) {
	ok, err := u.env.Prompter.Confirm(question, true)
	if err != nil {
		return false, cancelled(u.verb, err)
	}
	return ok, nil
}
