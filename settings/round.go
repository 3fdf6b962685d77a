package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"time"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// settleSteps is how many times a file that looks mid-write is looked at again, each wait
// twice the one before (5 ms settle: 5, 10, 20, 40 and 80 ms, about 150 ms in all), before it counts as it is.
const settleSteps = 4

// round carries what one attempt of Update learned into the next: a foreign version that our
// own write displaced, to be applied again while the target still holds ours.
type round struct {
	lost   []byte   // content of a foreign write our replace displaced
	ours   []byte   // what we wrote then
	active bool     // lost is still to be re-applied
	file   *os.File // the displaced file, kept open to see a write still landing in it
	dirs   []string // directories created for the file by any round
	saved  []byte   // the bytes a round backed up; nil when none did
	// wrote is set once a round changed the file (a replacement, a write in place, a removal:
	// removed); an error after that must not say the file was left unchanged.
	wrote, removed bool
	// leftovers are temporary files a round could not remove.
	leftovers []error
	// notes say what other programs did to the file meanwhile, and what became of it.
	notes []string
}

// discard discards p and keeps what it could not remove.
func (r *round) discard(p *safefile.Pending) {
	p.Discard()
	r.leftOver(p)
}

// leftOver keeps the temporary file p could not remove, if any.
func (r *round) leftOver(p *safefile.Pending) {
	if p.Leftover != nil {
		r.leftovers = append(r.leftovers, p.Leftover)
		p.Leftover = nil
	}
}

// backupOnce backs up what snap read of target, when it is a file, unless an earlier round of
// the same update backed up those very bytes: rounds repeated while another program holds the
// file open must not push the file's older backups out with copies of one.
func (r *round) backupOnce(s *FileStore, target string, snap *snapshot) error {
	if !snap.exists || r.saved != nil && bytes.Equal(r.saved, snap.data) {
		return nil
	}
	if err := s.backup(target, snap.data, snap.info); err != nil {
		return err
	}
	r.saved = snap.data
	return nil
}

// close releases the displaced file.
func (r *round) close() {
	if r.file != nil {
		_ = r.file.Close()
		r.file = nil
	}
}

// takeDisplaced looks, where the system cannot swap two names, at the file we had read (still
// open), and reports whether a foreign write landed in it after our rename replaced it, which the
// next round then re-applies our change onto.
func (r *round) takeDisplaced(snap *snapshot, ours []byte, settle time.Duration) bool {
	f := snap.f
	snap.f = nil // keep the file we read open past this round
	if f == nil {
		return false
	}
	// The usual case, nothing landed there, is proved by comparing as it reads, without a copy.
	if unchanged(f, snap.data) {
		_ = f.Close()
		return false
	}
	got, err := readBack(f)
	if err != nil || bytes.Equal(got, snap.data) {
		_ = f.Close()
		return false
	}
	r.close()
	r.file, r.lost, r.ours, r.active = f, got, ours, true
	if isBlank(cutBOM(got)) && !r.refresh(settle) || isBlank(cutBOM(r.lost)) {
		// Truncated by an in-place writer whose content did not come in time: what we wrote
		// (the content it truncated, with our change) is kept rather than an empty file.
		r.close()
		r.lost, r.active = nil, false
		return false
	}
	return true
}

// giveBack puts a foreign save that our swap displaced back in the target's place (d), and says
// so; ours is what we wrote. Where the program saved again meanwhile — the file our swap put there
// was replaced, or written in place, before it could be taken back — that later save takes the
// place, and the earlier one is kept beside the file, said too: both are the other program's,
// and neither is lost.
func (r *round) giveBack(target string, d *safefile.Displaced, ours []byte) error {
	stand, err := readBack(d.File)
	if err != nil {
		stand = nil
	}
	out, same, err := d.SwapBack(stand)
	if err != nil {
		r.wrote = true
		keep, kerr := d.Keep()
		return errors.Join(err, kerr, fmt.Errorf("another program saved %s while ccc-hooks wrote it, and that save is kept in %s", target, keep))
	}
	r.note(fmt.Sprintf("another program saved %s while ccc-hooks was writing it: that save was put back, and ccc-hooks made its change to it", target))
	if out != nil {
		defer func() { _ = out.Close() }()
		if same { // unless a writer in place changed it: rewritten as what stands, or as we wrote it
			safefile.WaitWriters(out, writersWait)
			same = unchanged(out, stand) || unchanged(out, ours)
		}
	}
	if out == nil || same {
		d.Drop()
		return nil
	}
	r.wrote = true // what stands is the other program's later save, neither the file read nor ours
	if _, _, err := d.SwapBack(nil); err != nil {
		return err
	}
	keep, err := d.Keep()
	r.note(fmt.Sprintf("another program saved %s twice while ccc-hooks was writing it: its later save stands, and its earlier one is kept in %s; compare the two", target, keep))
	return err
}

// finished says, where the ledger's record of a write could not be completed once the file was
// written (err), that the record still holds what it held before, and why.
func (r *round) finished(err error) {
	if err != nil {
		r.note(fmt.Sprintf("the file is written, but its record in the ledger could not be brought up to date (%v); it still covers the file as it was before", err))
	}
}

// note adds a sentence to say about the update, once.
func (r *round) note(s string) {
	if !slices.Contains(r.notes, s) {
		r.notes = append(r.notes, s)
	}
}

// refresh waits for the displaced file to settle and reports whether it changed since it was
// read (then lost holds its new content and is to be re-applied).
func (r *round) refresh(settle time.Duration) bool {
	if r.file == nil {
		return false
	}
	for d := settle; d <= settle<<settleSteps; d *= 2 {
		time.Sleep(d)
		got, err := readBack(r.file)
		if err == nil && !bytes.Equal(got, r.lost) {
			r.lost, r.active = got, true
			return true
		}
	}
	return false
}

// restore puts the displaced foreign content back at target in place of ours, unless target
// no longer holds ours (a newer write landed there: it stays).
func (r *round) restore(target string) error {
	p, err := safefile.Prepare(target, r.lost, newFileMode)
	if err != nil {
		return err
	}
	if !holds(target, r.ours) {
		r.discard(p)
		return nil
	}
	return p.Replace()
}

// settled waits for target to settle and reports whether it still holds what snap saw.
func (s *FileStore) settled(target string, snap *snapshot) bool {
	for d := s.settle(); d <= s.settle()<<settleSteps; d *= 2 {
		time.Sleep(d)
		if !snap.sameAs(target) {
			return false
		}
	}
	return true
}

// unchanged reports whether f, read from its start, holds exactly data.
func unchanged(f *os.File, data []byte) bool {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && readsAs(f, fi.Size(), data)
}

// readBack reads f from its start.
func readBack(f *os.File) ([]byte, error) {
	if _, err := f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	var size int64
	if fi, err := f.Stat(); err == nil {
		size = fi.Size()
	}
	return safefile.ReadAllSized(f, size)
}
