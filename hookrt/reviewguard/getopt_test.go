package reviewguard

import (
	"strings"
	"testing"
)

// TestParserReadsAsGetopt: the table-driven parser reads arguments as GNU getopt_long does, and
// names what it refuses in the user's own spelling.
func TestParserReadsAsGetopt(t *testing.T) {
	t.Parallel()
	sort := &parser{options: programs()["sort"].options, clusters: true}
	headOptions := programs()["head"].options
	logParser := gitCommands()["log"].parser
	gitGrep := gitCommands()["grep"].parser
	tests := []struct {
		p    *parser
		args string
		want string // "" when granted, else a part of the error
	}{
		{sort, "-k2 -t , a.txt", ""},
		{sort, "-k 2 -t , a.txt", ""},
		{sort, "--key=2 --field-separator , a.txt", ""},
		{sort, "-nr a.txt", ""},
		{sort, "-t -o a.txt", "-o writes its output to a file"},        // -o as the value of -t is refused too
		{sort, "-- -o", "-o writes its output to a file"},              // and after --
		{sort, "-ro x a.txt", "-ro would be read as -o, which writes"}, // a bundle
		{sort, "-ko1 a.txt", "-ko1 would be read as -o"},               // wherever the letter stands
		{sort, "--out=x a.txt", "--out=x would be read as --output"},   // an abbreviation
		{sort, "--o x", "--o would be read as --output"},
		{sort, "--comp=gzip", "would be read as --compress-program"},
		{sort, "--rev a.txt", "--rev abbreviates --reverse"},
		{sort, "--reverse=x", "--reverse takes no value"},
		{sort, "--bogus", "the option --bogus is not granted"},
		{sort, "-Q", "the option -Q (in -Q) is not granted"},
		{sort, "a.txt -", ""},
		{sort, "--reverse -Q", "the option -Q"}, // a flag takes no next word
		{sort, "-t -x a.txt", ""},               // -x is -t's value
		{sort, "-rt -x a.txt", ""},              // at the end of a bundle too
		{&parser{options: headOptions, clusters: true, digits: true}, "-5 a.txt", ""},
		{&parser{options: headOptions, clusters: true}, "-5 a.txt", "the option -5"},
		{&parser{options: logParser.options}, "-n5 --format=%h", ""},
		{&parser{options: logParser.options}, "-pz", "bundled short options are not granted here"},
		{&parser{options: logParser.options}, "--text", ""},
		{&parser{options: logParser.options}, "--textconv", ""},
		{&parser{options: logParser.options}, "--tex", "--tex abbreviates --text or --textconv"},
		{&parser{options: logParser.options}, "--out=x", "--out=x would be read as --output"},
		{&gitGrep, "-in hello", ""},
		{&gitGrep, "-iOP hello", "-iOP would be read as -O, which runs a program"},
		{&gitGrep, "--open=P hello", "--open=P would be read as --open-files-in-pager"},
		{&gitGrep, "-e -O", "-O runs a program with the matching files"},
	}
	for _, tt := range tests {
		err := tt.p.check(strings.Fields(tt.args))
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%q: %v, want granted", tt.args, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%q: %v, want an error with %q", tt.args, err, tt.want)
		}
	}
}

// TestTablesAreWellFormed: every table of the registry, git's subcommands' included, names each
// option once, and no option is both granted and refused.
func TestTablesAreWellFormed(t *testing.T) {
	t.Parallel()
	for name, opts := range allTables() {
		shorts, longs := map[byte]bool{}, map[string]bool{}
		for _, o := range opts {
			if o.short != 0 {
				if shorts[o.short] {
					t.Errorf("%s: -%c twice", name, o.short)
				}
				shorts[o.short] = true
			}
			if o.long != "" {
				if longs[o.long] {
					t.Errorf("%s: --%s twice", name, o.long)
				}
				longs[o.long] = true
			}
		}
	}
}

// allTables are the option tables of the registry's programs and of git's subcommands, by name.
func allTables() map[string][]option {
	tables := map[string][]option{}
	for _, p := range registry() {
		if p.options != nil {
			tables[p.name] = p.options
		}
	}
	for name, cmd := range gitCommands() {
		tables["git "+name] = cmd.parser.options
	}
	return tables
}
