//go:build unix

package cmd

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/paths"
)

// TestInstallRefusesNonUTF8Binary: a binary whose path holds bytes that are not UTF-8 would be
// written into a command Claude Code reads as U+FFFD and cannot run: install refuses it before
// anything is written, ccc-hooks home included. Run through a link whose path is UTF-8, that
// path is what the entries run.
func TestInstallRefusesNonUTF8Binary(t *testing.T) {
	env, out, errOut := testEnv(t)
	home := env.Getenv("HOME")
	dir := home + "/tools-" + string([]byte{0xff, 0xfe})
	bin := filepath.Join(dir, "ccc-hooks")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	env.Executable = func() (string, error) { return bin, nil }
	if code := Main(env, []string{"install"}); code != 1 {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	user := paths.Place{Getenv: env.Getenv}.UserFile()
	want := "ccc-hooks: install: " + user + `: this binary's path, "` + home + `/tools-\xff\xfe/ccc-hooks", holds bytes that are not UTF-8 text, ` +
		"which Claude Code cannot read back from a settings file, so the hook could never run; the file was left unchanged. " +
		"Install from a path that is UTF-8 (move the binary, or run it through a link whose path is)\n"
	if errOut.String() != want {
		t.Errorf("stderr:\n%s\nwant:\n%s", errOut, want)
	}
	for _, p := range []string{user, filepath.Dir(user)} {
		if _, err := os.Lstat(p); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s was written: %v", p, err)
		}
	}

	link := filepath.Join(home, "bin", "ccc-hooks")
	if err := os.MkdirAll(filepath.Dir(link), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(bin, link); err != nil {
		t.Fatal(err)
	}
	env.Executable = func() (string, error) { return link, nil }
	errOut.Reset()
	if code := Main(env, []string{"install"}); code != 0 {
		t.Fatalf("through a UTF-8 link: exit %d\n%s", code, errOut)
	}
	data, _ := os.ReadFile(user)
	if !bytes.Contains(data, []byte(`"command": "`+link+` hook"`)) {
		t.Errorf("the entries do not run the link:\n%s", data)
	}
}

// TestInstallRefusesAResultTooLargeToRead: a settings file 100 bytes under the 64 MiB that
// ccc-hooks reads would grow past it with our entries; install refuses, the file as it was, and
// uninstall still reads the file.
func TestInstallRefusesAResultTooLargeToRead(t *testing.T) {
	env, out, errOut := testEnv(t)
	user := paths.Place{Getenv: env.Getenv}.UserFile()
	if err := os.MkdirAll(filepath.Dir(user), 0o755); err != nil {
		t.Fatal(err)
	}
	const limit = 64 << 20
	pad := limit - 100 - len(`{"pad": ""}`+"\n")
	old := []byte(`{"pad": "` + strings.Repeat("x", pad) + `"}` + "\n")
	if err := os.WriteFile(user, old, 0o644); err != nil {
		t.Fatal(err)
	}
	if code := Main(env, []string{"install"}); code != 1 {
		t.Fatalf("exit %d, want 1\n%s", code, out)
	}
	if !strings.Contains(errOut.String(), "ccc-hooks: install: "+user+": the change would make the file ") ||
		!strings.Contains(errOut.String(), " bytes, more than the 64 MiB ccc-hooks reads of a settings file, so ccc-hooks could not read it back (nor uninstall); the file was left unchanged\n") {
		t.Errorf("stderr: %s", errOut)
	}
	if got, _ := os.ReadFile(user); !bytes.Equal(got, old) {
		t.Error("the file changed")
	}
	errOut.Reset()
	if code := Main(env, []string{"uninstall"}); code != 0 {
		t.Errorf("uninstall: exit %d\n%s", code, errOut)
	}
}
