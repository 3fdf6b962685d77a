//go:build linux

package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestAnotherUsersWritableFile: a user (nobody) names with --file another user's settings file
// that anyone may write, in a directory anyone may write. Writing it would make that user's
// Claude Code run a program the first user names, as that user: install refuses, saying whose
// file it is, and leaves it as it was; a new file in that user's directory is refused alike.
// Root may (it keeps the owner: TestRootInAnotherUsersHome).
func TestAnotherUsersWritableFile(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: files of other users")
	}
	bin := buildBinary(t)
	dir := openDir(t)
	victim := filepath.Join(dir, "victim", ".claude")
	if err := os.MkdirAll(victim, 0o777); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(victim, "settings.json")
	if err := os.WriteFile(file, []byte("{}\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{filepath.Dir(victim), victim, file} {
		mustRun(t, "chmod", "0777", p)
		mustRun(t, "chown", "12345:12345", p)
	}
	mustRun(t, "chmod", "0666", file)
	h := homeRun{t: t, bin: bin, env: []string{"HOME=" + usersHome(t, dir)}, asNobody: true}
	for _, target := range []string{file, filepath.Join(victim, "new.json")} {
		code, out, errOut := h.run("install", "--yes", "--file", target, "--project-dir", filepath.Dir(victim))
		if code == 0 || !strings.Contains(errOut, "uid 12345, not you (uid 65534): ccc-hooks writes no settings file of another user") {
			t.Errorf("install --file %s as nobody: exit %d\nstdout: %s\nstderr: %s", target, code, out, errOut)
		}
	}
	data, err := os.ReadFile(file)
	if err != nil || string(data) != "{}\n" {
		t.Errorf("the other user's file = %q, %v; want it as it was", data, err)
	}
	var st syscall.Stat_t
	if err := syscall.Stat(file, &st); err != nil || st.Uid != 12345 {
		t.Errorf("the other user's file belongs to %d (%v)", st.Uid, err)
	}
	if _, err := os.Lstat(filepath.Join(victim, "new.json")); !os.IsNotExist(err) {
		t.Errorf("a file was made in the other user's directory (%v)", err)
	}
}
