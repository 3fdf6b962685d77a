package reviewguard

import (
	"fmt"
	"slices"
	"strings"
)

// argKind is how an option takes its value, as getopt_long's has_arg (and git's parse-options)
// say it.
type argKind uint8

const (
	flag     argKind = iota // no value: --opt, -o
	required                // --opt=V or --opt V; -oV or -o V
	optional                // --opt=V or --opt alone; -oV or -o alone (never the next word)
)

// An option is one entry of a program's OPTIONS section: its short and long names and how it
// takes a value. refused says why it is never granted; "" for an option the reviewer may give.
type option struct {
	short   byte
	long    string
	arg     argKind
	refused string
}

// options reads option specs written as a manual writes them, separated by white space:
//
//	-p,--patch        a flag with a short and a long name
//	-U,--unified=     a required value, attached (-U3, --unified=3) or the next word
//	--stat[=]         an optional value, attached only
//	-n=               a short option alone, with a required value
func options(specs string) []option {
	var out []option
	for _, spec := range strings.Fields(specs) {
		out = append(out, parseSpec(spec))
	}
	return out
}

// refuse returns the options of specs, each refused for why.
func refuse(why, specs string) []option {
	out := options(specs)
	for i := range out {
		out[i].refused = why
	}
	return out
}

// without returns opts less the options named by any of names ("-n", "--committer"): where a
// command gives a shared name a meaning of its own.
func without(opts []option, names ...string) []option {
	var out []option
	for _, o := range opts {
		if !slices.Contains(names, "-"+string(o.short)) && !slices.Contains(names, "--"+o.long) {
			out = append(out, o)
		}
	}
	return out
}

// table joins the options of a program's table, granted and refused.
func table(parts ...[]option) []option {
	var out []option
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func parseSpec(spec string) option {
	o := option{}
	switch {
	case strings.HasSuffix(spec, "[=]"):
		o.arg, spec = optional, strings.TrimSuffix(spec, "[=]")
	case strings.HasSuffix(spec, "="):
		o.arg, spec = required, strings.TrimSuffix(spec, "=")
	}
	for name := range strings.SplitSeq(spec, ",") {
		if long, ok := strings.CutPrefix(name, "--"); ok {
			o.long = long
		} else if len(name) == 2 && name[0] == '-' {
			o.short = name[1]
		} else {
			panic("reviewguard: bad option spec " + spec) // the tables are constants
		}
	}
	return o
}

// A parser reads a program's arguments the way GNU getopt_long does (git's parse-options reads
// them the same way for what the tables grant):
//   - options may stand anywhere before "--" (getopt_long permutes), so every word that starts
//     with "-" is read as an option, also after operands;
//   - a long option is --name, --name=value, or --name value when its value is required;
//   - short options may be bundled: in -iOP, i and O are options and P is O's value, since a
//     value starts right after its option's letter, or is the next word when the bundle ends;
//   - "--" ends the options and "-" is an operand.
//
// The reviewer is granted an option only by its full name: getopt_long also takes any unique
// abbreviation (--out for --output), and a newer version of the program can add an option whose
// full name is that abbreviation, so an abbreviation is refused — named as what it abbreviates
// when it is one. An option the table does not know is refused.
type parser struct {
	options  []option
	digits   bool // -NUM is an option: head -5, grep -3, git log -5
	clusters bool // short options may be bundled; git's revision options may not
}

// check returns nil when every option in args is granted, and an error naming the first one
// that is not. Before it reads the options, it looks at every word as if it were an option: a
// word that would give a refused option read as one — by its full name, abbreviated, or as a
// letter of a bundle — is refused wherever it stands (an option's value, an operand, after
// "--"), so that no reading of the words, the table's or another version's, can make it one.
func (p *parser) check(args []string) error {
	if err := p.refusedSpellings(args); err != nil {
		return err
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return nil
		case a == "-" || !strings.HasPrefix(a, "-"):
			continue
		case strings.HasPrefix(a, "--"):
			takesNext, err := p.long(a)
			if err != nil {
				return err
			}
			if takesNext {
				i++
			}
		default:
			takesNext, err := p.short(a)
			if err != nil {
				return err
			}
			if takesNext {
				i++
			}
		}
	}
	return nil
}

