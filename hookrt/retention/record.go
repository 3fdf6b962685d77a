package retention

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// RecordFile is the pruner's record in ccc-hooks home.
const RecordFile = "pruned.json"

// maxRecord bounds the record file; it holds totals, the pass's place and at most one batch of
// IDs.
const maxRecord = 1 << 20

// Record is what the pruner keeps in <home>/pruned.json: what the pruned decision logs
// recorded, and where the pass in progress stands.
//
// A decision log's totals are added to Supervisor, and its session named in Removing, in one
// atomic write before any file of the batch is removed; Removing is emptied by the write after
// the removals. A run killed in between leaves sessions that are counted but not yet removed:
// the next run removes them first, and `supervisor log` leaves their logs out of its listing,
// so a crash neither counts a log twice nor loses its totals (see Pruner).
type Record struct {
	Supervisor Pruned `json:"supervisor"`
	// Removing names the sessions counted in Supervisor whose files may still be there.
	Removing []string `json:"removing,omitempty"`
	// Pass is the pass in progress; nil when none is.
	Pass *Progress `json:"pass,omitempty"`
	// PassEnded is when the last pass over the whole home ended.
	PassEnded time.Time `json:"pass_ended,omitzero"`
}

// Progress is where a pass stands.
type Progress struct {
	Started time.Time `json:"started"`
	// Read is how many bytes of the pass's list (PassFile) its steps have examined.
	Read int64 `json:"read"`
}

// Pruned sums up the decision logs pruned so far.
type Pruned struct {
	Sessions int               `json:"sessions"`
	Totals   supervisor.Totals `json:"totals"`
}

// ReadRecord returns the record of home; a missing one is empty. A record that cannot be read
// is an error naming the file: the pruner then prunes nothing rather than lose its totals.
func ReadRecord(home string) (Record, error) {
	path := filepath.Join(home, RecordFile)
	data, err := safefile.ReadRegular(path, maxRecord)
	if errors.Is(err, fs.ErrNotExist) {
		return Record{Supervisor: Pruned{Totals: supervisor.Sum(nil)}}, nil
	}
	if err != nil {
		return Record{}, fmt.Errorf("read %s: %w", path, err)
	}
	var r Record
	if err := json.Unmarshal(data, &r); err != nil {
		return Record{}, fmt.Errorf("read %s: %w; remove it to start the summary of pruned sessions afresh", path, err)
	}
	if r.Supervisor.Totals.Verdicts == nil {
		r.Supervisor.Totals.Verdicts = map[string]int{}
	}
	return r, nil
}

// Counted reports whether the decision log of session id is counted in r's totals although it
// may still be on disk (its removal was cut short): a listing of logs leaves it out.
func (r Record) Counted(id string) bool { return slices.Contains(r.Removing, id) }

// write replaces the record of home atomically (synced: the removals that follow must never
// reach the disk before it).
func (r Record) write(home string) error {
	data, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return fmt.Errorf("encode %s: %w", RecordFile, err)
	}
	return safefile.WriteFileAtomic(filepath.Join(home, RecordFile), append(data, '\n'), 0o600)
}
