package doctor

import (
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/testrepo"
)

// TestCommandsDocListsTheChecks: the table of docs/commands.md's "## doctor" names every check,
// in the order doctor runs them, and no other.
func TestCommandsDocListsTheChecks(t *testing.T) {
	var want []string
	for _, c := range Checks(Env{}) {
		want = append(want, c.Name())
	}
	text, ok := testrepo.Section(testrepo.Read(t, "docs/commands.md"), "## doctor")
	if !ok {
		t.Fatal("docs/commands.md has no section ## doctor")
	}
	var got []string
	for _, row := range testrepo.Table(text) {
		got = append(got, strings.Trim(row[0], "`"))
	}
	if !slices.Equal(got, want) {
		t.Errorf("docs/commands.md, ## doctor lists the checks\n%v\nwant, in doctor's order,\n%v", got, want)
	}
}
