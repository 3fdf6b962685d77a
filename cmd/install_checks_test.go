package cmd

import (
	"os"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/ccc-hooks/ccc-hooks/config"
	"github.com/ccc-hooks/ccc-hooks/internal/paths"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// TestInstallAsksForChecks: the install question offers the checks set now, one by one; Enter
// throughout keeps them (the file is not touched), a new command is added with the default time
// limit, a kept one keeps its own, "-" ends the list, "No" empties it; a project's own checks are
// not asked about and stay.
func TestInstallAsksForChecks(t *testing.T) {
	const set = `{"supervisor": {"checks": [{"command": "go test ./...", "timeout_seconds": 120}, "make lint", {"command": "npm test", "project": "/w"}]}}` + "\n"
	npm := config.Check{Command: "npm test", TimeoutSeconds: 300, Project: "/w"}
	tests := []struct {
		name    string
		answers []any
		want    []config.Check // nil: the file as it was
	}{
		{"enter throughout", []any{true, "", "", ""}, nil},
		{"one added", []any{true, "", "", "cargo test", ""}, []config.Check{{Command: "go test ./...", TimeoutSeconds: 120}, {Command: "make lint", TimeoutSeconds: 300}, {Command: "cargo test", TimeoutSeconds: 300}, npm}},
		{"replaced and ended", []any{true, "make lint", "-"}, []config.Check{{Command: "make lint", TimeoutSeconds: 300}, npm}},
		{"no", []any{false}, []config.Check{npm}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env, _, errOut := testEnv(t)
			if code := Main(env, []string{"install", "--yes"}); code != 0 {
				t.Fatalf("first install: exit %d", code)
			}
			testfs.Write(t, paths.ConfigFile(env.Getenv), set, 0o644)
			env.IO.Interactive = true
			answers := append([]any{0, []int{0, 1}, "", false, false}, tt.answers...)
			if tt.want != nil {
				answers = append(answers, true) // write?
			}
			p := &scriptedPrompter{t: t, answers: answers}
			env.Prompter = p
			if code := Main(env, []string{"install"}); code != 0 {
				t.Fatalf("exit %d: %s\nasked %q", code, errOut, p.asked)
			}
			data, _ := os.ReadFile(paths.ConfigFile(env.Getenv))
			if tt.want == nil {
				if string(data) != set {
					t.Errorf("ccc.json changed:\n%s", data)
				}
				return
			}
			got, problems := config.Parse(data)
			if diff := cmp.Diff(tt.want, got.Checks); diff != "" || len(problems) > 0 {
				t.Errorf("checks (-want +got):\n%s\n%v", diff, problems)
			}
			if len(p.answers) != 0 {
				t.Errorf("not asked: %v", p.answers)
			}
		})
	}
}
