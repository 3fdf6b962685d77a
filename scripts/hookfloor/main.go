// Command hookfloor is the floor of the hook's timing (scripts/time-hook.sh,
// scripts/time-release.sh): a minimal Go program doing the I/O of the hook's fast path — it reads
// the event on stdin and ccc.json, and prints the supervisor's answer when it is off. No Go hook
// can cost less.
package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
)

func main() {
	data, err := io.ReadAll(io.LimitReader(os.Stdin, 8<<20))
	if err != nil {
		os.Exit(2)
	}
	var ev struct {
		SessionID string `json:"session_id"`
	}
	if json.Unmarshal(data, &ev) != nil || ev.SessionID == "" {
		os.Exit(2)
	}
	var cfg struct {
		Supervisor struct {
			Enabled bool `json:"enabled"`
		} `json:"supervisor"`
	}
	if b, err := os.ReadFile(filepath.Join(os.Getenv("CLAUDE_CONFIG_DIR"), "ccc.json")); err == nil {
		_ = json.Unmarshal(b, &cfg)
	}
	if !cfg.Supervisor.Enabled {
		_, _ = os.Stdout.WriteString(`{"reason":"supervisor mode disabled"}` + "\n")
	}
}
