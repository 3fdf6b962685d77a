//go:build linux

package cmd

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLedgerKnowsTheFile: the ledger finds the record of a file by what it is as well as by its
// path, so that uninstall is exact (it removes what install created, and says nothing about
// being inexact) when the file is reached another way than install reached it: through a bind
// mount (root only), under a path that is not UTF-8, and from a second config home that shares
// the file (a hard link, ccc-hooks home shared).
func TestLedgerKnowsTheFile(t *testing.T) {
	bin := buildBinary(t)
	exact := func(t *testing.T, h homeRun, args ...string) {
		t.Helper()
		code, _, errOut := h.run(append([]string{"uninstall"}, args...)...)
		if code != 0 || strings.Contains(errOut, "cannot be exact") {
			t.Errorf("uninstall %v: exit %d, %s", args, code, errOut)
		}
	}
	gone := func(t *testing.T, paths ...string) {
		t.Helper()
		for _, p := range paths {
			if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s is left: %v", p, err)
			}
		}
	}

	t.Run("bind mount", func(t *testing.T) {
		if os.Geteuid() != 0 {
			t.Skip("needs root: mount --bind")
		}
		dir := t.TempDir()
		src, mnt := filepath.Join(dir, "src"), filepath.Join(dir, "mnt")
		for _, d := range []string{src, mnt} {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		if err := syscall.Mount(src, mnt, "", syscall.MS_BIND, ""); err != nil {
			t.Skipf("mount --bind: %v", err)
		}
		t.Cleanup(func() { _ = syscall.Unmount(mnt, syscall.MNT_DETACH) })
		h := homeRun{t: t, bin: bin, env: []string{"HOME=" + filepath.Join(dir, "home")}}
		if code, _, errOut := h.run("install", "--scope", "project", "--project-dir", src, "--absolute"); code != 0 {
			t.Fatalf("install: %d %s", code, errOut)
		}
		exact(t, h, "--scope", "project", "--project-dir", mnt)
		gone(t, filepath.Join(src, ".claude"), filepath.Join(mnt, ".claude"))
	})

	t.Run("path that is not UTF-8", func(t *testing.T) {
		dir := t.TempDir()
		project := dir + "/caf" + string([]byte{0xe9}) // Latin-1 "café"
		if err := os.Mkdir(project, 0o755); err != nil {
			t.Fatal(err)
		}
		h := homeRun{t: t, bin: bin, env: []string{"HOME=" + filepath.Join(dir, "home")}}
		if code, _, errOut := h.run("install", "--scope", "project", "--project-dir", project, "--absolute"); code != 0 {
			t.Fatalf("install: %d %s", code, errOut)
		}
		ledger := filepath.Join(dir, "home", ".claude", "ccc", "ledger")
		ents, _ := os.ReadDir(ledger)
		for _, e := range ents {
			if data, _ := os.ReadFile(filepath.Join(ledger, e.Name())); !strings.Contains(string(data), `"path_bytes"`) {
				t.Errorf("record %s keeps no path bytes:\n%s", e.Name(), data)
			}
		}
		exact(t, h, "--scope", "project", "--project-dir", project)
		gone(t, filepath.Join(project, ".claude"))
	})

	t.Run("two config homes share one file", func(t *testing.T) {
		dir := t.TempDir()
		a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
		for _, d := range []string{a, b} {
			if err := os.Mkdir(d, 0o755); err != nil {
				t.Fatal(err)
			}
		}
		const old = "{\n  \"hooks\": {}\n}\n"
		if err := os.WriteFile(filepath.Join(a, "settings.json"), []byte(old), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Link(filepath.Join(a, "settings.json"), filepath.Join(b, "settings.json")); err != nil {
			t.Fatal(err)
		}
		common := []string{"HOME=" + filepath.Join(dir, "home"), "CCC_CONFIG_DIR=" + filepath.Join(dir, "ccc")}
		inA := homeRun{t: t, bin: bin, env: append(common, "CLAUDE_CONFIG_DIR="+a)}
		inB := homeRun{t: t, bin: bin, env: append(common, "CLAUDE_CONFIG_DIR="+b)}
		if code, _, errOut := inA.run("install"); code != 0 {
			t.Fatalf("install: %d %s", code, errOut)
		}
		exact(t, inB)
		for _, d := range []string{a, b} {
			if got, _ := os.ReadFile(filepath.Join(d, "settings.json")); string(got) != old {
				t.Errorf("%s/settings.json holds %q, want %q (the empty hooks object it had)", d, got, old)
			}
		}
	})
}

// TestUnreadableLedgerStops: a record that cannot be read — invalid JSON, or, for a user who is
// not root, a file without read permission — is never taken for "no record" nor written over:
// install and uninstall stop naming it, the settings file and the record as they were, and
// doctor warns about it.
func TestUnreadableLedgerStops(t *testing.T) {
	bin := buildBinary(t)
	for _, tt := range []struct {
		name     string
		asNobody bool
		spoil    func(t *testing.T, record string)
		why      string
	}{
		{"invalid JSON", false, func(t *testing.T, record string) {
			if err := os.WriteFile(record, []byte(`{"path": "/x", "created_file": tr`), 0o644); err != nil {
				t.Fatal(err)
			}
		}, "(invalid JSON: "},
		{"no read permission", true, func(t *testing.T, record string) { mustRun(t, "chmod", "0000", record) }, "permission denied"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			if tt.asNobody && os.Geteuid() != 0 {
				t.Skip("needs root to run as nobody (root reads any file)")
			}
			dir := openDir(t)
			home := filepath.Join(dir, "home")
			if err := os.MkdirAll(filepath.Join(home, ".claude"), 0o755); err != nil {
				t.Fatal(err)
			}
			if tt.asNobody {
				mustRun(t, "chown", "-R", "65534:65534", home)
			}
			h := homeRun{t: t, bin: bin, env: []string{"HOME=" + home}, asNobody: tt.asNobody}
			if code, _, errOut := h.run("install"); code != 0 {
				t.Fatalf("install: %d %s", code, errOut)
			}
			settings := filepath.Join(home, ".claude", "settings.json")
			ledger := filepath.Join(home, ".claude", "ccc", "ledger")
			record := filepath.Join(ledger, entries(t, ledger)[0])
			tt.spoil(t, record)
			installed, _ := os.ReadFile(settings)
			spoiled := fileFacts(t, record)
			spoiledBytes, _ := os.ReadFile(record)
			for _, verb := range []string{"uninstall", "install"} {
				code, _, errOut := h.run(verb, "--timeout", "30")
				if verb == "uninstall" {
					code, _, errOut = h.run(verb)
				}
				want := "ccc-hooks: " + verb + ": " + settings + ": the ledger " + record + " cannot be read "
				if code != 1 || !strings.HasPrefix(errOut, want) || !strings.Contains(errOut, tt.why) ||
					!strings.HasSuffix(errOut, "repair it, or move it away to go on without it; the file was left unchanged\n") {
					t.Errorf("%s: exit %d\n%s\nwant %s…%s", verb, code, errOut, want, tt.why)
				}
				if got, _ := os.ReadFile(settings); !bytes.Equal(got, installed) {
					t.Errorf("%s changed the settings file", verb)
				}
				if got, _ := os.ReadFile(record); !bytes.Equal(got, spoiledBytes) || fileFacts(t, record) != spoiled {
					t.Errorf("%s changed the record", verb)
				}
			}
			if _, out, _ := h.run("doctor"); !strings.Contains(out, "cannot be read") {
				t.Errorf("doctor does not name the record:\n%s", out)
			}
		})
	}
}
