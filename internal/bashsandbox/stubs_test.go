package bashsandbox

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
)

// TestStubsTakeBackOnlyWhatTheSandboxMade: of what was missing in the git directory before a
// review, the empty files and directories the sandbox made go; a file given contents, a second
// name or a link, and a directory given an entry, stay, as does all that was there before.
func TestStubsTakeBackOnlyWhatTheSandboxMade(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	write := func(name, data string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mkdir := func(name string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Join(dir, name), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write("config.worktree", "") // the user's own, before the review
	mkdir("objects/info")
	stubs := MissingStubs(dir, dir)
	if slices.Contains(stubs, filepath.Join(dir, "config.worktree")) || len(stubs) != len(gitStubs)-1 {
		t.Fatalf("missing = %q, want every stub but config.worktree, once", stubs)
	}
	// The review: the sandbox's stubs, and what else came there meanwhile.
	write("objects/info/alternates", "/elsewhere/objects\n")
	write("NOTES_MERGE_WORKTREE", "")
	if err := os.Link(filepath.Join(dir, "NOTES_MERGE_WORKTREE"), filepath.Join(dir, "second-name")); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{
		"info/.claude-sandbox-noreplace", "objects/info/.claude-sandbox-noreplace",
		"objects/info/commit-graphs/.claude-sandbox-noreplace", "glab-cli", "remotes", "worktrees/wt",
	} {
		mkdir(name)
	}
	if err := os.Symlink("/dev/null", filepath.Join(dir, "info", "x")); err != nil {
		t.Fatal(err)
	}
	stubs.Remove()
	for name, want := range map[string]bool{
		"config.worktree": true, "objects/info/alternates": true, "NOTES_MERGE_WORKTREE": true,
		"info": true, "info/.claude-sandbox-noreplace": false, "objects/info/.claude-sandbox-noreplace": false,
		"objects/info/commit-graphs": false, "glab-cli": false, "remotes": false, "worktrees/wt": true,
	} {
		_, err := os.Lstat(filepath.Join(dir, name))
		if got := err == nil; got != want {
			t.Errorf("%s there after Remove: %v, want %v", name, got, want)
		}
	}
}
