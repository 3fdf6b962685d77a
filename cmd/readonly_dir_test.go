//go:build unix

package cmd

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestInstallIntoReadOnlyDirectory: a settings file in a directory the user cannot write fails
// with a clear error, exit 1, and keeps its bytes and modification time. Root writes anywhere,
// so as root the test runs as the unprivileged user nobody.
func TestInstallIntoReadOnlyDirectory(t *testing.T) {
	if testuser.RunAsNobody(t) {
		return
	}
	bin, err := exec.LookPath("ccc-hooks")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	ro := filepath.Join(dir, "ro")
	home := filepath.Join(dir, "home")
	for _, d := range []string{ro, home} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(ro, "settings.json")
	original := []byte("{\n  \"model\": \"opus\"\n}\n")
	if err := os.WriteFile(path, original, 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour).Truncate(time.Second)
	if err := os.Chtimes(path, old, old); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(ro, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.Chmod(ro, 0o755) })

	c := exec.Command(bin, "install", "--file", path)
	c.Env = []string{"HOME=" + home, "PATH=/usr/bin:/bin"}
	var stderr bytes.Buffer
	c.Stderr = &stderr
	err = c.Run()
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) || exitErr.ExitCode() != 1 {
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
