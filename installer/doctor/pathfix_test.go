package doctor

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const exportLocalBin = "`export PATH=\"$HOME/.local/bin:$PATH\"`"

// homeWithLocalBin returns a home directory whose ~/.local/bin holds a ccc-hooks of mode mode.
func homeWithLocalBin(t *testing.T, mode os.FileMode) string {
	t.Helper()
	home := t.TempDir()
	bin := filepath.Join(home, ".local", "bin", "ccc-hooks")
	if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, []byte("#!/bin/sh\n"), mode); err != nil {
		t.Fatal(err)
	}
	return home
}

func TestPathFix(t *testing.T) {
	const generic = "run install.sh, or put the folder holding ccc-hooks on the PATH Claude Code is started with"
	installed := homeWithLocalBin(t, 0o755)
	tests := []struct {
		name, home, want string
	}{
		{"installed by install.sh", installed, "add " + filepath.Join(installed, ".local", "bin") +
			" to the PATH Claude Code is started with, with this line in your shell's profile: " + exportLocalBin},
		{"not executable", homeWithLocalBin(t, 0o644), generic},
		{"no ~/.local/bin", t.TempDir(), generic},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := fakeEnv(map[string]string{"HOME": tt.home}, nil, nil)
			if got := env.pathFix(); got != tt.want {
				t.Errorf("pathFix = %q\nwant %q", got, tt.want)
			}
		})
	}
}

// TestBinaryCheckLocalBinNotOnPATH: a hook running `ccc-hooks` from PATH while install.sh's
// ccc-hooks sits in ~/.local/bin, off PATH, is fixed by adding that folder, not by reinstalling.
func TestBinaryCheckLocalBinNotOnPATH(t *testing.T) {
	home := homeWithLocalBin(t, 0o755)
	env := fakeEnv(map[string]string{"HOME": home}, nil, nil)
	got := binaryCheck{env}.Run(t.Context(), snap(project(stop("ccc-hooks hook"))))
	want := "ccc-hooks (in project settings): not found on PATH: add " + filepath.Join(home, ".local", "bin") +
		" to the PATH Claude Code is started with, with this line in your shell's profile: " + exportLocalBin
	if len(got) != 1 || got[0].Status != StatusError || got[0].Message != want {
		t.Errorf("results %+v\nwant one error %q", got, want)
	}
	if len(got) == 1 && strings.Contains(got[0].Message, "install") {
		t.Errorf("advice to reinstall: %q", got[0].Message)
	}
}
