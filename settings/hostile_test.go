//go:build unix

package settings

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestRefusesNonRegularFiles: a directory, a FIFO, a device (through a symlink, as a user can
// make one) and, as root, a device node made in place are refused at once with an error naming
// the file and its kind, without being opened for reading (a FIFO would block, /dev/zero would
// read forever) and without being replaced.
func TestRefusesNonRegularFiles(t *testing.T) {
	cases := []struct {
		name string
		make func(t *testing.T, path string)
		kind string
	}{
		{"directory", func(t *testing.T, p string) { mustDo(t, os.Mkdir(p, 0o755)) }, "a directory"},
		{"fifo", func(t *testing.T, p string) { mustDo(t, syscall.Mkfifo(p, 0o644)) }, "a FIFO"},
		{"symlink to /dev/zero", func(t *testing.T, p string) { mustDo(t, os.Symlink("/dev/zero", p)) }, "a character device"},
		{"device node", func(t *testing.T, p string) {
			if os.Geteuid() != 0 {
				t.Skip("mknod of a device needs root")
			}
			mustDo(t, syscall.Mknod(p, syscall.S_IFCHR|0o644, 1<<8|3)) // like /dev/null
		}, "a character device"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newTestStore(t)
			path := filepath.Join(t.TempDir(), "settings.json")
			tc.make(t, path)
			before, _ := os.Lstat(path)
			done := make(chan error, 2)
			go func() {
				_, err := s.Preview(path, installChange(testCommand))
				done <- err
				_, err = s.Update(path, installChange(testCommand))
				done <- err
			}()
			for _, what := range []string{"Preview", "Update"} {
				select {
				case err := <-done:
					var nr *NotRegularError
					if !errors.As(err, &nr) || !strings.Contains(err.Error(), tc.kind) || !strings.Contains(err.Error(), "settings.json") {
						t.Errorf("%s: err = %v, want a NotRegularError naming the file as %s", what, err, tc.kind)
					}
				case <-time.After(3 * time.Second):
					t.Fatalf("%s hangs on %s", what, tc.name)
				}
			}
			after, err := os.Lstat(path)
			if err != nil || after.Mode() != before.Mode() || !os.SameFile(before, after) {
				t.Errorf("the %s was replaced: %v", tc.name, err)
			}
		})
	}
}
