package config

import "testing"

func TestClaude(t *testing.T) {
	tests := []struct {
		name, env, configured, want string
		from                        ClaudeSource
	}{
		{"nothing named", "", "", "claude", ClaudeOnPath},
		{"the config", "", "/opt/claude", "/opt/claude", ClaudeFromConfig},
		{"the environment wins", "/usr/bin/my-claude", "/opt/claude", "/usr/bin/my-claude", ClaudeFromEnv},
		{"the environment alone", "my-claude", "", "my-claude", ClaudeFromEnv},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			getenv := func(k string) string {
				if k == ClaudeEnv {
					return tt.env
				}
				return "wrong"
			}
			got, from := Supervisor{ClaudeCommand: tt.configured}.Claude(getenv)
			if got != tt.want || from != tt.from {
				t.Errorf("Claude = %q, %d; want %q, %d", got, from, tt.want, tt.from)
			}
		})
	}
}
