package hookrt

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/event"
	"github.com/ccc-hooks/ccc-hooks/hookrt/internal/hooktest"
	"github.com/ccc-hooks/ccc-hooks/hookrt/retention"
)

// oldSessions writes n sessions of the supervisor (state, a log of one decision, lock) into the
// home of e, last written 40 days ago, and returns their IDs.
func oldSessions(e *hooktest.Env, n int) []string {
	e.T.Helper()
	at := time.Now().Add(-40 * 24 * time.Hour)
	var ids []string
	for i := range n {
		id := fmt.Sprintf("old-%04d", i)
		ids = append(ids, id)
		for name, data := range map[string]string{
			"supervisor-" + id + ".json":                     `{"session_id":"` + id + `","enabled":true}`,
			"supervisor-" + id + ".log":                      `{"time":"2026-09-01T10:00:00Z","session_id":"` + id + `","event":"Stop","count":1,"max_iterations":20,"decision":"allow","reason":"ok","cost_usd":0.01}` + "\n",
			filepath.Join("locks", "supervisor-"+id+".lock"): "",
		} {
			p := filepath.Join(e.Home(), name)
			e.Write(p, data, 0o600)
			if err := os.Chtimes(p, at, at); err != nil {
				e.T.Fatal(err)
			}
		}
	}
	return ids
}

// left counts the sessions of ids whose state is still in the home of e.
func left(e *hooktest.Env, ids []string) int {
	n := 0
	for _, id := range ids {
		if _, err := os.Stat(filepath.Join(e.Home(), "supervisor-"+id+".json")); err == nil {
			n++
		}
	}
	return n
}

// TestReviewPrunesTheHome: a hook run that reviews prunes ccc-hooks home beside the review: the
// old sessions go, their decisions counted in the record, and the session reviewed stays. The
// answer comes once the step is done (the record is written when Run returns).
func TestReviewPrunesTheHome(t *testing.T) {
	t.Parallel()
	e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.AllowScript)
	ids := oldSessions(e, 5)
	out, err := Run(context.Background(), hooktest.Stop("now"), optsOf(e))
	if err != nil || out == nil || *out.Reason != "ok" {
		t.Fatalf("Run = %+v, %v", out, err)
	}
	if n := left(e, ids); n != 0 {
		t.Errorf("%d old sessions left", n)
	}
	rec, err := retention.ReadRecord(e.Home())
	if err != nil || rec.Supervisor.Sessions != 5 || rec.Supervisor.Totals.Decisions != 5 {
		t.Errorf("record %+v, %v; want 5 sessions of one decision", rec.Supervisor, err)
	}
	if _, err := os.Stat(filepath.Join(e.Home(), "supervisor-now.log")); err != nil {
		t.Errorf("the reviewed session's log: %v", err)
	}
}

// waitPruned is a reviewer's wait, of a minute at most, until the record of its home (the
// reviewer is $CCC_CLAUDE, hooktest's claude.sh) counts n pruned sessions.
func waitPruned(n int) string {
	return fmt.Sprintf(`for i in $(seq 600); do grep -qs '"sessions": %d,' "$(dirname "$0")/claude/ccc/%s" && break; sleep 0.1; done`+"\n",
		n, retention.RecordFile)
}

// TestReviewPrunesWhileTheReviewerRuns: beside a review the step goes on while the reviewer runs,
// past its least slice (a reviewer that answers once the 200 are pruned, which a step told to
// stop at its slice keeps waiting a minute); beside a review that ends at once, it still examines
// that slice.
func TestReviewPrunesWhileTheReviewerRuns(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name, script string
		most         int // old sessions left at most
	}{
		{"slow reviewer", waitPruned(200) + hooktest.AllowScript, 0},
		{"instant reviewer", hooktest.AllowScript, 200 - (retention.Slice - 1)}, // the session reviewed is one of the slice
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, tt.script)
			ids := oldSessions(e, 200)
			if _, err := Run(context.Background(), hooktest.Stop("now"), optsOf(e)); err != nil {
				t.Fatal(err)
			}
			if n := left(e, ids); n > tt.most {
				t.Errorf("%d old sessions left; want %d at most", n, tt.most)
			}
		})
	}
}

// TestFastPathPrunesNothing: with the supervisor off, a Stop reads nothing of the pruner's and
// writes nothing: old sessions stay, and no record or lock of the pruner appears.
func TestFastPathPrunesNothing(t *testing.T) {
	t.Parallel()
	e := hooktest.New(t, `{"supervisor":{"enabled":false}}`, hooktest.AllowScript)
	ids := oldSessions(e, 3)
	out, err := Run(context.Background(), hooktest.Stop("now"), optsOf(e))
	if err != nil || out == nil || *out.Reason != "supervisor mode disabled" {
		t.Fatalf("Run = %+v, %v", out, err)
	}
	if n := left(e, ids); n != 3 {
		t.Errorf("%d of 3 old sessions left", n)
	}
	for _, rel := range []string{retention.RecordFile, filepath.Join("locks", "retention.lock")} {
		if _, err := os.Stat(filepath.Join(e.Home(), rel)); !os.IsNotExist(err) {
			t.Errorf("%s: %v", rel, err)
		}
	}
}

// TestWorkflowAnswerPrunes: a hook run in which the workflow answers (here: /mc opens a task)
// prunes a slice of the home, so a home only the workflow writes to stays bounded too.
func TestWorkflowAnswerPrunes(t *testing.T) {
	t.Parallel()
	e := hooktest.New(t, "", "")
	project := filepath.Join(e.Dir, "project")
	e.Vars["CLAUDE_PROJECT_DIR"] = project
	e.Write(filepath.Join(project, ".keep"), "", 0o644)
	ids := oldSessions(e, 3)
	out, err := Run(context.Background(), &event.Event{SessionID: "w", Name: event.UserPromptSubmit, Prompt: "/mc fix it", CWD: project}, optsOf(e))
	if err != nil || out == nil {
		t.Fatalf("Run = %+v, %v", out, err)
	}
	if n := left(e, ids); n != 0 {
		t.Errorf("%d old sessions left", n)
	}
}

// TestPruneFailureIsAWarning: a step of pruning that fails (the record of ccc-hooks home is not
// JSON) changes no answer and warns on stderr, naming the file; a step that works warns of
// nothing.
func TestPruneFailureIsAWarning(t *testing.T) {
	t.Parallel()
	for _, broken := range []bool{true, false} {
		t.Run(fmt.Sprint("broken ", broken), func(t *testing.T) {
			t.Parallel()
			e := hooktest.New(t, `{"supervisor":{"enabled":true}}`, hooktest.AllowScript)
			oldSessions(e, 3)
			record := filepath.Join(e.Home(), retention.RecordFile)
			if broken {
				e.Write(record, "{not json", 0o600)
			}
			opts := optsOf(e)
			var stderr strings.Builder
			opts.Stderr = &stderr
			out, err := Run(context.Background(), hooktest.Stop("now"), opts)
			if err != nil || out == nil || *out.Reason != "ok" {
				t.Fatalf("Run = %+v, %v", out, err)
			}
			warned := strings.Contains(stderr.String(), "cannot prune ccc-hooks home") && strings.Contains(stderr.String(), record)
			if warned != broken || !broken && stderr.Len() > 0 {
				t.Errorf("stderr = %q", stderr.String())
			}
		})
	}
}
