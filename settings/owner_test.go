//go:build unix

package settings

import (
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// someUser is the uid and gid the root-only tests hand files to (nobody/nogroup on Linux).
const someUser = 65534

// TestRootKeepsTheUsersOwnership: as root (`sudo ccc-hooks install` with HOME kept), editing a
// user's settings file keeps its owner, group and mode; a new file in the user's directory is
// the user's; the ccc-hooks home with its directories, locks and backups, created for a home
// the user owns, is the user's too. The ledger's records are root's, who wrote them, and
// readable by the user: the user's runs act on them (root could write them), and root's act on
// none the user could have written.
func TestRootKeepsTheUsersOwnership(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: chown to another user")
	}
	home := t.TempDir()
	mustDo(t, os.Chmod(home, 0o755))
	user := filepath.Join(home, "user")
	claude := filepath.Join(user, ".claude")
	mustDo(t, os.MkdirAll(claude, 0o700))
	mustDo(t, os.Chown(user, someUser, someUser))
	mustDo(t, os.Chown(claude, someUser, someUser))
	existing := filepath.Join(claude, "settings.json")
	testfs.Write(t, existing, "{\n  \"model\": \"opus\"\n}\n", 0o600)
	mustDo(t, os.Chown(existing, someUser, someUser))

	s := &FileStore{Home: filepath.Join(claude, "ccc")}
	if _, err := s.Update(existing, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	fresh := filepath.Join(claude, "settings-provider.json")
	if _, err := s.Update(fresh, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(existing); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("mode of the edited file: %v, %v; want 0600", fi.Mode(), err)
	}
	var leaks []string
	_ = filepath.WalkDir(claude, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		fi, err := os.Lstat(p)
		if err != nil {
			return err
		}
		st := fi.Sys().(*syscall.Stat_t)
		record := filepath.Base(filepath.Dir(p)) == "ledger" && fi.Mode().IsRegular()
		switch {
		case record && (st.Uid != 0 || fi.Mode().Perm() != 0o644):
			leaks = append(leaks, p+" (a record: root's, 0644)")
		case !record && (st.Uid != someUser || st.Gid != someUser):
			leaks = append(leaks, p)
		}
		return nil
	})
	if len(leaks) > 0 {
		t.Errorf("not the user's after root's edit: %v", leaks)
	}
	if _, err := os.Stat(filepath.Join(claude, "ccc", "ledger")); err != nil {
		t.Errorf("no ledger written: %v", err)
	}
}

// TestRootKeepsRootsOwnFiles: root creating a file in a directory root owns (managed scope
// under /etc, say) leaves it root's.
func TestRootKeepsRootsOwnFiles(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	s := newTestStore(t)
	path := filepath.Join(t.TempDir(), "claude-code", "managed-settings.json")
	if _, err := s.Update(path, installChange(testCommand)); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Sys().(*syscall.Stat_t).Uid != 0 {
		t.Errorf("managed file not root's: %v", err)
	}
}

// TestTornFileIsPutBackOnlyFromATrustedBackup: root finishing a killed write in place puts back
// a backup it wrote (or the file's owner wrote) — never one another user put in its place in a
// home root works in, which would let that user choose bytes root writes into root's file.
func TestTornFileIsPutBackOnlyFromATrustedBackup(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root: a backup of another user")
	}
	for _, planted := range []bool{false, true} {
		s := newTestStore(t)
		path := filepath.Join(t.TempDir(), "managed-settings.json")
		old := "{\"model\": \"opus\"\n}\n"
		updated := `{"hooks": {"Stop": []}, "model": "opus"}`
		torn := updated[:10] + old[10:]
		if torn == old {
			t.Fatal("the torn file must differ from the old one")
		}
		mustDo(t, s.backup(path, []byte(old), nil))
		if planted {
			backups, _ := s.Backups(path)
			mustDo(t, os.Chown(backups[0], someUser, someUser))
		}
		mustDo(t, os.WriteFile(filepath.Join(s.BackupDir(path), journalName), []byte(updated), 0o600))
		testfs.Write(t, path, torn, 0o644)
		mustDo(t, s.Tidy(path))
		want := old
		if planted {
			want = torn // left as it is: the bytes that would go back are not root's to trust
		}
		if got, _ := os.ReadFile(path); string(got) != want {
			t.Errorf("planted %v: file %q, want %q", planted, got, want)
		}
	}
}
