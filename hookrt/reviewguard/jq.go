package reviewguard

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// jqProgram is jq, as jq 1.6 reads its arguments (src/main.c; jq --help, jq(1)); jq 1.7 reads
// them the same way. Options are letters, which may be bundled, or long names matched whole;
// --arg, --argjson, --slurpfile and --rawfile take the next two words, --indent the next one;
// the first word that is no option is the filter, the rest are files to read (or, after --args
// and --jsonargs, values). --slurpfile and --rawfile read a file, which the guard checks as any
// other it names. Refused: -f and --from-file (the filter is read from a file the guard does not
// read), -L and --library-path (modules from a directory), --run-tests (reads and runs a file of
// tests), --stream (an event for each leaf, with its whole path). jq also loads ~/.jq at start,
// whose definitions may replace any builtin: jq is refused while one exists. The filter is granted
// where its work on the command's input is bounded (jqbound.go).
func jqProgram() []program {
	check := func(args []string, where Place) error {
		call, err := readJQ(args, where.Cwd)
		if err != nil {
			return err
		}
		if err := checkJQBound(call.filter, call.input); err != nil {
			return fmt.Errorf("jq %q: %w", call.filter, err)
		}
		return jqHome(where.Home)
	}
	return []program{{
		name: "jq", source: "jq 1.6, src/main.c and jq(1)", check: check, never: check,
		help: []string{"--help"}, options: jqOptions(),
	}}
}

// jqOptions is jq's table: how many words after it each option takes; refused ones have why.
func jqOptions() []option {
	return table(options(`
		-n,--null-input -r,--raw-output -j,--join-output -a,--ascii-output -s,--slurp
		-c,--compact-output -C,--color-output -M,--monochrome-output -S,--sort-keys
		-e,--exit-status -R,--raw-input --tab --indent= --seq --unbuffered --arg=
		--argjson= --slurpfile= --rawfile= --args --jsonargs`),
		refuse("reads the filter from a file, which the guard does not read", `-f,--from-file`),
		refuse("loads modules from a directory", `-L,--library-path=`),
		refuse("reads and runs a file of tests", `--run-tests[=]`),
		refuse("makes an event of each leaf with its whole path, whose work is not bounded", `--stream`))
}

// A jqCall is what a jq command runs: its filter, and what the guard knows of its input.
type jqCall struct {
	filter string
	input  jqInput
}

// readJQ reads jq's arguments as jq does, and measures the input in cwd: the files it is named
// and the values of its options (a file that is not there adds nothing: jq stops at it).
func readJQ(args []string, cwd string) (jqCall, error) {
	opts := jqOptions()
	var filter *string
	var files []string
	values := false // after --args and --jsonargs, the operands are values, not files
	call := jqCall{input: jqInput{known: true}}
	size := func(name string) float64 {
		if !filepath.IsAbs(name) {
			name = filepath.Join(cwd, name)
		}
		if fi, err := os.Stat(name); err == nil && fi.Mode().IsRegular() {
			return float64(fi.Size())
		}
		return 0
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			if filter == nil && i+1 < len(args) {
				filter = &args[i+1]
			}
			i = len(args)
		case len(a) < 2 || a[0] != '-':
			switch {
			case filter == nil:
				filter = &args[i]
			case values:
				call.input.args += float64(len(a))
			default:
				files = append(files, a)
			}
		case strings.HasPrefix(a, "--"):
			o, ok := findLong(opts, a[2:])
			switch {
			case !ok:
				return jqCall{}, fmt.Errorf("the option %s is not granted", a)
			case o.refused != "":
				return jqCall{}, fmt.Errorf("%s %s", a, o.refused)
			}
			n := jqValues(o.long)
			for j := i + 1; j <= i+n && j < len(args); j++ {
				call.input.args += float64(len(args[j]))
				if j == i+2 && (o.long == "slurpfile" || o.long == "rawfile") {
					call.input.args += size(args[j])
				}
			}
			i += n
			values = values || o.long == "args" || o.long == "jsonargs"
			call.input.slurp = call.input.slurp || o.long == "slurp"
			call.input.null = call.input.null || o.long == "null-input"
		default:
			for _, c := range []byte(a[1:]) {
				o, ok := findShort(opts, c)
				switch {
				case !ok:
					return jqCall{}, fmt.Errorf("the option -%c (in %s) is not granted", c, a)
				case o.refused != "":
					return jqCall{}, fmt.Errorf("%s: -%c %s", a, c, o.refused)
				}
				call.input.slurp = call.input.slurp || c == 's'
				call.input.null = call.input.null || c == 'n'
			}
		}
	}
	if filter == nil {
		return jqCall{}, errors.New("jq without a filter")
	}
	call.filter = *filter
	for _, f := range files {
		call.input.size += size(f)
	}
	// Read from its standard input: the output of the program before it, of no size known.
	call.input.known = len(files) > 0 || call.input.null
	return call, nil
}

// jqValues is how many words after the option named long jq takes as its values.
func jqValues(long string) int {
	switch long {
	case "arg", "argjson", "slurpfile", "rawfile":
		return 2
	case "indent":
		return 1
	}
	return 0
}

func findLong(opts []option, name string) (option, bool) {
	i := slices.IndexFunc(opts, func(o option) bool { return o.long == name })
	if i < 0 {
		return option{}, false
	}
	return opts[i], true
}

func findShort(opts []option, c byte) (option, bool) {
	i := slices.IndexFunc(opts, func(o option) bool { return o.short == c })
	if i < 0 {
		return option{}, false
	}
	return opts[i], true
}

// jqHome refuses jq while ~/.jq exists in home, the reviewer's $HOME: jq 1.6 and 1.7 load it at
// start, a file of definitions that may replace any builtin (with one that never ends), or a
// directory of modules.
func jqHome(home string) error {
	if home == "" {
		return errors.New("jq loads ~/.jq, and the home directory is not known")
	}
	if _, err := os.Lstat(filepath.Join(home, ".jq")); err == nil {
		return errors.New("jq loads ~/.jq at start, which may define any builtin anew, and one exists")
	}
	return nil
}
