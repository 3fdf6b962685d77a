package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is matched by the errors of OpenRegular, ReadRegular and ReadTail when the path
// names a directory, device, FIFO, socket or anything else that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the errors of ReadRegular and ReadBounded when the file holds more
// than they may read.
var ErrTooLarge = errors.New("file too large")

// Links says what OpenRegular does with a symbolic link at the end of the path.
type Links int

const (
	// FollowLinks opens the file a final symbolic link leads to.
	FollowLinks Links = iota
	// RefuseLinks refuses a final symbolic link as not a regular file: for a path whose links
	// were resolved already (see Resolve), where a link put there since must not be followed.
	RefuseLinks
)

// OpenRegular opens path for reading only when it is a regular file, with what fstat says of
// the file opened. It looks before it opens, so a directory, device, FIFO or socket is refused
// (with a *NotRegularError) without being opened for reading; the open itself does not block
// (O_NONBLOCK where the system has it), so a FIFO swapped in between the look and the open
// cannot hang the caller, and what was opened is checked again with fstat. A missing file is
// an error that wraps fs.ErrNotExist.
func OpenRegular(path string, links Links) (*os.File, fs.FileInfo, error) {
	stat := os.Stat
	if links == RefuseLinks {
		stat = os.Lstat
	}
	fi, err := stat(path)
	if err != nil {
		return nil, nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, &NotRegularError{Path: path, Kind: KindOf(fi.Mode())}
	}
	f, err := openRead(path, links == FollowLinks)
	if err != nil {
		return nil, nil, err
	}
	fi, err = f.Stat()
	if err == nil && !fi.Mode().IsRegular() {
		err = &NotRegularError{Path: path, Kind: KindOf(fi.Mode())}
	}
	if err != nil {
		_ = f.Close()
		return nil, nil, err
	}
	return f, fi, nil
}

// NotRegularError reports a path that names something other than a regular file; it matches
// ErrNotRegular.
type NotRegularError struct {
	Path string
	Kind string // KindOf its mode: "a directory", "a FIFO (named pipe)", ...
}

func (e *NotRegularError) Error() string {
	return "open " + e.Path + ": " + e.Kind + ", not a regular file"
}

// Is makes errors.Is(err, ErrNotRegular) true.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// ReadRegular returns the contents of the regular file path, refusing (with ErrTooLarge) a file
// of more than limit bytes; it never reads more than limit+1 bytes, whatever the file claims.
func ReadRegular(path string, limit int64) ([]byte, error) {
	f, fi, err := OpenRegular(path, FollowLinks)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	return ReadBounded(f, path, fi.Size(), limit)
}

// ReadBounded reads f, the open file path of the given size, to its end, refusing (with
// ErrTooLarge) more than limit bytes; it never reads more than limit+1 bytes, however the file
// grows meanwhile.
func ReadBounded(f *os.File, path string, size, limit int64) ([]byte, error) {
	if size > limit {
		return nil, tooLarge(path, limit)
	}
	data, err := ReadAllSized(io.LimitReader(f, limit+1), size)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(data)) > limit {
		return nil, tooLarge(path, limit)
	}
	return data, nil
}

// OpenReadWrite opens the file at path for reading and writing, creating it (mode 0600) when
// create is set, and never through a final symbolic link: on Unix a link in its place is an
// error, and where no flag refuses one (Windows) the link itself is opened, which the caller
// refuses by its Stat, as it refuses anything that is not a regular file. On Windows the file is
// opened sharing delete access, as every file safefile opens: another program may remove or
// rename it while it is open, as on Unix.
func OpenReadWrite(path string, create bool) (*os.File, error) { return openReadWrite(path, create) }

// ReadTail returns the last limit bytes of the regular file path (all of it when smaller). The
// slice may begin in the middle of a line; callers that parse lines drop the first partial one.
// Memory use is bounded by limit, however large the file.
func ReadTail(path string, limit int64) ([]byte, error) {
	f, fi, err := OpenRegular(path, FollowLinks)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	if size := fi.Size(); size > limit {
		if _, err := f.Seek(size-limit, io.SeekStart); err != nil {
			return nil, &fs.PathError{Op: "seek", Path: path, Err: err}
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return data, nil
}

func tooLarge(path string, limit int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (more than %s)", ErrTooLarge, sizeText(limit))}
}

// sizeText writes n bytes in MiB when it is a whole number of them.
func sizeText(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// KindOf names the type of a file that is not a regular one, for error messages: "a directory",
// "a FIFO (named pipe)", "a socket", "a character device", ...
func KindOf(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a FIFO (named pipe)"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	case m&fs.ModeSymlink != 0:
		return "a symbolic link"
	}
	return "not a regular file (" + m.Type().String() + ")"
}
