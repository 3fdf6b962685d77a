package reviewguard

// grep is two programs: in Claude Code's Bash tool (2.1.328 and 2.1.332) grep is a shell function
// that runs the ugrep 7.8.4 built into Claude Code, and GNU grep when the words hold one of the
// ugrep options it fears (docs/claude-code.md, "grep, find and rg in the Bash tool"); elsewhere it
// is GNU grep 3.8 (grep --help, grep(1)). Granted are the options both read alike, from GNU
// grep's list; none writes a file or runs a program in either. Refused by name, wherever they
// stand, are ugrep's options that run a program (--filter, --pager, --view, -Q and its editor),
// write a file (--save-config) or read options from a file that may name such programs
// (--config). The bare -NUM is context in GNU grep and a depth in ugrep: both only read.
// ugrep, like GNU grep, does not run a program on an unquoted glob's file names, but an
// option-shaped name could still be one of these, so grep is not glob-safe.
var grepOptions = table(options(`
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

// GNU diffutils 3.8 diff (diff --help, diff(1)): -l (--paginate) pipes the output through the
// program pr, so it is refused; every other option only reads and prints.
var diffOptions = table(options(`
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
	refuse("runs the program pr on the output", `-l,--paginate`))

// GNU diffutils 3.8 cmp (cmp --help): only reads.
var cmpOptions = options(`
	-b,--print-bytes -i,--ignore-initial= -l,--verbose -n,--bytes= -s,--quiet --silent`)

// ripgrep 14.1.1 (crates/core/flags/defs.rs): ripgrep reads its flags by their full names only
// (no abbreviations), a value attached (--max-count=3, -m3) or as the next word, short flags
// bundled. Refused: --pre runs a program on every file searched, -z (--search-zip) runs gzip,
// xz and the like on compressed files, and --hostname-bin runs a program for hyperlinks.
// ripgrep 13 (clap) takes the same names, less those added since.
var rgOptions = table(options(`
	-A,--after-context= -B,--before-context= -C,--context= -a,--text --no-text
	--auto-hybrid-regex --no-auto-hybrid-regex --binary --no-binary --block-buffered
	--no-block-buffered -b,--byte-offset --no-byte-offset -s,--case-sensitive --color= --colors=
	--column --no-column --context-separator= --no-context-separator -c,--count --count-matches
	--crlf --no-crlf --debug --dfa-size-limit= -E,--encoding= --no-encoding --engine=
	--field-context-separator= --field-match-separator= -f,--file= --files -l,--files-with-matches
	--files-without-match -F,--fixed-strings --no-fixed-strings -L,--follow --no-follow
	-g,--glob= --glob-case-insensitive --no-glob-case-insensitive --heading --no-heading
	-.,--hidden --no-hidden --hyperlink-format= --iglob= -i,--ignore-case --ignore-file=
	--ignore-file-case-insensitive --no-ignore-file-case-insensitive --include-zero
	--no-include-zero -v,--invert-match --no-invert-match --json --no-json --line-buffered
	--no-line-buffered -n,--line-number -N,--no-line-number -x,--line-regexp -M,--max-columns=
	--max-columns-preview --no-max-columns-preview -m,--max-count= -d,--max-depth= --maxdepth=
	--max-filesize= --mmap --no-mmap -U,--multiline --no-multiline --multiline-dotall
	--no-multiline-dotall --no-config --no-ignore --ignore --no-ignore-dot --ignore-dot
	--no-ignore-exclude --ignore-exclude --no-ignore-files --ignore-files --no-ignore-global
	--ignore-global --no-ignore-messages --ignore-messages --no-ignore-parent --ignore-parent
	--no-ignore-vcs --ignore-vcs --no-messages --messages --no-pcre2-unicode --pcre2-unicode
	--no-require-git --require-git --no-unicode --unicode -0,--null --null-data
	--one-file-system --no-one-file-system -o,--only-matching --passthru --passthrough
	--path-separator= -P,--pcre2 --no-pcre2 --pcre2-version --no-pre --pre-glob= -p,--pretty
	-q,--quiet --regex-size-limit= -e,--regexp= -r,--replace= --no-search-zip -S,--smart-case
	--sort-files --no-sort-files --sort= --sortr= --stats --no-stats --stop-on-nonmatch
	-j,--threads= --trace --trim --no-trim -t,--type= --type-add= --type-clear=
	-T,--type-not= --type-list -u,--unrestricted --vimgrep -H,--with-filename -I,--no-filename
	-w,--word-regexp`),
	refuse("runs a program on every file searched", `--pre=`),
	refuse("runs decompression programs", `-z,--search-zip`),
	refuse("runs a program", `--hostname-bin=`))
