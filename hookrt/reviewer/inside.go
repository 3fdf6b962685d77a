package reviewer

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewguard"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/outside"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// ReasonGuard is the reason given inside a reviewer's own session (GuardEnv=1).
const ReasonGuard = "inside a supervisor review session"

// InsideReview answers ev inside a reviewer's own session (GuardEnv=1 in the environment, which
// the router checks once): no profile applies there. env is the reviewer's environment, as Claude
// Code gives it to the reviewer's hooks and Bash tool alike: the review's directory
// (ReviewDirEnv), $PATH, and the git variables of the review's git view (GIT_WORK_TREE; every GIT_
// variable is checked, reviewguard.GitEnvironment). A Bash command is refused outright while the
// environment holds a variable that makes bash run code before it (reviewguard.CheckEnvironment):
// that code would run outside any wall. Past that, where the copy-on-write wall stands for the
// review (WallEnv=1), every Bash command from the review's directory or below it is allowed and
// sent through the wall instead (throughWall): nothing it does can last, whatever it is. Every
// other PreToolUse (a Bash command too where the wall does not stand) meets the read-only rule
// (see package reviewguard): a deny for what it refuses, and no decision otherwise, so that Claude
// Code's own permission checks still apply to what is granted. UserPromptSubmit and SubagentStop
// get nothing; a Stop is let finish at once.
func InsideReview(ev *event.Event, cfg config.Supervisor, env outside.Env) *event.Output {
	env = env.OrSystem()
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
		if out := throughWall(ev, cfg, env.Getenv(ReviewDirEnv), self, env.Getenv(WallEnv) == "1"); out != nil {
			return out
		}
		where := reviewguard.Place{
			Cwd: ev.CWD, Root: env.Getenv(ReviewDirEnv), Path: env.Getenv("PATH"),
			Tree: env.Getenv("GIT_WORK_TREE"), GitEnv: reviewguard.GitEnvironment(environ),
			Home: env.Getenv("HOME"), ConfigHome: env.Getenv("XDG_CONFIG_HOME"),
		}
		if err := reviewguard.Check(ev.ToolName, ev.ToolInput, cfg.AllowedTools, where); err != nil {
			return event.Permission("deny", reviewguard.Reason(err))
		}
		return nil
	}
	return event.Allow(ReasonGuard)
}

// bashInput is the input of Claude Code's Bash tool, as far as a run behind the wall reads it.
type bashInput struct {
	Command     string `json:"command"`
	Description string `json:"description,omitempty"`
	Background  bool   `json:"run_in_background,omitempty"`
}

// maxBashTimeoutMS is the most Claude Code's Bash tool waits for a command (10 minutes).
const maxBashTimeoutMS = 600_000

// throughWall answers the reviewer's Bash call where the wall stands for the review (stands):
// whatever the command, from the review's directory or below it, it is allowed and run behind the
// copy-on-write wall, where nothing it does lasts: Claude Code runs the input an allowing hook
// gives back (hookcmd.CheckRun) in place of the model's (docs/claude-code.md, "A PreToolUse allow
// that rewrites the call"). Its bound is CommandBound, or a check's own timeout_seconds
// when the command is, exactly, one of supervisor.checks. Any other call, one in the background
// included, is nil: the read-only rule (package reviewguard) judges it. self is this binary.
func throughWall(ev *event.Event, cfg config.Supervisor, root, self string, stands bool) *event.Output {
	if !stands || ev.ToolName != "Bash" || root == "" || self == "" || !filepath.IsAbs(ev.CWD) ||
		!paths.Within(ev.CWD, root) {
		return nil
	}
	var in bashInput
	if json.Unmarshal(ev.ToolInput, &in) != nil || in.Background || strings.TrimSpace(in.Command) == "" || strings.ContainsRune(in.Command, 0) {
		return nil
	}
	limit := max(1, int(CommandBound(time.Duration(cfg.TimeoutSeconds)*time.Second).Seconds()))
	for _, c := range cfg.ChecksFor(root) {
		if strings.TrimSpace(in.Command) == c.Command {
			limit = c.TimeoutSeconds
		}
	}
	updated, _ := json.Marshal(map[string]any{
		"command":     hookcmd.CheckRun(self, filepath.Clean(ev.CWD), limit, in.Command),
		"description": "Behind ccc-hooks' copy-on-write wall: " + in.Description,
		"timeout":     min(maxBashTimeoutMS, (limit+30)*1000),
	})
	out := event.Permission("allow", "run behind ccc-hooks' copy-on-write wall: nothing it does lasts")
	out.HookSpecificOutput.UpdatedInput = updated
	return out
}
