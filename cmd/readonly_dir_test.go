//go:build unix

package cmd

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestInstallIntoReadOnlyDirectory: a settings file in a directory the user cannot write fails
// with a clear error, exit 1, and keeps its bytes and modification time. Root writes anywhere, so
// as root the binary runs as the unprivileged user nobody.
func TestInstallIntoReadOnlyDirectory(t *testing.T) {
	src, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	// Not t.TempDir: its parent directory is private to the test's user.
	dir, err := os.MkdirTemp("", "ccc-hooks-readonly-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = os.Chmod(filepath.Join(dir, "ro"), 0o755)
		_ = os.RemoveAll(dir)
	})
	ro := filepath.Join(dir, "ro")
	home := filepath.Join(dir, "home")
	bin := filepath.Join(dir, "ccc-hooks")
	for _, d := range []string{ro, home} {
		if err := os.Mkdir(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, src, bin, 0o755)
	path := filepath.Join(ro, "settings.json")
	original := []byte("{\n  \"model\": \"opus\"\n}\n")
	if err := os.WriteFile(path, original, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{dir, home} {
		if err := os.Chmod(p, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}

	c := exec.Command(bin, "install", "--file", path)
	c.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
	if os.Geteuid() == 0 {
		c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	err = c.Run()
	if exitErr, ok := err.(*exec.ExitError); !ok || exitErr.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1; stderr: %s", err, &stderr)
	}
	msg := stderr.String()
	t.Logf("stderr: %s", msg)
	if !strings.HasPrefix(msg, "ccc-hooks: install: "+path+": ") || !strings.Contains(msg, "the file was left unchanged") {
		t.Errorf("stderr = %q, want the file named and said to be unchanged", msg)
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, original) {
		t.Errorf("file changed:\n%s", got)
	}
	if fi, err := os.Stat(path); err != nil || !fi.ModTime().Equal(old) {
		t.Errorf("modification time changed: %v (%v)", fi.ModTime(), err)
	}
	entries, _ := os.ReadDir(ro)
	if len(entries) != 1 {
		t.Errorf("the read-only directory holds %d entries, want only settings.json", len(entries))
	}
}

func copyFile(t *testing.T, from, to string, mode os.FileMode) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = in.Close() }()
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
