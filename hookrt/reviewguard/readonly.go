package reviewguard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// plainReadOnly are commands that only read, whatever their arguments.
var plainReadOnly = map[string]bool{
	"cat": true, "head": true, "tail": true, "wc": true, "ls": true, "pwd": true, "echo": true,
	"grep": true, "egrep": true, "fgrep": true, "which": true, "stat": true, "du": true,
	"diff": true, "cmp": true, "cut": true, "tr": true, "nl": true, "basename": true, "dirname": true,
	"realpath": true, "readlink": true, "true": true, "false": true, "test": true, "[": true, "cd": true,
}

// errNotReadOnly is what readOnly says of a command it does not know to be read-only.
var errNotReadOnly = errors.New("is not a read-only command")

// readOnly returns nil when the simple command words only reads: one of plainReadOnly, or find,
// rg, sort and git without the arguments that make them write or run other programs.
func readOnly(words []string) error {
	name, args := words[0], words[1:]
	switch {
	case plainReadOnly[name]:
		return nil
	case name == "find":
		return refuseArgs(args, "-exec", "-execdir", "-ok", "-okdir", "-delete", "-fprint", "-fprint0", "-fprintf", "-fls")
	case name == "rg":
		return refuseArgPrefixes(args, "--pre")
	case name == "sort":
		return sortReadOnly(args)
	case name == "git":
		return gitReadOnly(args)
	}
	return errNotReadOnly
}

// readOnlyGit are the git subcommands that only read, with their arguments checked by
// gitNeverAllowed; branch, tag, stash and remote only in their listing forms.
var readOnlyGit = map[string]bool{
	"status": true, "diff": true, "log": true, "show": true, "blame": true, "rev-parse": true,
	"ls-files": true, "ls-tree": true, "cat-file": true, "describe": true, "shortlog": true,
	"grep": true, "rev-list": true, "merge-base": true, "whatchanged": true,
}

var gitListing = []string{"-a", "-r", "-v", "-vv", "-l", "--list", "--all", "--remotes", "--verbose", "--show-current", "--no-color"}

func gitReadOnly(args []string) error {
	sub, rest, err := gitSubcommand(args)
	if err != nil {
		return err
	}
	switch {
	case readOnlyGit[sub]:
		return nil
	case sub == "branch" || sub == "tag":
		for _, a := range rest {
			if !slices.Contains(gitListing, a) {
				return fmt.Errorf("(git %s %s) %w", sub, a, errNotReadOnly)
			}
		}
		return nil
	case sub == "stash" && len(rest) > 0 && (rest[0] == "list" || rest[0] == "show"):
		return nil
	case sub == "remote" && (len(rest) == 0 || len(rest) == 1 && rest[0] == "-v"):
		return nil
	}
	return errNotReadOnly
}

// gitSubcommand skips git's harmless global options (--no-pager, -P, -C DIR) and returns the
// subcommand and its arguments; any other global option (-c, --exec-path …) is refused.
func gitSubcommand(args []string) (string, []string, error) {
	for i := 0; i < len(args); i++ {
		switch a := args[i]; {
		case a == "--no-pager" || a == "-P":
		case a == "-C" && i+1 < len(args):
			i++
		case strings.HasPrefix(a, "-"):
			return "", nil, fmt.Errorf("git option %s is not checked", a)
		default:
			return a, args[i+1:], nil
		}
	}
	return "", nil, errNotReadOnly
}

// gitNeverAllowed refuses arguments that make a reading git command write a file or run a
// program, even when a rule of supervisor.allowed_tools such as Bash(git diff:*) matches.
func gitNeverAllowed(args []string) error {
	for _, a := range args {
		for _, p := range []string{"--output", "--ext-diff", "-O", "--open-files-in-pager"} {
			if strings.HasPrefix(a, p) {
				return fmt.Errorf("git %s writes a file or runs a program", a)
			}
		}
	}
	return nil
}

func refuseArgs(args []string, bad ...string) error {
	for _, a := range args {
		if slices.Contains(bad, a) {
			return fmt.Errorf("(with %s) %w", a, errNotReadOnly)
		}
	}
	return nil
}

func refuseArgPrefixes(args []string, bad ...string) error {
	for _, a := range args {
		for _, b := range bad {
			if strings.HasPrefix(a, b) {
				return fmt.Errorf("(with %s) %w", a, errNotReadOnly)
			}
		}
	}
	return nil
}

// sortReadOnly refuses sort's -o FILE, also inside a cluster of short options (-ro FILE), and
// --compress-program, which runs a program.
func sortReadOnly(args []string) error {
	for _, a := range args {
		if strings.HasPrefix(a, "--output") || strings.HasPrefix(a, "--compress-program") ||
			!strings.HasPrefix(a, "--") && strings.HasPrefix(a, "-") && strings.Contains(a, "o") {
			return fmt.Errorf("(with %s) %w", a, errNotReadOnly)
		}
	}
	return nil
}
