package retention

import (
	"encoding/json"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/reviewer"
	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/testfs"
)

// retention is the window of the tests' pruners.
const retention = 30 * 24 * time.Hour

// old and fresh are ages of a session's files: past the window, and well inside it.
const (
	old   = 40 * 24 * time.Hour
	fresh = 24 * time.Hour
)

// home is a ccc-hooks home of a test.
type home struct {
	t   testing.TB
	dir string
}

func newHome(t testing.TB) *home {
	t.Helper()
	return &home{t: t, dir: t.TempDir()}
}

// pruner returns a pruner of h with the tests' window, keeping keep.
func (h *home) pruner(keep ...string) *Pruner {
	return &Pruner{Home: h.dir, Retention: retention, Now: time.Now, Keep: keep}
}

// decision returns the n-th decision of session id: a review costing n cents that blocked.
func decision(id string, n int) supervisor.Decision {
	return supervisor.Decision{
		Time: time.Date(2026, 9, 1, 10, n, 0, 0, time.UTC), SessionID: id, Event: "Stop", Count: n, Max: 20,
		Decision: supervisor.DecisionBlock, Reason: "keep going", DurationMS: int64(1000 * n),
		Usage: reviewer.Usage{CostUSD: float64(n) / 100, CacheReadInputTokens: int64(100 * n)},
	}
}

// session writes the supervisor state, a decision log of lines decisions (none when 0), and the
// lock file of session id, all last written age ago.
func (h *home) session(id string, age time.Duration, lines int) {
	h.t.Helper()
	h.write("supervisor-"+id+".json", `{"session_id":"`+id+`","enabled":true,"count":1}`+"\n", age)
	if lines > 0 {
		var b strings.Builder
		for n := range lines {
			line, err := json.Marshal(decision(id, n+1))
			if err != nil {
				h.t.Fatal(err)
			}
			b.Write(append(line, '\n'))
		}
		h.write("supervisor-"+id+".log", b.String(), age)
	}
	h.write(filepath.Join("locks", "supervisor-"+id+".lock"), "", age)
}

// write writes rel below the home, last modified age ago.
func (h *home) write(rel, data string, age time.Duration) {
	h.t.Helper()
	p := filepath.Join(h.dir, rel)
	testfs.Write(h.t, p, data, 0o600)
	h.age(rel, age)
}

// age sets the modification time of rel to age ago.
func (h *home) age(rel string, age time.Duration) {
	h.t.Helper()
	at := time.Now().Add(-age)
	if err := os.Chtimes(filepath.Join(h.dir, rel), at, at); err != nil {
		h.t.Fatal(err)
	}
}

// files returns the session files of id that exist.
func (h *home) files(id string) []string {
	var out []string
	for _, k := range Kinds() {
		if k.Group != Session {
			continue
		}
		if _, err := os.Lstat(k.path(h.dir, id)); err == nil {
			out = append(out, filepath.Base(k.path(h.dir, id)))
		}
	}
	return out
}

// exists reports whether rel is there (as anything).
func (h *home) exists(rel string) bool {
	_, err := os.Lstat(filepath.Join(h.dir, rel))
	return !errors.Is(err, fs.ErrNotExist)
}

// record reads the pruner's record.
func (h *home) record() Record {
	h.t.Helper()
	r, err := ReadRecord(h.dir)
	if err != nil {
		h.t.Fatal(err)
	}
	return r
}

// logged returns the decisions of the logs still in the home, as `supervisor log` lists them
// (ReadLogs: those of sessions the record counts left out).
func (h *home) logged() supervisor.Totals {
	h.t.Helper()
	store := &supervisor.SessionStore{Home: h.dir, Now: time.Now}
	logs, err := ReadLogs(store)
	if err != nil || logs.RecordErr != nil {
		h.t.Fatal(err, logs.RecordErr)
	}
	total := supervisor.Sum(nil)
	for _, l := range logs.Sessions {
		d, _, err := store.ReadLog(l.ID)
		if err != nil {
			h.t.Fatal(err)
		}
		total.Merge(supervisor.Sum(d))
	}
	return total
}

// pass runs a whole pass of p and fails the test on an error.
func pass(t testing.TB, p *Pruner) Report {
	t.Helper()
	rep, err := p.Pass()
	if err != nil {
		t.Fatal(err)
	}
	return rep
}
