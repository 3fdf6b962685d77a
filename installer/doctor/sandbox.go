package doctor

import (
	"context"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/internal/bashsandbox"
)

// sandboxCheck says whether the supervisor's reviewer runs its Bash commands in Claude Code's own
// sandbox, the project and the home directory read-only, behind its read-only hook, as the hook
// runtime decides before each review (bashsandbox): on macOS always, on Linux where bwrap and
// socat are on PATH and bwrap can make a sandbox, never on Windows; not when
// supervisor.allowed_tools grants every Bash command; the programs it grants besides git run
// outside it. Without it the read-only hook holds alone, which is the promise; so a missing
// sandbox is information, and only a bwrap that is installed but cannot run is a warning (Claude
// Code's own sandboxed commands fail there too).
type sandboxCheck struct{ env Env }

func (sandboxCheck) Name() string { return "reviewer-sandbox" }

func (c sandboxCheck) profile() (string, Env) { return installer.Supervisor.Name, c.env }

const sandboxAlone = "the read-only hook alone holds the reviewer's Bash commands"

func (c sandboxCheck) Run(ctx context.Context, s *Snapshot) []Result {
	f := bashsandbox.Check(ctx, bashsandbox.Machine{GOOS: c.env.GOOS, LookPath: c.env.LookPath, Output: c.env.Output})
	switch {
	case f.Backend == "":
		return []Result{ok("Claude Code has no Bash sandbox on this system (it has one on macOS, Linux and WSL2): "+sandboxAlone, "")}
	case len(f.Missing) > 0:
		return []Result{ok("Claude Code's Bash sandbox needs "+strings.Join(f.Missing, " and ")+" on PATH, not found: "+sandboxAlone+
			"; install bubblewrap and socat (Debian and Ubuntu: apt install bubblewrap socat) to run them in the sandbox with nothing writable", "")}
	case f.Broken != "":
		return []Result{warn("bwrap is installed but cannot make a sandbox here ("+f.Broken+"), as where user namespaces are off "+
			"(many containers): "+sandboxAlone+", and every Bash command Claude Code sandboxes here fails; allow user namespaces "+
			"(for a container: run it with them allowed) to have the sandbox", "")}
	}
	what := "Claude Code's Bash sandbox (" + f.Backend + ")"
	if f.Backend == "bubblewrap" {
		what = "Claude Code's Bash sandbox (bubblewrap; bwrap and socat found)"
	}
	excluded, all := bashsandbox.Unsandboxed(s.Config.AllowedTools)
	if all {
		return []Result{ok("this machine has "+what+", but supervisor.allowed_tools grants every Bash command, "+
			"so the reviewer's Bash runs outside it, as allowed", s.ConfigPath)}
	}
	msg := what + " runs the reviewer's Bash commands with the project and the home directory read-only, behind its read-only hook"
	if len(excluded) > 0 {
		msg += "; what supervisor.allowed_tools grants besides git (" + strings.Join(excluded, ", ") +
			") runs outside it, as programs that may need to write"
	}
	return []Result{ok(msg, "")}
}
