package supervisor

import (
	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/hookenv"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewguard"
)

// InsideReview answers ev inside a reviewer's own session (GuardEnv=1 in the environment, which
// the router checks once): no profile applies there. env is the reviewer's environment, as Claude
// Code gives it to the reviewer's hooks and Bash tool alike: the review's directory
// (ReviewDirEnv), $PATH, and the git variables of the review's wall (GIT_WORK_TREE; every GIT_
// variable is checked, reviewguard.GitEnvironment). A Bash command is refused outright while the
// environment holds a variable that makes bash run code before it (reviewguard.CheckEnvironment):
// that code would run outside any wall. Past that, where the copy-on-write wall stands for the
// review (WallEnv=1), every Bash command from the review's directory or below it is allowed and
// sent through the wall instead (throughWall): nothing it does can last, whatever it is. Every
// other PreToolUse (a Bash command too where the wall does not stand) meets the read-only rule
// (see package reviewguard): a deny for what it refuses, and no decision otherwise, so that Claude
// Code's own permission checks still apply to what is granted. UserPromptSubmit and SubagentStop
// get nothing; a Stop is let finish at once.
func InsideReview(ev *event.Event, cfg config.Supervisor, env hookenv.Env) *event.Output {
	switch ev.Name {
	case event.UserPromptSubmit, event.SubagentStop:
		return nil
	case event.PreToolUse:
		environ := env.Environ()
		if ev.ToolName == "Bash" {
			if err := reviewguard.CheckEnvironment(environ); err != nil {
				return event.Permission("deny", reviewguard.Reason(&reviewguard.RefusedError{Tool: "Bash", Why: err.Error()}))
			}
		}
		self, _ := env.Executable()
		if out := throughWall(ev, cfg, env.Getenv(reviewer.ReviewDirEnv), self, env.Getenv(reviewer.WallEnv) == "1"); out != nil {
			return out
		}
		where := reviewguard.Place{
			Cwd: ev.CWD, Root: env.Getenv(reviewer.ReviewDirEnv), Path: env.Getenv("PATH"),
			Tree: env.Getenv("GIT_WORK_TREE"), GitEnv: reviewguard.GitEnvironment(environ),
			Home: env.Getenv("HOME"), ConfigHome: env.Getenv("XDG_CONFIG_HOME"),
		}
		if err := reviewguard.Check(ev.ToolName, ev.ToolInput, cfg.AllowedTools, where); err != nil {
			return event.Permission("deny", reviewguard.Reason(err))
		}
		return nil
	}
	return allow(ev, ReasonGuard)
}

// allow is the "let it go" answer for ev: a reason for Stop-like events, a permission for
// AskUserQuestion, and nothing for any other tool (allowing it would bypass Claude Code's prompts).
func allow(ev *event.Event, reason string) *event.Output {
	if ev.Name != event.PreToolUse {
		return event.Allow(reason)
	}
	if ev.ToolName != event.AskUserQuestion {
		return nil
	}
	return event.Permission("allow", reason)
}

// refuse is the "keep working" answer for ev: block for Stop-like events, deny for PreToolUse.
func refuse(ev *event.Event, reason string) *event.Output {
	if ev.Name == event.PreToolUse {
		return event.Permission("deny", reason)
	}
	return event.Block(reason)
}
