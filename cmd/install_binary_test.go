package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestInstallBinaryName: entries are known as ours by the program name ccc-hooks, so install
// writes a path with that name or nothing at all.
func TestInstallBinaryName(t *testing.T) {
	tests := []struct {
		name    string
		exe     string // the binary as started, relative to a fresh directory
		link    string // when set, exe is a symbolic link to this file (created)
		args    []string
		want    string // the hook command written, relative paths under the directory; "" = refused
		wantErr string
	}{
		{name: "plain", exe: "bin/ccc-hooks", want: "bin/ccc-hooks hook"},
		{name: "link to a file of the same name is resolved", exe: "bin/ccc-hooks", link: "opt/v2/ccc-hooks", want: "opt/v2/ccc-hooks hook"},
		{name: "link to a file named otherwise keeps the link", exe: "bin/ccc-hooks", link: "dl/ccc-hooks_linux_amd64", want: "bin/ccc-hooks hook"},
		{name: "renamed binary is refused", exe: "bin/my-hooks", wantErr: `this binary is named "my-hooks"`},
		{name: "link named otherwise to ccc-hooks resolves to it", exe: "bin/h", link: "opt/ccc-hooks", want: "opt/ccc-hooks hook"},
		{name: "shared scope runs ccc-hooks from PATH whatever this binary is called", exe: "bin/my-hooks", args: []string{"--scope", "project"}, want: "ccc-hooks hook"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, _, errOut := testEnv(t)
			dir := t.TempDir()
			exe := filepath.Join(dir, tt.exe)
			mustMkdir(t, filepath.Dir(exe))
			if tt.link != "" {
				mustMkdir(t, filepath.Join(dir, filepath.Dir(tt.link)))
				if err := os.WriteFile(filepath.Join(dir, tt.link), nil, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(filepath.Join(dir, tt.link), exe); err != nil {
					t.Fatal(err)
				}
			} else if err := os.WriteFile(exe, nil, 0o755); err != nil {
				t.Fatal(err)
			}
			env.Executable = func() (string, error) { return exe, nil }
			project := filepath.Join(dir, "proj")
			mustMkdir(t, project)
			settingsFile := filepath.Join(dir, "settings.json")
			args := append([]string{"install", "--yes"}, tt.args...)
			if len(tt.args) == 0 {
				args = append(args, "--file", settingsFile)
			} else {
				args = append(args, "--project-dir", project)
				settingsFile = filepath.Join(project, ".claude", "settings.json")
			}
			code := Main(env, args)
			if tt.wantErr != "" {
				if code != 1 || !strings.Contains(errOut.String(), tt.wantErr) || !strings.Contains(errOut.String(), "left unchanged") {
					t.Fatalf("exit %d, stderr %q; want 1 and %q", code, errOut, tt.wantErr)
				}
				if _, err := os.Lstat(settingsFile); !os.IsNotExist(err) {
					t.Fatalf("settings file written: %v", err)
				}
				return
			}
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			data, err := os.ReadFile(settingsFile)
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			if strings.Contains(want, "/") {
				want = filepath.Join(dir, want)
			}
			if !strings.Contains(string(data), `"command": "`+want+`"`) {
				t.Errorf("settings file does not run %q:\n%s", want, data)
			}
		})
	}
}

func mustMkdir(t *testing.T, dir string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
}

// TestInstallNextStepsQuotePath: the next steps name a binary off PATH by a path a shell takes
// as one word, as status and doctor do.
func TestInstallNextStepsQuotePath(t *testing.T) {
	env, out, errOut := testEnv(t)
	exe := filepath.Join(t.TempDir(), "My Tools", "ccc-hooks")
	mustMkdir(t, filepath.Dir(exe))
	if err := os.WriteFile(exe, nil, 0o755); err != nil {
		t.Fatal(err)
	}
	env.Executable = func() (string, error) { return exe, nil }
	if code := Main(env, []string{"install", "--yes", "--file", filepath.Join(t.TempDir(), "s.json")}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if want := "`'" + exe + "' supervisor on --default`"; !strings.Contains(out.String(), want) {
		t.Errorf("next steps lack %s:\n%s", want, out)
	}
}
