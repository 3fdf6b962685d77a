package config

// ClaudeEnv is the environment variable that names the claude program of the reviews, over
// supervisor.claude_command.
const ClaudeEnv = "CCC_CLAUDE"

// ClaudeSource says where the claude program of the reviews was named.
type ClaudeSource int

const (
	// ClaudeOnPath: nothing named it; it is "claude", found on PATH.
	ClaudeOnPath ClaudeSource = iota
	// ClaudeFromEnv: $CCC_CLAUDE named it.
	ClaudeFromEnv
	// ClaudeFromConfig: supervisor.claude_command named it.
	ClaudeFromConfig
)

// Claude returns the claude program the supervisor runs for a review, and where it was named:
// $CCC_CLAUDE, else supervisor.claude_command, else "claude" on PATH. The hook runs it and
// doctor checks it, both through here.
func (s Supervisor) Claude(getenv func(string) string) (program string, from ClaudeSource) {
	if p := getenv(ClaudeEnv); p != "" {
		return p, ClaudeFromEnv
	}
	if s.ClaudeCommand != "" {
		return s.ClaudeCommand, ClaudeFromConfig
	}
	return "claude", ClaudeOnPath
}
