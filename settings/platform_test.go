package settings

import (
	"errors"
	"io/fs"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"
)

// symlink makes newname a symbolic link to oldname, or skips t where this system makes none:
// Windows without the right to create links, and Wine 8, which reports success without making
// the link.
func symlink(t *testing.T, oldname, newname string) {
	t.Helper()
	err := os.Symlink(oldname, newname)
	if err == nil {
		if fi, lerr := os.Lstat(newname); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			return
		}
	}
	if runtime.GOOS == "windows" {
		t.Skipf("this system makes no symbolic link (%v)", err)
	}
	t.Fatal(err)
}

// retryWhileOpen runs rename until Windows no longer refuses it because a program has the file
// open (access denied or a sharing violation), for up to 5 seconds; elsewhere it runs rename once.
func retryWhileOpen(rename func() error) error {
	for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(time.Millisecond) {
		err := rename()
		if runtime.GOOS != "windows" || time.Now().After(deadline) ||
			!errors.Is(err, fs.ErrPermission) && !errors.Is(err, errSharingViolation) {
			return err
		}
	}
}

// errSharingViolation is Windows' ERROR_SHARING_VIOLATION.
const errSharingViolation = syscall.Errno(32)
