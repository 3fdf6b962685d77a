//go:build unix

package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// styledSettings is a project settings file written the way some people write them: a BOM,
// CRLF line endings, tabs, a number spelled with an exponent, keys out of alphabetical order,
// empty arrays spelled in two ways.
const styledSettings = "\xef\xbb\xbf{\r\n\t\"zeta\": 1.50e+2,\r\n\t\"alpha\": true,\r\n\t\"permissions\": {\"allow\": [], \"deny\": [ ]},\r\n\t\"env\": {},\r\n\t\"hooks\": {\r\n\t\t\"Stop\": [],\r\n\t\t\"PreToolUse\": [\r\n\t\t]\r\n\t}\r\n}\r\n"

// TestPluginProjectScopeRewritesSettings: `claude plugin install --scope project` (and
// `--scope local`) writes the project's settings.json (settings.local.json) again through Claude Code's own serialiser (the BOM, CRLF, tabs, the
// number's and the empty arrays' spelling and the key order are gone), while `ccc-hooks install --scope project`
// on the same file moves no other byte and its uninstall gives the file back exactly. The
// README's plugin section warns about it (TestReadmeWarnsPluginRewrite).
func TestPluginProjectScopeRewritesSettings(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(*Request) Reply { return Say("unused") })
	path := filepath.Join(sc.Project, ".claude", "settings.json")

	sc.WriteFile(t, path, styledSettings, 0o644)
	sc.MustCCC(t, sc.product, "install", "--scope", "project", "--yes")
	got := sc.ReadFile(t, path)
	head, _, _ := strings.Cut(styledSettings, `"hooks"`)
	if !strings.HasPrefix(got, head) ||
		!strings.Contains(got, "\r\n\t\t\t") || strings.Contains(got, "\n ") {
		t.Errorf("ccc-hooks install moved bytes of the file:\n%q", got)
	}
	sc.MustCCC(t, sc.product, "uninstall", "--scope", "project", "--yes")
	if got := sc.ReadFile(t, path); got != styledSettings {
		t.Errorf("ccc-hooks uninstall did not give the file back:\n%q\nwant\n%q", got, styledSettings)
	}

	sc.MustClaude(t, "plugin", "marketplace", "add", Checkout(t))
	sc.MustClaude(t, "plugin", "install", "-y", "supervisor@ccc-hooks", "--scope", "project")
	checkRewritten(t, path, sc.ReadFile(t, path), "supervisor@ccc-hooks")
	local := filepath.Join(sc.Project, ".claude", "settings.local.json")
	sc.WriteFile(t, local, styledSettings, 0o644)
	sc.MustClaude(t, "plugin", "install", "-y", "workflow@ccc-hooks", "--scope", "local")
	checkRewritten(t, local, sc.ReadFile(t, local), "workflow@ccc-hooks")
}

// checkRewritten fails unless got, what Claude Code left of styledSettings at path after
// installing plugin there, lost what the README says it loses.
func checkRewritten(t *testing.T, path, got, plugin string) {
	t.Helper()
	t.Logf("%s after claude plugin install:\n%s", path, got)
	if !strings.Contains(got, plugin) {
		t.Fatalf("claude plugin install did not record %s in %s:\n%s", plugin, path, got)
	}
	for _, kept := range []string{"\xef\xbb\xbf", "\r\n", "\t", "1.50e+2", "[ ]", "[\n"} {
		if strings.Contains(got, kept) {
			t.Errorf("Claude Code kept %q in %s this time; the README's warning lists it as lost:\n%q", kept, path, got)
		}
	}
	if !strings.Contains(got, `"zeta": 150`) {
		t.Errorf("the number is not respelled as 150 in %s:\n%s", path, got)
	}
	if strings.Index(got, `"hooks"`) > strings.Index(got, `"zeta"`) {
		t.Errorf("the keys kept their order in %s; the README's warning says they move:\n%s", path, got)
	}
}

// TestReadmeWarnsPluginRewrite: the README's plugin section says that installing the plugin in
// the project or local scope rewrites that settings file, what is lost, and what to use instead.
func TestReadmeWarnsPluginRewrite(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(Checkout(t), "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, "## Claude Code plugin")
	if start < 0 {
		t.Fatal("README has no plugin section")
	}
	section := readme[start:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	section = strings.Join(strings.Fields(section), " ") // lines wrap anywhere
	for _, want := range []string{
		"--scope project|local", "Claude Code's own serialiser", "BOM", "CRLF", "tabs", "`1.50e+2` becomes `150`",
		"keys can change their order", "empty arrays do not keep their spelling", "`ccc-hooks install --scope project`",
	} {
		if !strings.Contains(section, want) {
			t.Errorf("the README's plugin section does not say %q", want)
		}
	}
}
