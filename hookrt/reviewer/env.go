package reviewer

import (
	"slices"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewguard"
)

// providerVars are the variables that only say how Claude Code reaches the model: endpoints,
// keys, headers, model names, regions, proxies, limits. A project's settings may set them for a
// team (a provider's gateway), and the reviewer keeps them. None names a program or a file that
// names one: AWS_CONFIG_FILE (credential_process), GOOGLE_APPLICATION_CREDENTIALS (an executable
// source) and apiKeyHelper-like settings are not among them.
var providerVars = map[string]bool{
	"AWS_REGION": true, "AWS_DEFAULT_REGION": true, "AWS_PROFILE": true, "AWS_BEARER_TOKEN_BEDROCK": true,
	"CLOUD_ML_REGION": true, "CLAUDE_CODE_USE_BEDROCK": true, "CLAUDE_CODE_USE_VERTEX": true,
	"CLAUDE_CODE_USE_FOUNDRY": true, "CLAUDE_CODE_SKIP_BEDROCK_AUTH": true, "CLAUDE_CODE_SKIP_VERTEX_AUTH": true,
	"CLAUDE_CODE_SKIP_FOUNDRY_AUTH": true, "CLAUDE_CODE_MAX_OUTPUT_TOKENS": true, "MAX_THINKING_TOKENS": true,
	"CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": true, "DISABLE_PROMPT_CACHING": true, "API_TIMEOUT_MS": true,
	"ENABLE_TOOL_SEARCH": true, "HTTP_PROXY": true, "HTTPS_PROXY": true, "NO_PROXY": true,
	"NODE_EXTRA_CA_CERTS": true,
}

// providerVar reports whether name is one of providerVars (proxies in either case), or an
// ANTHROPIC_ or VERTEX_REGION_ variable.
func providerVar(name string) bool {
	upper := strings.ToUpper(name)
	if upper == "HTTP_PROXY" || upper == "HTTPS_PROXY" || upper == "NO_PROXY" {
		return true
	}
	return providerVars[name] || strings.HasPrefix(name, "ANTHROPIC_") || strings.HasPrefix(name, "VERTEX_REGION_")
}

// environ is the reviewer's environment, built here alone: the hook's (Env) without the
// variables of ours that a review sets afresh (GuardEnv, ReviewDirEnv, WallEnv), without those
// that make bash or the programs it starts run code before a command (reviewguard.ShellStartVar:
// a user needs none of them in a review), and without those the project's settings set
// (ProjectEnv) but the provider's; then git kept to the review's git view (reviewguard.Environment,
// Git), and ours.
func (r *Request) environ() []string {
	env := make([]string, 0, len(r.Env))
	for _, kv := range r.Env {
		name, _, _ := strings.Cut(kv, "=")
		switch {
		case name == GuardEnv || name == ReviewDirEnv || name == WallEnv, reviewguard.ShellStartVar(name):
		case slices.Contains(r.ProjectEnv, name) && !providerVar(name):
		default:
			env = append(env, kv)
		}
	}
	dir, walled := "", "0"
	if isDir(r.Dir) {
		dir = r.Dir
	}
	if r.Walled {
		walled = "1"
	}
	return slices.Concat(reviewguard.Environment(env), r.Git, []string{GuardEnv + "=1", ReviewDirEnv + "=" + dir, WallEnv + "=" + walled})
}
