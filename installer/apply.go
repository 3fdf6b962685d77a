package installer

import (
	"bytes"
	"errors"
	"fmt"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// UI is how applying a plan talks to the person who runs it.
type UI interface {
	// Say prints one line: what a change did, or what the command concludes.
	Say(line string) error
	// Warn prints a warning.
	Warn(msg string)
	// Diff shows a change before it is written.
	Diff(d Diff) error
	// Confirm asks a question whose default answer is yes.
	Confirm(question string) (bool, error)
}

// Diff is a change to show: the bytes of one file before and after, and the names of both sides
// (/dev/null for a file that is not there).
type Diff struct {
	From, To string
	Old, New []byte
}

// fileChange is one file a plan changes, or a warning said in its turn.
type fileChange struct {
	path   string
	change settings.ChangeFunc
	// ledgered, when set, is used instead of change: a change made from the file's ledger,
	// which is read under the writer lock when the change is written (see
	// settings.FileStore.UpdateLedgered).
	ledgered func(*settings.Ledger) settings.ChangeFunc
	// done says what was done, once the change is written ("": nothing to say).
	done func(settings.Change) string
	// words, when set, says what the change does to the file, for the summary before the
	// question (see summary).
	words func(settings.Change) string
	// warning, when set, is said in place of a change (path and change unset).
	warning string
}

// run carries out the file changes of one plan, computing each change once.
//
// When nobody will see the changes before they are written (no dry run, nobody to confirm),
// add writes each change at once: the file is read under the lock and the change computed from
// those bytes, a single time. Otherwise add plans the change (one read, one computation) and
// finish shows the diffs — computed only then, since someone will read them — asks when
// confirming, and writes the planned bytes; only if another program wrote a file in the
// meantime is its change computed again, from the new content.
type run struct {
	ApplyOptions
	st   *settings.FileStore
	verb string
	// preview: plan every change and show the diffs before writing (dry run or confirming).
	preview bool
	planned []plannedChange
	// wrote is set once a change was written.
	wrote bool
}

// plannedChange is a change computed from one read of its file, not yet written.
type plannedChange struct {
	fileChange
	ch settings.Change
	// ledger is the record the change was planned with (ledgered changes only).
	ledger *settings.Ledger
}

// add carries out or plans fc and returns the change: as written, or as it will be written.
func (r *run) add(fc fileChange) (settings.Change, error) {
	if !r.preview {
		return r.write(fc, nil)
	}
	cur, err := read(r.st, r.verb, fc.path)
	if err != nil {
		return cur, err
	}
	return r.addFrom(cur, fc)
}

// read returns the current bytes of path (one read), for a command that looks at a file before
// it decides on its change; addFrom then plans the change from these bytes.
func read(st *settings.FileStore, verb, path string) (settings.Change, error) {
	ch, err := st.Preview(path, func(old []byte, _ bool) ([]byte, bool, error) { return old, false, nil })
	if err != nil {
		return ch, fileError(verb, path, err)
	}
	return ch, nil
}

// addFrom plans fc from the bytes of its file that read returned (add with preview).
func (r *run) addFrom(cur settings.Change, fc fileChange) (settings.Change, error) {
	var ledger *settings.Ledger
	if fc.ledgered != nil {
		ledger = ledgerIn(r.st, fc.path)
	}
	ch, err := settings.Recompute(cur, fc.with(ledger))
	if err != nil {
		return ch, fileError(r.verb, fc.path, err)
	}
	r.planned = append(r.planned, plannedChange{fileChange: fc, ch: ch, ledger: ledger})
	return ch, nil
}

// changed reports whether any change was written, or planned to be.
func (r *run) changed() bool {
	return r.wrote || slices.ContainsFunc(r.planned, func(p plannedChange) bool { return p.ch.Changed })
}

// finish shows and writes the planned changes. written is false when nothing was written by
// finish (a dry run, a "no" to the question, or nothing to change).
func (r *run) finish() (written bool, err error) {
	if !r.DryRun {
		for _, p := range r.planned {
			if !p.ch.Changed {
				_ = r.st.Tidy(p.path) // what a killed run left goes even when nothing changes
			}
		}
	}
	changed := slices.ContainsFunc(r.planned, func(p plannedChange) bool { return p.ch.Changed })
	if !changed {
		return false, nil
	}
	for _, p := range r.planned {
		if p.ch.Changed {
			if err := r.UI.Diff(diffOf(p.ch)); err != nil {
				return false, err
			}
		}
	}
	if r.DryRun {
		return false, nil
	}
	if r.Ask {
		for _, line := range summary(r.planned) {
			if err := r.UI.Say(line); err != nil {
				return false, err
			}
		}
		ok, err := r.UI.Confirm(confirmQuestion(r.planned))
		if err != nil {
			return false, err
		}
		if !ok {
			return false, r.UI.Say("Nothing was changed.")
		}
	}
	for _, p := range r.planned {
		if _, err := r.write(p.fileChange, p.reuse); err != nil {
			return true, err
		}
	}
	return true, nil
}

// with returns the change of fc given the file's ledger (looked at by ledgered changes only).
func (fc fileChange) with(l *settings.Ledger) settings.ChangeFunc {
	if fc.ledgered != nil {
		return fc.ledgered(l)
	}
	return fc.change
}

// write applies fc's change to its file and reports what was done; planned, when set, gives the
// change to apply from fc's change and the ledger read under the lock.
func (r *run) write(fc fileChange, planned func(settings.ChangeFunc, *settings.Ledger) settings.ChangeFunc) (settings.Change, error) {
	if planned == nil {
		planned = func(c settings.ChangeFunc, _ *settings.Ledger) settings.ChangeFunc { return c }
	}
	var ch settings.Change
	var err error
	if fc.ledgered != nil {
		ch, err = r.st.UpdateLedgered(fc.path, func(l *settings.Ledger) settings.ChangeFunc {
			return planned(fc.ledgered(l), l)
		})
	} else {
		ch, err = r.st.Update(fc.path, planned(fc.change, nil))
	}
	if err != nil {
		err = fileError(r.verb, fc.path, err)
		for _, left := range ch.Leftovers {
			err = fmt.Errorf("%w; %w", err, left)
		}
		return ch, err
	}
	for _, left := range ch.Leftovers {
		r.UI.Warn(left.Error())
	}
	for _, n := range ch.Notes {
		r.UI.Warn(n)
	}
	if ch.Changed {
		r.wrote = true
		msg := doneWords(fc, ch)
		switch {
		case ch.InPlace != "" && msg == "":
			msg = fmt.Sprintf("%s was written in place, with a backup, not replaced: %s.", fc.path, ch.InPlace)
		case ch.InPlace != "":
			msg += fmt.Sprintf(" It was written in place, with a backup, not replaced: %s.", ch.InPlace)
		}
		if msg != "" {
			if err := r.UI.Say(msg); err != nil {
				return ch, err
			}
		}
	}
	return ch, nil
}

// doneWords is what fc's done says of ch ("" without one).
func doneWords(fc fileChange, ch settings.Change) string {
	if fc.done == nil {
		return ""
	}
	return fc.done(ch)
}

// reuse returns a change function that gives the planned result while the file still holds the
// bytes it was planned from (and, for a ledgered change, the ledger is the one it was planned
// with), and computes the change anew otherwise: another program wrote the file after the plan.
func (p plannedChange) reuse(change settings.ChangeFunc, l *settings.Ledger) settings.ChangeFunc {
	same := p.ledgered == nil || l.Equal(p.ledger)
	return func(old []byte, exists bool) ([]byte, bool, error) {
		if same && exists == p.ch.Existed && bytes.Equal(old, p.ch.Old) {
			return p.ch.New, p.ch.Removed, nil
		}
		return change(old, exists)
	}
}

func confirmQuestion(planned []plannedChange) string {
	var paths []string
	for _, p := range planned {
		if p.ch.Changed {
			paths = append(paths, p.ch.Path)
		}
	}
	if len(paths) == 1 {
		return fmt.Sprintf("Write these changes to %s?", paths[0])
	}
	return fmt.Sprintf("Write these changes to %d files?", len(paths))
}

// diffOf is the diff that shows ch.
func diffOf(ch settings.Change) Diff {
	from, to := ch.Target, ch.Target
	if !ch.Existed {
		from = "/dev/null"
	}
	if ch.Removed {
		to = "/dev/null"
	}
	return Diff{From: from, To: to, Old: ch.Old, New: ch.New}
}

// fileError explains a failed change of path and says what the file holds then: as it was,
// unless the change was written (or the file removed) before the error (*settings.AfterWriteError),
// or a write in place stopped part way (*settings.HalfWrittenError, which says so itself).
func fileError(verb, path string, err error) error {
	state := "; the file was left unchanged"
	var aw *settings.AfterWriteError
	var hw *settings.HalfWrittenError
	switch {
	case errors.As(err, &hw):
		state = ""
	case errors.As(err, &aw) && aw.Removed:
		state = "; the file was removed before this"
	case errors.As(err, &aw):
		state = "; the change was written to the file before this"
	}
	var syn *settings.SyntaxError
	if errors.As(err, &syn) {
		return fmt.Errorf("%s: %s:%w%s", verb, path, err, state)
	}
	return fmt.Errorf("%s: %s: %w%s", verb, path, err, state)
}
