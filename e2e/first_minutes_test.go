//go:build unix

package e2e

import (
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// Each test here types the README's install line (or what follows it) into a shell in an 80×24
// terminal, on a PATH without Go, with the release served on loopback, and checks what the person
// sees: the part of the screen still visible when each question is asked or the run ends. The
// screens are logged (go test -v) as they were.

// smallCols and smallRows are the terminal a person opens without thinking about it.
const (
	smallCols = 80
	smallRows = 24
)

// newerTag is the release the edge server's latest page names, for version --check.
const newerTag = "v9.9.9"

// ServeReleaseEdges serves the release of r as ServeRelease does, under /release/, and the same
// release as it reaches someone on a poor or a captive network: /html/ answers checksums.txt with
// a captive portal's login page, /cut/ sends half of each archive and drops the connection, /slow/
// sends each archive in eight parts 750 ms apart; and /releases/latest redirects to the release
// page of newerTag, as GitHub answers it. It returns the base URL.
func ServeReleaseEdges(t testing.TB, r Release) string {
	t.Helper()
	mux := http.NewServeMux()
	mux.HandleFunc("/install.sh", func(w http.ResponseWriter, req *http.Request) {
		http.ServeFile(w, req, filepath.Join(Checkout(t), "install.sh"))
	})
	files := http.FileServer(http.Dir(r.Dir))
	mux.Handle("/release/", http.StripPrefix("/release/", files))
	mux.HandleFunc("/html/", func(w http.ResponseWriter, req *http.Request) {
		if path.Base(req.URL.Path) == "checksums.txt" {
			w.Header().Set("Content-Type", "text/html")
			_, _ = w.Write([]byte("<!DOCTYPE html>\n<html><head><title>Log in to the network</title></head><body>Please log in.</body></html>\n"))
			return
		}
		http.StripPrefix("/html/", files).ServeHTTP(w, req)
	})
	mux.HandleFunc("/cut/", func(w http.ResponseWriter, req *http.Request) {
		data, ok := archiveOf(t, r, req)
		if !ok {
			http.StripPrefix("/cut/", files).ServeHTTP(w, req)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		_, _ = w.Write(data[:len(data)/2])
		w.(http.Flusher).Flush()
		if conn, _, err := w.(http.Hijacker).Hijack(); err == nil {
			_ = conn.Close()
		}
	})
	mux.HandleFunc("/slow/", func(w http.ResponseWriter, req *http.Request) {
		data, ok := archiveOf(t, r, req)
		if !ok {
			http.StripPrefix("/slow/", files).ServeHTTP(w, req)
			return
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		part := (len(data) + 7) / 8
		for len(data) > 0 {
			n := min(part, len(data))
			if _, err := w.Write(data[:n]); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			if data = data[n:]; len(data) > 0 {
				time.Sleep(750 * time.Millisecond)
			}
		}
	})
	mux.HandleFunc("/releases/latest", func(w http.ResponseWriter, req *http.Request) {
		http.Redirect(w, req, "/releases/tag/"+newerTag, http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	return srv.URL
}

// archiveOf returns the archive of r that req asks for (ok false for any other file).
func archiveOf(t testing.TB, r Release, req *http.Request) ([]byte, bool) {
	name := path.Base(req.URL.Path)
	if !strings.HasPrefix(name, "ccc-hooks_") {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(r.Dir, name))
	if err != nil {
		t.Errorf("serve %s: %v", name, err)
		return nil, false
	}
	return data, true
}

// smallShell starts sh in an 80×24 terminal in the sandbox's home directory (where people paste
// one-liners), with PATH the folder of install.sh's tools (no go, not ~/.local/bin) and the
// release folder at site's release. It waits for the prompt.
func smallShell(t *testing.T, s *Sandbox, site, release, tools string) *Terminal {
	t.Helper()
	tmux := RequireTmux(t)
	term := s.StartTerminalSize(t, tmux, smallCols, smallRows, "env", "PATH="+tools, "CCC_HOOKS_RELEASE_URL="+site+release,
		"PS1=$ ", "sh")
	term.WaitScreen(t, promptTimeout, "$")
	term.Keys(t, "-l", "cd")
	term.Keys(t, "Enter")
	return term
}

// typeInstallLine types the README's install line, fetching install.sh from site, with args
// after it.
func typeInstallLine(t *testing.T, term *Terminal, site, args string) {
	t.Helper()
	line := strings.ReplaceAll(ReadmeInstallLine(t), projectSite, site)
	if args != "" {
		line += " -- " + args
	}
	clearScreen(t, term)
	term.Keys(t, "-l", line+`; echo "exit=$?"`)
	term.Keys(t, "Enter")
}

// clearScreen empties the terminal and its history, so that what is waited for next is what the
// next command prints.
func clearScreen(t *testing.T, term *Terminal) {
	t.Helper()
	for _, args := range [][]string{{"send-keys", "-R", "-t", "e2e"}, {"clear-history", "-t", "e2e"}} {
		if out, err := term.cmd(args...).CombinedOutput(); err != nil {
			t.Fatalf("tmux %v: %v\n%s", args, err, out)
		}
	}
}

// typeShellCommand types a shell command after clearing the screen, and Enter.
func typeShellCommand(t *testing.T, term *Terminal, command string) {
	t.Helper()
	clearScreen(t, term)
	term.Keys(t, "-l", command)
	term.Keys(t, "Enter")
}

// joined is the visible screen with the lines the terminal wrapped joined again.
func joined(term *Terminal) string {
	out, err := term.cmd("capture-pane", "-p", "-J", "-t", "e2e").Output()
	if err != nil {
		return ""
	}
	return string(out)
}

// logScreen keeps the screen of one moment in the test's log.
func logScreen(t *testing.T, term *Terminal, moment string) string {
	t.Helper()
	screen := term.Screen()
	t.Logf("the screen %s:\n%s", moment, screen)
	return screen
}

// TestInstallLineFromHomeSmallTerminal: the first five minutes and the hundredth day, in an 80×24
// terminal, from the home directory, on a PATH without Go.
//
//   - The scope question leaves project out (here it is the user file) and says why.
//   - When asked to confirm, the part being confirmed (the settings file's new entries) is on
//     screen, in the summary right above the question.
//   - Where the run ends, the PATH note is on screen again.
//   - A re-run with Enter throughout keeps the first run's answers (no slash commands, which
//     the first run declined) and changes nothing.
//   - `-- --scope project` here is refused, saying why; install.sh says what stands.
//   - Ctrl-C at the first question: no file was changed, and install.sh says the binary stands.
//   - `ccc-hooks version --check` says that a newer release exists.
//   - `ccc-hooks uninstall --all` lists everything, asks (no by default), and on "y" removes it.
func TestInstallLineFromHomeSmallTerminal(t *testing.T) {
	t.Parallel()
	rel := RequireRelease(t)
	s := NewPlainSandbox(t)
	site := ServeReleaseEdges(t, rel)
	term := smallShell(t, s, site, "/release", s.InstallTools(t))
	bin := filepath.Join(s.Home, ".local", "bin", "ccc-hooks")

	typeInstallLine(t, term, site, "")
	term.WaitScreen(t, promptTimeout, "? Which settings file?")
	screen := logScreen(t, term, "at the scope question")
	if !strings.Contains(oneLine(joined(term)), "Here, in "+s.Home+", the project settings file is your user settings file") ||
		regexp.MustCompile(`(?m)^[> ] project\s`).MatchString(joined(term)) {
		t.Errorf("the scope question offers project, or says nothing of why not:\n%s", screen)
	}
	term.Keys(t, "Enter") // user
	term.WaitScreen(t, promptTimeout, "? Which events")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Hook timeout in seconds")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Also add the /supervisor")
	term.Keys(t, "-l", "n")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Turn the supervisor on by default")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Run checks before each review of a stop?")
	screen = logScreen(t, term, "at the checks question")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "in every project you open in Claude Code") ||
		!strings.Contains(visible, "nothing it writes is kept, and it has no network") ||
		!strings.Contains(visible, "A machine that cannot make that copy does not run checks at all.") {
		t.Errorf("the checks question does not say where checks run, what they can touch, or what a machine without the wall does:\n%s", screen)
	}
	checkScreenFits(t, term, "at the checks question")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Write these changes to")
	logScreen(t, term, "when asked to confirm")
	want := "Changes to write: " + s.SettingsPath() + " (new): adds Stop, PreToolUse[AskUserQuestion] running `" + bin + " hook` (timeout 600 s) ?"
	if visible := oneLine(joined(term)); !strings.Contains(visible, want) {
		t.Errorf("the settings change being confirmed is not on screen (%q):\n%s", want, visible)
	}
	checkScreenFits(t, term, "when asked to confirm")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "exit=0")
	screen = logScreen(t, term, "where the first run ends")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "Note: "+filepath.Dir(bin)+" is not on your PATH; add it with:") ||
		!strings.Contains(screen, "export PATH=") {
		t.Errorf("the PATH note is not on screen where the run ends:\n%s", screen)
	}
	checkScreenFits(t, term, "where the first run ends")
	first := s.ReadFile(t, s.SettingsPath())
	if !strings.Contains(first, `"command": "`+bin+` hook"`) {
		t.Fatalf("the user settings do not run %s:\n%s", bin, first)
	}

	typeInstallLine(t, term, site, "")
	for _, q := range []string{
		"? Which settings file?", "? Which events", "? Hook timeout in seconds", "? Also add the /supervisor",
		"? Turn the supervisor on by default", "? Run checks before each review of a stop?",
	} {
		term.WaitScreen(t, promptTimeout, q)
		term.Keys(t, "Enter")
	}
	term.WaitScreen(t, promptTimeout, "exit=0")
	screen = logScreen(t, term, "where the re-run with Enter throughout ends")
	if !strings.Contains(joined(term), "already installed, nothing changed") || s.ReadFile(t, s.SettingsPath()) != first {
		t.Errorf("the re-run changed the settings, or said otherwise:\n%s", screen)
	}
	if _, err := os.Stat(filepath.Join(s.ConfigDir, "commands")); !os.IsNotExist(err) {
		t.Errorf("the re-run wrote slash commands the first run declined (%v)", err)
	}

	typeInstallLine(t, term, site, "--scope project")
	term.WaitScreen(t, promptTimeout, "exit=2")
	logScreen(t, term, "after -- --scope project in the home directory")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "ccc-hooks: install: --scope project: here, in "+s.Home+
		", the project settings file "+s.SettingsPath()+" is your user settings file") ||
		!strings.Contains(visible, "install.sh: "+bin+" is installed (ccc-hooks ") {
		t.Errorf("--scope project from home is not refused as it should be:\n%s", visible)
	}

	typeInstallLine(t, term, site, "")
	term.WaitScreen(t, promptTimeout, "? Which settings file?")
	term.Keys(t, "C-c")
	term.WaitScreen(t, promptTimeout, "exit=1")
	logScreen(t, term, "after Ctrl-C at the first question")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "ccc-hooks: install cancelled; no file was changed ") ||
		!regexp.MustCompile(`install\.sh: `+regexp.QuoteMeta(bin)+` is installed \(ccc-hooks \S+ \(commit [0-9a-f]+, built [^)]+\)\); `+
			"`ccc-hooks install` ended with exit status 1, and its message above says what it changed. "+
			"Run `~/.local/bin/ccc-hooks install` to set up the hooks.").MatchString(visible) {
		t.Errorf("Ctrl-C does not say exactly what stands, with a command that can be typed:\n%s", visible)
	}
	checkScreenFits(t, term, "after Ctrl-C at the first question")
	if s.ReadFile(t, s.SettingsPath()) != first {
		t.Error("Ctrl-C changed the settings")
	}

	typeShellCommand(t, term, "CCC_HOOKS_RELEASE_URL="+site+"/releases/latest/download "+bin+" version --check")
	term.WaitScreen(t, promptTimeout, "A newer release exists: 9.9.9 ("+site+"/releases/tag/"+newerTag+")")
	logScreen(t, term, "after version --check")

	typeShellCommand(t, term, bin+` uninstall --all; echo "exit=$?"`)
	term.WaitScreen(t, promptTimeout, "? Remove all of this? (y/N)")
	logScreen(t, term, "when uninstall --all asks")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "the supervisor hooks in "+s.SettingsPath()+" (user scope) ") ||
		!strings.Contains(visible, bin+" (this program) ") {
		t.Errorf("uninstall --all does not list what it removes:\n%s", visible)
	}
	term.Keys(t, "-l", "y")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "exit=0")
	logScreen(t, term, "after uninstall --all")
	for _, gone := range []string{bin, s.SettingsPath(), s.CCCHome()} {
		if _, err := os.Lstat(gone); !os.IsNotExist(err) {
			t.Errorf("%s is still there after uninstall --all (%v)", gone, err)
		}
	}
}

