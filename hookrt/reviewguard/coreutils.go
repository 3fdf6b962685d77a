package reviewguard

import (
	"fmt"
	"strings"
)

// coreutils are the GNU coreutils the reviewer may run, each with every option of its
// long_options table and short-option string in coreutils 9.1 (src/<program>.c, and <program>
// --help), checked against 9.8 (which adds only wc --total=WHEN and realpath --canonicalize;
// both granted where they only read). Options that only print (--help, --version) are left out:
// the reviewer has no use for them. BSD and macOS have the same program names with fewer
// options and the same meanings, except that BSD stat's -f takes a value; none of these
// programs has an option that writes a file or runs a program but sort (-o, -T,
// --compress-program) and uniq (its second operand), so a wrong arity elsewhere can only refuse
// more. --files0-from (wc, du, sort) and sha256sum's -c read the names of the files to read from
// a file: refused.
func coreutils() []program {
	const v = "GNU coreutils 9.1"
	progs := []program{
		getopt("cat", v+", src/cat.c", options(`
			-A,--show-all -b,--number-nonblank -e -E,--show-ends -n,--number -s,--squeeze-blank
			-t -T,--show-tabs -u -v,--show-nonprinting`), globSafe),
		getopt("head", v+", src/head.c", options(`
			-c,--bytes= -n,--lines= -q,--quiet --silent -v,--verbose -z,--zero-terminated`),
			globSafe|numbers),
		// tail's -f, -F, --follow, --retry and --pid are left out: they wait for the file to
		// grow, and a review would hang until its timeout. tail is not glob-safe: a file named -f
		// would make it wait.
		getopt("tail", v+", src/tail.c", options(`
			-c,--bytes= -n,--lines= -q,--quiet --silent -s,--sleep-interval= -v,--verbose
			-z,--zero-terminated --max-unchanged-stats=`), numbers),
		getopt("wc", v+", src/wc.c", table(options(`
			-c,--bytes -m,--chars -l,--lines -w,--words -L,--max-line-length --total= --debug`),
			refuse(readsAList, `--files0-from=`)), globSafe),
		getopt("ls", v+", src/ls.c", options(`
			-a,--all -A,--almost-all --author -b,--escape --block-size= -B,--ignore-backups -c -C
			--color[=] -d,--directory -D,--dired -f -F,--classify[=] --file-type --format=
			--full-time -g --group-directories-first -G,--no-group -h,--human-readable --si
			-H,--dereference-command-line --dereference-command-line-symlink-to-dir --hide=
			--hyperlink[=] --indicator-style= -i,--inode -I,--ignore= -k,--kibibytes -l
			-L,--dereference -m -n,--numeric-uid-gid -N,--literal -o -p -q,--hide-control-chars
			--show-control-chars -Q,--quote-name --quoting-style= -r,--reverse -R,--recursive
			-s,--size -S --sort= --time= --time-style= -t -T,--tabsize= -u -U -v -w,--width= -x
			-X -Z,--context --zero -1`), globSafe),
		getopt("cut", v+", src/cut.c", options(`
			-b,--bytes= -c,--characters= -d,--delimiter= -f,--fields= -n -s,--only-delimited
			--complement --output-delimiter= -z,--zero-terminated`), globSafe),
		getopt("tr", v+", src/tr.c", options(`
			-c,--complement -C -d,--delete -s,--squeeze-repeats -t,--truncate-set1 -A`), globSafe),
		getopt("nl", v+", src/nl.c", options(`
			-b,--body-numbering= -d,--section-delimiter= -f,--footer-numbering=
			-h,--header-numbering= -i,--line-increment= -l,--join-blank-lines=
			-n,--number-format= -p,--no-renumber -s,--number-separator=
			-v,--starting-line-number= -w,--number-width=`), globSafe),
		// sort: -o writes its output to a file, -T makes its temporary files in a directory, and
		// --compress-program runs a program on them; -y is an obsolete option sort takes and
		// ignores.
		getopt("sort", v+", src/sort.c", table(options(`
			-b,--ignore-leading-blanks -c --check[=] -C -d,--dictionary-order -f,--ignore-case
			-g,--general-numeric-sort -h,--human-numeric-sort -i,--ignore-nonprinting -k,--key=
			-m,--merge -M,--month-sort -n,--numeric-sort -R,--random-sort --random-source=
			-r,--reverse --sort= -s,--stable -S,--buffer-size= -t,--field-separator= -u,--unique
			-V,--version-sort -z,--zero-terminated --batch-size= --parallel= --debug -y=`),
			refuse(readsAList, `--files0-from=`),
			refuse("writes its output to a file", `-o,--output=`),
			refuse("writes temporary files into a directory", `-T,--temporary-directory=`),
			refuse("runs a program", `--compress-program=`)), 0),
		// uniq [INPUT [OUTPUT]] writes its output to OUTPUT: granted with one operand at most.
		// -NUM is the obsolete spelling of -f NUM.
		uniqProgram(v),
		getopt("stat", v+", src/stat.c", options(`
			-L,--dereference -f,--file-system -c,--format= --printf= -t,--terse --cached=`),
			globSafe),
		getopt("du", v+", src/du.c", table(options(`
			-0,--null -a,--all --apparent-size -B,--block-size= -b,--bytes -c,--total -D
			--dereference-args -d,--max-depth= -H -h,--human-readable --inodes -k
			-L,--dereference -l,--count-links -m -P,--no-dereference -S,--separate-dirs --si
			-s,--summarize -t,--threshold= --time[=] --time-style= -X,--exclude-from= --exclude=
			-x,--one-file-system`), refuse(readsAList, `--files0-from=`)), globSafe),
		// sha256sum (src/digest.c): -c reads the names of the files to hash from the files it is
		// given.
		getopt("sha256sum", v+", src/digest.c", table(options(`
			-b,--binary -t,--text -z,--zero --tag --ignore-missing --quiet --status --strict
			-w,--warn`), refuse(readsAList, `-c,--check`)), globSafe),
		// od reads its -abcdfilosx letters as the traditional formats; its operands may be
		// +OFFSET.
		getopt("od", v+", src/od.c", options(`
			-A,--address-radix= --endian= -j,--skip-bytes= -N,--read-bytes= -S,--strings[=]
			-t,--format= -v,--output-duplicates -w,--width[=] --traditional -a -B -b -c -D -d -e
			-F -f -H -h -I -i -L -l -O -o -s -X -x`), globSafe),
		getopt("basename", v+", src/basename.c", options(`-a,--multiple -s,--suffix= -z,--zero`), globSafe),
		getopt("dirname", v+", src/dirname.c", options(`-z,--zero`), globSafe),
		getopt("realpath", v+", src/realpath.c", options(`
			-e,--canonicalize-existing -m,--canonicalize-missing -L,--logical -P,--physical
			-q,--quiet --relative-to= --relative-base= -s,--strip --no-symlinks -z,--zero
			--canonicalize`), globSafe),
		getopt("readlink", v+", src/readlink.c", options(`
			-f,--canonicalize -e,--canonicalize-existing -m,--canonicalize-missing
			-n,--no-newline -q,--quiet -s,--silent -v,--verbose -z,--zero`), globSafe),
	}
	// ls -R -L and du -L walk the tree and follow its links to directories (stall.go).
	for i, p := range progs {
		switch p.name {
		case "ls":
			progs[i].follows = func(args []string) bool {
				return hasAnyOption(args, "-R", "--recursive") && hasAnyOption(args, "-L", "--dereference")
			}
		case "du":
			progs[i].follows = func(args []string) bool { return hasAnyOption(args, "-L", "--dereference") }
		}
	}
	return progs
}

