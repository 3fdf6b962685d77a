package paths

import "testing"

// TestWithinOnWindows: Windows compares names with case folded, reads / as \, and never places
// a path of one volume within a directory of another.
func TestWithinOnWindows(t *testing.T) {
	for _, tc := range []struct {
		path, dir string
		want      bool
	}{
		{`C:\Users\u\Proj\src`, `c:\users\u\proj`, true},
		{`C:/Users/u/proj/src`, `C:\Users\u\proj`, true},
		{`C:\Users\u\projx`, `C:\Users\u\proj`, false},
		{`D:\Users\u\proj`, `C:\Users\u\proj`, false},
		{`\\server\share\dir\f`, `\\server\share\dir`, true},
		{`C:\x`, `C:\`, true},
	} {
		if got := Within(tc.path, tc.dir); got != tc.want {
			t.Errorf("Within(%q, %q) = %v, want %v", tc.path, tc.dir, got, tc.want)
		}
	}
}
