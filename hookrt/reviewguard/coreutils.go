package reviewguard

// The GNU coreutils the reviewer may run, each with every option of its long_options table and
// short-option string in coreutils 9.1 (src/<program>.c), checked against 9.8 (which adds only
// wc --total=WHEN and realpath --canonicalize; both granted where they only read). Options that
// only print (--help, --version) are left out: the reviewer has no use for them. BSD and macOS
// have the same program names with fewer options and the same meanings, except that BSD stat's
// -f takes a value; none of these programs has an option that writes a file or runs a program
// but sort (-o, -T, --compress-program), so a wrong arity elsewhere can only refuse more.

var catOptions = options(`
	-A,--show-all -b,--number-nonblank -e -E,--show-ends -n,--number -s,--squeeze-blank -t
	-T,--show-tabs -u -v,--show-nonprinting`)

var headOptions = options(`
	-c,--bytes= -n,--lines= -q,--quiet --silent -v,--verbose -z,--zero-terminated`)

// tail's -f, -F, --follow, --retry and --pid are left out: they wait for the file to grow, and a
// review would hang until its timeout.
var tailOptions = options(`
	-c,--bytes= -n,--lines= -q,--quiet --silent -s,--sleep-interval= -v,--verbose
	-z,--zero-terminated --max-unchanged-stats=`)

var wcOptions = options(`
	-c,--bytes -m,--chars -l,--lines -w,--words -L,--max-line-length --files0-from= --total=
	--debug`)

var lsOptions = options(`
	-a,--all -A,--almost-all --author -b,--escape --block-size= -B,--ignore-backups -c -C
	--color[=] -d,--directory -D,--dired -f -F,--classify[=] --file-type --format= --full-time
	-g --group-directories-first -G,--no-group -h,--human-readable --si
	-H,--dereference-command-line --dereference-command-line-symlink-to-dir --hide=
	--hyperlink[=] --indicator-style= -i,--inode -I,--ignore= -k,--kibibytes -l
	-L,--dereference -m -n,--numeric-uid-gid -N,--literal -o -p -q,--hide-control-chars
	--show-control-chars -Q,--quote-name --quoting-style= -r,--reverse -R,--recursive
	-s,--size -S --sort= --time= --time-style= -t -T,--tabsize= -u -U -v -w,--width= -x -X
	-Z,--context --zero -1`)

var cutOptions = options(`
	-b,--bytes= -c,--characters= -d,--delimiter= -f,--fields= -n -s,--only-delimited
	--complement --output-delimiter= -z,--zero-terminated`)

var trOptions = options(`-c,--complement -C -d,--delete -s,--squeeze-repeats -t,--truncate-set1 -A`)

var nlOptions = options(`
	-b,--body-numbering= -d,--section-delimiter= -f,--footer-numbering= -h,--header-numbering=
	-i,--line-increment= -l,--join-blank-lines= -n,--number-format= -p,--no-renumber
	-s,--number-separator= -v,--starting-line-number= -w,--number-width=`)

// sort: -o writes its output to a file, -T makes its temporary files in a directory, and
// --compress-program runs a program on them; -y is an obsolete option sort takes and ignores.
var sortOptions = table(options(`
	-b,--ignore-leading-blanks -c --check[=] -C -d,--dictionary-order -f,--ignore-case
	-g,--general-numeric-sort -h,--human-numeric-sort -i,--ignore-nonprinting -k,--key= -m,--merge
	-M,--month-sort -n,--numeric-sort -R,--random-sort --random-source= -r,--reverse --sort=
	-s,--stable -S,--buffer-size= -t,--field-separator= -u,--unique -V,--version-sort
	-z,--zero-terminated --batch-size= --parallel= --files0-from= --debug -y=`),
	refuse("writes its output to a file", `-o,--output=`),
	refuse("writes temporary files into a directory", `-T,--temporary-directory=`),
	refuse("runs a program", `--compress-program=`))

var statOptions = options(`
	-L,--dereference -f,--file-system -c,--format= --printf= -t,--terse --cached=`)

var duOptions = options(`
	-0,--null -a,--all --apparent-size -B,--block-size= -b,--bytes -c,--total -D
	--dereference-args -d,--max-depth= --files0-from= -H -h,--human-readable --inodes -k
	-L,--dereference -l,--count-links -m -P,--no-dereference -S,--separate-dirs --si
	-s,--summarize -t,--threshold= --time[=] --time-style= -X,--exclude-from= --exclude=
	-x,--one-file-system`)

var basenameOptions = options(`-a,--multiple -s,--suffix= -z,--zero`)

var dirnameOptions = options(`-z,--zero`)

var realpathOptions = options(`
	-e,--canonicalize-existing -m,--canonicalize-missing -L,--logical -P,--physical -q,--quiet
	--relative-to= --relative-base= -s,--strip --no-symlinks -z,--zero --canonicalize`)

var readlinkOptions = options(`
	-f,--canonicalize -e,--canonicalize-existing -m,--canonicalize-missing -n,--no-newline
	-q,--quiet -s,--silent -v,--verbose -z,--zero`)

// which (debianutils 5; GNU which and BSD which take -a and -s too) prints where a program is.
var whichOptions = options(`-a -s`)

// pwd is a bash builtin: -L, -P.
var pwdOptions = options(`-L -P`)
