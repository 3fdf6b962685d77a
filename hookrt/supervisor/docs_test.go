package supervisor

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// decisionWord is a decision as the docs write it (a key of ccc.json has an underscore).
var decisionWord = regexp.MustCompile(`^[a-z]+(-[a-z]+)*$`)

// TestDocsListTheDecisions: the verdicts docs/supervisor.md says a decision log records, in its
// "verdict (…)", are the values of Decision.Decision (Decisions), all and only those.
func TestDocsListTheDecisions(t *testing.T) {
	const heading = "## What did it decide, and what did it cost?"
	text, ok := testrepo.Section(testrepo.Read(t, "docs/supervisor.md"), heading)
	if !ok {
		t.Fatalf("docs/supervisor.md has no section %q", heading)
	}
	_, list, ok := strings.Cut(strings.ReplaceAll(text, "\n", " "), "verdict (")
	if !ok {
		t.Fatalf("docs/supervisor.md, %s: no verdict (…)", heading)
	}
	list, _, _ = strings.Cut(list, ")")
	var got []string
	for _, span := range testrepo.CodeSpans(list) {
		if decisionWord.MatchString(span) {
			got = append(got, span)
		}
	}
	want := Decisions()
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("docs/supervisor.md lists the verdicts %v; want Decisions(), %v", got, want)
	}
}
