//go:build unix

package e2e

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/config"
)

// TestCleanupPeriodDaysDefault: Claude Code deletes a session's transcripts cleanupPeriodDays
// days after they were last written, 30 when the setting is not given (its bundled source reads
// `settings.cleanupPeriodDays ?? X` with X defined as 30); after that the session cannot be
// resumed. ccc-hooks home keeps a session's files as long by default (retention_days,
// docs/claude-code.md "How long Claude Code keeps a session").
func TestCleanupPeriodDaysDefault(t *testing.T) {
	claude := RequireClaude(t)
	path, err := filepath.EvalSymlinks(claude.Path)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	uses := defaultsOf(src, []byte(".cleanupPeriodDays??"))
	if len(uses) == 0 {
		t.Fatalf("%s (%s): no `cleanupPeriodDays ?? default` in its source", path, claude.Version)
	}
	for _, name := range uses {
		defs := numbersOf(src, name)
		t.Logf("%s: cleanupPeriodDays ?? %s, %s = %v", claude.Version, name, name, defs)
		if len(defs) == 0 {
			t.Errorf("%s: cleanupPeriodDays ?? %s, and %s is given no number", claude.Version, name, name)
		}
		for _, n := range defs {
			if n != config.DefaultRetentionDays {
				t.Errorf("%s: cleanupPeriodDays defaults to %s=%d; retention_days defaults to %d", claude.Version, name, n, config.DefaultRetentionDays)
			}
		}
	}
}

// defaultsOf returns the names that follow each `expr` in src (a source of some hundred MB: a
// plain search, where a regular expression takes minutes).
func defaultsOf(src, expr []byte) []string {
	var out []string
	for rest := src; ; {
		i := bytes.Index(rest, expr)
		if i < 0 {
			return out
		}
		rest = rest[i+len(expr):]
		if n := identLen(rest); n > 0 {
			out = append(out, string(rest[:n]))
		}
	}
}

// numbersOf returns the numbers src assigns to name: `name=30,` or `name=30;`, name not part of
// a longer identifier or a property.
func numbersOf(src []byte, name string) []int {
	var out []int
	key := []byte(name + "=")
	for off := 0; ; {
		i := bytes.Index(src[off:], key)
		if i < 0 {
			return out
		}
		at := off + i
		off = at + len(key)
		if at > 0 && (identByte(src[at-1]) || src[at-1] == '.') {
			continue
		}
		digits := 0
		for off+digits < len(src) && '0' <= src[off+digits] && src[off+digits] <= '9' {
			digits++
		}
		if digits > 0 && off+digits < len(src) && (src[off+digits] == ',' || src[off+digits] == ';') {
			n, _ := strconv.Atoi(string(src[off : off+digits]))
			out = append(out, n)
		}
	}
}

func identLen(b []byte) int {
	n := 0
	for n < len(b) && identByte(b[n]) {
		n++
	}
	return n
}

func identByte(c byte) bool {
	return c == '_' || c == '$' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// TestReviewPrunesOldSessions: a supervised `claude -p` session whose stop is reviewed, in a
// ccc-hooks home that holds a session last written 40 days ago: the review answers as usual, the
// old session's files are gone once the session ends, the session reviewed keeps its own, and
// `ccc-hooks supervisor log` adds what the old log recorded as one pruned session.
func TestReviewPrunesOldSessions(t *testing.T) {
	t.Parallel()
	sc := newScenario(t, func(r *Request) Reply {
		if r.IsSupervisor() {
			return Verdict(true, "Verified.")
		}
		return Say("Fixed it. Done.")
	})
	sc.Install(t, sc.product)
	sc.EnableSupervisor(t, sc.product)
	old := []string{
		sc.StatePath("old-1"), sc.LogPath("old-1"), filepath.Join(sc.CCCHome(), "locks", "supervisor-old-1.lock"),
	}
	sc.WriteFile(t, old[0], `{"session_id":"old-1","enabled":true,"count":1}`+"\n", 0o600)
	sc.WriteFile(t, old[1], `{"time":"2026-09-01T10:00:00Z","session_id":"old-1","event":"Stop","count":1,"max_iterations":20,"decision":"block","reason":"no test","duration_ms":30000,"cost_usd":0.0421}`+"\n", 0o600)
	sc.WriteFile(t, old[2], "", 0o600)
	at := time.Now().Add(-40 * 24 * time.Hour)
	for _, p := range old {
		if err := os.Chtimes(p, at, at); err != nil {
			t.Fatal(err)
		}
	}
	session := NewSessionID(t)

	if pr := sc.agentStops(t, session, "Fix the bug."); pr.Result != "Fixed it. Done." {
		t.Errorf("result = %q", pr.Result)
	}
	checkTrail(t, decisionTrail(t, sc.Sandbox, session), "Stop:allow")
	for _, p := range old {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("%s: %v; want it pruned", p, err)
		}
	}
	log := sc.MustCCC(t, sc.product, "supervisor", "log").Stdout
	if !strings.Contains(log, "\nplus 1 pruned session: 1 decision, 1 review (block 1); review time 30.0s; cost $0.0421;") ||
		!strings.Contains(log, session) {
		t.Errorf("supervisor log:\n%s", log)
	}
}
