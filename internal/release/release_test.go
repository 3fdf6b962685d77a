package release

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testneed"
)

// TestLatest: the newest release is the tag the host's latest page redirects to, as GitHub
// answers /releases/latest, asked with curl and with wget alike; an answer without a redirect,
// or to a page that names no tag, is an error naming the page; a folder of one release names no
// newest release; a machine with neither program says so.
func TestLatest(t *testing.T) {
	for _, tool := range []string{"curl", "wget"} {
		t.Run(tool, func(t *testing.T) { testLatest(t, tool) })
	}
	none := func(string) (string, error) { return "", exec.ErrNotFound }
	if _, err := Latest(context.Background(), "http://127.0.0.1:9/latest/download", none); err == nil ||
		!strings.Contains(err.Error(), "neither curl nor wget is on PATH") {
		t.Errorf("without curl and wget: %v", err)
	}
}

func testLatest(t *testing.T, tool string) {
	testneed.Program(t, tool)
	only := func(name string) (string, error) {
		if name != tool {
			return "", exec.ErrNotFound
		}
		return exec.LookPath(name)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/r/releases/latest", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/r/releases/tag/v1.3.0", http.StatusFound)
	})
	mux.HandleFunc("/none/releases/latest", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNotFound) })
	mux.HandleFunc("/odd/releases/latest", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/odd/login", http.StatusFound)
	})
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)

	got, err := Latest(context.Background(), srv.URL+"/r/releases/latest/download/", only)
	if err != nil || got.Tag != "v1.3.0" || got.Version() != "1.3.0" || got.Page != srv.URL+"/r/releases/tag/v1.3.0" {
		t.Errorf("Latest = %+v, %v; want v1.3.0 and its page", got, err)
	}
	for _, tc := range []struct{ folder, want string }{
		// The tool's last line says why: curl prints one, wget a few.
		{"http://127.0.0.1:9/releases/latest/download", "ask http://127.0.0.1:9/releases/latest: " + tool + ": exit status "},
		{srv.URL + "/none/releases/latest/download", "the answer (404 Not Found"},
		{srv.URL + "/odd/releases/latest/download", "the newest release's page " + srv.URL + "/odd/login names no tag"},
		{srv.URL + "/mirror/v1.2.0", "CCC_HOOKS_RELEASE_URL=" + srv.URL + "/mirror/v1.2.0 is the folder of one release"},
	} {
		if _, err := Latest(context.Background(), tc.folder, only); err == nil || !strings.Contains(err.Error(), tc.want) ||
			strings.Contains(err.Error(), "\n") {
			t.Errorf("Latest(%s) = %v, want an error saying %q, on one line", tc.folder, err, tc.want)
		}
	}
}

// TestNewer: versions compare by their numbers, a release above its pre-releases; a source
// build's "dev" compares with nothing.
func TestNewer(t *testing.T) {
	tests := []struct {
		tag, current string
		newer, ok    bool
	}{
		{"v1.3.0", "1.2.0", true, true},
		{"v1.2.0", "1.2.0", false, true},
		{"v1.2.0", "1.10.0", false, true},
		{"v1.10.0", "1.9.9", true, true},
		{"v2.0.0", "1.99.0", true, true},
		{"v0.0.1", "0.0.1-snapshot+7c3dca1", true, true},
		{"v0.0.1-rc.2", "0.0.1-rc.1", true, true},
		{"v0.0.1-rc.1", "0.0.1", false, true},
		{"v1.2.0", "dev", false, false},
		{"latest", "1.2.0", false, false},
	}
	for _, tt := range tests {
		newer, ok := Newer(tt.tag, tt.current)
		if newer != tt.newer || ok != tt.ok {
			t.Errorf("Newer(%q, %q) = %v, %v; want %v, %v", tt.tag, tt.current, newer, ok, tt.newer, tt.ok)
		}
	}
}

// TestInstallLineIsTheReadmes: the line version --check gives is the README's install line.
func TestInstallLineIsTheReadmes(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, _ := strings.Cut(string(b), "\n## Install\n")
	_, section, _ = strings.Cut(section, "\n```sh\n")
	if line, _, _ := strings.Cut(section, "\n"); line != InstallLine {
		t.Errorf("the README's install line is\n%s\nInstallLine is\n%s", line, InstallLine)
	}
}

// TestRedirectOf: the head's last answer decides (a proxy's "200 Connection established" comes
// first); wget indents its lines.
func TestRedirectOf(t *testing.T) {
	for _, tc := range []struct{ head, loc, status string }{
		{"HTTP/1.1 200 Connection established\r\n\r\nHTTP/2 302\r\nlocation: https://github.com/o/r/releases/tag/v1.2.0\r\n", "https://github.com/o/r/releases/tag/v1.2.0", "302"},
		{"  HTTP/1.0 302 Found\n  Location: /r/releases/tag/v1.3.0\nLocation: /r/releases/tag/v1.3.0 [following]\n", "/r/releases/tag/v1.3.0", "302 Found"},
		{"HTTP/1.1 404 Not Found\r\n", "", "404 Not Found"},
		{
			"HTTP/1.1 301 Moved\r\nLocation: http://old/releases/latest\r\n\r\nHTTP/1.1 302 Found\r\nLocation: /releases/tag/v2.0.0\r\n",
			"/releases/tag/v2.0.0", "302 Found",
		},
		{"", "", ""},
	} {
		if loc, status := redirectOf(tc.head); loc != tc.loc || status != tc.status {
			t.Errorf("redirectOf(%q) = %q, %q; want %q, %q", tc.head, loc, status, tc.loc, tc.status)
		}
	}
}
