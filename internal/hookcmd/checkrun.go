package hookcmd

import (
	"strconv"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// The reviewer's run of a command behind the copy-on-write wall, which the reviewer's hook puts in
// place of its Bash command: this binary's `supervisor checks` with these flags (cmd reads them).
const (
	CheckRunDir     = "dir"     // the directory the command runs from
	CheckRunTimeout = "timeout" // its time limit, in seconds
	CheckRunCommand = "run"     // the command
)

// CheckRun returns the command line, for a POSIX shell (Claude Code's Bash tool), that runs
// command behind the wall from dir within timeout seconds, by the binary self.
func CheckRun(self, dir string, timeout int, command string) string {
	sh := shellword.POSIX
	return sh.Program(self) + " supervisor checks --" + CheckRunDir + " " + sh.Arg(dir) +
		" --" + CheckRunTimeout + " " + strconv.Itoa(timeout) + " --" + CheckRunCommand + " " + sh.Arg(command)
}

// IsCheckRun reports whether args, a process's arguments with its program first, run the
// subcommand CheckRun writes (whichever flags follow it).
func IsCheckRun(args []string) bool {
	return len(args) >= 3 && args[1] == "supervisor" && args[2] == "checks"
}
