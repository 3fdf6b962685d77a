package reviewguard

import (
	"errors"
	"fmt"
	"strings"
)

// xxdProgram is xxd, as the xxd of vim 9.0.1378 reads its arguments (src/xxd/xxd.c; xxd -h). It
// does not use getopt: it reads options until the first word that is none, "--" ends them, a
// word "--x…" is read as "-x…", and only an option's first letter counts (-ps, -postscript and
// -pxyz are all -p). -c, -g, -o, -s, -l and -n take a value, the rest of the word or else the
// next word, whatever it is. Then come at most two operands, the input and the output, which xxd
// writes: granted with one operand at most, as uniq is, and never with -r, which turns a dump
// back into bytes and patches the output.
func xxdProgram() program {
	opts := table(options(`-a -b -C -c= -E -e -g= -i -l= -n= -o= -p -d -s= -u -v`),
		refuse("turns a dump back into bytes, written over its output file", `-r`))
	check := func(args []string, _ Place) error {
		operands, err := xxdOperands(opts, args)
		if err != nil {
			return err
		}
		if len(operands) > 1 {
			return fmt.Errorf("xxd %s would write its output to the file %s", strings.Join(operands, " "), operands[1])
		}
		return nil
	}
	return program{
		name: "xxd", source: "xxd of vim 9.0.1378, src/xxd/xxd.c and xxd -h", options: opts,
		traits: byPlace, check: check, never: check, help: []string{"-h"},
	}
}

// xxdOperands reads args as xxd does and returns its operands, or why an option is not granted.
func xxdOperands(opts []option, args []string) ([]string, error) {
	for i := 0; i < len(args); i++ {
		a := args[i]
		word := a
		if strings.HasPrefix(a, "--") && len(a) > 2 {
			word = a[1:]
		}
		switch {
		case word == "--":
			return args[i+1:], nil
		case len(word) < 2 || word[0] != '-':
			return args[i:], nil
		}
		o, ok := findShort(opts, word[1])
		switch {
		case !ok:
			return nil, fmt.Errorf("the option %s is not granted", a)
		case o.refused != "":
			return nil, fmt.Errorf("%s %s", a, o.refused)
		case o.arg == required && !xxdAttached(word):
			if i+1 == len(args) {
				return nil, errors.New(a + " without its value")
			}
			i++
		}
	}
	return nil, nil
}

// xxdAttached reports whether the option word carries its value: a rest that is not the
// option's long name (-c8, but not -cols, whose value is the next word).
func xxdAttached(word string) bool {
	if len(word) == 2 {
		return false
	}
	long := map[byte][]string{'c': {"ols"}, 'g': {"roup"}, 'o': {"ffset"}, 's': {"kip", "eek"}, 'l': {"en"}, 'n': {"ame"}}
	for _, l := range long[word[1]] {
		if strings.HasPrefix(word[2:], l) {
			return false
		}
	}
	return true
}
