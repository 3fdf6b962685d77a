package supervisor

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/checks"
	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Decision is one line of a session's decision log: what the supervisor answered to one event,
// and for a review how long it took and what it cost.
type Decision struct {
	Time         time.Time `json:"time"`
	SessionID    string    `json:"session_id"`
	SupervisorID string    `json:"supervisor_id,omitempty"`
	Event        string    `json:"event"`
	Tool         string    `json:"tool,omitempty"`
	Count        int       `json:"count"`
	Max          int       `json:"max_iterations"`
	// Decision is one of Decisions(): the hook's answer after a review, else why there was none.
	Decision   string `json:"decision"`
	Reason     string `json:"reason"`
	DurationMS int64  `json:"duration_ms,omitempty"`
	// StopBlocks is the supervisor's Stop blocks in a row, this one included, and BlockCap
	// Claude Code's cap on them (Stop only; a 0 cap means none).
	StopBlocks int  `json:"stop_blocks,omitempty"`
	BlockCap   *int `json:"block_cap,omitempty"`
	// Checks are the results of the project's checks the review had as evidence: each one's
	// outcome, exit status, duration and the wall's own time (package checks).
	Checks []checks.Result `json:"checks,omitempty"`
	reviewer.Usage
}

// Reviewed reports whether a reviewer ran for d.
func (d *Decision) Reviewed() bool {
	return d.Decision != DecisionCapped && d.Decision != DecisionBlockCap && d.Decision != DecisionBudget &&
		d.Decision != DecisionQuotaWait
}

// maxLogLine bounds one line of a decision log (a reason holds at most 16 KiB of feedback).
const maxLogLine = 1 << 20

// ReadLog returns the decisions logged for session id, oldest first; a missing log is empty.
// Lines that are not decisions (a torn or foreign line) are skipped and counted in bad.
func (s *SessionStore) ReadLog(id string) (decisions []Decision, bad int, err error) {
	f, _, err := safefile.OpenRegular(s.LogPath(id), safefile.FollowLinks) // a FIFO in its place must not hang us
	if errors.Is(err, fs.ErrNotExist) {
		return nil, 0, nil
	}
	if err != nil {
		return nil, 0, fmt.Errorf("read decision log: %w", err)
	}
	defer func() { _ = f.Close() }() // read only: nothing to lose
	r := bufio.NewReader(f)
	for {
		line, tooLong, err := readLine(r)
		if err != nil && !errors.Is(err, io.EOF) {
			return decisions, bad, fmt.Errorf("read decision log %s: %w", s.LogPath(id), err)
		}
		var d Decision
		switch trimmed := bytes.TrimSpace(line); {
		case tooLong:
			bad++
		case len(trimmed) == 0:
		case json.Unmarshal(trimmed, &d) != nil || d.Decision == "":
			bad++
		default:
			decisions = append(decisions, d)
		}
		if err != nil {
			return decisions, bad, nil
		}
	}
}

// readLine returns the next line of r without its newline, or tooLong (and the line skipped) when
// it holds more than maxLogLine bytes. At the end of the input err is io.EOF.
func readLine(r *bufio.Reader) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong {
			if len(line)+len(chunk) > maxLogLine {
				tooLong, line = true, nil
			} else {
				line = append(line, chunk...)
			}
		}
		if !errors.Is(err, bufio.ErrBufferFull) {
			return line, tooLong, err
		}
	}
}

// LoggedSession is a session with a decision log and when the log last changed.
type LoggedSession struct {
	ID       string
	Modified time.Time
}

