package retention

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
)

// TestReadLogs: a listing leaves out the log of a session the record counts already (a removal
// cut short) and carries the record's totals; with the record unreadable it lists every log and
// no totals, and says why, naming the file.
func TestReadLogs(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name     string
		record   string
		sessions []string
		pruned   int
		err      bool
	}{
		{"no record", "", []string{"a", "b"}, 0, false},
		{"removal cut short", `{"supervisor":{"sessions":3,"totals":{"decisions":7}},"removing":["b"]}`, []string{"a"}, 3, false},
		{"unreadable record", "{not json", []string{"a", "b"}, 0, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			h := newHome(t)
			h.session("a", fresh, 1)
			h.session("b", old, 2)
			if tt.record != "" {
				h.write(RecordFile, tt.record, fresh)
			}
			logs, err := ReadLogs(&supervisor.SessionStore{Home: h.dir})
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, s := range logs.Sessions {
				ids = append(ids, s.ID)
			}
			if !slices.Equal(ids, tt.sessions) || logs.Pruned.Sessions != tt.pruned {
				t.Errorf("sessions %v, pruned %d; want %v, %d", ids, logs.Pruned.Sessions, tt.sessions, tt.pruned)
			}
			if tt.err != (logs.RecordErr != nil) || tt.err && !strings.Contains(logs.RecordErr.Error(), filepath.Join(h.dir, RecordFile)) {
				t.Errorf("RecordErr = %v", logs.RecordErr)
			}
			if logs.Pruned.Totals.Verdicts == nil {
				t.Error("the totals of the pruned have no verdicts map: they would print as null")
			}
		})
	}
}
