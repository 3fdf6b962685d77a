// Package release knows where the project's releases are published and which one is the newest:
// what `ccc-hooks version --check` asks. It asks with the program install.sh downloads with, curl
// or else wget, so that ccc-hooks itself links no network client: the hook, run on every event
// of every session, cannot reach the network nor pay at its start for code that could
// (internal/layers checks that no package of the binary imports one), and the question goes
// through the user's own proxy settings as the download does.
package release

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os/exec"
	"path"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/clip"
)

// URLVar names the variable that points install.sh, install.ps1 and this package at another
// release folder (a mirror, a test server).
const URLVar = "CCC_HOOKS_RELEASE_URL"

// DefaultURL is the folder of the newest release's files, as GitHub serves it; install.sh's
// default.
const DefaultURL = "https://github.com/ccc-hooks/ccc-hooks/releases/latest/download"

// InstallLine is the README's install line: it installs the newest release (and, re-run, updates
// to it), asking install's questions with what the last run chose.
const InstallLine = `sh -c "$(command -v curl >/dev/null && curl -fsSL https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.sh || ` +
	`wget -qO- https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.sh || ` +
	`echo "echo ccc-hooks: could not download install.sh with curl or wget, nothing was installed >&2; exit 1")"`

// Release is one published release: its tag (v1.2.0) and its page.
type Release struct{ Tag, Page string }

// Version is the release's version as `ccc-hooks version` names it (1.2.0).
func (r Release) Version() string { return strings.TrimPrefix(r.Tag, "v") }

// timeout bounds the whole question to the release host.
const timeout = 15 * time.Second

// LatestPage returns the page whose redirect names the newest release: <releases>/latest for a
// release folder <releases>/latest/download (GitHub's layout, which install.sh uses). A folder
// of one release (a mirror) names no newest release.
func LatestPage(folder string) (string, error) {
	folder = strings.TrimRight(folder, "/")
	page, ok := strings.CutSuffix(folder, "/latest/download")
	if !ok {
		return "", fmt.Errorf("%s=%s is the folder of one release: it names no newest release", URLVar, folder)
	}
	return page + "/latest", nil
}

// Latest asks the release host which release is the newest: the host answers the latest page
// with a redirect to that release's page, .../tag/<tag>. folder is the release folder install.sh
// downloads from (DefaultURL, or $CCC_HOOKS_RELEASE_URL); lookPath finds curl or wget.
func Latest(ctx context.Context, folder string, lookPath func(string) (string, error)) (Release, error) {
	page, err := LatestPage(folder)
	if err != nil {
		return Release{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var c *exec.Cmd
	secs := strconv.Itoa(int(timeout.Seconds()))
	curl, curlErr := lookPath("curl")
	wget, wgetErr := lookPath("wget")
	switch {
	case curlErr == nil:
		// -I: the answer's head only, not followed: it is the redirect.
		c = exec.CommandContext(ctx, curl, "-sS", "-I", "--max-time", secs, page)
	case wgetErr == nil:
		// wget prints the head on stderr with -S, and exits 8 at a redirect it may not follow.
		c = exec.CommandContext(ctx, wget, "-S", "--spider", "--max-redirect=0", "-T", secs, page)
	default:
		return Release{}, errors.New("neither curl nor wget is on PATH: install one of them, as install.sh needs too")
	}
	head, runErr := c.CombinedOutput()
	loc, status := redirectOf(string(head))
	switch {
	case loc == "" && status == "" && runErr != nil:
		return Release{}, fmt.Errorf("ask %s: %s: %w: %s", page, path.Base(c.Path), runErr, clip.LastLine(string(head)))
	case loc == "" && status == "":
		return Release{}, fmt.Errorf("ask %s: no answer", page)
	case loc == "":
		return Release{}, fmt.Errorf("ask %s: the answer (%s) names no release", page, status)
	}
	base, err := url.Parse(page)
	if err != nil {
		return Release{}, fmt.Errorf("ask %s: %w", page, err)
	}
	target, err := base.Parse(loc)
	if err != nil {
		return Release{}, fmt.Errorf("ask %s: the answer names %q: %w", page, loc, err)
	}
	tag, err := tagOf(target)
	return Release{Tag: tag, Page: target.String()}, err
}

// The status line and Location header of an answer's head, as curl -I prints it and wget -S
// (two spaces before each line); compiled when first used, not at every start of the binary.
var (
	statusLine = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?mi)^\s*HTTP/\S+\s+(\d{3}[^\r\n]*)`) })
	location   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(?mi)^\s*Location:\s*(\S+)`) })
)

// redirectOf returns the Location of the last answer in head (behind a proxy the first is the
// proxy's own), and its status line; "" for what is not there.
func redirectOf(head string) (loc, status string) {
	if m := statusLine().FindAllStringSubmatch(head, -1); m != nil {
		status = strings.TrimSpace(m[len(m)-1][1])
	}
	if m := location().FindAllStringSubmatch(head, -1); m != nil {
		loc = m[len(m)-1][1]
	}
	return loc, status
}

// tagOf reads the tag from the address of a release's page, .../releases/tag/<tag>.
func tagOf(u *url.URL) (string, error) {
	dir, tag := path.Split(u.Path)
	if !strings.HasSuffix(dir, "/tag/") || tag == "" {
		return "", fmt.Errorf("the newest release's page %s names no tag", u)
	}
	if _, ok := parse(tag); !ok {
		return "", fmt.Errorf("the newest release's tag %q is not a version", tag)
	}
	return tag, nil
}