// RecentLogs returns the sessions with a decision log, the most recently written first, at most
// limit of them (all when limit is not positive).
func (s *SessionStore) RecentLogs(limit int) ([]LoggedSession, error) {
	entries, err := os.ReadDir(s.Home)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list decision logs: %w", err)
	}
	var out []LoggedSession
	for _, e := range entries {
		name := e.Name()
		id, ok := strings.CutPrefix(name, "supervisor-")
		if !ok || !strings.HasSuffix(id, ".log") || !e.Type().IsRegular() {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, LoggedSession{ID: strings.TrimSuffix(id, ".log"), Modified: info.ModTime()})
	}
	sort.Slice(out, func(i, j int) bool {
		if !out[i].Modified.Equal(out[j].Modified) {
			return out[i].Modified.After(out[j].Modified)
		}
		return out[i].ID < out[j].ID
	})
	if limit > 0 && len(out) > limit {
		out = out[:limit]
	}
	return out, nil
}

// Totals sums up decisions.
type Totals struct {
	Decisions  int            `json:"decisions"`
	Reviews    int            `json:"reviews"`
	Verdicts   map[string]int `json:"verdicts"` // decision name → how many
	DurationMS int64          `json:"duration_ms"`
	CostUSD    float64        `json:"cost_usd"`
	// The reviews' prompt-cache tokens: read at the cache-read price, and written at the
	// cache-write premium (see Usage).
	CacheReadInputTokens     int64     `json:"cache_read_input_tokens"`
	CacheCreationInputTokens int64     `json:"cache_creation_input_tokens"`
	First                    time.Time `json:"first,omitzero"`
	Last                     time.Time `json:"last,omitzero"`
	// Checks: how many ran behind the wall (to an end of their own) and how many results were
	// reused, the time the commands ran and the wall's own time around them.
	ChecksRun    int   `json:"checks_run,omitempty"`
	ChecksReused int   `json:"checks_reused,omitempty"`
	ChecksMS     int64 `json:"checks_ms,omitempty"`
	ChecksWallMS int64 `json:"checks_wall_ms,omitempty"`
}

// Sum returns the totals of decisions.
func Sum(decisions []Decision) Totals {
	t := Totals{Verdicts: map[string]int{}}
	for _, d := range decisions {
		t.Add(d)
	}
	return t
}

// Add counts d into t.
func (t *Totals) Add(d Decision) {
	if t.Verdicts == nil {
		t.Verdicts = map[string]int{}
	}
	t.Decisions++
	if d.Reviewed() {
		t.Reviews++
	}
	t.Verdicts[d.Decision]++
	t.DurationMS += d.DurationMS
	t.CostUSD += d.CostUSD
	t.CacheReadInputTokens += d.CacheReadInputTokens
	t.CacheCreationInputTokens += d.CacheCreationInputTokens
	if t.First.IsZero() || d.Time.Before(t.First) {
		t.First = d.Time
	}
	if d.Time.After(t.Last) {
		t.Last = d.Time
	}
	for _, c := range d.Checks {
		switch {
		case c.Reused:
			t.ChecksReused++
		case checks.Ran(c):
			t.ChecksRun++
			t.ChecksMS += c.DurationMS
			t.ChecksWallMS += c.WallMS
		}
	}
}

// Merge adds o into t.
func (t *Totals) Merge(o Totals) {
	if t.Verdicts == nil {
		t.Verdicts = map[string]int{}
	}
	t.Decisions += o.Decisions
	t.Reviews += o.Reviews
	for k, v := range o.Verdicts {
		t.Verdicts[k] += v
	}
	t.DurationMS += o.DurationMS
	t.CostUSD += o.CostUSD
	t.CacheReadInputTokens += o.CacheReadInputTokens
	t.CacheCreationInputTokens += o.CacheCreationInputTokens
	t.ChecksRun += o.ChecksRun
	t.ChecksReused += o.ChecksReused
	t.ChecksMS += o.ChecksMS
	t.ChecksWallMS += o.ChecksWallMS
	if !o.First.IsZero() && (t.First.IsZero() || o.First.Before(t.First)) {
		t.First = o.First
	}
	if o.Last.After(t.Last) {
		t.Last = o.Last
	}
}
