package transcript

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"

	"github.com/ccc-hooks/ccc-hooks/internal/safefile"
)

// MaxSlice is the most Since and End read of a transcript: what was appended since the mark, or
// the tail searched for the last whole line.
const MaxSlice = 4 << 20

// sumLen is how many bytes before a mark its checksum covers.
const sumLen = 256

// emptySum is the checksum of no bytes: that of a mark at offset 0.
var emptySum = func() string { s := sha256.Sum256(nil); return hex.EncodeToString(s[:8]) }()

// Mark is where a reader left a transcript: the end of its last whole line, and a checksum of
// the bytes before it that tells a transcript rewritten since. Missing marks a transcript that
// did not exist then.
type Mark struct {
	Path    string `json:"path"`
	Offset  int64  `json:"offset"`
	Sum     string `json:"sum"`
	Missing bool   `json:"missing,omitempty"`
}

// wasMissing reports whether m says that the transcript at path did not exist when m was taken.
func (m *Mark) wasMissing(path string) bool {
	return m != nil && m.Missing && m.Path == path && m.Offset == 0
}

// missingAt is the mark of a transcript at path that does not exist: all it holds once written
// is new since.
func missingAt(path string) *Mark { return &Mark{Path: path, Sum: emptySum, Missing: true} }

// Appended is what was appended to a transcript since a mark.
type Appended struct {
	// Lines are whole JSONL lines appended since the mark: all of them when Whole, else at most
	// those of the last MaxSlice bytes, or none.
	Lines []byte
	// Whole is set when Lines are all that was appended. It is clear when the transcript cannot
	// tell: it vanished, shrank, was rewritten before the mark or is another file, there was no
	// mark, it cannot be read, or more than MaxSlice was appended (then Lines are the last
	// slice's).
	Whole bool
}

// End returns the mark at the end of the last whole line of the transcript at path, searched
// for in its last MaxSlice bytes: at its start when it holds no line end and is shorter than
// that; a Missing mark when it does not exist; nil when there is no mark to be had (none named,
// unreadable, no line end in the slice).
func End(path string) *Mark {
	if path == "" {
		return nil
	}
	f, size, err := open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return missingAt(path)
	}
	if err != nil {
		return nil
	}
	defer func() { _ = f.Close() }()
	return markEnd(f, size, path)
}

// Since reads what was appended to the transcript at path after the mark prev (in one slice of
// at most MaxSlice bytes), and returns it with the mark at the end of the last whole line. A
// transcript missing at prev and still missing had nothing appended; one missing now is marked
// Missing.
func Since(prev *Mark, path string) (Appended, *Mark) {
	if path == "" {
		return Appended{}, nil
	}
	f, size, err := open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return Appended{Whole: prev.wasMissing(path)}, missingAt(path)
	}
	if err != nil {
		return Appended{}, nil
	}
	defer func() { _ = f.Close() }()
	if prev == nil || prev.Path != path || prev.Offset > size {
		return Appended{}, markEnd(f, size, path)
	}
	if sum, err := sumBefore(f, prev.Offset); err != nil || sum != prev.Sum {
		return Appended{}, markEnd(f, size, path)
	}
	if size-prev.Offset > MaxSlice {
		// Only the last slice is read, less the line its start cuts.
		tail, err := readAt(f, size-MaxSlice, size)
		if err != nil {
			return Appended{}, nil
		}
		var lines []byte
		if i := bytes.IndexByte(tail, '\n'); i >= 0 {
			lines = wholeLines(tail[i+1:])
		}
		return Appended{Lines: lines}, markEnd(f, size, path)
	}
	data, err := readAt(f, prev.Offset, size)
	if err != nil {
		return Appended{}, markEnd(f, size, path)
	}
	whole := wholeLines(data)
	next := &Mark{Path: path, Offset: prev.Offset + int64(len(whole)), Sum: prev.Sum}
	if len(whole) > 0 {
		if next.Sum, err = sumBefore(f, next.Offset); err != nil {
			return Appended{}, nil
		}
	}
	return Appended{Lines: whole, Whole: true}, next
}

// open opens the regular file at path and returns its size.
func open(path string) (*os.File, int64, error) {
	f, _, err := safefile.OpenRegular(path, safefile.FollowLinks)
	if err != nil {
		return nil, 0, err
	}
	fi, err := f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, 0, err
	}
	return f, fi.Size(), nil
}

// wholeLines returns data up to the end of its last whole line.
func wholeLines(data []byte) []byte { return data[:bytes.LastIndexByte(data, '\n')+1] }

// markEnd returns the mark at the end of the last whole line of f, searched for in its last
// MaxSlice bytes; nil when there is none.
func markEnd(f *os.File, size int64, path string) *Mark {
	start := max(size-MaxSlice, 0)
	data, err := readAt(f, start, size)
	if err != nil {
		return nil
	}
	i := bytes.LastIndexByte(data, '\n')
	if i < 0 && start > 0 {
		return nil
	}
	// With no line end in a transcript shorter than a slice, the mark is its start.
	m := &Mark{Path: path, Offset: start + int64(i) + 1}
	sum, err := sumBefore(f, m.Offset)
	if err != nil {
		return nil
	}
	m.Sum = sum
	return m
}

// sumBefore returns the checksum of the up to sumLen bytes of f before off.
func sumBefore(f *os.File, off int64) (string, error) {
	buf, err := readAt(f, max(off-sumLen, 0), off)
	if err != nil {
		return "", err
	}
	s := sha256.Sum256(buf)
	return hex.EncodeToString(s[:8]), nil
}

// readAt reads f from start to end; a file cut shorter meanwhile gives what is left.
func readAt(f *os.File, start, end int64) ([]byte, error) {
	buf := make([]byte, end-start)
	n, err := f.ReadAt(buf, start)
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	return buf[:n], nil
}
