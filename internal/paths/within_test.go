package paths

import (
	"runtime"
	"testing"
)

// TestWithin: a path is within a directory when it is the directory or lies below it, named
// cleanly or not; a sibling that shares a prefix of its name, a parent, and a relative path
// against an absolute one are not.
func TestWithin(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows' names: TestWithinOnWindows")
	}
	for _, tc := range []struct {
		path, dir string
		want      bool
	}{
		{"/a/b", "/a/b", true},
		{"/a/b/c", "/a/b", true},
		{"/a/b/c", "/a/b/", true},
		{"/a/b/", "/a/b", true},
		{"/a/b/..c/d", "/a/b", true},
		{"/a/bc", "/a/b", false},
		{"/a", "/a/b", false},
		{"/a/b/../c", "/a/b", false},
		{"/x", "/", true},
		{"/", "/", true},
		{"a/b", "/a", false},
		{"/a/b", "a", false},
		{"a/b", "a", true},
	} {
		if got := Within(tc.path, tc.dir); got != tc.want {
			t.Errorf("Within(%q, %q) = %v, want %v", tc.path, tc.dir, got, tc.want)
		}
	}
}
