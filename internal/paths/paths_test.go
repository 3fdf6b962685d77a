package paths

import (
	"errors"
	"os/user"
	"path/filepath"
	"strings"
	"testing"
)

func envOf(vars map[string]string) Getenv { return func(k string) string { return vars[k] } }

// TestHomeUnsetIsTheUsersHome: without HOME, ~ is the running user's home from the user database,
// not the root directory.
func TestHomeUnsetIsTheUsersHome(t *testing.T) {
	u, err := user.Current()
	if err != nil || u.HomeDir == "" {
		t.Skipf("no home directory for the current user: %v", err)
	}
	getenv := envOf(nil)
	if got, want := ConfigDir(getenv), filepath.Join(u.HomeDir, ".claude"); got != want {
		t.Errorf("ConfigDir = %q, want %q", got, want)
	}
	if got, want := Home(getenv), filepath.Join(u.HomeDir, ".claude", "ccc"); got != want {
		t.Errorf("Home = %q, want %q", got, want)
	}
	if w := Warnings(getenv); len(w) != 0 {
		t.Errorf("warnings %q", w)
	}
}

// TestHomeUnknown: when the user database has no home either, the root directory is used and
// Warnings says so.
func TestHomeUnknown(t *testing.T) {
	saved := userHome
	t.Cleanup(func() { userHome = saved })
	userHome = func() (string, error) { return "", errors.New("no such user") }
	getenv := envOf(nil)
	if got, want := ConfigDir(getenv), filepath.Join(string(filepath.Separator), ".claude"); got != want {
		t.Errorf("ConfigDir = %q, want %q", got, want)
	}
	if w := Warnings(getenv); len(w) != 1 || !strings.Contains(w[0], "HOME is not set") || !strings.Contains(w[0], "no such user") {
		t.Errorf("warnings %q", w)
	}
}

func TestConfigDirs(t *testing.T) {
	home := filepath.Join(string(filepath.Separator), "home", "u")
	abs := filepath.Join(string(filepath.Separator), "cfg")
	tests := []struct {
		name           string
		vars           map[string]string
		config, ccc    string
		warningsSaying []string
	}{
		{"defaults", map[string]string{"HOME": home}, filepath.Join(home, ".claude"), filepath.Join(home, ".claude", "ccc"), nil},
		{
			"absolute dirs",
			map[string]string{"HOME": home, "CLAUDE_CONFIG_DIR": abs, "CCC_CONFIG_DIR": filepath.Join(abs, "x")},
			abs, filepath.Join(abs, "x"), nil,
		},
		{
			"relative claude dir",
			map[string]string{"HOME": home, "CLAUDE_CONFIG_DIR": "cfg"},
			filepath.Join(home, ".claude"), filepath.Join(home, ".claude", "ccc"),
			[]string{`CLAUDE_CONFIG_DIR="cfg" is not an absolute path: Claude Code takes it from the directory it is started in, and ccc-hooks keeps its own files (ccc.json, its home) in ` + filepath.Join(home, ".claude")},
		},
		{
			"relative ccc dir",
			map[string]string{"HOME": home, "CLAUDE_CONFIG_DIR": abs, "CCC_CONFIG_DIR": "./state"},
			abs, filepath.Join(abs, "ccc"),
			[]string{`ignoring CCC_CONFIG_DIR="./state": not an absolute path`},
		},
		{
			"both relative",
			map[string]string{"HOME": home, "CLAUDE_CONFIG_DIR": "a", "CCC_CONFIG_DIR": "b"},
			filepath.Join(home, ".claude"), filepath.Join(home, ".claude", "ccc"),
			[]string{"CLAUDE_CONFIG_DIR", "CCC_CONFIG_DIR"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := envOf(tt.vars)
			if got := ConfigDir(getenv); got != tt.config {
				t.Errorf("ConfigDir = %q, want %q", got, tt.config)
			}
			if got := Home(getenv); got != tt.ccc {
				t.Errorf("Home = %q, want %q", got, tt.ccc)
			}
			w := Warnings(getenv)
			if len(w) != len(tt.warningsSaying) {
				t.Fatalf("warnings %q, want %d", w, len(tt.warningsSaying))
			}
			for i, want := range tt.warningsSaying {
				if !strings.Contains(w[i], want) {
					t.Errorf("warning %q does not say %q", w[i], want)
				}
			}
		})
	}
}

// TestHomeDirOnWindows: Claude Code's ~ is USERPROFILE on Windows, HOME elsewhere; each falls
// back to the other.
func TestHomeDirOnWindows(t *testing.T) {
	both := func(k string) string { return map[string]string{"HOME": "/home/me", "USERPROFILE": `C:\Users\me`}[k] }
	only := func(k string) string { return map[string]string{"HOME": "/home/me"}[k] }
	for _, tt := range []struct {
		goos   string
		getenv Getenv
		want   string
	}{
		{"linux", both, "/home/me"},
		{"windows", both, `C:\Users\me`},
		{"windows", only, "/home/me"},
	} {
		if got := homeDirFor(tt.getenv, tt.goos); got != tt.want {
			t.Errorf("homeDirFor(%s) = %q, want %q", tt.goos, got, tt.want)
		}
	}
}
