// Package release knows where the project's releases are published and which one is the newest:
// what `ccc-hooks version --check` asks. It is the only package of the module that opens a
// network connection, and only when asked: the hook never imports it (internal/layers checks
// that no package of hookrt reaches net/http), so no hook run waits on a network.
package release

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"path"
	"strings"
	"time"
)

// URLVar names the variable that points install.sh, install.ps1 and this package at another
// release folder (a mirror, a test server).
const URLVar = "CCC_HOOKS_RELEASE_URL"

// DefaultURL is the folder of the newest release's files, as GitHub serves it; install.sh's
// default.
const DefaultURL = "https://github.com/ccc-hooks/ccc-hooks/releases/latest/download"

// InstallLine is the README's install line: it installs the newest release (and, re-run, updates
// to it), asking install's questions with what the last run chose.
const InstallLine = `sh -c "$(curl -fsSL https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.sh || ` +
	`wget -qO- https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.sh || echo exit 1)"`

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
// downloads from (DefaultURL, or $CCC_HOOKS_RELEASE_URL).
func Latest(ctx context.Context, folder string) (Release, error) {
	page, err := LatestPage(folder)
	if err != nil {
		return Release{}, err
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodHead, page, http.NoBody)
	if err != nil {
		return Release{}, fmt.Errorf("ask %s: %w", page, err)
	}
	req.Header.Set("User-Agent", "ccc-hooks version --check")
	client := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := client.Do(req)
	if err != nil {
		return Release{}, fmt.Errorf("ask %s: %w", page, err)
	}
	_ = resp.Body.Close() // a HEAD answer has no body to lose
	loc, err := resp.Location()
	if err != nil {
		if errors.Is(err, http.ErrNoLocation) {
			return Release{}, fmt.Errorf("ask %s: the answer (%s) names no release", page, resp.Status)
		}
		return Release{}, fmt.Errorf("ask %s: %w", page, err)
	}
	tag, err := tagOf(loc)
	return Release{Tag: tag, Page: loc.String()}, err
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
