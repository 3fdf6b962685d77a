package reviewguard

// ripgrep is rg, as ripgrep 14.1.1 reads its flags (crates/core/flags/defs.rs): by their full
// names only (no abbreviations), a value attached (--max-count=3, -m3) or as the next word, short
// flags bundled. Refused: --pre runs a program on every file searched, -z (--search-zip) runs
// gzip, xz and the like on compressed files, and --hostname-bin runs a program for hyperlinks.
// ripgrep 13 (clap) takes the same names, less those added since. rg walks the directories it
// searches and reads their .gitignore, .ignore and .rgignore files, and for its global ignore file
// git's configuration in the home directory (~/.gitconfig, $XDG_CONFIG_HOME/git/config) itself:
// ripgrep 13 opened a named pipe there and waited, whatever GIT_CONFIG_GLOBAL said (it stats the
// ignore file a configuration names, and skips one that is not a regular file).
func ripgrep() []program {
	p := getopt("rg", "ripgrep 14.1.1, crates/core/flags/defs.rs", table(options(`
		-A,--after-context= -B,--before-context= -C,--context= -a,--text --no-text
		--auto-hybrid-regex --no-auto-hybrid-regex --binary --no-binary --block-buffered
		--no-block-buffered -b,--byte-offset --no-byte-offset -s,--case-sensitive --color=
		--colors= --column --no-column --context-separator= --no-context-separator -c,--count
		--count-matches --crlf --no-crlf --debug --dfa-size-limit= -E,--encoding= --no-encoding
		--engine= --field-context-separator= --field-match-separator= -f,--file= --files
		-l,--files-with-matches --files-without-match -F,--fixed-strings --no-fixed-strings
		-L,--follow --no-follow -g,--glob= --glob-case-insensitive --no-glob-case-insensitive
		--heading --no-heading -.,--hidden --no-hidden --hyperlink-format= --iglob=
		-i,--ignore-case --ignore-file= --ignore-file-case-insensitive
		--no-ignore-file-case-insensitive --include-zero --no-include-zero -v,--invert-match
		--no-invert-match --json --no-json --line-buffered --no-line-buffered -n,--line-number
		-N,--no-line-number -x,--line-regexp -M,--max-columns= --max-columns-preview
		--no-max-columns-preview -m,--max-count= -d,--max-depth= --maxdepth= --max-filesize=
		--mmap --no-mmap -U,--multiline --no-multiline --multiline-dotall --no-multiline-dotall
		--no-config --no-ignore --ignore --no-ignore-dot --ignore-dot --no-ignore-exclude
		--ignore-exclude --no-ignore-files --ignore-files --no-ignore-global --ignore-global
		--no-ignore-messages --ignore-messages --no-ignore-parent --ignore-parent --no-ignore-vcs
		--ignore-vcs --no-messages --messages --no-pcre2-unicode --pcre2-unicode --no-require-git
		--require-git --no-unicode --unicode -0,--null --null-data --one-file-system
		--no-one-file-system -o,--only-matching --passthru --passthrough --path-separator=
		-P,--pcre2 --no-pcre2 --pcre2-version --no-pre --pre-glob= -p,--pretty -q,--quiet
		--regex-size-limit= -e,--regexp= -r,--replace= --no-search-zip -S,--smart-case
		--sort-files --no-sort-files --sort= --sortr= --stats --no-stats --stop-on-nonmatch
		-j,--threads= --trace --trim --no-trim -t,--type= --type-add= --type-clear=
		-T,--type-not= --type-list -u,--unrestricted --vimgrep -H,--with-filename
		-I,--no-filename -w,--word-regexp`),
		refuse("runs a program on every file searched", `--pre=`),
		refuse("runs decompression programs", `-z,--search-zip`),
		refuse("runs a program", `--hostname-bin=`)), readsGitConfig)
	p.walks = func([]string) bool { return true }
	p.follows = func(args []string) bool { return hasAnyOption(args, "-L", "--follow") }
	return []program{p}
}
