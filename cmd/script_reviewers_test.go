package cmd

import (
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/tidwall/gjson"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
	"github.com/ccc-hooks/ccc-hooks/internal/fakereview"
)

// fakeOutput finds the files a script's fake claude prints as they are.
var fakeOutput = regexp.MustCompile(`(?m)^env FAKE_CLAUDE_OUTPUT=\$WORK/(\S+)$`)

// TestScriptReviewersAnswerAsClaude: every result a script's fake claude prints has the shape of
// what the newest tested claude -p --output-format json prints for a review (package
// fakereview): a verdict's when it reports no error, else that of a review its budget stopped, the
// API refused or the account's usage limit stopped; none carries structured_output, which the real reviewer never prints. The
// FAKE_CLAUDE_REVIEW files are texts that fake-claude writes into the captured review itself.
func TestScriptReviewersAnswerAsClaude(t *testing.T) {
	newest := claudeversion.Newest().String()
	shapes := map[string][]string{}
	for _, name := range []string{fakereview.Block, fakereview.Budget, fakereview.APIError, fakereview.UsageLimit} {
		data, err := fakereview.Captured(newest, name)
		if err != nil {
			t.Fatal(err)
		}
		shapes[name] = fakereview.Shape(data)
	}
	scripts, err := filepath.Glob(filepath.Join("..", "testdata", "script", "*.txtar"))
	if err != nil || len(scripts) == 0 {
		t.Fatalf("no scripts: %v", err)
	}
	checked := 0
	for _, path := range scripts {
		a, err := txtar.ParseFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files := map[string][]byte{}
		for _, f := range a.Files {
			files[f.Name] = f.Data
			if strings.Contains(string(f.Data), "structured_output") {
				t.Errorf("%s, %s: a fake reviewer's output carries structured_output", filepath.Base(path), f.Name)
			}
		}
		for _, m := range fakeOutput.FindAllStringSubmatch(string(a.Comment), -1) {
			out := files[m[1]]
			if !gjson.ValidBytes(out) || gjson.GetBytes(out, "type").Str != "result" {
				continue // not a result: what a broken claude prints
			}
			checked++
			got := fakereview.Shape(out)
			switch {
			case !gjson.GetBytes(out, "is_error").Bool() && slices.Equal(got, shapes[fakereview.Block]):
			case gjson.GetBytes(out, "is_error").Bool() && (slices.Equal(got, shapes[fakereview.Budget]) ||
				slices.Equal(got, shapes[fakereview.APIError]) || slices.Equal(got, shapes[fakereview.UsageLimit])):
			default:
				t.Errorf("%s, %s: not what claude %s prints for a review (internal/fakereview/captured/%s): keys %s",
					filepath.Base(path), m[1], newest, newest, strings.Join(got, " "))
			}
		}
	}
	if checked == 0 {
		t.Fatal("no script prints a fake reviewer's result")
	}
	t.Logf("%d outputs of fake reviewers checked", checked)
}
