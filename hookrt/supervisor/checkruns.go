package supervisor

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// WallEnv is set to 1 in the reviewer's environment when the copy-on-write wall stands on this
// machine for the review (ReviewStands): every Bash command of the reviewer is then run behind it
// (throughWall). Any other value, or none, leaves the read-only rule alone.
const WallEnv = "CCC_SUPERVISOR_WALL"

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
// copy-on-write wall the checks run behind, where it may write, build and run tests and nothing
// it does lasts. Claude Code runs the input an allowing PreToolUse hook gives back in place of
// the model's (`ccc-hooks supervisor checks --run COMMAND`), with no allow rule for it (2.1.328
// and 2.1.332: docs/claude-code.md, "A PreToolUse allow that rewrites the call"). Its bound is
// the one on each command of the reviewer's (commandBound), or a check's own timeout_seconds
// when the command is, exactly, one of supervisor.checks. Any other call is nil: the read-only
// rule (package reviewguard) judges it as it judges everything else, a command run in the
// background included (it would outlive the review's bound). self is this binary.
func throughWall(ev *event.Event, cfg config.Supervisor, root, self string, stands bool) *event.Output {
	if !stands || ev.ToolName != "Bash" || root == "" || self == "" || !filepath.IsAbs(ev.CWD) ||
		!paths.Within(ev.CWD, root) {
		return nil
	}
	var in bashInput
	if json.Unmarshal(ev.ToolInput, &in) != nil || in.Background || strings.TrimSpace(in.Command) == "" || strings.ContainsRune(in.Command, 0) {
		return nil
	}
	limit := max(1, int(commandBound(time.Duration(cfg.TimeoutSeconds)*time.Second).Seconds()))
	for _, c := range cfg.ChecksFor(root) {
		if strings.TrimSpace(in.Command) == c.Command {
			limit = c.TimeoutSeconds
		}
	}
	sh := shellword.POSIX
	run := sh.Program(self) + " supervisor checks --dir " + sh.Arg(filepath.Clean(ev.CWD)) +
		" --timeout " + strconv.Itoa(limit) + " --run " + sh.Arg(in.Command)
	updated, _ := json.Marshal(map[string]any{
		"command":     run,
		"description": "Behind ccc-hooks' copy-on-write wall: " + in.Description,
		"timeout":     min(maxBashTimeoutMS, (limit+30)*1000),
	})
	out := event.Permission("allow", "run behind ccc-hooks' copy-on-write wall: nothing it does lasts")
	out.HookSpecificOutput.UpdatedInput = updated
	return out
}
