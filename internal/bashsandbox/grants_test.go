package bashsandbox

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestUnsandboxed(t *testing.T) {
	tests := []struct {
		name     string
		allowed  []string
		patterns []string
		all      bool
	}{
		{name: "none"},
		{name: "the defaults", allowed: []string{"Bash(git diff:*)", "Bash(git log:*)", "Bash(git status:*)"}},
		{name: "git as a whole", allowed: []string{"Bash(git:*)", "Bash(git)"}},
		{name: "spaces around", allowed: []string{"  Bash( git show:* )  "}},
		{name: "other tools", allowed: []string{"Read", "Edit", "mcp__github", "WebFetch(domain:example.com)", "Bashful"}},
		{name: "a test runner", allowed: []string{"Bash(git diff:*)", "Bash(go test:*)"}, patterns: []string{"go test:*"}},
		{name: "several, in order", allowed: []string{"Bash(make check)", "Bash(git log:*)", "Bash( npm run * )"}, patterns: []string{"make check", "npm run *"}},
		{name: "a program named like git", allowed: []string{"Bash(gitk:*)"}, patterns: []string{"gitk:*"}},
		{name: "git by a wildcard", allowed: []string{"Bash(git*)"}, patterns: []string{"git*"}},
		{name: "git by a path", allowed: []string{"Bash(/usr/bin/git diff:*)"}, patterns: []string{"/usr/bin/git diff:*"}},
		{name: "a reader the hook grants anyway", allowed: []string{"Bash(rg:*)"}, patterns: []string{"rg:*"}},
		{name: "grants nothing: empty", allowed: []string{"Bash()"}},
		{name: "grants nothing: unclosed", allowed: []string{"Bash(go test"}},
		{name: "Bash as a whole", allowed: []string{"Bash(go test:*)", "Bash"}, all: true},
		{name: "any command", allowed: []string{"Bash(*)"}, all: true},
		{name: "any command, prefix form", allowed: []string{"Bash(:*)"}, all: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			patterns, all := Unsandboxed(tt.allowed)
			if diff := cmp.Diff(tt.patterns, patterns); diff != "" || all != tt.all {
				t.Errorf("Unsandboxed(%q) = %q, %v; want %q, %v", tt.allowed, patterns, all, tt.patterns, tt.all)
			}
		})
	}
}
