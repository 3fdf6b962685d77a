package repo

import "strings"

// WithoutGitVars returns env (NAME=value entries) without the variables git reads: every GIT_
// variable, its name in any case (Windows folds the case of names), each of which can point git
// at another repository, configuration or program (GIT_DIR, GIT_CONFIG_PARAMETERS,
// GIT_EXEC_PATH, ...).
func WithoutGitVars(env []string) []string {
	out := make([]string, 0, len(env))
	for _, kv := range env {
		name, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(strings.ToUpper(name), "GIT_") {
			out = append(out, kv)
		}
	}
	return out
}
