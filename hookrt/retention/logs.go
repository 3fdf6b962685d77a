package retention

import (
	"slices"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
)

// Logs is what a listing of the supervisor's decisions shows of ccc-hooks home (`supervisor
// log`): the sessions whose decision logs are kept, and what the pruned ones recorded.
type Logs struct {
	// Sessions are the sessions with a decision log, the most recently written first, less those
	// the record counts already.
	Sessions []supervisor.LoggedSession
	// Pruned sums up the decision logs pruned so far.
	Pruned Pruned
	// RecordErr, when set, says why Pruned is left out: the record cannot be read. Every log
	// kept is then listed, so that nothing is counted twice either.
	RecordErr error
}

// ReadLogs returns the decision logs of store's home as a listing shows them. A log whose
// removal a crash cut short (Record.Removing) is counted once, in Pruned: the listing leaves it
// out. The error is of the home's listing itself.
func ReadLogs(store *supervisor.SessionStore) (Logs, error) {
	rec, recErr := ReadRecord(store.Home)
	if recErr != nil {
		rec = Record{Supervisor: Pruned{Totals: supervisor.Sum(nil)}}
	}
	sessions, err := store.RecentLogs(0)
	if err != nil {
		return Logs{}, err
	}
	sessions = slices.DeleteFunc(sessions, func(l supervisor.LoggedSession) bool { return rec.Counted(l.ID) })
	return Logs{Sessions: sessions, Pruned: rec.Supervisor, RecordErr: recErr}, nil
}
