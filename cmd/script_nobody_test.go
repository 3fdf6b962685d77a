package cmd

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/ccc-hooks/ccc-hooks/internal/testuser"
)

// TestScriptsAsNobody: when the suite runs as root, the scripts whose checks of file permissions
// root would pass anyway (they end with `[root] stop` or `[root] skip`) run whole as the
// unprivileged user nobody. Not as root, TestScripts has run them whole.
func TestScriptsAsNobody(t *testing.T) {
	if os.Geteuid() != 0 && !testuser.InChild(t) {
		t.Skip("TestScripts ran these scripts whole as this user")
	}
	var scripts []string
	if os.Geteuid() == 0 {
		scripts = permissionScripts(t, filepath.Join("..", "testdata", "script"))
	}
	if testuser.RunAsNobody(t, scripts...) {
		return
	}
	testscript.Run(t, scriptParams("."))
}

// permissionScripts returns the scripts of dir that stop or skip as root.
func permissionScripts(t *testing.T, dir string) []string {
	t.Helper()
	all, err := filepath.Glob(filepath.Join(dir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range all {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "\n[root] stop") || strings.Contains(string(data), "\n[root] skip") {
			out = append(out, p)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no script in %s stops or skips as root", dir)
	}
	return out
}
