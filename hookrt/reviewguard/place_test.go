package reviewguard

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestPlantable: a program bash would find first in a directory of $PATH that is not absolute
// (so in the tree the reviewer reads) is refused; one found first in an absolute directory is not.
func TestPlantable(t *testing.T) {
	t.Parallel()
	repo := t.TempDir()
	sys := t.TempDir()
	testfs.Write(t, filepath.Join(repo, "bin", "cat"), "#!/bin/sh\n", 0o755)
	testfs.Write(t, filepath.Join(repo, "ls"), "#!/bin/sh\n", 0o755)
	testfs.Write(t, filepath.Join(repo, "notes"), "not a program\n", 0o644)
	for _, name := range []string{"cat", "ls", "notes"} {
		testfs.Write(t, filepath.Join(sys, name), "#!/bin/sh\n", 0o755)
	}
	sep := string(os.PathListSeparator)
	tests := []struct {
		path, name string
		refused    bool
	}{
		{sys + sep + "bin", "cat", false},
		{"bin" + sep + sys, "cat", true},
		{sep + sys, "ls", true}, // an empty entry is the working directory
		{"." + sep + sys, "ls", true},
		{"." + sep + sys, "notes", false}, // not executable: bash passes it by
		{"." + sep + sys, "rg-not-here", false},
	}
	for _, tt := range tests {
		err := Place{Cwd: repo, Root: repo, Path: tt.path}.plantable(tt.name)
		if (err != nil) != tt.refused {
			t.Errorf("PATH=%q %s: %v, want refused %v", tt.path, tt.name, err, tt.refused)
		}
	}
}

// TestPlantableInsideTheRepository: a program found first in an absolute directory of $PATH
// inside the review's directory or the work tree under review (through a link too) is refused,
// as a project's settings could put one there; one in a directory beside them, above them, or
// anywhere with no work tree known, is not.
func TestPlantableInsideTheRepository(t *testing.T) {
	t.Parallel()
	top := t.TempDir()
	tree, root := filepath.Join(top, "tree"), filepath.Join(top, "tree", "sub")
	for _, dir := range []string{filepath.Join(tree, "bin"), filepath.Join(root, "bin"), filepath.Join(top, "tree-other"), top} {
		testfs.Write(t, filepath.Join(dir, "git"), "#!/bin/sh\n", 0o755)
	}
	if err := os.Symlink(filepath.Join(tree, "bin"), filepath.Join(top, "link")); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path, tree string
		refused    bool
	}{
		{filepath.Join(root, "bin"), "", true},
		{filepath.Join(tree, "bin"), tree, true},
		{filepath.Join(tree, "bin"), "", false},
		{filepath.Join(top, "link"), tree, true},
		{filepath.Join(top, "tree-other"), tree, false},
		{top, tree, false},
	}
	for _, tt := range tests {
		err := Place{Cwd: root, Root: root, Path: tt.path, Tree: tt.tree}.plantable("git")
		if (err != nil) != tt.refused {
			t.Errorf("PATH=%q, tree %q: %v, want refused %v", tt.path, tt.tree, err, tt.refused)
		}
	}
}

func TestSameRepository(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	link := filepath.Join(t.TempDir(), "link")
	if err := os.Symlink(root, link); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		where Place
		want  string
	}{
		{Place{Cwd: root, Root: root}, ""},
		{Place{Cwd: root + "/", Root: root}, ""},
		{Place{Cwd: link, Root: root}, ""},
		{Place{Cwd: filepath.Join(root, "nested"), Root: root}, "not in"},
		{Place{Cwd: root}, "not known"},
		{Place{Root: root}, "not known"},
	}
	for _, tt := range tests {
		err := tt.where.sameRepository()
		if tt.want == "" && err != nil || tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)) {
			t.Errorf("%+v: %v, want %q", tt.where, err, tt.want)
		}
	}
}