// TestInstallLineNetworkEdgesSmallTerminal: the README's line over a poor or captive network, in
// an 80×24 terminal: an HTML page served as checksums.txt is named as what it is; an archive cut
// short every time is tried three times, each retry said, and refused in seconds naming what was
// tried (with wget, whose own retries took 2 min 25 s in silence); a slow download shows how far
// it got while it runs, and installs.
func TestInstallLineNetworkEdgesSmallTerminal(t *testing.T) {
	t.Parallel()
	rel := RequireRelease(t)
	s := NewPlainSandbox(t)
	site := ServeReleaseEdges(t, rel)
	tools := s.InstallTools(t)
	// wget in place of curl, for the README's line and install.sh alike.
	wgetOnly := filepath.Join(s.Root, "tools-wget")
	if err := os.MkdirAll(wgetOnly, 0o755); err != nil {
		t.Fatal(err)
	}
	entries, _ := os.ReadDir(tools)
	for _, e := range entries {
		if e.Name() != "curl" {
			target, _ := os.Readlink(filepath.Join(tools, e.Name()))
			if err := os.Symlink(target, filepath.Join(wgetOnly, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	wget, err := exec.LookPath("wget")
	if err != nil {
		missing(t, "wget not found on PATH: the README's line is tried with it where curl is missing")
	}
	if err := os.Symlink(wget, filepath.Join(wgetOnly, "wget")); err != nil {
		t.Fatal(err)
	}
	term := smallShell(t, s, site, "/html", wgetOnly)

	typeInstallLine(t, term, site, "--no-setup")
	term.WaitScreen(t, promptTimeout, "exit=1")
	if screen := logScreen(t, term, "with an HTML page for checksums.txt"); strings.Contains(screen, "not found") {
		t.Errorf("with wget alone, the line names a program that is not found:\n%s", screen)
	}
	if visible := oneLine(joined(term)); !strings.Contains(visible, "install.sh: "+site+"/html/checksums.txt is an HTML page, "+
		"\"Log in to the network\", not a list of checksums: a network that asks you to log in (a captive portal)") ||
		strings.Contains(visible, "has no ccc-hooks for this machine") {
		t.Errorf("the HTML page is not named as such:\n%s", visible)
	}

	typeShellCommand(t, term, "export CCC_HOOKS_RELEASE_URL="+site+"/cut")
	started := time.Now()
	typeInstallLine(t, term, site, "--no-setup")
	term.WaitScreen(t, 60*time.Second, "exit=1")
	took := time.Since(started)
	logScreen(t, term, "with a download cut short every time, with wget")
	visible := oneLine(joined(term))
	for _, want := range []string{
		"trying again (2 of 3)", "trying again (3 of 3)",
		"install.sh: could not download " + site + "/cut/ccc-hooks_", ": tried 3 times with wget; the last try: a network failure (",
		"Connection closed at byte", "install.sh: nothing was installed",
	} {
		if !strings.Contains(visible, want) {
			t.Errorf("the screen lacks %q:\n%s", want, visible)
		}
	}
	if took > 30*time.Second {
		t.Errorf("the cut download took %s to refuse, want seconds", took)
	}

	typeShellCommand(t, term, "export CCC_HOOKS_RELEASE_URL="+site+"/slow")
	typeInstallLine(t, term, site, "--no-setup")
	progress := regexp.MustCompile(`ccc-hooks_\S+\.tar\.gz: [0-9.]+ [KM]B after [2-5] s`)
	Eventually(t, 30*time.Second, "the slow download's progress", func() bool { return progress.MatchString(term.Screen()) }, term.Screen)
	term.Keys(t, "C-c")
	term.WaitScreen(t, promptTimeout, "exit=130")
	screen := logScreen(t, term, "after Ctrl-C during a slow download")
	if !regexp.MustCompile(`(?m)^install\.sh: interrupted; nothing was installed$`).MatchString(screen) {
		t.Errorf("Ctrl-C during the download is not said on a line of its own:\n%s", screen)
	}

	typeInstallLine(t, term, site, "--no-setup")
	Eventually(t, 30*time.Second, "the slow download's progress", func() bool { return progress.MatchString(term.Screen()) }, term.Screen)
	logScreen(t, term, "during a slow download")
	term.WaitScreen(t, 60*time.Second, "exit=0")
	logScreen(t, term, "after the slow download")
	if visible := oneLine(joined(term)); !regexp.MustCompile(`ccc-hooks_\S+\.tar\.gz: [0-9.]+ MB in [5-9] s`).MatchString(visible) ||
		!strings.Contains(visible, "Binary only (--no-setup)") {
		t.Errorf("the slow download's end is not said:\n%s", visible)
	}
	if _, err := os.Stat(filepath.Join(s.Home, ".local", "bin", "ccc-hooks")); err != nil {
		t.Errorf("the slow download installed nothing: %v", err)
	}
}

// TestInstallLineWithoutCurlOrWget: on a machine with neither curl nor wget, the README's line
// fails loudly: it says that install.sh could not be downloaded with either and that nothing was
// installed, and the status is 1 (piped into sh, as the line used to be, it ran an empty script
// and returned 0). It names no curl that is not there: it asks for it first.
func TestInstallLineWithoutCurlOrWget(t *testing.T) {
	t.Parallel()
	rel := RequireRelease(t)
	s := NewPlainSandbox(t)
	site := ServeReleaseEdges(t, rel)
	none := filepath.Join(s.Root, "tools-none")
	if err := os.MkdirAll(none, 0o755); err != nil {
		t.Fatal(err)
	}
	tools := s.InstallTools(t)
	entries, _ := os.ReadDir(tools)
	for _, e := range entries {
		if e.Name() != "curl" && e.Name() != "wget" {
			target, _ := os.Readlink(filepath.Join(tools, e.Name()))
			if err := os.Symlink(target, filepath.Join(none, e.Name())); err != nil {
				t.Fatal(err)
			}
		}
	}
	term := smallShell(t, s, site, "/release", none)
	typeInstallLine(t, term, site, "")
	term.WaitScreen(t, promptTimeout, "exit=1")
	screen := logScreen(t, term, "without curl and wget")
	if !strings.Contains(oneLine(joined(term)), "ccc-hooks: could not download install.sh with curl or wget, nothing was installed") ||
		strings.Contains(screen, "curl: not found") {
		t.Errorf("the screen does not say that nothing was installed, or names a missing curl:\n%s", screen)
	}
}

// checkScreenFits fails where a line of the screen, the terminal's own wraps joined again, is wider
// than the terminal although it could have been broken: every line ccc-hooks and install.sh print
// fits, but for a single word wider than the room (a path, a command in backquotes), after its
// indentation and label. Left out, as no text of theirs to fit: the line typed at the prompt
// (ending `echo "exit=$?"`), survey's echo of a question's answer ("? …"), a diff's lines (a
// file's bytes) and the README's install line (a command, printed whole).
func checkScreenFits(t *testing.T, term *Terminal, moment string) {
	t.Helper()
	for _, line := range strings.Split(joined(term), "\n") {
		line = strings.TrimRight(line, " ")
		if utf8.RuneCountInString(line) <= smallCols || strings.HasSuffix(line, `echo "exit=$?"`) || strings.HasPrefix(line, "? ") ||
			strings.HasPrefix(line, "+") || strings.HasPrefix(line, "-") || strings.HasPrefix(line, "@@") ||
			strings.HasPrefix(strings.TrimLeft(line, " "), `sh -c "$(command -v curl`) {
			continue
		}
		rest := strings.TrimLeft(line, " ")
		if _, text, labelled := strings.Cut(rest, "  "); labelled {
			rest = strings.TrimLeft(text, " ")
		}
		if !oneWord(rest) {
			t.Errorf("%s: a line of %d columns that could have been broken between words:\n%s\nthe screen:\n%s",
				moment, utf8.RuneCountInString(line), line, term.Screen())
		}
	}
}

// oneWord reports whether s is one word, or one command quoted in backquotes.
func oneWord(s string) bool {
	return !strings.Contains(s, " ") || strings.HasPrefix(s, "`") && strings.Count(s, "`") == 2 && strings.HasSuffix(strings.TrimRight(s, ".,;:)"), "`")
}

// TestNewcomerScreensSmallTerminal: what a newcomer reads in an 80×24 terminal, from the README's
// line with the release served on loopback, on a PATH without Go. Each screen is logged, and each
// fits: no line of install.sh's or ccc-hooks' breaks inside a word.
//
//   - A typo in an option of `ccc-hooks install` (`-- --bogus`) is refused before anything is
//     downloaded, naming the options it takes.
//   - install.sh's help fits.
//   - The help of ccc-hooks, install, supervisor and supervisor checks fits.
//   - The confirmation says in words what changes in ccc.json ("turns the supervisor on for every
//     session", "adds the check `make test`"), and where the run ends the default is said once.
//   - doctor's first screen answers "will it work?": the summary first, then what is not ok, then
//     the command that lists the rest, all on one screen; no row of the workflow, never installed.
//   - status fits, and plain uninstall says what stays, and that `uninstall --all` removes it.
func TestNewcomerScreensSmallTerminal(t *testing.T) {
	t.Parallel()
	rel := RequireRelease(t)
	s := NewPlainSandbox(t)
	site := ServeReleaseEdges(t, rel)
	term := smallShell(t, s, site, "/release", s.InstallTools(t))
	bin := "~/.local/bin/ccc-hooks"

	typeInstallLine(t, term, site, "--bogus")
	term.WaitScreen(t, promptTimeout, "exit=2")
	screen := logScreen(t, term, "after -- --bogus")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "install.sh: --bogus: `ccc-hooks install` has no such option; it takes --scope,") ||
		strings.Contains(visible, "Downloading") || !strings.Contains(visible, "nothing was installed") {
		t.Errorf("the typo is not refused before the download:\n%s", screen)
	}
	checkScreenFits(t, term, "after -- --bogus")

	typeInstallLine(t, term, site, "--help")
	term.WaitScreen(t, promptTimeout, "exit=0")
	logScreen(t, term, "install.sh --help")
	checkScreenFits(t, term, "install.sh --help")

	typeInstallLine(t, term, site, "--no-setup")
	term.WaitScreen(t, promptTimeout, "exit=0")
	for _, args := range []string{"--help", "install --help", "supervisor --help", "supervisor checks --help"} {
		typeShellCommand(t, term, bin+" "+args+`; echo "exit=$?"`)
		term.WaitScreen(t, promptTimeout, "exit=0")
		logScreen(t, term, "ccc-hooks "+args)
		checkScreenFits(t, term, "ccc-hooks "+args)
	}

	typeShellCommand(t, term, bin+` install; echo "exit=$?"`)
	for _, q := range []string{"? Which settings file?", "? Which events?", "? Hook timeout in seconds", "? Also add the /supervisor"} {
		term.WaitScreen(t, promptTimeout, q)
		term.Keys(t, "Enter")
	}
	term.WaitScreen(t, promptTimeout, "? Turn the supervisor on by default")
	term.Keys(t, "-l", "y")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Run checks before each review of a stop?")
	term.Keys(t, "-l", "y")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Check 1, a shell command")
	term.Keys(t, "-l", "make test")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Check 2, a shell command")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "? Write these changes to")
	screen = logScreen(t, term, "when asked to confirm")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "ccc.json (new): turns the supervisor on for every session; adds the check `make test` ?") {
		t.Errorf("the confirmation does not say in words what changes in ccc.json:\n%s", screen)
	}
	checkScreenFits(t, term, "when asked to confirm")
	term.Keys(t, "Enter")
	term.WaitScreen(t, promptTimeout, "exit=0")
	screen = logScreen(t, term, "after the install")
	if n := strings.Count(oneLine(joined(term)), "on by default"); n != 1 {
		t.Errorf("the default is said %d times where the install ends, want once:\n%s", n, screen)
	}
	checkScreenFits(t, term, "after the install")

	typeShellCommand(t, term, bin+` doctor; echo "exit=$?"`)
	ended := regexp.MustCompile(`(?m)^exit=\d`)
	Eventually(t, promptTimeout, "doctor to end", func() bool { return ended.MatchString(term.Screen()) }, term.Screen)
	screen = logScreen(t, term, "doctor")
	lines := strings.Split(strings.TrimRight(screen, "\n "), "\n")
	summary := regexp.MustCompile(`^(\d+ errors?, \d+ warnings?, \d+ ok: ccc-hooks will not work|No errors)`)
	if len(lines) < 2 || !summary.MatchString(lines[1]) || !strings.Contains(oneLine(screen), "checks are ok, not shown: `"+bin+" doctor --all` lists every check.") {
		t.Errorf("doctor's first screen does not open with the summary and end with the command that lists every check:\n%s", screen)
	}
	if strings.Contains(screen, "workflow-config") || regexp.MustCompile(`(?m)^\S+ +ok `).MatchString(screen) {
		t.Errorf("doctor shows an ok row, or a row of the workflow, never installed:\n%s", screen)
	}
	// The command typed is still on the screen when doctor has ended: all it printed fits.
	if !strings.HasPrefix(lines[0], bin+" doctor") {
		t.Errorf("doctor's first screen does not fit %d rows:\n%s", smallRows, screen)
	}
	checkScreenFits(t, term, "doctor")

	typeShellCommand(t, term, bin+` status; echo "exit=$?"`)
	term.WaitScreen(t, promptTimeout, "exit=0")
	logScreen(t, term, "status")
	checkScreenFits(t, term, "status")

	typeShellCommand(t, term, bin+` uninstall --yes; echo "exit=$?"`)
	term.WaitScreen(t, promptTimeout, "exit=0")
	screen = logScreen(t, term, "after uninstall")
	if visible := oneLine(joined(term)); !strings.Contains(visible, "Left as they are: ~/.claude/ccc.json (the supervisor's settings), ~/.claude/ccc (") ||
		!strings.Contains(visible, bin+" (this program). `"+bin+" uninstall --all` removes everything ccc-hooks put on this machine.") {
		t.Errorf("uninstall does not say what stays, or how to remove it:\n%s", screen)
	}
	checkScreenFits(t, term, "after uninstall")
}
