package reviewguard

import (
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/gitview"
	"github.com/google/go-cmp/cmp"
)

// TestEnvironment: the reviewer inherits no GIT_ variable of the session's (whatever it names:
// a configuration, a program, another git directory), keeps every other variable in its place,
// and gets the view's hardening; such an environment, with the view's variables added, is one
// in which git may run (GitEnvironment).
func TestEnvironment(t *testing.T) {
	t.Parallel()
	env := []string{
		"HOME=/h", "GIT_OPTIONAL_LOCKS=1", "GIT_CONFIG_COUNT=1", "GIT_CONFIG_KEY_0=core.pager", "GIT_CONFIG_VALUE_0=P",
		"PATH=/usr/bin", "GIT_EXEC_PATH=/p/bin", "GIT_DIR=/p/.git", "git_dir=/p/.git", "GIT_CONFIG_PARAMETERS='diff.external'='P'", "LANG=C",
	}
	got := Environment(slices.Clone(env))
	want := append([]string{"HOME=/h", "PATH=/usr/bin", "LANG=C"}, gitview.Hardening()...)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Environment (-want +got):\n%s", diff)
	}
	if err := GitEnvironment(append(got, (*gitview.View)(nil).Env()...)); err != nil {
		t.Errorf("GitEnvironment of the reviewer's environment: %v", err)
	}
	if err := GitEnvironment(got); err == nil || !strings.Contains(err.Error(), "git view is missing") {
		t.Errorf("GitEnvironment without the view's variables = %v, want the view missing", err)
	}
}

// TestCheckEnvironment: a variable that makes bash run code before the command refuses every
// Bash command, in any case of its name; others do not.
func TestCheckEnvironment(t *testing.T) {
	t.Parallel()
	for _, kv := range []string{
		"BASH_ENV=/p/x", "ENV=/p/x", "SHELLOPTS=xtrace", "BASHOPTS=extdebug", "PS4=$(P)", "PROMPT_COMMAND=P",
		"LD_PRELOAD=/p/x.so", "LD_AUDIT=/p/x.so", "DYLD_INSERT_LIBRARIES=/p/x.dylib", "BASH_FUNC_git%%=() { P; }",
		"bash_env=/p/x",
	} {
		if err := CheckEnvironment([]string{"PATH=/usr/bin", kv}); err == nil {
			t.Errorf("CheckEnvironment with %s: nil, want a refusal", kv)
		}
	}
	for _, kv := range []string{"LD_LIBRARY_PATH=/opt/lib", "BASH=/bin/bash", "ENVIRONMENT=prod", "PATH=/usr/bin"} {
		if err := CheckEnvironment([]string{kv}); err != nil {
			t.Errorf("CheckEnvironment with %s: %v", kv, err)
		}
	}
}
