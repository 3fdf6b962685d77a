package safefile

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Displaced is the file a Commit swapped out of its target's place, open for reading and still
// under the temporary name beside the target, so that it can be put back: a foreign save that
// landed before the swap (by rename, or in place into the file that was read) is never left
// without a name.
//
// Until the caller drops it or swaps it back, the file the swap put in the target's place is
// guarded where the system allows (a Linux write lease): a program that opens it meanwhile
// waits, so that none reads it while it may yet be taken back.
type Displaced struct {
	*os.File
	name, target string
	ours         fs.FileInfo // the file the swap put in the target's place
	guard        *os.File    // ours, open with its lease; nil where none could be had
	p            *Pending    // where a name that cannot be removed is said (Leftover)
}

// Drop keeps the swap: the guard goes, and the displaced file's name is removed (it is gone once
// closed). A name that cannot be removed is said in the Pending's Leftover.
func (d *Displaced) Drop() {
	d.unguard()
	d.p.removeDisplaced()
}

// unguard releases the guard of the file the swap put in place.
func (d *Displaced) unguard() {
	release(d.guard)
	d.guard = nil
}

// SwapBack puts the displaced file back in the target's place, swapping the two names again.
// When what that took out is the file Commit put there (ours, by identity), it is rewritten as
// stand — the bytes that stand now — before its guard goes: a program that opened it in the
// instant it stood in the target's place reads what stands, not what was taken back. It then
// returns that file, open for reading and under the temporary name (nil where it cannot be
// opened), for the caller to look at its bytes, which a writer in place may still change; the
// caller drops the name, keeps the file (Keep) or swaps once more.
func (d *Displaced) SwapBack(stand []byte) (out *os.File, ours bool, err error) {
	defer d.unguard()
	if err := exchange(d.name, d.target); err != nil {
		return nil, false, fmt.Errorf("put back %s: %w", d.target, err)
	}
	syncDir(filepath.Dir(d.target))
	if fi, err := os.Lstat(d.name); err == nil && os.SameFile(fi, d.ours) {
		ours = true
		if d.guard != nil {
			_ = rewrite(d.guard, stand)
		}
	}
	d.unguard()
	out, err = openNoBlock(d.name)
	if err != nil {
		return nil, ours, nil
	}
	return out, ours, nil
}

// rewrite makes f hold exactly data.
func rewrite(f *os.File, data []byte) error {
	if err := f.Truncate(0); err != nil {
		return err
	}
	_, err := f.WriteAt(data, 0)
	return err
}

// Keep gives the file under the temporary name a name of its own beside the target that nothing
// removes, <target>.ccc-hooks-kept (then -2, -3, …: an earlier one is never replaced), and
// returns it.
func (d *Displaced) Keep() (string, error) { return keepAside(d.name, d.target) }

// keepAside renames aside to the first free name of <target>.ccc-hooks-kept, -2, -3, …
func keepAside(aside, target string) (string, error) {
	base := target + ".ccc-hooks-kept"
	for i := 1; i <= 100; i++ {
		keep := base
		if i > 1 {
			keep = fmt.Sprintf("%s-%d", base, i)
		}
		err := createOnly(aside, keep)
		if errors.Is(err, errUnsupported) {
			if _, serr := os.Lstat(keep); serr == nil {
				continue
			}
			err = os.Rename(aside, keep)
		}
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return aside, fmt.Errorf("keep %s as %s: %w", aside, keep, err)
		}
		return keep, nil
	}
	return aside, fmt.Errorf("keep %s: %s and the 99 names after it are taken", aside, base)
}

// WaitWriters waits, at most limit, until no program has f open for writing, so that what is
// read of it next is all anyone will write into it (a file without a name gets no new writer).
// known is false where that cannot be asked here (no lease on this system or file system, or a
// file of another user without the capability to lease it); free is false when a program still
// had it open for writing when limit passed.
func WaitWriters(f *os.File, limit time.Duration) (free, known bool) {
	for start, wait := time.Now(), 100*time.Microsecond; ; wait = min(2*wait, 10*time.Millisecond) {
		switch err := noWriters(f); {
		case err == nil:
			return true, true
		case !errors.Is(err, errWriters):
			return false, false
		case time.Since(start) > limit:
			return false, true
		}
		time.Sleep(wait)
	}
}

// errWriters is noWriters' answer when a program has the file open for writing.
var errWriters = errors.New("a program has the file open for writing")
