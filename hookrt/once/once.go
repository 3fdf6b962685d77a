// Package once answers an event once when the same event reaches ccc-hooks several times at once.
//
// Claude Code runs a plugin's hook beside an identical settings hook, and settings entries whose
// commands differ in parallel, all with the same payload; a genuine next event can be
// byte-identical too, and bytes and timing alone cannot tell them apart on a loaded machine
// (docs/claude-code.md, "Copies of one event"). So a copy is told by three things together:
//
//   - its payload is byte-identical to an event being answered or answered before;
//   - it comes from another caller than every invocation counted for that event so far — a
//     caller is how Claude Code ran the hook (its command line, and the plugin it belongs to),
//     and Claude Code runs each distinct command once per event, so the same caller again is
//     a new event;
//   - it arrives while that event is still being answered, or less than Window from its start.
//
// Anything else is answered: when in doubt, a second answer costs a review, a skipped one lets
// work through unreviewed.
//
// The record of an event is a small file named by the SHA-256 of the payload in a directory under
// the ccc-hooks home. The invocation that answers holds an exclusive lock on that file until it
// has answered, so the decision is exact under any concurrency: every invocation decides while it
// holds the lock, a copy that arrives while the first is still answering waits for it and then
// finds the first's record, and a first that was killed (no answer recorded) is replaced by the
// next copy. Records are pruned when they are long past; the pruner takes the same lock, and a
// claimant that finds its file unlinked under it starts over, so pruning never lets two answer.
package once

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// Window is how long after the first invocation started an identical payload from another caller
// still counts as the same event, even when the first has already answered: longer than the
// latest start of a copy measured under load (docs/claude-code.md, "Copies of one event"). A
// longer window costs a genuine event nothing: Claude Code starts the next event only after every
// copy of the last one ran, and the same caller again is a new event whatever the time.
const Window = time.Second

// expiry is how long an answered record is kept before it may be pruned; it is far longer than
// Window and than any gap between the copies of one event.
const expiry = 10 * time.Minute

// abandoned is how long a record whose invocation died before answering is kept.
const abandoned = 24 * time.Hour

// pruneStamp is the file in the records directory whose modification time says when it was last
// pruned: a claim lists the directory only when that is more than expiry ago, so the fast path
// pays one stat for pruning, not a directory listing.
const pruneStamp = ".pruned"

// Ticket is held by the invocation that answers an event. Done records the answer and releases it.
type Ticket struct {
	f       *os.File
	started time.Time
	caller  string
	now     func() time.Time
}

// Claim decides whether this invocation answers the event whose stdin was payload: first is true
// when it does (call Done on the ticket once it has answered), false when it is a copy (see the
// package comment). caller names how Claude Code ran this invocation. dir holds the records
// (created when missing); now is the clock (the run's outside.Env.Now). Claim waits while an
// identical payload is being answered, until ctx is done.
func Claim(ctx context.Context, dir string, payload []byte, caller string, now func() time.Time) (t *Ticket, first bool, err error) {
	arrived := now()
	sum := sha256.Sum256(payload)
	path := filepath.Join(dir, hex.EncodeToString(sum[:16]))
	if _, err := safefile.MkdirAll(dir, 0o700); err != nil {
		return nil, false, fmt.Errorf("answered-once records: %w", err)
	}
	f, err := openLocked(ctx, path)
	if err != nil {
		return nil, false, err
	}
	id := callerID(caller)
	prev, ok := readRecord(f)
	if ok && prev.covers(arrived, id) {
		// Counted, so that this caller's next identical payload is a new event.
		prev.callers = append(prev.callers, id)
		err := writeRecord(f, prev)
		unlockClose(f)
		if err != nil {
			return nil, false, fmt.Errorf("answered-once record %s: %w", path, err)
		}
		return nil, false, nil
	}
	if err := writeRecord(f, record{started: arrived, callers: []string{id}}); err != nil {
		unlockClose(f)
		return nil, false, fmt.Errorf("answered-once record %s: %w", path, err)
	}
	if pruneDue(dir, now()) {
		prune(dir, path, now())
	}
	return &Ticket{f: f, started: arrived, caller: id, now: now}, true, nil
}

// maxCallers bounds the callers a record keeps: far more than the ways one event can reach a hook.
const maxCallers = 16

// callerID is the short name of a caller in a record.
func callerID(caller string) string {
	sum := sha256.Sum256([]byte(caller))
	return hex.EncodeToString(sum[:6])
}

// Done records that the event has been answered and lets waiting copies go. It is safe on a nil
// ticket and when called twice.
func (t *Ticket) Done() error {
	if t == nil || t.f == nil {
		return nil
	}
	err := writeRecord(t.f, record{started: t.started, answered: t.now(), callers: []string{t.caller}})
	unlockClose(t.f)
	t.f = nil
	return err
}

// record is what the file of an event holds: when its answering invocation started, when it
// answered (zero while it is answering, or when it died first), and the callers counted for the
// event so far.
type record struct {
	started, answered time.Time
	callers           []string
}

// covers reports whether an identical payload arriving at t from caller id is a copy of the event
// r records. A record without an answer belongs to an invocation that died (its lock is gone): the
// copy answers in its place. A caller already counted for the event runs a new one. Arrivals a
// little before started are copies too (the clocks of two processes are read at slightly
// different moments).
func (r record) covers(t time.Time, id string) bool {
	if r.answered.IsZero() || slices.Contains(r.callers, id) || len(r.callers) >= maxCallers {
		return false
	}
	end := r.started.Add(Window)
	if r.answered.After(end) {
		end = r.answered
	}
	return !t.Before(r.started.Add(-Window)) && t.Before(end)
}