// readsAList is why an option that reads the names of the files to read from a file is refused:
// the guard would have to judge each name it lists (a named pipe among them waits for ever).
const readsAList = "reads the names of the files to read from a file, whose names the guard does not judge"

// uniqProgram is uniq: its table, and at most one operand, the input; a second would be the
// file it writes its output to, refused whatever a rule says.
func uniqProgram(version string) program {
	parse := &parser{clusters: true, digits: true, options: options(`
		-c,--count -d,--repeated -D --all-repeated[=] -f,--skip-fields= --group[=]
		-i,--ignore-case -s,--skip-chars= -u,--unique -z,--zero-terminated -w,--check-chars=`)}
	oneOperand := func(args []string) error {
		if ops := parse.operands(args); len(ops) > 1 {
			return fmt.Errorf("uniq %s would write its output to the file %s", strings.Join(ops, " "), ops[1])
		}
		return nil
	}
	return program{
		name: "uniq", source: version + ", src/uniq.c", options: parse.options, traits: numbers | byPlace,
		help: []string{"--help"},
		check: func(args []string, _ Place) error {
			if err := parse.check(args); err != nil {
				return err
			}
			return oneOperand(args)
		},
		never: func(args []string, _ Place) error {
			if err := parse.refusedSpellings(args); err != nil {
				return err
			}
			return oneOperand(args)
		},
	}
}
