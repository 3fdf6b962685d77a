package reviewguard

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// findutils is find. find does not read its arguments with getopt: after the options -H, -L, -P come the starting
// points, then an expression of primaries, each a whole word, some followed by a fixed number of
// words of their own (-name PATTERN, -fprintf FILE FORMAT). Primaries are never abbreviated.
//
// In Claude Code's Bash tool find is a shell function that runs the bfs built into Claude Code
// (docs/claude-code.md, "grep, find and rg in the Bash tool");
// elsewhere it is GNU find. The primaries below are those of GNU findutils 4.9.0 (find(1),
// EXPRESSION) that bfs reads alike (bfs --help), and that BSD and macOS find share where they
// have them; each entry is the primary and how many words it takes. Granted: the tests, the
// global and positional options, and the actions that only print.
func findutils() []program {
	return []program{{
		name:   "find",
		source: "GNU findutils 4.9.0, find(1) EXPRESSION; bfs 4.1.1 as Claude Code runs it",
		check:  func(args []string, _ Place) error { return checkFind(args) },
		never:  func(args []string, _ Place) error { return findRefusedWords(args) },
		follows: func(args []string) bool {
			return slices.Contains(args, "-L") || slices.Contains(args, "-follow")
		},
	}}
}

// findPrimaries are the primaries granted, each with the number of words it takes; built on
// first use.
var findPrimaries = sync.OnceValue(func() map[string]int {
	return map[string]int{
		// Positional and global options.
		"-d": 0, "-depth": 0, "-daystart": 0, "-follow": 0, "-regextype": 1, "-warn": 0, "-nowarn": 0,
		"-files0-from": 1, "-ignore_readdir_race": 0, "-noignore_readdir_race": 0, "-maxdepth": 1,
		"-mindepth": 1, "-mount": 0, "-noleaf": 0, "-xdev": 0,
		// Tests.
		"-amin": 1, "-anewer": 1, "-atime": 1, "-cmin": 1, "-cnewer": 1, "-ctime": 1, "-empty": 0,
		"-executable": 0, "-false": 0, "-fstype": 1, "-gid": 1, "-group": 1, "-ilname": 1,
		"-iname": 1, "-inum": 1, "-ipath": 1, "-iregex": 1, "-iwholename": 1, "-links": 1,
		"-lname": 1, "-mmin": 1, "-mtime": 1, "-name": 1, "-newer": 1, "-nogroup": 0, "-nouser": 0,
		"-path": 1, "-perm": 1, "-readable": 0, "-regex": 1, "-samefile": 1, "-size": 1, "-true": 0,
		"-type": 1, "-uid": 1, "-used": 1, "-user": 1, "-wholename": 1, "-writable": 0, "-xtype": 1,
		"-context": 1,
		// Actions that print to standard output.
		"-ls": 0, "-print": 0, "-print0": 0, "-printf": 1, "-prune": 0, "-quit": 0,
		// Operators.
		"(": 0, ")": 0, "!": 0, ",": 0, "-not": 0, "-a": 0, "-and": 0, "-o": 0, "-or": 0,
	}
})

// findRefused says why a primary that writes a file, deletes one or runs a program is refused;
// "" for any other word.
func findRefused(primary string) string {
	switch primary {
	case "-delete", "-rm": // -rm is bfs's name for -delete
		return "deletes files"
	case "-exec", "-execdir", "-ok", "-okdir":
		return "runs a program"
	case "-fls", "-fprint", "-fprint0", "-fprintf":
		return "writes a file"
	}
	return ""
}

// checkFind grants a find command whose expression holds only the primaries of findPrimaries.
// A word that names a refused primary is refused wherever it stands (a pattern of -name, a
// starting point), as check does for getopt programs.
func checkFind(args []string) error {
	if err := findRefusedWords(args); err != nil {
		return err
	}
	i := 0
	for i < len(args) && (args[i] == "-H" || args[i] == "-L" || args[i] == "-P") {
		i++
	}
	for i < len(args) && !startsExpression(args[i]) {
		i++ // a starting point
	}
	for ; i < len(args); i++ {
		a := args[i]
		n, ok := findPrimaries()[a]
		if !ok && isNewerXY(a) {
			n, ok = 1, true
		}
		if !ok {
			return fmt.Errorf("find %s is not granted", a)
		}
		i += n
	}
	return nil
}

// findRefusedWords refuses the first word of args that names a refused primary.
func findRefusedWords(args []string) error {
	for _, a := range args {
		if why := findRefused(a); why != "" {
			return fmt.Errorf("find %s %s", a, why)
		}
	}
	return nil
}

func startsExpression(a string) bool {
	return strings.HasPrefix(a, "-") && a != "-" || a == "(" || a == ")" || a == "!" || a == ","
}

// isNewerXY reports -newerXY, where X and Y are each one of a, B, c, m, t.
func isNewerXY(a string) bool {
	xy, ok := strings.CutPrefix(a, "-newer")
	return ok && len(xy) == 2 && strings.ContainsRune("aBcmt", rune(xy[0])) && strings.ContainsRune("aBcmt", rune(xy[1]))
}
