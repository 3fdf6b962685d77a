package installer

import (
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// TestDocsListTheScopes: the tables of scopes in README.md and docs/settings.md list every scope
// install takes (Scopes), in its order, and then --file.
func TestDocsListTheScopes(t *testing.T) {
	want := append(Scopes(), "--file PATH")
	for _, tt := range []struct{ doc, heading string }{
		{"README.md", "### install, uninstall"},
		{"docs/settings.md", "## Which file each scope is"},
	} {
		text, ok := testrepo.Section(testrepo.Read(t, tt.doc), tt.heading)
		if !ok {
			t.Fatalf("%s has no section %q", tt.doc, tt.heading)
		}
		var got []string
		for _, row := range testrepo.Table(text) {
			if spans := testrepo.CodeSpans(row[0]); len(spans) > 0 {
				got = append(got, spans[0])
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s, %s lists the scopes %s; want %s", tt.doc, tt.heading, strings.Join(got, ", "), strings.Join(want, ", "))
		}
	}
}
