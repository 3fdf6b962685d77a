package checks

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
	"github.com/ccc-hooks/ccc-hooks/internal/wall"
)

// TestFilesOfAnotherUser: in a user namespace of one user (every user but root), a file of
// another user in the project reads as it is, but cannot be copied up into the layer: renaming it
// (which that user may do outside, in a directory of their own) fails with "Value too large for
// defined data type". The evidence says how many such files there are, so that the reviewer
// reads such a failure for what it is. Run from root as the user nobody, in a project holding a
// file of root's.
func TestFilesOfAnotherUser(t *testing.T) {
	if os.Geteuid() != 0 && !testuser.InChild(t) {
		t.Skip("only root can put a file of another user in the project")
	}
	const name = "root-owned.txt"
	if !testuser.InChild(t) {
		mine := filepath.Join(t.TempDir(), name)
		if err := os.WriteFile(mine, []byte("root's own\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		testuser.RunAsNobody(t, mine) // copied, root's still, into nobody's directory
		return
	}
	testneed.Works(t, "wall", wall.Probe(context.Background(), ""))
	dir, _ := os.Getwd() // nobody's, holding root's file
	r := runner(t, dir)
	ev := r.Run(context.Background(), []config.Check{{Command: "cat " + name + "; mv " + name + " moved.txt; echo mv=$?", TimeoutSeconds: 30}}, true)
	out := ev.Results[0].Output
	if !strings.Contains(out, "root's own") || !strings.Contains(out, "Value too large for defined data type") || !strings.Contains(out, "mv=1") {
		t.Errorf("output:\n%s", out)
	}
	if ev.Tree.Foreign < 1 || !strings.Contains(ev.Section("en"), "files or directories in the project belong to another user") {
		t.Errorf("foreign %d; section:\n%s", ev.Tree.Foreign, ev.Section("en"))
	}
	if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
		t.Errorf("root's file: %v", err)
	}
}
