//go:build linux

package cmd

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// otherUser is a second user beside nobody, the owner of a private settings file root edits.
const otherUser = 12345

// homeRun is one run of the real binary with HOME set to a home of its own.
type homeRun struct {
	t        *testing.T
	bin      string
	env      []string
	asNobody bool
}

// run runs ccc-hooks with args and returns its exit code and output.
func (h homeRun) run(args ...string) (code int, stdout, stderr string) {
	h.t.Helper()
	c := exec.Command(h.bin, args...)
	c.Env = append([]string{"PATH=" + os.Getenv("PATH")}, h.env...)
	if h.asNobody {
		c.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: testuser.Nobody, Gid: testuser.Nobody}}
	}
	var out, errOut bytes.Buffer
	c.Stdout, c.Stderr = &out, &errOut
	err := c.Run()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		code = exit.ExitCode()
	case err != nil:
		h.t.Fatal(err)
	}
	return code, out.String(), errOut.String()
}

// buildBinary builds ccc-hooks into a directory every user may reach.
func buildBinary(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := filepath.Join(openDir(t), "ccc-hooks")
	build := exec.Command("go", "build", "-o", bin, "./cmd/ccc-hooks")
	build.Dir = ".."
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	return bin
}

// usersHome makes a home owned by nobody, with its .claude directory, under dir.
func usersHome(t *testing.T, dir string) string {
	t.Helper()
	home := filepath.Join(dir, "user")
	if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	mustRun(t, "chown", "-R", "65534:65534", home)
	return home
}

// rootOnly makes a directory only root may enter, holding the named files.
func rootOnly(t *testing.T, dir string, files ...string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f), []byte("root's "+f), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// entries lists the names in dir.
func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	return names
}

// plantLink puts a symbolic link owned by nobody to dest at path, in place of what is there.
func plantLink(t *testing.T, dest, path string) {
	t.Helper()
	if err := os.RemoveAll(path); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(dest, path); err != nil {
		t.Fatal(err)
	}
	if err := os.Lchown(path, testuser.Nobody, testuser.Nobody); err != nil {
		t.Fatal(err)
	}
}

// plant writes data at path as nobody's file, renamed over what is there (as the home's owner
// may).
func plant(t *testing.T, path, data string) {
	t.Helper()
	tmp := path + ".planted"
	if err := os.WriteFile(tmp, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(tmp, testuser.Nobody, testuser.Nobody); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		t.Fatal(err)
	}
}

