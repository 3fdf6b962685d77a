package release

import (
	"strconv"
	"strings"
)

// version is a release version: major.minor.patch and a pre-release ("snapshot+…" has one).
type version struct {
	num [3]int
	pre string
}

// parse reads v1.2.3, 1.2.3, 1.2.3-rc.1 or 1.2.3-snapshot+abc (build metadata after + is not
// compared).
func parse(s string) (version, bool) {
	s = strings.TrimPrefix(s, "v")
	s, _, _ = strings.Cut(s, "+")
	s, pre, _ := strings.Cut(s, "-")
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return version{}, false
	}
	var v version
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return version{}, false
		}
		v.num[i] = n
	}
	v.pre = pre
	return v, true
}

// Newer reports whether release tag names a newer version than current (a version as
// `ccc-hooks version` names it). ok is false when either is no version, such as a source
// build's "dev": then nothing compares.
func Newer(tag, current string) (newer, ok bool) {
	a, okA := parse(tag)
	b, okB := parse(current)
	if !okA || !okB {
		return false, false
	}
	for i := range a.num {
		if a.num[i] != b.num[i] {
			return a.num[i] > b.num[i], true
		}
	}
	// The same numbers: a release is newer than its pre-releases (1.2.0 > 1.2.0-rc.1), and
	// pre-releases compare as text.
	switch {
	case a.pre == b.pre:
		return false, true
	case a.pre == "":
		return true, true
	case b.pre == "":
		return false, true
	}
	return a.pre > b.pre, true
}