// operands returns the words of args that are no option nor an option's value, as check reads
// them; args must have passed check.
func (p *parser) operands(args []string) []string {
	var out []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case a == "--":
			return append(out, args[i+1:]...)
		case a == "-" || !strings.HasPrefix(a, "-"):
			out = append(out, a)
		case strings.HasPrefix(a, "--"):
			if takesNext, err := p.long(a); err == nil && takesNext {
				i++
			}
		default:
			if takesNext, err := p.short(a); err == nil && takesNext {
				i++
			}
		}
	}
	return out
}

// refusedSpellings refuses the first word of args that would give a refused option (see check).
func (p *parser) refusedSpellings(args []string) error {
	for _, a := range args {
		if err := p.refusedSpelling(a); err != nil {
			return err
		}
	}
	return nil
}

func (p *parser) refusedSpelling(a string) error {
	if a == "-" || a == "--" || !strings.HasPrefix(a, "-") {
		return nil
	}
	if rest, ok := strings.CutPrefix(a, "--"); ok {
		name, _, _ := strings.Cut(rest, "=")
		if name == "" || p.granted(name) {
			return nil
		}
		for _, o := range p.options {
			if o.refused != "" && o.long != "" && strings.HasPrefix(o.long, name) {
				return refusedError(a, o)
			}
		}
		return nil
	}
	if p.digits && isDigits(a[1:]) {
		return nil
	}
	for i := 1; i < len(a); i++ {
		for _, o := range p.options {
			if o.refused != "" && o.short != 0 && o.short == a[i] {
				return refusedError(a, o)
			}
		}
	}
	return nil
}

func (p *parser) granted(long string) bool {
	for _, o := range p.options {
		if o.long == long && o.refused == "" {
			return true
		}
	}
	return false
}

func refusedError(word string, o option) error {
	name := "--" + o.long
	if o.short != 0 && (o.long == "" || !strings.HasPrefix(word, "--")) {
		name = "-" + string(o.short)
	}
	if word == name || strings.HasPrefix(word, name+"=") {
		return fmt.Errorf("%s %s", word, o.refused)
	}
	return fmt.Errorf("%s would be read as %s, which %s", word, name, o.refused)
}

// long reads one --name[=value] word; takesNext reports that its value is the next word.
func (p *parser) long(a string) (takesNext bool, err error) {
	name, _, hasValue := strings.Cut(a[2:], "=")
	for _, o := range p.options {
		if o.long != name {
			continue
		}
		switch {
		case o.refused != "":
			return false, refusedError(a, o)
		case o.arg == flag && hasValue:
			return false, fmt.Errorf("--%s takes no value", name)
		}
		return o.arg == required && !hasValue, nil
	}
	var full []string
	for _, o := range p.options {
		if o.long != "" && strings.HasPrefix(o.long, name) {
			full = append(full, "--"+o.long)
		}
	}
	if len(full) > 0 {
		return false, fmt.Errorf("--%s abbreviates %s: only an option's full name is granted", name, strings.Join(full, " or "))
	}
	return false, fmt.Errorf("the option --%s is not granted", name)
}

// short reads one -abc word; takesNext reports that the value of its last option is the next
// word.
func (p *parser) short(a string) (takesNext bool, err error) {
	if p.digits && isDigits(a[1:]) {
		return false, nil
	}
	if len(a) > 2 && !p.clusters {
		if o, ok := p.shortOption(a[1]); ok && o.arg != flag && o.refused == "" {
			return false, nil // -n5: the value attached
		}
		return false, fmt.Errorf("%s: bundled short options are not granted here; give each on its own", a)
	}
	for i := 1; i < len(a); i++ {
		o, ok := p.shortOption(a[i])
		switch {
		case !ok:
			return false, fmt.Errorf("the option -%c (in %s) is not granted", a[i], a)
		case o.refused != "":
			return false, refusedError(a, o)
		case o.arg == required:
			return i == len(a)-1, nil
		case o.arg == optional:
			return false, nil
		}
	}
	return false, nil
}

func (p *parser) shortOption(c byte) (option, bool) {
	for _, o := range p.options {
		if o.short == c {
			return o, true
		}
	}
	return option{}, false
}
