//go:build unix

package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// Texts of the release scenario.
const (
	releaseFeedback = "Add a test for the empty input."
	releaseFirst    = "Implemented the parser. Done."
	releaseSecond   = "Added the test for the empty input. Done."
)

// Release is a snapshot release as GoReleaser lays it out in dist/: one archive per platform and
// checksums.txt, built from Commit.
type Release struct{ Dir, Commit string }

// RequireRelease finds the snapshot release of the checkout: $CCC_E2E_RELEASE_DIR, else the
// checkout's dist/ (scripts/release-check.sh builds it; .ci/run runs that first). A dist/ built
// from another commit than the checkout's HEAD is not this checkout's release. Without one it
// skips (fails on CI) saying how to build it.
func RequireRelease(t testing.TB) Release {
	t.Helper()
	dir := os.Getenv("CCC_E2E_RELEASE_DIR")
	if dir == "" {
		dir = filepath.Join(Checkout(t), "dist")
	}
	const build = "build it with scripts/release-check.sh (or `goreleaser release --snapshot --clean`), or point CCC_E2E_RELEASE_DIR at one"
	meta, err := os.ReadFile(filepath.Join(dir, "metadata.json"))
	if _, statErr := os.Stat(filepath.Join(dir, "checksums.txt")); err != nil || statErr != nil {
		missing(t, "no snapshot release in %s: %s", dir, build)
	}
	m := regexp.MustCompile(`"commit":"([0-9a-f]{40})"`).FindSubmatch(meta)
	head, err := exec.Command("git", "-C", Checkout(t), "rev-parse", "HEAD").Output()
	if err != nil {
		t.Fatalf("git rev-parse HEAD: %v", err)
	}
	if len(m) < 2 || string(m[1]) != strings.TrimSpace(string(head)) {
		missing(t, "the snapshot release in %s is not of this checkout's commit %s: %s", dir, strings.TrimSpace(string(head)), build)
	}
	return Release{Dir: dir, Commit: string(m[1])}
}

// ServeRelease serves, on loopback, the checkout's install.sh at /install.sh and the release's
// files under /release/, as the project's site and its releases serve them; it returns the base
// URL.
func ServeRelease(t testing.TB, r Release) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/install.sh", func(w http.ResponseWriter, req *http.Request) {
		http.ServeFile(w, req, filepath.Join(Checkout(t), "install.sh"))
	})
	mux.Handle("/release/", http.StripPrefix("/release/", http.FileServer(http.Dir(r.Dir))))
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// projectSite is where the README's install line fetches install.sh from.
const projectSite = "https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main"

// ReadmeInstallLine is the install line of the README's Install section (testrepo.InstallLine),
// which must fetch install.sh from the project's site with curl, else wget.
func ReadmeInstallLine(t testing.TB) string {
	t.Helper()
	line := testrepo.InstallLine(t)
	if !strings.HasPrefix(line, `sh -c "$(command -v curl >/dev/null && curl -fsSL `+projectSite+"/install.sh || wget -qO- "+projectSite+"/install.sh") {
		t.Fatalf("the README's install line does not fetch install.sh from %s: %s", projectSite, line)
	}
	return line
}

// InstallLine runs the README's install line with its site replaced by site and
// CCC_HOOKS_RELEASE_URL at site's /release, in the sandbox's HOME, on a PATH that holds only links
// to the programs install.sh uses: no go. It returns what it printed and the binary it installed
// (the default place, ~/.local/bin/ccc-hooks).
func (s *Sandbox) InstallLine(t testing.TB, site string) (string, Product) {
	t.Helper()
	line := strings.ReplaceAll(ReadmeInstallLine(t), projectSite, site)
	cmd := exec.Command("/bin/sh", "-c", line)
	cmd.Dir = s.Home
	cmd.Env = []string{
		"HOME=" + s.Home, "CLAUDE_CONFIG_DIR=" + s.ConfigDir, "TMPDIR=" + s.Tmp, "PATH=" + s.InstallTools(t),
		"CCC_HOOKS_RELEASE_URL=" + site + "/release",
	}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("the install line %q: %v\n%s", line, err, out)
	}
	return string(out), Product{Path: filepath.Join(s.Home, ".local", "bin", "ccc-hooks")}
}

