package testuser

import (
	"os"
	"testing"
)

// TestRunAsNobody: the body runs as nobody when the suite runs as root, and as this user
// otherwise.
func TestRunAsNobody(t *testing.T) {
	root := os.Geteuid() == 0
	if RunAsNobody(t) {
		if !root {
			t.Error("RunAsNobody started a child for a user that is not root")
		}
		return
	}
	if InChild(t) && (os.Geteuid() != Nobody || os.Getegid() != Nobody) {
		t.Errorf("child runs as %d:%d, want nobody (%d)", os.Geteuid(), os.Getegid(), Nobody)
	}
	if root {
		t.Error("the body ran as root")
	}
}

func TestRunPattern(t *testing.T) {
	for name, want := range map[string]string{
		"TestA":           "^TestA$",
		"TestA/sub_(x).y": `^TestA$/^sub_\(x\)\.y$`,
	} {
		if got := runPattern(name); got != want {
			t.Errorf("runPattern(%q) = %q, want %q", name, got, want)
		}
	}
}
