package reviewguard

import "sync"

// The git subcommands the reviewer may run and their options, from git 2.39.5's sources
// (diff.c prep_parse_options, revision.c handle_revision_opt and handle_revision_pseudo_opt,
// builtin/<command>.c) and manual pages, checked against 2.47's. Tables name options by their
// full names only: git's parse-options takes unique abbreviations in some subcommands (git grep
// --open for --open-files-in-pager) but not where unknown options are kept for revision.c
// (PARSE_OPT_KEEP_UNKNOWN_OPT), and revision.c matches whole names; the guard grants neither form.
//
// Each option takes its value as git reads it: "=" marks a value that is the rest of the word or
// else the next word, whatever it is ("--" included: parse-options' get_arg, revision.c's
// parse_long_opt), "[=]" a value only attached to the option (PARSE_OPT_OPTARG, or revision.c's
// skip_prefix("--opt=")), none a flag. So `git log -L -- -*` hands "--" to -L, and the names the
// glob brings are read as options (TestGitTablesTakeValuesAsGit runs the installed git on every
// entry). The commands of revision.c (log, show, diff, rev-list, shortlog) do not bundle short
// options; those of parse-options do.

// gitRefused are the options that write a file or run a program, in every subcommand that has
// them: --output writes the diff; --submodule and --recurse-submodules run git in a submodule,
// another repository with configuration of its own; --ignore-submodules would undo the
// reviewer's diff.ignoreSubmodules=all (see Environment); --remerge-diff writes temporary objects
// into the repository; --help (first after the subcommand, git.c turns it into git help) runs the
// manual viewer or browser the configuration names (man.<tool>.cmd, help.browser). Every
// subcommand's table holds them (gitTable), granted or not by a rule.
//
// Not here, though they run a program the configuration names: --ext-diff (diff.external,
// diff.<driver>.command), --textconv (diff.<driver>.textconv), cat-file's --filters (a clean or
// smudge filter), --show-signature and tag -v (gpg.program and its kin). The reviewer's git reads
// the repository through the review's git view (package gitview), whose configuration names no diff
// driver, text converter or filter and points every signature program at a path below
// /dev/null: there these options run nothing (TestGitAttacksRunNothing, class "disarmed", runs
// each against a repository that plants all of them). So the tables that read them grant them.
func gitRefused() []option {
	return table(
		refuse("writes a file", `--output=`),
		refuse("runs git in another repository (a submodule)", `--submodule[=] --recurse-submodules[=] --ignore-submodules[=]`),
		refuse("writes temporary objects into the repository", `--remerge-diff`),
		refuse("runs the manual viewer or browser the configuration names", `--help`))
}

// gitPager is git grep's -O: it runs a program (a pager, or the one named) with the matching files.
func gitPager() []option {
	return refuse("runs a program with the matching files", `-O,--open-files-in-pager[=]`)
}

// gitDiffOptions are git's diff options (Documentation/diff-options.txt), shared by diff, log,
// show and stash show. (--default-prefix is 2.41's and git 2.39 refuses it; not granted.)
func gitDiffOptions() []option {
	return options(`
	-p,--patch -s,--no-patch -u -U,--unified[=] -W,--function-context --no-function-context
	--raw --patch-with-raw --patch-with-stat --numstat --shortstat -X,--dirstat[=] --cumulative
	--dirstat-by-file[=] --check --summary --name-only --name-status --stat[=] --stat-width=
	--stat-name-width= --stat-graph-width= --stat-count= --compact-summary --binary
	--full-index --no-full-index --color[=] --no-color --ws-error-highlight= -z --abbrev[=]
	--no-abbrev --src-prefix= --dst-prefix= --line-prefix= --no-prefix
	--inter-hunk-context= -B,--break-rewrites[=] -M,--find-renames[=] -D,--irreversible-delete
	-C,--find-copies[=] --find-copies-harder --no-renames --rename-empty --no-rename-empty -l=
	--minimal --no-minimal -w,--ignore-all-space -b,--ignore-space-change --ignore-space-at-eol
	--ignore-cr-at-eol --ignore-blank-lines -I,--ignore-matching-lines= --indent-heuristic
	--no-indent-heuristic --patience --histogram --diff-algorithm= --anchored=
	--word-diff[=] --word-diff-regex= --color-words[=] --color-moved[=] --no-color-moved
	--color-moved-ws= --no-color-moved-ws --relative[=] --no-relative -a,--text --no-text -R
	--exit-code --quiet --ext-diff --no-ext-diff --textconv --no-textconv
	--ita-invisible-in-index --ita-visible-in-index -S= -G= --pickaxe-all --pickaxe-regex
	--diff-filter= --find-object= --skip-to= --rotate-to=`)
}

