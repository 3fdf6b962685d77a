package cmd

import (
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/release"
)

// TestVersionFlagAndCommandAgree: `--version` and `version` print the same line, the one doctor
// reads from the binary a hook runs: "ccc-hooks <version> (commit <hash>, …)". A test binary has
// no release stamp and no commit of its own.
func TestVersionFlagAndCommandAgree(t *testing.T) {
	want := "ccc-hooks dev (commit unknown)\n"
	for _, args := range [][]string{{"version"}, {"--version"}} {
		env, out, errOut := testEnv(t)
		if code := Main(env, args); code != 0 || out.String() != want || errOut.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 0, stdout %q", args, code, out, errOut, want)
		}
	}
}

// TestVersionCheck: `version --check` asks the release host of $CCC_HOOKS_RELEASE_URL (as
// install.sh reads it) for the newest release and says where this build stands, with the README's
// line that installs it; a host that cannot tell is an error naming what was asked.
func TestVersionCheck(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/releases/latest", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/releases/tag/v1.3.0", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	env, out, errOut := testEnv(t)
	vars := map[string]string{"HOME": env.Getenv("HOME"), "PATH": os.Getenv("PATH"), release.URLVar: srv.URL + "/releases/latest/download"}
	env.Getenv = func(k string) string { return vars[k] }
	if code := Main(env, []string{"version", "--check"}); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "ccc-hooks dev (commit unknown)\nThis is a source build (dev); the newest release is 1.3.0 (" + srv.URL +
		"/releases/tag/v1.3.0). To install it instead:\n  " + release.InstallLine + "\n"
	if out.String() != want {
		t.Errorf("stdout:\n%s\nwant:\n%s", out, want)
	}

	vars[release.URLVar] = srv.URL + "/nothing/latest/download"
	out.Reset()
	if code := Main(env, []string{"version", "--check"}); code != 1 ||
		!strings.Contains(errOut.String(), "ccc-hooks: version --check: cannot tell the newest release: ask "+srv.URL+"/nothing/latest: the answer (404 Not Found") {
		t.Errorf("a host that cannot tell: exit %d, stderr %q", code, errOut)
	}
}

// TestCheckMessage: a release behind the newest is told the update line; the newest, or a build
// ahead of it, is told none is newer.
func TestCheckMessage(t *testing.T) {
	latest := release.Release{Tag: "v1.3.0", Page: "https://example/releases/tag/v1.3.0"}
	if got := checkMessage("1.2.0", latest); got != "A newer release exists: 1.3.0 (https://example/releases/tag/v1.3.0). "+
		"To update, run the install line again (its questions offer what you chose last time):\n  "+release.InstallLine+"\n" {
		t.Errorf("behind: %q", got)
	}
	for _, current := range []string{"1.3.0", "1.4.0-rc.1"} {
		if got := checkMessage(current, latest); got != "No release is newer than this one: the newest is 1.3.0.\n" {
			t.Errorf("%s: %q", current, got)
		}
	}
}
