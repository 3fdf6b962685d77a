//go:build unix

package e2e

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// TestInstallScript runs the contributors' command as a person does: ./install.sh in a clone
// with Go builds ccc-hooks into $PREFIX/bin, stamped with the clone's commit, and runs
// `ccc-hooks install` with the arguments it was given (`--help` alone prints its own usage and
// installs nothing).
// Without a terminal nothing is asked: the supervisor goes into the user's settings with the
// installed binary's absolute path. Arguments are passed on (--dry-run changes nothing), and a
// second run is safe: the settings file stays byte-identical and no temporary file is left.
func TestInstallScript(t *testing.T) {
	goTool := testneed.Program(t, "go")
	tmp := t.TempDir()
	home := filepath.Join(tmp, "home")
	prefix := filepath.Join(tmp, "prefix")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	env := []string{"HOME=" + home, "PREFIX=" + prefix, "PATH=" + os.Getenv("PATH"), "GOTOOLCHAIN=local"}
	// The build cache and modules of this machine, not of the fresh HOME: no download, no rebuild
	// of what is cached.
	for _, v := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOPROXY", "GOFLAGS"} {
		out, err := exec.Command(goTool, "env", v).Output()
		if err != nil {
			t.Fatalf("go env %s: %v", v, err)
		}
		env = append(env, v+"="+strings.TrimSpace(string(out)))
	}
	script, err := filepath.Abs(filepath.Join("..", "install.sh"))
	if err != nil {
		t.Fatal(err)
	}
	runIn := func(dir string, args ...string) string {
		t.Helper()
		cmd := exec.Command("/bin/sh", append([]string{script}, args...)...)
		cmd.Env = env
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("install.sh %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	run := func(args ...string) string {
		t.Helper()
		return runIn(tmp, args...)
	}

	out := run("--help")
	if !strings.Contains(out, "Usage: install.sh") || !strings.Contains(out, "CCC_HOOKS_RELEASE_URL") {
		t.Errorf("install.sh --help:\n%s", out)
	}
	if _, err := os.Stat(prefix); !os.IsNotExist(err) {
		t.Fatalf("install.sh --help made %s (%v)", prefix, err)
	}

	out = run()
	bin := filepath.Join(prefix, "bin", "ccc-hooks")
	if fi, err := os.Stat(bin); err != nil || fi.Mode()&0o111 == 0 {
		t.Fatalf("%s: %v, %v; want an executable\n%s", bin, fi, err, out)
	}
	// The line that puts the folder on PATH, said where the binary is installed and again where
	// the run ends (SHELL is unset here: the line is for ~/.profile).
	pathLine := "\n  echo 'export PATH=\"" + filepath.Dir(bin) + ":$PATH\"' >>~/.profile\n"
	head, err := exec.Command("git", "-C", filepath.Dir(script), "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatalf("git rev-parse HEAD: %v", err)
	}
	installed := "Installed " + bin + ": ccc-hooks dev (commit " + strings.TrimSpace(string(head))
	for _, want := range []string{installed, "is not on your PATH", pathLine, "\nRunning: ccc-hooks install\n"} {
		// Messages are fitted to 80 columns here (no terminal); the PATH line is a command, whole.
		if !strings.Contains(out, want) && !strings.Contains(oneLine(out), want) {
			t.Errorf("install.sh output lacks %q:\n%s", want, out)
		}
	}
	if n := strings.Count(out, pathLine); n != 2 || !strings.HasSuffix(strings.TrimSuffix(out, "\n"), "in this one: export PATH=\""+filepath.Dir(bin)+":$PATH\")") {
		t.Errorf("the PATH note is said %d times, or not last; want twice, where the run ends too:\n%s", n, out)
	}
	settings := filepath.Join(home, ".claude", "settings.json")
	first, err := os.ReadFile(settings)
	if err != nil {
		t.Fatalf("install.sh wrote no user settings: %v\n%s", err, out)
	}
	want := `{
  "hooks": {
    "Stop": [
      {
        "hooks": [
          {
            "type": "command",
            "command": "` + bin + ` hook",
            "timeout": 600,
            "statusMessage": "ccc-hooks supervisor reviewing"
          }
        ]
      }
    ],
    "PreToolUse": [
      {
        "matcher": "AskUserQuestion",
        "hooks": [
          {
            "type": "command",
            "command": "` + bin + ` hook",
            "timeout": 600,
            "statusMessage": "ccc-hooks supervisor reviewing"
          }
        ]
      }
    ]
  }
}
`
	if string(first) != want {
		t.Fatalf("settings.json after install.sh:\n%s\nwant:\n%s", first, want)
	}

	out = run("--profile", "workflow", "--dry-run")
	if !strings.Contains(out, "+++ ") || !strings.Contains(out, "UserPromptSubmit") {
		t.Errorf("install.sh --profile workflow --dry-run printed no diff of the workflow entries:\n%s", out)
	}
	out = run()
	if !strings.Contains(out, "already installed") {
		t.Errorf("second install.sh: want \"already installed\":\n%s", out)
	}
	if again, _ := os.ReadFile(settings); !bytes.Equal(again, first) {
		t.Errorf("settings.json changed on the second run:\n%s", again)
	}
	if _, err := os.Stat(filepath.Join(home, ".claude", "commands")); !os.IsNotExist(err) {
		t.Errorf("--dry-run wrote the workflow commands: %v", err)
	}
	// Run from another project by its path, --scope project installs for that project, not for
	// the checkout it builds from.
	proj := filepath.Join(tmp, "proj")
	if err := os.Mkdir(proj, 0o755); err != nil {
		t.Fatal(err)
	}
	out = runIn(proj, "--scope", "project")
	if b, err := os.ReadFile(filepath.Join(proj, ".claude", "settings.json")); err != nil || !strings.Contains(string(b), `"ccc-hooks hook"`) {
		t.Errorf("install.sh --scope project run in %s did not install there (%v):\n%s\n%s", proj, err, b, out)
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(script), ".claude", "settings.json")); !os.IsNotExist(err) {
		t.Errorf("install.sh --scope project wrote the checkout's project settings (%v)", err)
	}
	entries, err := os.ReadDir(filepath.Join(prefix, "bin"))
	if err != nil || len(entries) != 1 {
		t.Errorf("%s/bin holds %d entries (%v), want only ccc-hooks", prefix, len(entries), err)
	}
}

