package settings

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// snapshot is one reading of a settings file: its bytes, and the file itself kept open so that
// a write landing in that same inode after it was replaced can still be seen.
type snapshot struct {
	data   []byte
	exists bool
	info   fs.FileInfo // nil when missing
	f      *os.File    // nil when missing
}

// close releases the open file.
func (s *snapshot) close() {
	if s.f != nil {
		_ = s.f.Close()
		s.f = nil
	}
}

// NotRegularError reports a settings path that names something other than a regular file.
type NotRegularError struct {
	Path string
	Kind string // "a directory", "a FIFO", ...
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is %s, not a regular file; ccc-hooks only reads and replaces regular files", e.Path, e.Kind)
}

// viaLink makes a *NotRegularError about target name the path that was asked for too, when
// a symbolic link led from one to the other.
func viaLink(err error, path, target string) error {
	var nr *NotRegularError
	if errors.As(err, &nr) && nr.Path == target && path != target {
		if abs, aerr := filepath.Abs(path); aerr != nil || abs != target {
			return &NotRegularError{Path: path + " (a link to " + target + ")", Kind: nr.Kind}
		}
	}
	return err
}

// leadsTo reports whether path still resolves to target: a foreign rename over a link on the
// way makes it lead to another file, which then holds the settings instead.
func leadsTo(path, target string) bool {
	t, err := safefile.Resolve(path)
	return err == nil && t == target
}

// MaxFileSize bounds what ccc-hooks reads of one settings file: every read of one, by FileStore
// and by ReadFile, refuses a larger file with an error naming it (wrapping safefile.ErrTooLarge).
const MaxFileSize = 64 << 20

// ReadFile returns the bytes of the settings file at path for a look (the writes read under
// their lock, see FileStore), following symbolic links: only a regular file is opened, so a
// FIFO, device or directory there is an error at once rather than a hang, and a file of more
// than MaxFileSize is refused. A missing file is an error wrapping fs.ErrNotExist.
func ReadFile(path string) ([]byte, error) { return safefile.ReadRegular(path, MaxFileSize) }

// readSnapshot reads target (a resolved path) and keeps it open (see openTarget), except where
// an open file cannot be replaced (Windows refuses to rename over a file that any program holds
// open, this one included): there it is closed once read.
func readSnapshot(target string) (*snapshot, error) {
	f, fi, err := openTarget(target)
	if err != nil || f == nil {
		return &snapshot{}, err
	}
	data, err := safefile.ReadBounded(f, target, fi.Size(), MaxFileSize)
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	s := &snapshot{data: data, exists: true, info: fi, f: f}
	if !safefile.CanReplaceOpen {
		s.close()
	}
	return s, nil
}

// sameAs reports whether target still holds exactly what s saw: the same inode (or still no
// file), not truncated or written since (its size, modification and change times), and the
// same bytes. The times matter for a file being written in place: truncated and written again
// between two looks, it can show the same inode and the same (empty) bytes. The bytes are
// compared as they are read, through a small buffer: every byte is still looked at, but no
// second copy of the file is made.
func (s *snapshot) sameAs(target string) bool {
	cur, fi, err := openTarget(target)
	if err != nil {
		return false
	}
	if cur == nil {
		return !s.exists
	}
	defer func() { _ = cur.Close() }()
	return s.exists && safefile.SameStamp(fi, s.info) && readsAs(cur, fi.Size(), s.data)
}

// holds reports whether target is a regular file holding exactly data.
func holds(target string, data []byte) bool {
	cur, fi, err := openTarget(target)
	if err != nil || cur == nil {
		return false
	}
	defer func() { _ = cur.Close() }()
	return readsAs(cur, fi.Size(), data)
}

// openTarget opens target (a resolved path) for reading, with what the open file is: nil when
// it is missing. It is safefile.OpenRegular refusing links (one put at target since it was
// resolved is not followed), with its refusal said as a *NotRegularError.
func openTarget(target string) (*os.File, fs.FileInfo, error) {
	f, fi, err := safefile.OpenRegular(target, safefile.RefuseLinks)
	var nr *safefile.NotRegularError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, nil
	case errors.As(err, &nr):
		return nil, nil, &NotRegularError{Path: target, Kind: nr.Kind}
	case err != nil:
		return nil, nil, fmt.Errorf("read %s: %w", target, err)
	}
	return f, fi, nil
}

// compareChunk is the buffer through which readsAs compares a file with bytes it should hold.
const compareChunk = 256 << 10

// readsAs reports whether reading r (from where it stands) to its end gives exactly want. size
// is r's length when stat'ed: a different one answers no without reading (a file changing
// meanwhile can only make the answer no, which sends the caller round again).
func readsAs(r io.Reader, size int64, want []byte) bool {
	if size != int64(len(want)) {
		return false
	}
	buf := make([]byte, min(compareChunk, len(want)+1))
	for {
		n, err := io.ReadFull(r, buf[:min(len(buf), len(want)+1)])
		if !bytes.Equal(buf[:n], want[:min(n, len(want))]) || n > len(want) {
			return false
		}
		want = want[n:]
		switch {
		case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
			return len(want) == 0
		case err != nil:
			return false
		}
	}
}

// checkWritable refuses a file that its mode marks read-only: a 0444 settings file is a
// deliberate protection, which a rename (allowed by the directory's permissions) would
// silently undo.
func checkWritable(target string, fi fs.FileInfo) error {
	if err := checkOwner(target, fi); err != nil {
		return err
	}
	if fi == nil || fi.Mode().Perm()&0o222 != 0 {
		return nil
	}
	if runtime.GOOS == "windows" { // its read-only attribute: no other bit is there
		return fmt.Errorf("write %s: the file is read-only; clear its read-only attribute (in its Properties, or with attrib -r) for ccc-hooks to edit it", target)
	}
	return fmt.Errorf("write %s: the file is read-only (mode %04o); make it writable (chmod u+w) for ccc-hooks to edit it", target, fi.Mode().Perm())
}

// checkOwner refuses, for a user who is not root, a settings file of another user, and a new one
// in a directory of another user (not root's): whoever's Claude Code reads it would run the
// program the file names as them, so only its owner, or root keeping that owner, writes it.
// fi is the file (nil: missing).
func checkOwner(target string, fi fs.FileInfo) error {
	what := "it belongs to"
	if fi == nil {
		what = "its directory belongs to"
		for dir := filepath.Dir(target); ; dir = filepath.Dir(dir) {
			if fi, _ = os.Stat(dir); fi != nil || filepath.Dir(dir) == dir {
				break
			}
		}
		if fi == nil {
			return nil
		}
		if uid, other := safefile.OtherOwner(fi); !other || uid == 0 {
			return nil
		}
	}
	if uid, other := safefile.OtherOwner(fi); other {
		return fmt.Errorf("write %s: %s uid %d, not you (uid %d): ccc-hooks writes no settings file of another user, "+
			"whose Claude Code would run the program it names as them; that user (or root) can install it", target, what, uid, os.Geteuid())
	}
	return nil
}