// gitRevisionOptions are the options of revision.c that select and order commits
// (Documentation/rev-list-options.txt) and format them (pretty-options.txt), shared by log,
// show, whatchanged, rev-list, shortlog and stash list; rev-list takes no diff option. (--dd is
// 2.42's; not granted.)
func gitRevisionOptions() []option {
	return options(`
	-n= --max-count= --skip= --since= --after= --since-as-filter= --until=
	--before= --max-age= --min-age= --author= --committer= --grep-reflog= --grep=
	--all-match --invert-grep -i,--regexp-ignore-case --basic-regexp -E,--extended-regexp
	-F,--fixed-strings -P,--perl-regexp --remove-empty --merges --no-merges --min-parents[=]
	--max-parents[=] --no-min-parents --no-max-parents --first-parent --exclude-first-parent-only
	--not --all --branches[=] --tags[=] --remotes[=] --glob= --exclude= --reflog
	--alternate-refs --single-worktree --ignore-missing --cherry-mark --cherry-pick --left-only
	--right-only --cherry -g,--walk-reflogs --merge --boundary --simplify-by-decoration
	--show-pulls --full-history --dense --sparse --simplify-merges --ancestry-path[=]
	--date-order --author-date-order --topo-order --reverse --no-walk[=] --do-walk --pretty[=]
	--format[=] --abbrev-commit --no-abbrev-commit --oneline --encoding= --expand-tabs[=]
	--no-expand-tabs --notes[=] --no-notes --show-notes[=] --standard-notes --no-standard-notes
	--relative-date --date= --parents --children --left-right --graph --show-linear-break[=]
	-c --cc -m --diff-merges= --no-diff-merges --combined-all-paths -t --count --show-signature`)
}

// gitLogOptions are log's own (builtin/log.c).
func gitLogOptions() []option {
	return options(`
	--follow --decorate[=] --no-decorate --decorate-refs= --decorate-refs-exclude= --source
	--mailmap --no-mailmap --use-mailmap --no-use-mailmap --full-diff --log-size -L=`)
}

// A gitCommand is a subcommand the reviewer may run: its options (the table; gitRefused is added
// to every one), how its parser reads them, and for those that also change things when given
// operands (branch, tag, stash, remote, reflog), which operands it may take: a glob, whose names
// would be such operands, is refused in them wherever it stands.
type gitCommand struct {
	name     string
	options  []option
	clusters bool // short options may be bundled (parse-options); revision.c's may not
	digits   bool // -NUM is an option (git log -5)
	operands func(args []string) error
	parser   parser
}

// gitCommands are the subcommands the reviewer may run, by name, their tables ready: built on
// first use, as the programs are.
var gitCommands = sync.OnceValue(func() map[string]*gitCommand {
	m := map[string]*gitCommand{}
	for _, c := range gitSubcommands() {
		c.parser = parser{options: table(gitRefused(), c.options), clusters: c.clusters, digits: c.digits}
		m[c.name] = c
	}
	return m
})

// gitRefusedEverywhere reads the words of a git command that a rule grants but no table
// describes: every option of gitRefused, and git grep's -O.
var gitRefusedEverywhere = sync.OnceValue(func() *parser {
	return &parser{options: table(gitRefused(), gitPager())}
})

