package hookcmd

import (
	"strconv"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// The reviewer's run of one command behind the copy-on-write wall: where the wall stands for a
// review, the reviewer's hook puts CheckRun's command line in place of each Bash command of the
// reviewer's, and the watch on the reviewer's commands tells such a run by IsCheckRun. The
// command line is this binary's `supervisor checks` with the flags below (cmd, supervisor_checks.go).
const (
	CheckRunDir     = "dir"     // the directory the command runs from
	CheckRunTimeout = "timeout" // its time limit, in seconds
	CheckRunCommand = "run"     // the command
)

// checkRun is the subcommand of ccc-hooks that runs checks.
var checkRun = [2]string{"supervisor", "checks"}

// CheckRun returns the command line, for a POSIX shell (Claude Code's Bash tool), that runs
// command behind the wall from dir within timeout seconds, by the binary self.
func CheckRun(self, dir string, timeout int, command string) string {
	sh := shellword.POSIX
	return sh.Program(self) + " " + checkRun[0] + " " + checkRun[1] + " --" + CheckRunDir + " " + sh.Arg(dir) +
		" --" + CheckRunTimeout + " " + strconv.Itoa(timeout) + " --" + CheckRunCommand + " " + sh.Arg(command)
}

// IsCheckRun reports whether args, a process's arguments with its program first, run the
// subcommand CheckRun writes (whichever flags follow it).
func IsCheckRun(args []string) bool {
	return len(args) >= 3 && args[1] == checkRun[0] && args[2] == checkRun[1]
}
