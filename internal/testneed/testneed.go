// Package testneed is for tests only: a test that needs what this machine lacks (a program, an
// installed Claude Code) is skipped on a developer's machine, loudly, saying what to install; and
// fails where every test must run: in CI (CI set) or with CCC_E2E_REQUIRED=1 (.ci/run sets
// both).
package testneed

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// Required reports whether a test that lacks what it needs fails instead of being skipped.
func Required() bool {
	return os.Getenv("CI") != "" || os.Getenv("CCC_E2E_REQUIRED") == "1"
}

// Missing ends t for want of what msg says, with how to get it: a failure where Required, else
// a skip whose message starts "*** TEST SKIPPED: ".
func Missing(t testing.TB, msg string) {
	t.Helper()
	missing(t, "TEST SKIPPED", msg)
}

// MissingE2E is Missing for the end-to-end suite: its skip says "*** E2E TEST SKIPPED: ", which
// test.sh and .ci/run look for in the suite's output.
func MissingE2E(t testing.TB, msg string) {
	t.Helper()
	missing(t, "E2E TEST SKIPPED", msg)
}

func missing(t testing.TB, banner, msg string) {
	t.Helper()
	if Required() {
		t.Fatalf("prerequisite missing: %s", msg)
	}
	t.Skipf("\n*** %s: %s\n*** (set CI or CCC_E2E_REQUIRED=1 to make this a failure)", banner, msg)
}

// Program returns the path of the program name found on PATH; without one t ends as Missing
// says.
func Program(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name+" is not installed")
	}
	return path
}

// Works ends t as Missing says where err says this machine cannot give what t needs (what):
// such as the wall, whose probe's error says why.
func Works(t testing.TB, what string, err error) {
	t.Helper()
	if err != nil {
		Missing(t, fmt.Sprintf("no %s here: %v", what, err))
	}
}