// InstallTools returns a folder of links to the programs install.sh uses, and nothing else (no
// go): the PATH of a machine without Go.
func (s *Sandbox) InstallTools(t testing.TB) string {
	t.Helper()
	tools := filepath.Join(s.Root, "tools")
	if err := os.MkdirAll(tools, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{
		"sh", "curl", "cat", "cp", "mv", "rm", "mkdir", "mktemp", "chmod", "dirname",
		"grep", "awk", "sed", "cut", "tr", "tar", "gzip", "uname", "sha256sum", "wc", "sleep", "date", "stty",
	} {
		found, err := exec.LookPath(p)
		if err != nil {
			t.Fatalf("%s is not on PATH: %v", p, err)
		}
		if err := os.Symlink(found, filepath.Join(tools, p)); err != nil && !os.IsExist(err) {
			t.Fatal(err)
		}
	}
	return tools
}

// TestReleaseInstallLineAsksInTerminal: the README's install line typed into a shell in a
// terminal (tmux), on a PATH without Go: the script comes through a pipe, yet `ccc-hooks install`
// asks its questions on the terminal, as ./install.sh does. Esc at the first one cancels the
// install; the verified binary stays installed, and install.sh says so; no settings are written.
func TestReleaseInstallLineAsksInTerminal(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	rel := RequireRelease(t)
	s := NewPlainSandbox(t)
	site := ServeRelease(t, rel)
	term := s.StartTerminal(t, tmux, "env", "PATH="+s.InstallTools(t), "CCC_HOOKS_RELEASE_URL="+site+"/release", "PS1=$ ", "sh")
	term.WaitScreen(t, promptTimeout, "$") // the prompt (the screen drops the space after it)
	term.Keys(t, "-l", strings.ReplaceAll(ReadmeInstallLine(t), projectSite, site))
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Which settings file?")
	term.Keys(t, "Escape")
	term.WaitScreen(t, promptTimeout, "ccc-hooks: install cancelled; no file was changed")
	bin := filepath.Join(s.Home, ".local", "bin", "ccc-hooks")
	term.WaitScreen(t, promptTimeout, "ended with exit status 1")
	screen := oneLine(joined(term))
	for _, want := range []string{"Verified ccc-hooks_", "Installed " + bin + ": ccc-hooks ", "install.sh: " + bin + " is installed (ccc-hooks "} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	if got := s.ReadFile(t, s.SettingsPath()); got != "" {
		t.Errorf("settings written after Esc:\n%s", got)
	}
}

// TestReleaseInstallLineTyped: on a PATH without Go, the README's install line, pointed at the
// snapshot release, downloads the archive for this machine, verifies it against checksums.txt
// and installs a binary that names the release's commit; the supervisor it installed into the
// user's settings works in the real Claude Code, typed in tmux: the first stop is blocked with
// the review's feedback, the second allowed, and the user sees the verdict line.
func TestReleaseInstallLineTyped(t *testing.T) {
	t.Parallel()
	tmux := RequireTmux(t)
	claude := RequireClaude(t)
	rel := RequireRelease(t)
	api := StartFakeAPI(t, blockOnceScript(releaseFeedback, releaseFirst, releaseSecond))
	sc := &scenario{Sandbox: NewSandbox(t, claude, api), api: api}

	out, installed := sc.InstallLine(t, ServeRelease(t, rel))
	sc.product = installed
	version := strings.TrimSpace(sc.MustCCC(t, installed, "--version").Stdout)
	if !strings.HasPrefix(version, "ccc-hooks ") || !strings.Contains(version, " (commit "+rel.Commit+", built ") ||
		strings.HasPrefix(version, "ccc-hooks dev ") {
		t.Errorf("the installed ccc-hooks --version = %q, want a release naming commit %s", version, rel.Commit)
	}
	for _, want := range []string{"Verified ccc-hooks_", "Installed " + installed.Path + ": " + version, "Running: ccc-hooks install"} {
		if !strings.Contains(oneLine(out), want) { // fitted to 80 columns: no terminal
			t.Errorf("the install line's output lacks %q:\n%s", want, out)
		}
	}
	if got := sc.ReadFile(t, sc.SettingsPath()); !strings.Contains(got, `"command": "`+installed.Path+` hook"`) {
		t.Fatalf("the user settings do not run the installed binary:\n%s", got)
	}
	sc.EnableSupervisor(t, installed)

	session := NewSessionID(t)
	term := startTyped(t, sc, tmux, session)
	typeLine(t, term, "Implement the parser.")
	checkTrail(t, waitDecisions(t, sc.Sandbox, session, 2), "Stop:block", "Stop:allow")
	screen := term.WaitScreen(t, 30*time.Second, "ccc-hooks supervisor: allowed the stop (review 2 of 20")
	for _, want := range []string{releaseFeedback, releaseSecond} {
		if !strings.Contains(screen, want) {
			t.Errorf("the screen lacks %q:\n%s", want, screen)
		}
	}
	if n := len(sc.api.Supervisor()); n != 2 {
		t.Errorf("supervisor reviews = %d, want 2", n)
	}
}
