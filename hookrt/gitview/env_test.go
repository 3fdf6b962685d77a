//go:build unix

package gitview

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCheckEnv: git runs only where every GIT_ variable is one ccc-hooks set, with its value,
// and $GIT_DIR names a view or the path where none stands.
func TestCheckEnv(t *testing.T) {
	t.Parallel()
	k := newKit(t)
	w := k.mustBuild(k.repo("repo"))
	inView := append(Hardening(), w.Env()...)
	without := func(name string) []string {
		return slices.DeleteFunc(slices.Clone(inView), func(kv string) bool { return strings.HasPrefix(kv, name+"=") })
	}
	notView := t.TempDir()
	n := len(envSettings)
	tests := []struct {
		name string
		env  []string
		why  string // in the error; "" for none
	}{
		{"the view", inView, ""},
		{"no view", append(Hardening(), (*View)(nil).Env()...), ""},
		{"Claude Code's editor", append(slices.Clone(inView), "GIT_EDITOR=true", "PATH=/usr/bin"), ""},
		{"another editor", append(slices.Clone(inView), "GIT_EDITOR=vim"), "GIT_EDITOR"},
		{"exec path", append(slices.Clone(inView), "GIT_EXEC_PATH=/p/bin"), "GIT_EXEC_PATH"},
		{"config parameters", append(slices.Clone(inView), "GIT_CONFIG_PARAMETERS='core.pager'='P'"), "GIT_CONFIG_PARAMETERS"},
		{"lower case", append(slices.Clone(inView), "git_dir=/p/.git"), "git_dir"},
		{"global config", append(without("GIT_CONFIG_GLOBAL"), "GIT_CONFIG_GLOBAL=/p/.gitconfig"), "GIT_CONFIG_GLOBAL"},
		{"a setting changed", append(without("GIT_CONFIG_VALUE_0"), "GIT_CONFIG_VALUE_0=/p/P"), "GIT_CONFIG_VALUE_0"},
		{"a setting added", append(without("GIT_CONFIG_COUNT"), fmt.Sprintf("GIT_CONFIG_COUNT=%d", n+1),
			fmt.Sprintf("GIT_CONFIG_KEY_%d=core.pager", n), fmt.Sprintf("GIT_CONFIG_VALUE_%d=P", n)), "GIT_CONFIG"},
		{"hardening missing", without("GIT_ALLOW_PROTOCOL"), "lacks GIT_ALLOW_PROTOCOL"},
		{"set twice", append(slices.Clone(inView), "GIT_DIR="+w.Dir), "twice"},
		{"no git directory", without("GIT_DIR"), "view is missing"},
		{"another git directory", append(without("GIT_DIR"), "GIT_DIR="+notView), "not a view"},
		{"the repository's own", append(without("GIT_DIR"), "GIT_DIR="+filepath.Join(w.WorkTree, ".git")), "not a view"},
	}
	for _, tt := range tests {
		err := CheckEnv(tt.env)
		switch {
		case tt.why == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.why != "" && (err == nil || !strings.Contains(err.Error(), tt.why)):
			t.Errorf("%s: %v, want an error naming %s", tt.name, err, tt.why)
		}
	}
	if err := os.WriteFile(filepath.Join(notView, Marker), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := CheckEnv(append(without("GIT_DIR"), "GIT_DIR="+notView)); err != nil {
		t.Errorf("a directory holding the marker: %v", err)
	}
}
