package claudeversion

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		want Version
		ok   bool
	}{
		{"2.1.332 (Claude Code)", Version{2, 1, 332}, true},
		{"2.1.328", Version{2, 1, 328}, true},
		{"  2.1.328 (Claude Code)\n", Version{2, 1, 328}, true},
		{"10.0.7", Version{10, 0, 7}, true},
		{"2.1.333-beta.1 (Claude Code)", Version{2, 1, 333}, true},
		{"2.1", Version{}, false},
		{"", Version{}, false},
		{"Claude Code 2.1.332", Version{}, false},
		{"2.x.332", Version{}, false},
		{"2.1.", Version{}, false},
		{"2.1.-3", Version{}, false},
		{"+2.1.3", Version{}, false},
		{"v2.1.332", Version{}, false},
	}
	for _, tt := range tests {
		got, ok := Parse(tt.in)
		if got != tt.want || ok != tt.ok {
			t.Errorf("Parse(%q) = %v, %v; want %v, %v", tt.in, got, ok, tt.want, tt.ok)
		}
	}
}

func TestCompare(t *testing.T) {
	tests := []struct {
		a, b string
		want int
	}{
		{"2.1.328", "2.1.332", -1},
		{"2.1.332", "2.1.328", 1},
		{"2.1.332", "2.1.332", 0},
		{"2.1.99", "2.1.100", -1},
		{"2.2.0", "2.1.999", 1},
		{"3.0.0", "2.9.9", 1},
		{"1.9.9", "2.0.0", -1},
	}
	for _, tt := range tests {
		a, b := mustParse(t, tt.a), mustParse(t, tt.b)
		if got := a.Compare(b); got != tt.want {
			t.Errorf("%s.Compare(%s) = %d, want %d", a, b, got, tt.want)
		}
		if got := a.AtLeast(b); got != (tt.want >= 0) {
			t.Errorf("%s.AtLeast(%s) = %v", a, b, got)
		}
	}
}

func TestParseList(t *testing.T) {
	got, err := ParseList("# comment\n\n2.1.328\n  2.1.330  \n# another\n2.1.332\n")
	if err != nil {
		t.Fatal(err)
	}
	if want := []Version{{2, 1, 328}, {2, 1, 330}, {2, 1, 332}}; !slices.Equal(got, want) {
		t.Errorf("ParseList = %v, want %v", got, want)
	}
	for _, bad := range []struct{ text, err string }{
		{"", "no version listed"},
		{"# only a comment\n", "no version listed"},
		{"2.1.332\n2.1.328\n", `line 2: 2.1.328 is not newer than 2.1.332`},
		{"2.1.328\n2.1.328\n", `line 2: 2.1.328 is not newer than 2.1.328`},
		{"2.1.328 (Claude Code)\n", `line 1: "2.1.328 (Claude Code)" is not a version`},
		{"2.1.0328\n", `line 1: "2.1.0328" is not a version`},
		{"latest\n", `line 1: "latest" is not a version`},
	} {
		if _, err := ParseList(bad.text); err == nil || !strings.Contains(err.Error(), bad.err) {
			t.Errorf("ParseList(%q) error = %v, want one containing %q", bad.text, err, bad.err)
		}
	}
}

// TestTestedFile: the list holds the oldest supported version first and the newest last.
func TestTestedFile(t *testing.T) {
	vs := Tested()
	if len(vs) < 2 {
		t.Fatalf("Tested() = %v: want the oldest supported and the newest version", vs)
	}
	if Oldest() != vs[0] || Newest() != vs[len(vs)-1] {
		t.Errorf("Oldest %s, Newest %s; Tested %v", Oldest(), Newest(), vs)
	}
	if !IsTested(Oldest()) || IsTested(Version{Newest().Major, Newest().Minor, Newest().Patch + 1}) {
		t.Error("IsTested is wrong at the ends of the range")
	}
	vs[0] = Version{}
	if Oldest() == (Version{}) {
		t.Error("Tested returns the package's own slice")
	}
}

// TestScriptsReadTheList: the shell scripts that read the list by path name File and keep its
// lines that are not blank or comments (grep -Ev '^[[:space:]]*(#|$)'); what that keeps of the
// file is each tested version, exactly as Tested writes it (a space or a carriage return left on
// a line would reach a script's version, where ParseList trims it away).
func TestScriptsReadTheList(t *testing.T) {
	root := filepath.Join("..", "..")
	filter := `grep -Ev '^[[:space:]]*(#|$)' ` + File
	for _, script := range []string{"test.sh", ".ci/run", "scripts/install-claude-code.sh"} {
		data, err := os.ReadFile(filepath.Join(root, script))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), filter) {
			t.Errorf("%s does not read %s with %s", script, File, filter)
		}
	}
	data, err := os.ReadFile(filepath.Join(root, File))
	if err != nil {
		t.Fatal(err)
	}
	skipped := regexp.MustCompile(`^[\s\v]*(#|$)`) // grep's [[:space:]]
	var kept []string
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		if !skipped.MatchString(line) {
			kept = append(kept, line)
		}
	}
	var want []string
	for _, v := range Tested() {
		want = append(want, v.String())
	}
	if !slices.Equal(kept, want) {
		t.Errorf("the scripts read %q from %s; want %q", kept, File, want)
	}
}

// mustParse is Parse for versions written in a test; it fails the test on a malformed one.
func mustParse(t *testing.T, s string) Version {
	t.Helper()
	v, ok := Parse(s)
	if !ok {
		t.Fatalf("malformed version %q", s)
	}
	return v
}
