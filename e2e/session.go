//go:build unix

package e2e

import (
	"encoding/json"
	"fmt"
	"testing"
)

// NewSessionID returns a random version 4 UUID, usable as --session-id.
func NewSessionID(t testing.TB) string {
	t.Helper()
	h := randomHex(t, 16)
	b := []byte(h)
	b[12] = '4'
	b[16] = "89ab"[int(b[16])%4]
	return fmt.Sprintf("%s-%s-%s-%s-%s", b[0:8], b[8:12], b[12:16], b[16:20], b[20:32])
}

// PrintResult is the JSON document `claude -p --output-format json` prints.
type PrintResult struct {
	Subtype   string `json:"subtype"`
	IsError   bool   `json:"is_error"`
	Result    string `json:"result"`
	SessionID string `json:"session_id"`
}

// ParsePrintResult parses the output of `claude -p --output-format json`.
func ParsePrintResult(t testing.TB, res Result) PrintResult {
	t.Helper()
	var pr PrintResult
	if err := json.Unmarshal([]byte(res.Stdout), &pr); err != nil {
		t.Fatalf("claude -p output is not JSON: %v\nexit %d\nstdout: %s\nstderr: %s", err, res.ExitCode, res.Stdout, res.Stderr)
	}
	return pr
}
