// Package claudeversion names the Claude Code versions ccc-hooks is tested on, and reads and
// compares Claude Code version numbers.
//
// The versions are listed in tested.txt beside this file, embedded into the binary: one a line,
// oldest first, "#" starting a comment. The first is the oldest version supported, the last the
// newest tested. The shell scripts read the same file by path (test.sh and .ci/run run the
// end-to-end suite against each version; scripts/try-claude-code.sh tries another), and doctor
// compares the user's Claude Code with the range.
package claudeversion

import (
	_ "embed"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// File is the path of the list of tested versions, from the top of the repository.
const File = "internal/claudeversion/tested.txt"

//go:embed tested.txt
var testedText string

// tested is the parsed list; ParseList rejects an empty one, and a test keeps the file valid.
// It is parsed when first asked for, not at start-up: every hook run starts this binary, and
// only doctor and the tests ask.
var tested = sync.OnceValue(func() []Version { return mustParseList(testedText) })

// Version is a Claude Code version number, major.minor.patch.
type Version struct {
	Major, Minor, Patch int
}

// String is the version as Claude Code prints it: "2.1.332".
func (v Version) String() string {
	return fmt.Sprintf("%d.%d.%d", v.Major, v.Minor, v.Patch)
}

// Compare returns -1, 0 or +1 as v is older than, the same as or newer than w.
func (v Version) Compare(w Version) int {
	for _, d := range [...]int{v.Major - w.Major, v.Minor - w.Minor, v.Patch - w.Patch} {
		switch {
		case d < 0:
			return -1
		case d > 0:
			return 1
		}
	}
	return 0
}

// AtLeast reports whether v is w or newer.
func (v Version) AtLeast(w Version) bool { return v.Compare(w) >= 0 }

// Parse reads a version from what `claude --version` prints ("2.1.332 (Claude Code)"): the
// first word, major.minor.patch in decimal digits, with anything after the patch number that
// does not start with a digit (a pre-release tag) ignored.
func Parse(s string) (Version, bool) {
	fields := strings.Fields(s)
	if len(fields) == 0 {
		return Version{}, false
	}
	parts := strings.SplitN(fields[0], ".", 3)
	if len(parts) != 3 {
		return Version{}, false
	}
	patch := parts[2]
	if i := strings.IndexFunc(patch, func(r rune) bool { return r < '0' || r > '9' }); i >= 0 {
		patch = patch[:i]
	}
	var nums [3]int
	for i, p := range [...]string{parts[0], parts[1], patch} {
		if p == "" || strings.TrimLeft(p, "0123456789") != "" {
			return Version{}, false
		}
		n, err := strconv.Atoi(p)
		if err != nil {
			return Version{}, false
		}
		nums[i] = n
	}
	return Version{nums[0], nums[1], nums[2]}, true
}

// ParseList reads a list in the format of tested.txt: one version (exactly major.minor.patch) a
// line, oldest first, each newer than the one before; blank lines and lines starting with "#"
// are skipped. An empty list is an error.
func ParseList(text string) ([]Version, error) {
	var out []Version
	for i, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		v, ok := Parse(line)
		if !ok || v.String() != line {
			return nil, fmt.Errorf("line %d: %q is not a version (major.minor.patch)", i+1, line)
		}
		if n := len(out); n > 0 && v.Compare(out[n-1]) <= 0 {
			return nil, fmt.Errorf("line %d: %s is not newer than %s above it (oldest first)", i+1, v, out[n-1])
		}
		out = append(out, v)
	}
	if len(out) == 0 {
		return nil, errors.New("no version listed")
	}
	return out, nil
}

func mustParseList(text string) []Version {
	vs, err := ParseList(text)
	if err != nil {
		panic("claudeversion: " + File + ": " + err.Error())
	}
	return vs
}

// Tested returns the versions ccc-hooks is tested on, oldest first.
func Tested() []Version { return append([]Version(nil), tested()...) }

// Oldest is the oldest version supported: the first of Tested.
func Oldest() Version { return tested()[0] }

// Newest is the newest version tested: the last of Tested.
func Newest() Version {
	all := tested()
	return all[len(all)-1]
}

// TestedList is Tested for people: "2.1.328 and 2.1.332", "2.1.328, 2.1.330 and 2.1.332".
func TestedList() string {
	all := tested()
	words := make([]string, len(all))
	for i, v := range all {
		words[i] = v.String()
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}

// IsTested reports whether v is one of Tested.
func IsTested(v Version) bool { return slices.Contains(tested(), v) }
