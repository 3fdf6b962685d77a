package supervisor

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// bashInput is the input of Claude Code's Bash tool, as far as a check's run reads it.
type bashInput struct {
	Command     string `json:"command"`
	Description string `json:"description,omitempty"`
}

// maxBashTimeoutMS is the most Claude Code's Bash tool waits for a command (10 minutes).
const maxBashTimeoutMS = 600_000

// grantCheck answers the reviewer's Bash call when its command is, exactly, one of the checks of
// supervisor.checks for the review's directory, run from that directory: it is allowed, and run
// behind the copy-on-write wall the checks run behind, where nothing it does lasts. Claude Code
// runs the input an allowing PreToolUse hook gives back in place of the model's
// (`ccc-hooks supervisor checks --run COMMAND`), with no allow rule for it (2.1.328 and 2.1.332:
// docs/claude-code.md, "A PreToolUse allow that rewrites the call"). Any
// other call is nil: the read-only rule (package reviewguard) judges it as it judges everything
// else. self is this binary.
func grantCheck(ev *event.Event, cfg config.Supervisor, root, self string) *event.Output {
	if ev.ToolName != "Bash" || root == "" || self == "" || filepath.Clean(ev.CWD) != filepath.Clean(root) {
		return nil
	}
	var in bashInput
	if json.Unmarshal(ev.ToolInput, &in) != nil {
		return nil
	}
	cmd := strings.TrimSpace(in.Command)
	for _, c := range cfg.ChecksFor(root) {
		if cmd != c.Command {
			continue
		}
		sh := shellword.POSIX
		run := sh.Program(self) + " supervisor checks --dir " + sh.Arg(root) +
			" --timeout " + strconv.Itoa(c.TimeoutSeconds) + " --run " + sh.Arg(c.Command)
		updated, _ := json.Marshal(map[string]any{
			"command":     run,
			"description": "Run the check behind ccc-hooks' copy-on-write wall: " + in.Description,
			"timeout":     min(maxBashTimeoutMS, (c.TimeoutSeconds+30)*1000),
		})
		out := event.Permission("allow", "a check of supervisor.checks, run behind ccc-hooks' copy-on-write wall: nothing it does lasts")
		out.HookSpecificOutput.UpdatedInput = updated
		return out
	}
	return nil
}
