package reviewguard

// gnuGrep is grep, and egrep and fgrep, its other names. In Claude Code's Bash tool grep is a
// shell function that runs the ugrep built into Claude Code, and GNU grep when the words hold one
// of the ugrep options it fears (docs/claude-code.md, "grep, find and rg in the Bash tool"); elsewhere it is GNU grep 3.8 (grep --help, grep(1)). Granted are the
// options both read alike, from GNU grep's list; none writes a file or runs a program in either.
// Refused by name, wherever they stand, are ugrep's options that run a program (--filter,
// --pager, --view, -Q and its editor), write a file (--save-config) or read options from a file
// that may name such programs (--config). The bare -NUM is context in GNU grep and a depth in
// ugrep: both only read.
//
// grep is glob-safe, whatever names a glob brings now or later: GNU grep has no option that
// writes or runs, and Claude Code's grep function looks at every word bash hands it — the names
// a glob brought included — and runs GNU grep instead of ugrep when one matches a pattern of
// ugrep's options that run, write or read a configuration (--filter, --pager, --view,
// --save-config, --config …); the one it does not match, -Q (--query), needs a terminal, which the
// Bash tool has not, and ugrep then exits ("no ANSI terminal keyboard detected"). egrep and
// fgrep are GNU grep's (docs/claude-code.md, "grep, find and rg in the Bash tool").
func gnuGrep() []program {
	opts := table(options(`
		-E,--extended-regexp -F,--fixed-strings -G,--basic-regexp -P,--perl-regexp -e,--regexp=
		-f,--file= -i,--ignore-case -w,--word-regexp -x,--line-regexp -s,--no-messages
		-v,--invert-match -m,--max-count= -b,--byte-offset -n,--line-number --line-buffered
		-H,--with-filename -h,--no-filename --label= -o,--only-matching -q,--quiet --silent
		--binary-files= -a,--text -I -d,--directories= -D,--devices= -r,--recursive
		-R,--dereference-recursive --include= --exclude= --exclude-from= --exclude-dir=
		-L,--files-without-match -l,--files-with-matches -c,--count -T,--initial-tab
		-B,--before-context= -A,--after-context= -C,--context= --group-separator[=]
		--no-group-separator --color[=] --colour[=] -U,--binary`),
		refuse("runs a program (ugrep)", `--filter= --pager[=] --view[=] -Q,--query[=]`),
		refuse("writes a file (ugrep)", `--save-config[=]`),
		refuse("reads options, which may name programs, from a file (ugrep)", `--config[=]`))
	const v = "GNU grep 3.8, grep(1); ugrep 7.8.4 as Claude Code runs it"
	var out []program
	for _, name := range []string{"grep", "egrep", "fgrep"} {
		p := getopt(name, v, opts, numbers|globSafe)
		p.walks = grepWalks
		p.follows = func(args []string) bool { return hasAnyOption(args, "-R", "--dereference-recursive") }
		out = append(out, p)
	}
	return out
}

// diffutils are GNU diffutils 3.8's diff and cmp (diff --help, diff(1), cmp --help). diff's -l
// (--paginate) pipes the output through the program pr, so it is refused; every other option of
// either only reads and prints.
func diffutils() []program {
	const v = "GNU diffutils 3.8"
	diff := getopt("diff", v+", diff --help", table(options(`
		--normal -q,--brief -s,--report-identical-files -c -C= --context[=] -u -U= --unified[=]
		-e,--ed -n,--rcs -y,--side-by-side -W,--width= --left-column --suppress-common-lines
		-p,--show-c-function -F,--show-function-line= --label= -t,--expand-tabs -T,--initial-tab
		--tabsize= --suppress-blank-empty -r,--recursive --no-dereference -N,--new-file
		--unidirectional-new-file --ignore-file-name-case --no-ignore-file-name-case -x,--exclude=
		-X,--exclude-from= -S,--starting-file= --from-file= --to-file= -i,--ignore-case
		-E,--ignore-tab-expansion -Z,--ignore-trailing-space -b,--ignore-space-change
		-w,--ignore-all-space -B,--ignore-blank-lines -I,--ignore-matching-lines= -a,--text
		--strip-trailing-cr -D,--ifdef= --old-group-format= --new-group-format=
		--unchanged-group-format= --changed-group-format= --line-format= --old-line-format=
		--new-line-format= --unchanged-line-format= -d,--minimal --horizon-lines=
		--speed-large-files --color[=] --palette=`),
		refuse("runs the program pr on the output", `-l,--paginate`)), 0)
	diff.walks = func(args []string) bool { return hasAnyOption(args, "-r", "--recursive") }
	diff.follows = func(args []string) bool { return diff.walks(args) && !hasAnyOption(args, "--no-dereference") }
	cmp := getopt("cmp", v+", cmp --help", options(`
		-b,--print-bytes -i,--ignore-initial= -l,--verbose -n,--bytes= -s,--quiet --silent`), globSafe)
	return []program{diff, cmp}
}

// grepWalks: grep -r and -R read the files of the directories they walk, and ugrep reads the
// .gitignore files there too (Claude Code runs it with --ignore-files).
func grepWalks(args []string) bool {
	return hasAnyOption(args, "-r", "--recursive", "-R", "--dereference-recursive", "--directories=recurse", "-drecurse")
}