// TestRootInAnotherUsersHome: root runs ccc-hooks with a user's HOME kept (the docs allow
// `sudo ccc-hooks install` so). Everything under that home is the user's to plant; root follows
// no link out of it and acts on no record the user could have written: a link under backups/,
// ledger/ or locks/ stops the command with the reason and touches nothing it leads to; a
// directory named in the user's dirs.json and the claims of a record the user put in place of
// root's are not acted on (uninstall says it cannot be exact); and a backup of a third user's
// private file is that user's alone.
func TestRootInAnotherUsersHome(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: files of other users")
	}
	bin := buildBinary(t)
	setup := func(t *testing.T) (dir, home string, h homeRun) {
		dir = openDir(t)
		home = usersHome(t, dir)
		return dir, home, homeRun{t: t, bin: bin, env: []string{"HOME=" + home}}
	}

	t.Run("a link under backups", func(t *testing.T) {
		dir, home, h := setup(t)
		settings := filepath.Join(home, ".claude", "settings.json")
		plainFile(t, settings, `{"model": "opus"}`, testuser.Nobody)
		if code, _, errOut := h.run("install"); code != 0 {
			t.Fatalf("install: %d %s", code, errOut)
		}
		installed, _ := os.ReadFile(settings)
		victims := rootOnly(t, filepath.Join(dir, "root-only"), "00000001-a", "00000002-a", "00000003-a", "00000004-a",
			"00000005-a", "00000006-a", "00000007-a", "00000008-a", "00000009-a", "00000010-a", "00000011-a", "00000012-a")
		backups := filepath.Join(home, ".claude", "ccc", "backups")
		plantLink(t, victims, filepath.Join(backups, entries(t, backups)[0]))
		code, _, errOut := h.run("uninstall")
		if code != 1 || !strings.Contains(errOut, "back up "+settings) || !strings.Contains(errOut, "a symbolic link") ||
			!strings.HasSuffix(errOut, "the file was left unchanged\n") {
			t.Errorf("uninstall: exit %d, %s", code, errOut)
		}
		if got, _ := os.ReadFile(settings); !bytes.Equal(got, installed) {
			t.Errorf("the settings changed:\n%s", got)
		}
		if n := len(entries(t, victims)); n != 12 {
			t.Errorf("the directory the link leads to holds %d files, want its 12", n)
		}
	})

	t.Run("a link in place of the ledger or the locks", func(t *testing.T) {
		for _, planted := range []string{"ledger", "locks", "locks/settings.lock"} {
			dir, home, h := setup(t)
			victims := rootOnly(t, filepath.Join(dir, "root-only"))
			ccc := filepath.Join(home, ".claude", "ccc")
			if err := os.MkdirAll(filepath.Join(ccc, "locks"), 0o755); err != nil {
				t.Fatal(err)
			}
			dest := victims
			if planted == "locks/settings.lock" {
				dest = filepath.Join(victims, "settings.lock")
			}
			plantLink(t, dest, filepath.Join(ccc, filepath.FromSlash(planted)))
			code, _, errOut := h.run("install")
			if code != 1 || !strings.Contains(errOut, "symbolic link") && !strings.Contains(errOut, "escapes") {
				t.Errorf("%s: install: exit %d, %s", planted, code, errOut)
			}
			if got := entries(t, victims); len(got) != 0 {
				t.Errorf("%s: the directory the link leads to holds %v", planted, got)
			}
			if _, err := os.Stat(filepath.Join(home, ".claude", "settings.json")); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s: the settings file was written: %v", planted, err)
			}
		}
	})

	t.Run("a directory named in the user's dirs.json", func(t *testing.T) {
		dir, home, h := setup(t)
		kept := filepath.Join(rootOnly(t, filepath.Join(dir, "root-only")), "empty")
		if err := os.Mkdir(kept, 0o700); err != nil {
			t.Fatal(err)
		}
		ledger := filepath.Join(home, ".claude", "ccc", "ledger")
		if err := os.MkdirAll(ledger, 0o755); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "chown", "-R", "65534:65534", filepath.Join(home, ".claude", "ccc"))
		plant(t, filepath.Join(ledger, "dirs.json"), `["`+kept+`"]`)
		project := filepath.Join(dir, "project")
		if err := os.Mkdir(project, 0o755); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := h.run("install", "--scope", "project", "--project-dir", project, "--absolute"); code != 0 {
			t.Fatalf("install: %d %s", code, errOut)
		}
		if code, _, errOut := h.run("uninstall", "--scope", "project", "--project-dir", project); code != 0 {
			t.Fatalf("uninstall: %d %s", code, errOut)
		}
		if _, err := os.Stat(kept); err != nil {
			t.Errorf("root removed the directory the user named: %v", err)
		}
		if _, err := os.Stat(filepath.Join(project, ".claude")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("the directory install created is left: %v", err)
		}
	})

	t.Run("a record the user put in place of root's", func(t *testing.T) {
		dir, home, h := setup(t)
		project := filepath.Join(dir, "root-project")
		if err := os.Mkdir(project, 0o755); err != nil {
			t.Fatal(err)
		}
		if code, _, errOut := h.run("install", "--scope", "project", "--project-dir", project, "--absolute"); code != 0 {
			t.Fatalf("install: %d %s", code, errOut)
		}
		ledger := filepath.Join(home, ".claude", "ccc", "ledger")
		var record string
		for _, n := range entries(t, ledger) {
			if strings.HasPrefix(n, "settings.json-") {
				record = filepath.Join(ledger, n)
			}
		}
		data, err := os.ReadFile(record)
		if err != nil {
			t.Fatal(err)
		}
		plant(t, record, string(data)) // the same words, the user's now
		code, _, errOut := h.run("uninstall", "--scope", "project", "--project-dir", project)
		settings := filepath.Join(project, ".claude", "settings.json")
		if code != 0 || !strings.Contains(errOut, "uninstall cannot be exact for "+settings+" (project scope): the record of what install created in it is not acted on: its record "+record+
			" belongs to uid 65534, neither you (uid 0) nor root, and ccc-hooks acts on no record another user could have written. So ") ||
			!strings.Contains(errOut, "the file stays, holding no setting, though install may have created it.") {
			t.Errorf("uninstall: exit %d, %s", code, errOut)
		}
		if got, _ := os.ReadFile(settings); string(got) != "{}\n" {
			t.Errorf("the settings file holds %q, want {} (kept: the record that says install created it is the user's)", got)
		}
	})

	t.Run("a third user's private file", func(t *testing.T) {
		dir, home, h := setup(t)
		private := filepath.Join(dir, "other")
		if err := os.Mkdir(private, 0o700); err != nil {
			t.Fatal(err)
		}
		mustRun(t, "chown", "12345:12345", private)
		settings := filepath.Join(private, "settings.json")
		plainFile(t, settings, `{"env": {"API_KEY": "sk-private"}}`, otherUser)
		mustRun(t, "chmod", "0600", settings)
		if code, _, errOut := h.run("install", "--file", settings); code != 0 {
			t.Fatalf("install: %d %s", code, errOut)
		}
		var backups []string
		_ = filepath.WalkDir(filepath.Join(home, ".claude", "ccc"), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			data, _ := os.ReadFile(p)
			fi, _ := os.Lstat(p)
			st := fi.Sys().(*syscall.Stat_t)
			if bytes.Contains(data, []byte("sk-private")) {
				backups = append(backups, p)
				if st.Uid != otherUser || fi.Mode().Perm() != 0o600 {
					t.Errorf("%s holds the file's secret, owned by uid %d with mode %04o; want the file's owner and 0600", p, st.Uid, fi.Mode().Perm())
				}
			}
			return nil
		})
		if len(backups) != 1 {
			t.Fatalf("copies of the file in the home: %v, want its one backup", backups)
		}
		read := exec.Command("cat", backups[0])
		read.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: testuser.Nobody, Gid: testuser.Nobody}}
		if out, err := read.CombinedOutput(); err == nil || bytes.Contains(out, []byte("sk-private")) {
			t.Errorf("the home's owner reads the backup of another user's private file: %s", out)
		}
	})
}

// plainFile writes data at path, owned by uid.
func plainFile(t *testing.T, path, data string, uid int) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Chown(path, uid, uid); err != nil {
		t.Fatal(err)
	}
}