// gitSubcommands lists the subcommands, each with its own options.
func gitSubcommands() []*gitCommand {
	logOptions := table(gitRevisionOptions(), gitDiffOptions(), gitLogOptions())
	return []*gitCommand{
		{name: "log", options: logOptions, digits: true},
		{name: "show", options: logOptions, digits: true},
		{name: "whatchanged", options: logOptions, digits: true},
		// git reflog [show] runs log's walk of the reflog (builtin/reflog.c, cmd_log_reflog);
		// its expire and delete rewrite reflogs.
		{name: "reflog", options: logOptions, digits: true, operands: reflogShowing},
		{name: "rev-list", digits: true, options: without(gitRevisionOptions(),
			"--cc", "-t", "--notes", "--no-notes", "--show-notes", "--combined-all-paths")},
		{name: "diff", options: table(gitDiffOptions(), options(`
			--cached --staged --merge-base --no-index -0 -1,--base -2,--ours -3,--theirs`))},
		// diff-tree (builtin/diff-tree.c) takes the options of its manual: the diff options,
		// those of revision.c that say how to show a commit, and --merge-base; its --stdin reads
		// the Bash tool's standard input, and is not granted.
		{name: "diff-tree", options: table(gitDiffOptions(), options(`
			-r -t -v -m -c --cc --combined-all-paths --root --merge-base --no-commit-id --always
			--pretty[=] --format[=] --abbrev-commit --no-abbrev-commit --oneline --encoding=
			--expand-tabs[=] --no-expand-tabs --notes[=] --no-notes --show-notes[=]
			--show-signature --diff-merges= --no-diff-merges`))},
		// shortlog reads its own options with parse-options, bundles included (-sn), and hands
		// the others to revision.c's handle_revision_opt, which takes --glob and --exclude only
		// with the value attached; none of its letters is refused.
		{name: "shortlog", clusters: true, digits: true, options: table(
			without(gitRevisionOptions(), "-n", "--committer", "-c", "--glob", "--exclude"), options(`
			-n,--numbered -s,--summary -e,--email -c,--committer -w[=] --group= --glob[=]
			--exclude[=]`))},
		// git stash show hands its options to revision.c (builtin/stash.c, show_stash): log's
		// own (-L, --decorate …) are not among them.
		{name: "stash", options: table(gitRevisionOptions(), gitDiffOptions()), digits: true, operands: stashReading},
		{name: "status", clusters: true, options: options(`
			-s,--short -b,--branch --show-stash --porcelain[=] --long -v,--verbose
			-u,--untracked-files[=] --ignored[=] -z --column[=] --no-column
			--ahead-behind --no-ahead-behind --renames --no-renames --find-renames[=]`)},
		{name: "blame", clusters: true, options: options(`
			-b --root --show-stats -L= -l -t -S= --reverse --first-parent -p,--porcelain
			--line-porcelain --incremental --encoding= --contents= --date= --progress
			--no-progress -M[=] -C[=] --ignore-rev= --ignore-revs-file= --color-lines
			--color-by-age --minimal -c -e,--show-email -w -f,--show-name -n,--show-number -s
			--abbrev[=] --score-debug`)},
		{name: "grep", clusters: true, digits: true, options: table(gitPager(), options(`
			--cached --untracked --no-index --exclude-standard --no-exclude-standard -r,--recursive
			--no-recursive -a,--text --textconv --no-textconv -i,--ignore-case -I -w,--word-regexp
			--no-word-regexp -v,--invert-match --no-invert-match -n,--line-number --no-line-number
			--column -h -H --full-name -G,--basic-regexp -E,--extended-regexp -F,--fixed-strings
			-P,--perl-regexp -l,--files-with-matches --name-only -L,--files-without-match -z,--null
			-o,--only-matching -c,--count --color[=] --no-color --break --heading -p,--show-function
			-W,--function-context -A,--after-context= -B,--before-context= -C,--context=
			--threads= -f= -e= --and --or --not --all-match -q,--quiet --max-depth=
			-m,--max-count=`))},
		{name: "ls-files", clusters: true, options: options(`
			-c,--cached -d,--deleted -m,--modified -o,--others -i,--ignored -s,--stage -u,--unmerged
			-k,--killed --directory --no-empty-directory --eol -z --deduplicate -x,--exclude=
			-X,--exclude-from= --exclude-per-directory= --exclude-standard --error-unmatch
			--with-tree= --full-name --abbrev[=] --debug --format= -t -v -f --sparse`)},
		{name: "ls-tree", clusters: true, options: options(`
			-d -r -t -l,--long -z --name-only --name-status --object-only --full-name --full-tree
			--abbrev[=] --format=`)},
		{name: "cat-file", clusters: true, options: options(`
			-t -s -e -p --allow-unknown-type --mailmap --use-mailmap --textconv --filters
			--path=`)},
		{name: "describe", clusters: true, options: options(`
			--all --tags --contains --abbrev[=] --candidates= --exact-match --debug --long
			--match= --exclude= --always --first-parent`)},
		{name: "merge-base", clusters: true, options: options(`
			-a,--all --octopus --independent --is-ancestor --fork-point`)},
		// rev-parse reads its own arguments (builtin/rev-parse.c): --git-path and --default take
		// the next word; the others take a value attached or none.
		{name: "rev-parse", options: options(`
			--abbrev-ref[=] --short[=] --verify -q,--quiet --show-toplevel --show-prefix --show-cdup
			--git-dir --git-common-dir --absolute-git-dir --is-inside-work-tree --is-inside-git-dir
			--is-bare-repository --is-shallow-repository --symbolic --symbolic-full-name --all
			--branches[=] --tags[=] --remotes[=] --show-object-format[=] --default= --revs-only
			--no-revs --flags --no-flags --sq --not --local-env-vars --path-format[=]
			--git-path=`)},
		// --omit-empty is git 2.43's: git 2.39 does not know it, so it is not granted.
		{name: "branch", operands: listingOnly, clusters: true, options: options(`
			-a,--all -r,--remotes -v,--verbose -l,--list --show-current --color[=] --no-color
			--column[=] --no-column --contains= --no-contains= --merged= --no-merged=
			--points-at= --sort= --format= -i,--ignore-case`)},
		// git tag -v verifies the signatures of the tags it names, with the signature program
		// of the configuration: the view's names none (see gitRefused).
		{name: "tag", operands: tagListingOrVerifying, clusters: true, options: options(`
			-l,--list -v,--verify -n[=] --sort= --contains= --no-contains= --merged=
			--no-merged= --points-at= --format= --color[=] -i,--ignore-case --column[=]
			--no-column`)},
		{name: "remote", operands: remoteListing, options: options(`-v,--verbose`)},
		// show-ref's --exclude-existing reads the standard input: not granted.
		{name: "show-ref", clusters: true, options: options(`
			--tags --heads --verify --head -d,--dereference -s,--hash[=] --abbrev[=] -q,--quiet`)},
		{name: "for-each-ref", clusters: true, options: options(`
			-s,--shell -p,--perl --python --tcl --count= --format= --color[=] --sort= --points-at=
			--merged= --no-merged= --contains= --no-contains= --ignore-case`)},
	}
}