// TestInstallScriptFitsTheTerminal: install.sh's help and its messages (here the refusal of an
// option `ccc-hooks install` does not take, said before any download) are broken between words
// to fit 80 and 60 columns ($COLUMNS, as a terminal's width): the same words in the same order as
// on a wide terminal, every line within the width but for a single word (a path, a URL) and the
// README's line, a command printed whole.
func TestInstallScriptFitsTheTerminal(t *testing.T) {
	script, err := filepath.Abs(filepath.Join("..", "install.sh"))
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	run := func(cols int, args ...string) string {
		cmd := exec.Command("/bin/sh", append([]string{script}, args...)...)
		cmd.Env = []string{"HOME=" + home, "PATH=" + os.Getenv("PATH"), "COLUMNS=" + strconv.Itoa(cols)}
		out, _ := cmd.CombinedOutput()
		return string(out)
	}
	for _, args := range [][]string{{"--help"}, {"--bogus"}} {
		wide := run(100000, args...)
		for _, cols := range []int{80, 60} {
			out := run(cols, args...)
			if oneLine(out) != oneLine(wide) {
				t.Errorf("install.sh %v at %d columns says other words than on a wide terminal:\n%s\nwide:\n%s", args, cols, out, wide)
			}
			for _, line := range strings.Split(out, "\n") {
				rest := strings.TrimLeft(line, " ")
				if _, text, labelled := strings.Cut(rest, "  "); labelled {
					rest = strings.TrimLeft(text, " ")
				}
				if len(line) > cols && strings.Contains(rest, " ") && !strings.HasPrefix(rest, `sh -c "$(`) {
					t.Errorf("install.sh %v at %d columns: a line of %d that could have been broken:\n%s", args, cols, len(line), line)
				}
			}
		}
	}
}
