package reviewguard

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// checkGit grants `git [--no-pager|-P] SUBCOMMAND ARGS` when the subcommand only reads, every
// option of it is granted by its table (gitcommands.go), and git runs in the session's own
// repository (place.sameRepository). git's global options are read by exact name (git.c,
// handle_options); only --no-pager and -P are granted. The others point git at another
// repository or configuration, whose settings name programs git runs (-C, --git-dir,
// --work-tree, --bare, -c, --config-env, --exec-path, --namespace), or start a pager (-p,
// --paginate).
func checkGit(args []string, where Place) error {
	sub, rest, err := gitSubcommand(args)
	if err != nil {
		return err
	}
	cmd, ok := gitCommands()[sub]
	if !ok {
		return fmt.Errorf("git %s is not a read-only git command", sub)
	}
	if err := cmd.parser.check(rest); err != nil {
		return fmt.Errorf("git %s: %w", sub, err)
	}
	if err := remergeDiff(rest); err != nil {
		return fmt.Errorf("git %s: %w", sub, err)
	}
	if cmd.operands != nil {
		if err := cmd.operands(rest); err != nil {
			return fmt.Errorf("git %s: %w", sub, err)
		}
	}
	return where.sameRepository()
}

// checkGitByRule is what stays refused in a git command that a rule of supervisor.allowed_tools
// grants (Bash(git diff:*), Bash(git:*)): another repository, a global option but --no-pager,
// and any option that writes a file or runs a program — of the subcommand's table where it has
// one, else of any table — in every spelling git reads (see parser.check).
func checkGitByRule(args []string, where Place) error {
	sub, rest, err := gitSubcommand(args)
	if err != nil {
		return err
	}
	if why, ok := gitRunsAProgram[sub]; ok {
		return fmt.Errorf("git %s %s, whatever a rule grants", sub, why)
	}
	p := gitRefusedEverywhere()
	if cmd, ok := gitCommands()[sub]; ok {
		p = &cmd.parser
	}
	if err := p.refusedSpellings(rest); err != nil {
		return fmt.Errorf("git %s: %w", sub, err)
	}
	if err := remergeDiff(rest); err != nil {
		return fmt.Errorf("git %s: %w", sub, err)
	}
	return where.sameRepository()
}

// remergeDiff refuses --diff-merges=remerge and --diff-merges=r, with the value attached or as
// the next word: git's other names for --remerge-diff (diff-merges.c, func_by_opt, git 2.39.5;
// revision.c's parse_long_opt reads the value either way), which writes temporary objects into
// the repository. -m and --diff-merges=on|m mean log.diffMerges, which the review's git view leaves
// at its default, separate. Refused wherever the words stand, as refused spellings are.
func remergeDiff(args []string) error {
	for i, a := range args {
		value, given := strings.CutPrefix(a, "--diff-merges=")
		if a == "--diff-merges" && i+1 < len(args) {
			value, given = args[i+1], true
		}
		if given && (value == "remerge" || value == "r") {
			return fmt.Errorf("--diff-merges %s is --remerge-diff, which writes temporary objects into the repository", value)
		}
	}
	return nil
}

func gitSubcommand(args []string) (sub string, rest []string, err error) {
	for i, a := range args {
		switch {
		case a == "--no-pager" || a == "-P":
		case strings.HasPrefix(a, "-"):
			return "", nil, fmt.Errorf("git's global option %s is not granted: only --no-pager is", a)
		default:
			return a, args[i+1:], nil
		}
	}
	return "", nil, errors.New("git without a subcommand is not granted")
}

// gitRunsAProgram are the subcommands that run a program outside git, refused even where a rule
// grants them (Bash(git:*)): help shows a manual with the viewer or browser the configuration
// names (man.<tool>.cmd, help.browser), as --help does; instaweb and web--browse start a web
// server or a browser; difftool and mergetool run the tools the configuration names.
var gitRunsAProgram = map[string]string{
	"help":        "runs the manual viewer or browser the configuration names",
	"instaweb":    "starts a web server and a browser",
	"web--browse": "starts a browser",
	"difftool":    "runs the diff tool the configuration names",
	"mergetool":   "runs the merge tool the configuration names",
}

// listingOnly grants operands (patterns) to git branch and git tag only with -l or --list: given
// a name without them, they create a branch or a tag.
func listingOnly(args []string) error {
	if slices.Contains(args, "-l") || slices.Contains(args, "--list") {
		return nil
	}
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return fmt.Errorf("%s without --list would create a branch or tag named %s", a, a)
		}
	}
	return nil
}

// tagListingOrVerifying grants operands to git tag with --list (patterns) or --verify (the tags
// whose signatures it checks), as listingOnly does for branch: given a name alone, git tag creates
// a tag of that name.
func tagListingOrVerifying(args []string) error {
	for _, a := range args {
		if a == "--" {
			break
		}
		if a == "-v" || a == "--verify" {
			return nil
		}
	}
	return listingOnly(args)
}

// reflogShowing grants git reflog and git reflog show (and exists), which run log's walk of the
// reflog: git reflog's parser takes its first word for a subcommand (builtin/reflog.c,
// parse-options.c: PARSE_OPT_SUBCOMMAND_OPTIONAL, git 2.39.5), and expire and delete rewrite the
// reflogs.
func reflogShowing(args []string) error {
	if len(args) > 0 && (args[0] == "expire" || args[0] == "delete") {
		return fmt.Errorf("git reflog %s rewrites reflogs", args[0])
	}
	return nil
}

// stashReading grants git stash list and git stash show only.
func stashReading(args []string) error {
	if len(args) > 0 && (args[0] == "list" || args[0] == "show") {
		return nil
	}
	return errors.New("only git stash list and git stash show are granted")
}

// remoteListing grants git remote and git remote -v only: the other forms change the
// configuration or contact the remote.
func remoteListing(args []string) error {
	for _, a := range args {
		if !strings.HasPrefix(a, "-") {
			return fmt.Errorf("git remote %s is not granted: only git remote -v is", a)
		}
	}
	return nil
}

// gitProgram is git: its global options and the subcommands of gitSubcommands, each with its
// table. git reads files it finds on its own (.gitignore, .gitattributes, .mailmap, the objects).
func gitProgram() []program {
	return []program{{
		name:   "git",
		source: "git 2.39, git.c handle_options, builtin/<command>.c, revision.c, diff.c; checked against 2.47",
		check:  checkGit,
		never:  checkGitByRule,
		walks:  func([]string) bool { return true },
	}}
}