func (r record) encode() []byte {
	var answered int64
	if !r.answered.IsZero() {
		answered = r.answered.UnixNano()
	}
	return []byte(strconv.FormatInt(r.started.UnixNano(), 10) + " " + strconv.FormatInt(answered, 10) + " " +
		strings.Join(r.callers, ",") + "\n")
}

// readRecord reads the record in f; ok is false for an empty or unreadable file (a fresh file, or
// one cut short by a crash), which is treated as no record.
func readRecord(f *os.File) (r record, ok bool) {
	buf := make([]byte, 64+maxCallers*13)
	n, err := f.ReadAt(buf, 0)
	if err != nil && !errors.Is(err, io.EOF) {
		return r, false
	}
	fields := strings.Fields(string(buf[:n]))
	if len(fields) != 2 && len(fields) != 3 {
		return r, false
	}
	if len(fields) == 3 {
		r.callers = strings.Split(fields[2], ",")
	}
	started, err1 := strconv.ParseInt(fields[0], 10, 64)
	answered, err2 := strconv.ParseInt(fields[1], 10, 64)
	if err1 != nil || err2 != nil || started <= 0 || answered < 0 {
		return r, false
	}
	r.started = time.Unix(0, started)
	if answered > 0 {
		r.answered = time.Unix(0, answered)
	}
	return r, true
}

func writeRecord(f *os.File, r record) error {
	data := r.encode()
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	return f.Truncate(int64(len(data)))
}

// openLocked opens (creating) the record file at path and locks it, waiting while another
// invocation holds it. When the file was pruned while this one waited for it, it starts over, so
// that every claimant of a payload locks the same file. The record is opened never through a
// symbolic link, and on Windows sharing delete access (safefile.OpenReadWrite), so that the
// pruner can remove a record while it holds it locked, as on Unix: a claimant that has it open
// then finds it unlinked and starts over, and one that opens it while Windows is still deleting
// it gets an error, and answers without the check (when in doubt, answer).
func openLocked(ctx context.Context, path string) (*os.File, error) {
	for {
		f, err := safefile.OpenReadWrite(path, true)
		if err != nil {
			return nil, fmt.Errorf("answered-once record: %w", err)
		}
		if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
			_ = f.Close()
			return nil, fmt.Errorf("answered-once record %s: not a regular file", path)
		}
		if err := waitLock(ctx, f); err != nil {
			_ = f.Close()
			return nil, fmt.Errorf("answered-once record %s: %w", path, err)
		}
		if sameFile(f, path) {
			return f, nil
		}
		unlockClose(f)
	}
}

// waitLock takes the exclusive lock on f, polling with a growing pause (a copy may wait for a
// whole review) until ctx is done.
func waitLock(ctx context.Context, f *os.File) error {
	pause := time.Millisecond
	for {
		locked, err := tryLock(f)
		if err != nil || locked {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(pause):
		}
		pause = min(pause*2, 50*time.Millisecond)
	}
}

func sameFile(f *os.File, path string) bool {
	fi, err := f.Stat()
	if err != nil {
		return false
	}
	pi, err := os.Stat(path)
	return err == nil && os.SameFile(fi, pi)
}

func unlockClose(f *os.File) {
	unlock(f)
	_ = f.Close()
}

// pruneDue reports whether dir was last pruned more than expiry ago, and if so stamps it now (two
// claims racing here may both prune, which is harmless).
func pruneDue(dir string, now time.Time) bool {
	stamp := filepath.Join(dir, pruneStamp)
	if fi, err := os.Stat(stamp); err == nil && now.Sub(fi.ModTime()) < expiry {
		return false
	}
	if err := os.WriteFile(stamp, nil, 0o600); err != nil {
		return false
	}
	_ = os.Chtimes(stamp, now, now)
	return true
}

// prune removes records answered more than expiry ago (or abandoned for a day) from dir, except
// keep. It takes each file's lock without waiting and skips files in use.
func prune(dir, keep string, now time.Time) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if path == keep || !e.Type().IsRegular() || len(e.Name()) != 32 {
			continue
		}
		info, err := e.Info()
		if err != nil || now.Sub(info.ModTime()) < expiry {
			continue
		}
		pruneOne(path, now)
	}
}

func pruneOne(path string, now time.Time) {
	f, err := safefile.OpenReadWrite(path, false)
	if err != nil {
		return
	}
	defer func() { _ = f.Close() }()
	if locked, err := tryLock(f); err != nil || !locked {
		return
	}
	defer unlock(f)
	if !sameFile(f, path) {
		return
	}
	r, ok := readRecord(f)
	stale := !ok && now.Sub(fileTime(f)) > expiry ||
		ok && !r.answered.IsZero() && now.Sub(r.answered) > expiry ||
		ok && r.answered.IsZero() && now.Sub(r.started) > abandoned
	if stale {
		_ = os.Remove(path)
	}
}

func fileTime(f *os.File) time.Time {
	fi, err := f.Stat()
	if err != nil {
		return time.Time{}
	}
	return fi.ModTime()
}
