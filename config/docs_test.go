package config

import (
	"go/ast"
	"go/parser"
	"go/token"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// keyLiteral is a key of ccc.json as the code spells it.
var keyLiteral = regexp.MustCompile(`^[a-z][a-z_]*$`)

// readKeys returns the keys the code of file reads: the key-shaped string literals given to a
// call (sec.Get("max_iterations"), p.dollars(sup, "max_budget_usd")).
func readKeys(t *testing.T, file string) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), file, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var keys []string
	ast.Inspect(f, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		for _, arg := range call.Args {
			if lit, ok := arg.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && keyLiteral.MatchString(s) {
					keys = append(keys, s)
				}
			}
		}
		return true
	})
	slices.Sort(keys)
	return slices.Compact(keys)
}

// documented returns the keys the first column of the table under heading of the doc rel lists.
func documented(t *testing.T, rel, heading string) []string {
	t.Helper()
	text, ok := testrepo.Section(testrepo.Read(t, rel), heading)
	if !ok {
		t.Fatalf("%s has no section %q", rel, heading)
	}
	var keys []string
	for _, row := range testrepo.Table(text) {
		keys = append(keys, strings.Trim(row[0], "`"))
	}
	slices.Sort(keys)
	return keys
}

// TestDocsListTheKeys: the configuration tables of docs/supervisor.md and docs/workflow.md list
// exactly the keys the code reads under "supervisor" and "workflow", and docs/settings.md and
// docs/architecture.md name exactly the top-level keys.
func TestDocsListTheKeys(t *testing.T) {
	for _, tt := range []struct{ file, doc string }{
		{"supervisor.go", "docs/supervisor.md"},
		{"workflow.go", "docs/workflow.md"},
	} {
		want, got := readKeys(t, tt.file), documented(t, tt.doc, "## Configuration")
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("%s, ## Configuration lists the keys\n%v\nwant those %s reads,\n%v", tt.doc, got, tt.file, want)
		}
	}
	top := []string{SupervisorKey, WorkflowKey, RetentionKey}
	slices.Sort(top)
	for _, tt := range []struct{ doc, heading, near string }{
		{"docs/settings.md", "## Which file each scope is", "| config |"},
		{"docs/architecture.md", "## Layout", "| `config` | `ccc.json`, every key ("},
	} {
		text, ok := testrepo.Section(testrepo.Read(t, tt.doc), tt.heading)
		if !ok {
			t.Fatalf("%s has no section %q", tt.doc, tt.heading)
		}
		var got []string
		for _, line := range strings.Split(text, "\n") {
			if !strings.HasPrefix(line, tt.near) {
				continue
			}
			line = line[len(tt.near):]
			if strings.HasSuffix(tt.near, "(") {
				line, _, _ = strings.Cut(line, ")") // the keys in the parenthesis
			}
			for _, span := range testrepo.CodeSpans(line) {
				if keyLiteral.MatchString(span) {
					got = append(got, span)
				}
			}
		}
		slices.Sort(got)
		if got = slices.Compact(got); !slices.Equal(got, top) {
			t.Errorf("%s, the row %s names the keys %v; want the top-level keys %v", tt.doc, tt.near, got, top)
		}
	}
}
