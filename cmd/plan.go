package cmd

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// fileChange is one file a command means to change.
type fileChange struct {
	path   string
	change settings.ChangeFunc
	// ledgered, when set, is used instead of change: a change made from the file's ledger,
	// which is read under the writer lock when the change is written (see
	// settings.FileStore.UpdateLedgered).
	ledgered settings.LedgeredChange
	// done says what was done, once the change is written.
	done func(settings.Change) string
}

// changeRun carries out the file changes of one command, computing each change once.
//
// When nobody will see the changes before they are written (no --dry-run, no terminal to
// confirm on), add writes each change at once: the file is read under the lock and the change
// computed from those bytes, a single time. Otherwise add plans the change (one read, one
// computation) and finish prints the diffs — computed only then, since someone will read
// them — asks on a terminal, and writes the planned bytes; only if another program wrote a file
// in the meantime is its change computed again, from the new content.
type changeRun struct {
	env  *Env
	st   *settings.FileStore
	verb string
	// preview: plan every change and show the diffs before writing (dry run or a terminal).
	preview, dryRun, ask bool
	planned              []plannedChange
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

func newChangeRun(env *Env, verb string, dryRun, ask bool) *changeRun {
	return &changeRun{env: env, st: store(env), verb: verb, preview: dryRun || ask, dryRun: dryRun, ask: ask}
}

// add carries out or plans fc and returns the change: as written, or as it will be written.
func (r *changeRun) add(fc fileChange) (settings.Change, error) {
	if !r.preview {
		return r.write(fc, nil)
	}
	cur, err := r.read(fc.path)
	if err != nil {
		return cur, err
	}
	return r.addFrom(cur, fc)
}

// read returns the current bytes of path (one read), for a command that looks at a file before
// it decides on its change; addFrom then plans the change from these bytes.
func (r *changeRun) read(path string) (settings.Change, error) {
	ch, err := r.st.Preview(path, func(old []byte, _ bool) ([]byte, bool, error) { return old, false, nil })
	if err != nil {
		return ch, fileError(r.verb, path, err)
	}
	return ch, nil
}

// addFrom is add for a file already read by read: without preview the change is written (the
// file is read under the lock), with preview it is planned from the bytes read.
func (r *changeRun) addFrom(cur settings.Change, fc fileChange) (settings.Change, error) {
	if !r.preview {
		return r.write(fc, nil)
	}
	var ledger *settings.Ledger
	if fc.ledgered != nil {
		ledger, _ = r.st.Ledger(fc.path)
	}
	ch, err := settings.Recompute(cur, fc.with(ledger))
	if err != nil {
		return ch, fileError(r.verb, fc.path, err)
	}
	r.planned = append(r.planned, plannedChange{fileChange: fc, ch: ch, ledger: ledger})
	return ch, nil
}

// changed reports whether any change was written, or planned to be.
func (r *changeRun) changed() bool {
	return r.wrote || slices.ContainsFunc(r.planned, func(p plannedChange) bool { return p.ch.Changed })
}

// finish shows and writes the planned changes. written is false when nothing was written by
// finish (a dry run, a "no" at the prompt, or nothing to change).
func (r *changeRun) finish() (written bool, err error) {
	if !r.dryRun {
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
			if err := writeDiff(r.env, p.ch); err != nil {
				return false, err
			}
		}
	}
	if r.dryRun {
		return false, nil
	}
	if r.ask {
		ok, err := r.env.Prompter.Confirm(confirmQuestion(r.planned), true)
		if err != nil {
			return false, cancelled(r.verb, err)
		}
		if !ok {
			_, err := fmt.Fprintln(r.env.IO.Out, "Nothing was changed.")
			return false, err
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
func (r *changeRun) write(fc fileChange, planned func(settings.ChangeFunc, *settings.Ledger) settings.ChangeFunc) (settings.Change, error) {
	if planned == nil {
		planned = func(c settings.ChangeFunc, _ *settings.Ledger) settings.ChangeFunc { return c }
	}
	var ch settings.Change
	var err error
	if fc.ledgered != nil {
		ch, err = r.st.UpdateLedgered(fc.path, func(l *settings.Ledger) settings.ChangeFunc { return planned(fc.ledgered(l), l) })
	} else {
		ch, err = r.st.Update(fc.path, planned(fc.change, nil))
	}
	if err != nil {
		return ch, fileError(r.verb, fc.path, err)
	}
	if ch.Changed {
		r.wrote = true
		if fc.done != nil {
			if _, err := fmt.Fprintln(r.env.IO.Out, fc.done(ch)); err != nil {
				return ch, err
			}
		}
	}
	return ch, nil
}

// reuse returns a change function that gives the planned result while the file still holds the
// bytes it was planned from (and, for a ledgered change, the ledger is the one it was planned
// with), and computes the change anew otherwise: another program wrote the file after the plan.
func (p plannedChange) reuse(change settings.ChangeFunc, l *settings.Ledger) settings.ChangeFunc {
	same := p.ledgered == nil || reflect.DeepEqual(l, p.ledger)
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
