// Package retention keeps ccc-hooks home bounded: the files it gathers per session (supervisor
// state and decision log, workflow counters, their locks) and per Claude Code window are removed
// once none of them was written for longer than the retention window (ccc.json retention_days),
// and what the removed decision logs recorded is kept in a summary (Record) that `supervisor log`
// shows.
//
// The pruner never removes the files of a session still in use: "older" is the newest write of
// any of the session's files, the session a hook runs for is never pruned, and a group's files
// are removed only while the pruner holds every lock their writers take (without waiting: a
// group whose lock is held is left for the next pass). A pass starts at most once every
// PassEvery, and a hook run takes one bounded step of it (Step, StepWhile).
//
// What a listing of the decision logs shows, crashes included, is decided here too (ReadLogs).
package retention

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/ccc-hooks/ccc-hooks/hookrt/supervisor"
	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// PassEvery is how often a pass over the whole home starts: a file is removed between the
// retention window and the window plus this long after its last write (given hooks run).
const PassEvery = 12 * time.Hour

// Slice is how many groups a hook run's step examines at least when a pass is due: Step examines
// that many, StepWhile that many and more while the work beside it lasts. Measured in
// docs/performance.md.
const Slice = 16

// batchSize bounds the groups removed under one write of the record, and so the locks held at
// once and the work left when a step is told to stop.
const batchSize = 16

// lockFile is the pruner's own lock below the home: one pruner at a time.
const lockFile = "locks/retention.lock"

// Pruner prunes the home of one hook run or command.
type Pruner struct {
	Home      string
	Retention time.Duration
	Now       func() time.Time // the clock (the run's outside.Env.Now)
	// Keep names sessions (and supervisor IDs) never pruned: the hook's own, whatever their age.
	Keep []string
}

// Report says what a step did.
type Report struct {
	Ran       bool // false: no pass was due, or another process was pruning
	Examined  int  // groups looked at
	Removed   int  // groups removed
	Logs      int  // of them, sessions whose decision log went to the summary
	PassEnded bool // the step reached the end of the home
}

func (p *Pruner) due(rec Record) bool {
	return rec.Pass != nil || len(rec.Removing) > 0 || p.now().Sub(rec.PassEnded) >= PassEvery
}

// Step prunes Slice groups of the home when a pass is due (fewer where the pass ends), and no
// more: the step of a hook run whose answer waits for it.
func (p *Pruner) Step() (Report, error) { return p.step(Slice, never) }

// StepWhile prunes Slice groups of the home when a pass is due, and goes on while ctx lasts, to
// the end of the pass at most: the step beside work the hook waits for anyway (a review, whose
// end is ctx's). Told to stop, it finishes the batch it is removing (at most batchSize groups).
func (p *Pruner) StepWhile(ctx context.Context) (Report, error) {
	return p.step(Slice, func() bool { return ctx.Err() == nil })
}

// never is a step's going on past its least number of groups: never.
func never() bool { return false }

// step prunes part of the home when a pass is due: it examines at least minGroups groups (or
// what is left of the pass), and more while goOn says so, to the end of the pass at most. The
// first step of a pass lists the home (PassFile); the others read on in that list. A step that
// stops finishes the batch it is removing and writes where it stopped. Errors are of the home
// itself (the record unreadable, a directory unlistable); a group that cannot be removed is left
// for the next pass.
func (p *Pruner) step(minGroups int, goOn func() bool) (Report, error) {
	// What a hook pays when nothing is due: one small read. A record that cannot be read is an
	// error each time, so that a home no longer pruned is said, not kept quiet.
	if rec, err := ReadRecord(p.Home); err != nil || !p.due(rec) {
		return Report{}, err
	}
	unlock, ok, err := safefile.TryLock(filepath.Join(p.Home, filepath.FromSlash(lockFile)))
	if err != nil || !ok {
		return Report{}, err
	}
	defer unlock()
	rec, err := ReadRecord(p.Home)
	if err != nil || !p.due(rec) {
		return Report{}, err
	}
	s := &step{p: p, rec: rec, kinds: Kinds(), cutoff: p.now().Add(-p.Retention), rep: Report{Ran: true}}
	if err := s.recover(); err != nil {
		return s.rep, err
	}
	list, err := s.list()
	if err != nil {
		return s.rep, err
	}
	defer list.close()
	var batch []*group
	for s.rep.Examined < minGroups || goOn() {
		key, more, err := list.next()
		if err != nil {
			return s.rep, err
		}
		if !more {
			s.rep.PassEnded = true
			break
		}
		g, ok := groupOf(key)
		if !ok {
			continue // not a line the pass wrote
		}
		s.rep.Examined++
		if w := g.whole(p.Home, s.kinds); s.stale(w) {
			batch = append(batch, w)
		}
		if len(batch) == batchSize {
			if err := s.commit(batch, list.read, false); err != nil {
				return s.rep, err
			}
			batch = nil
		}
	}
	if err := s.commit(batch, list.read, s.rep.PassEnded); err != nil {
		return s.rep, err
	}
	if s.rep.PassEnded {
		_ = os.Remove(filepath.Join(p.Home, PassFile)) // the record says no pass is in progress
	}
	return s.rep, nil
}

