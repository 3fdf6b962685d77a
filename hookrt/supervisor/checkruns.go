package supervisor

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

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
// that rewrites the call"). Its bound is reviewer.CommandBound, or a check's own timeout_seconds
// when the command is, exactly, one of supervisor.checks. Any other call, one in the background
// included, is nil: the read-only rule (package reviewguard) judges it. self is this binary.
func throughWall(ev *event.Event, cfg config.Supervisor, root, self string, stands bool) *event.Output {
	if !stands || ev.ToolName != "Bash" || root == "" || self == "" || !filepath.IsAbs(ev.CWD) ||
		!wall.Within(filepath.Clean(ev.CWD), filepath.Clean(root)) {
		return nil
	}
	var in bashInput
	if json.Unmarshal(ev.ToolInput, &in) != nil || in.Background || strings.TrimSpace(in.Command) == "" || strings.ContainsRune(in.Command, 0) {
		return nil
	}
	limit := max(1, int(reviewer.CommandBound(time.Duration(cfg.TimeoutSeconds)*time.Second).Seconds()))
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
