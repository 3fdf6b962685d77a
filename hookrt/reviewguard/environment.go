package reviewguard

import (
	"fmt"
	"strconv"
	"strings"
)

// gitSettings are set for every git the reviewer runs, through git's environment (GIT_CONFIG_COUNT,
// git-config(1), ENVIRONMENT: above every configuration file): a second wall behind the guard's
// table of git options.
//   - diff.ignoreSubmodules=all: git status and git diff would otherwise run git inside each
//     submodule to see whether it changed, and that git reads the submodule's configuration,
//     another repository's: its core.fsmonitor is a program git runs (seen with git 2.39:
//     reviewguard's TestGrantedCommandsChangeNothing).
//   - submodule.recurse=false: no command recurses into submodules by default.
//   - core.fsmonitor=false: the session's own repository does not start its monitor for a review.
var gitSettings = [][2]string{
	{"diff.ignoreSubmodules", "all"},
	{"submodule.recurse", "false"},
	{"core.fsmonitor", "false"},
}

// Environment returns env, the environment the reviewer would inherit, with what keeps its git
// from writing or running programs: gitSettings added to any GIT_CONFIG_COUNT settings already
// there, and GIT_OPTIONAL_LOCKS=0, so that git status does not refresh and write the index.
// Claude Code hands its own environment to the commands of its Bash tool.
func Environment(env []string) []string {
	count := 0
	out := make([]string, 0, len(env)+2*len(gitSettings)+2)
	for _, kv := range env {
		name, value, _ := strings.Cut(kv, "=")
		switch name {
		case "GIT_CONFIG_COUNT":
			// A count git cannot read makes every git fail: the cheap direction.
			n, err := strconv.Atoi(value)
			if err != nil || n < 0 {
				n = -1
			}
			count = n
			continue
		case "GIT_OPTIONAL_LOCKS":
			continue
		}
		out = append(out, kv)
	}
	if count < 0 {
		return append(out, "GIT_CONFIG_COUNT=invalid", "GIT_OPTIONAL_LOCKS=0")
	}
	for _, kv := range gitSettings {
		out = append(out, fmt.Sprintf("GIT_CONFIG_KEY_%d=%s", count, kv[0]), fmt.Sprintf("GIT_CONFIG_VALUE_%d=%s", count, kv[1]))
		count++
	}
	return append(out, "GIT_CONFIG_COUNT="+strconv.Itoa(count), "GIT_OPTIONAL_LOCKS=0")
}