// list returns the list of the pass in progress, read from where the last step stopped; it
// starts a pass (lists the home) when none is in progress or its list is gone.
func (s *step) list() (*passList, error) {
	if s.rec.Pass != nil {
		l, err := openPass(s.p.Home, s.rec.Pass.Read)
		if err == nil {
			return l, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	if err := startPass(s.p.Home, s.kinds); err != nil {
		return nil, err
	}
	s.rec.Pass = &Progress{Started: s.p.now()}
	return openPass(s.p.Home, 0)
}

// step is one Step's work.
type step struct {
	p      *Pruner
	rec    Record
	kinds  []Kind
	cutoff time.Time
	rep    Report
}

// stale reports whether g was last written before the cutoff and may be pruned.
func (s *step) stale(g *group) bool {
	if g.kind == Session && slices.Contains(s.p.Keep, g.name) {
		return false
	}
	t, ok := g.lastWrite()
	return ok && t.Before(s.cutoff)
}

// commit removes the groups of batch that are still stale once their locks are held, then
// writes the record with the pass's place: read bytes of its list done, or the time it ended.
func (s *step) commit(batch []*group, read int64, ended bool) error {
	locks := lockSet{}
	defer locks.release()
	var take []*group
	var logs []string
	var totals supervisor.Totals
	for _, g := range batch {
		if !locks.takeAll(g.locks(s.p.Home, s.kinds)) {
			continue
		}
		w := g.whole(s.p.Home, s.kinds) // what is there now, every writer kept out
		if !s.stale(w) {
			continue
		}
		if w.hasLog() {
			decisions, _, err := (&supervisor.SessionStore{Home: s.p.Home}).ReadLog(w.name)
			if err != nil {
				continue // what cannot be counted is not removed
			}
			totals.Merge(supervisor.Sum(decisions))
			logs = append(logs, w.name)
		}
		take = append(take, w)
	}
	if len(logs) > 0 {
		s.rec.Supervisor.Sessions += len(logs)
		s.rec.Supervisor.Totals.Merge(totals)
		s.rec.Removing = logs
		if err := s.rec.write(s.p.Home); err != nil {
			return err // nothing removed: the record still says what is on disk
		}
		s.rep.Logs += len(logs)
	}
	var left []string
	for _, g := range take {
		if !s.remove(g, locks) && g.hasLog() {
			left = append(left, g.name)
		}
	}
	s.rec.Removing = left
	s.rec.Pass.Read = read
	if ended {
		s.rec.Pass, s.rec.PassEnded = nil, s.p.now()
	}
	return s.rec.write(s.p.Home)
}

// remove removes the files of g, its lock files last and while they are held, and reports
// whether its decision log is gone.
func (s *step) remove(g *group, locks lockSet) (logGone bool) {
	logGone = true
	for _, f := range g.files {
		if f.kind.IsLock {
			continue
		}
		if err := removeFile(f.path); err != nil && f.kind.Log {
			logGone = false
		}
	}
	for _, f := range g.files {
		if f.kind.IsLock {
			locks.removeHeld(f.path)
		}
	}
	s.rep.Removed++
	return logGone
}

// recover finishes the removal of the sessions a killed run counted but did not remove
// (Record.Removing). One whose files were written since (the session was resumed) keeps them:
// its old decisions are then counted twice, in the summary and in its log, rather than a new one
// lost.
func (s *step) recover() error {
	if len(s.rec.Removing) == 0 {
		return nil
	}
	locks := lockSet{}
	defer locks.release()
	var left []string
	for _, id := range s.rec.Removing {
		g := &group{key: string(Session) + ":" + id, kind: Session, name: id}
		if !locks.takeAll(g.locks(s.p.Home, s.kinds)) {
			left = append(left, id)
			continue
		}
		w := g.whole(s.p.Home, s.kinds)
		if t, ok := w.dataWrite(); ok && !t.Before(s.cutoff) {
			continue
		}
		if !s.remove(w, locks) {
			left = append(left, id)
		}
	}
	s.rec.Removing = left
	return s.rec.write(s.p.Home)
}

func (g *group) hasLog() bool {
	return slices.ContainsFunc(g.files, func(f file) bool { return f.kind.Log })
}

func (p *Pruner) now() time.Time { return p.Now() }
