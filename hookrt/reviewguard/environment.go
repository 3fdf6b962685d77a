package reviewguard

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/ccc-hooks/ccc-hooks/internal/repo"
)

// Environment returns env, the environment the reviewer would inherit, with what keeps its git
// from reading a configuration ccc-hooks did not write: every GIT_ variable of env removed (a
// GIT_EXEC_PATH, GIT_CONFIG_PARAMETERS or GIT_DIR of the session's own, which a project's
// settings may have set), and gitview.Hardening added (no system or global configuration, no
// transport, no optional locks, and settings that keep git out of submodules). The variables of
// the review's git view (gitview.View.Env) come after these. Claude Code hands its own environment to
// the commands of its Bash tool.
func Environment(env []string) []string {
	return append(repo.WithoutGitVars(env), gitview.Hardening()...)
}

// shellStartVars are variables that make bash, or every program it starts, run code named by
// their value before the command itself: BASH_ENV and ENV (a file bash sources), SHELLOPTS,
// BASHOPTS and PS4 (xtrace, with a prompt that expands $(…)), PROMPT_COMMAND, and the dynamic
// loader's LD_PRELOAD, LD_AUDIT and DYLD_INSERT_LIBRARIES (a library loaded into every program);
// and BASH_FUNC_* (ShellStartVar): functions bash imports, under any program's name. The
// reviewer is given none (package supervisor leaves them out of its environment); one that is
// there came from elsewhere, such as a settings file's env.
var shellStartVars = []string{
	"BASH_ENV", "ENV", "SHELLOPTS", "BASHOPTS", "PS4", "PROMPT_COMMAND", "LD_PRELOAD", "LD_AUDIT", "DYLD_INSERT_LIBRARIES",
}

// ShellStartVar reports whether name is a variable that makes bash or the programs it starts
// run code of its value's choosing (shellStartVars, BASH_FUNC_*).
func ShellStartVar(name string) bool {
	upper := strings.ToUpper(name)
	return slices.Contains(shellStartVars, upper) || strings.HasPrefix(upper, "BASH_FUNC_")
}

// CheckEnvironment reports why no Bash command of the reviewer may run in environ, the
// environment the reviewer's hook is given (Claude Code gives its Bash tool the same), or nil.
// A variable that makes bash run code before the command (ShellStartVar) refuses every
// command; git's own variables are checked for git alone (GitEnvironment).
func CheckEnvironment(environ []string) error {
	for _, kv := range environ {
		name, _, _ := strings.Cut(kv, "=")
		if ShellStartVar(name) {
			return fmt.Errorf("the reviewer's environment sets %s, which makes bash run code before any command", name)
		}
	}
	return nil
}

// GitEnvironment reports why git may not run in environ (see gitview.CheckEnv), or nil.
func GitEnvironment(environ []string) error { return gitview.CheckEnv(environ) }
