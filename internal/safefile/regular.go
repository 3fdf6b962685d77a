package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// ErrNotRegular is wrapped by the errors of OpenRegular, ReadRegular and ReadTail when the path
// names a directory, device, FIFO, socket or anything else that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrTooLarge is wrapped by the error of ReadRegular when the file holds more than it may read.
var ErrTooLarge = errors.New("file too large")

// OpenRegular opens path for reading only when it is a regular file (after following symbolic
// links). It looks before it opens, so a directory, device, FIFO or socket is refused without
// being opened for reading; the open itself does not block (O_NONBLOCK where the system has it),
// so a FIFO swapped in between the look and the open cannot hang the caller, and what was opened
// is checked again with fstat.
func OpenRegular(path string) (*os.File, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, notRegular(path, fi.Mode())
	}
	f, err := os.OpenFile(path, os.O_RDONLY|openNoBlockFlags, 0)
	if err != nil {
		return nil, err
	}
	fi, err = f.Stat()
	if err != nil {
		_ = f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		_ = f.Close()
		return nil, notRegular(path, fi.Mode())
	}
	return f, nil
}

// ReadRegular returns the contents of the regular file path, refusing (with ErrTooLarge) a file
// of more than max bytes; it never reads more than max+1 bytes, whatever the file claims.
func ReadRegular(path string, max int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	var size int64
	if fi, err := f.Stat(); err == nil {
		if size = fi.Size(); size > max {
			return nil, tooLarge(path, max)
		}
	}
	data, err := ReadAllSized(io.LimitReader(f, max+1), size)
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	if int64(len(data)) > max {
		return nil, tooLarge(path, max)
	}
	return data, nil
}

// ReadTail returns the last max bytes of the regular file path (all of it when smaller). The
// slice may begin in the middle of a line; callers that parse lines drop the first partial one.
// Memory use is bounded by max, however large the file.
func ReadTail(path string, max int64) ([]byte, error) {
	f, err := OpenRegular(path)
	if err != nil {
		return nil, err
	}
	defer func() { _ = f.Close() }()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if size := fi.Size(); size > max {
		if _, err := f.Seek(size-max, io.SeekStart); err != nil {
			return nil, &fs.PathError{Op: "seek", Path: path, Err: err}
		}
	}
	data, err := io.ReadAll(io.LimitReader(f, max))
	if err != nil {
		return nil, &fs.PathError{Op: "read", Path: path, Err: err}
	}
	return data, nil
}

func notRegular(path string, mode fs.FileMode) error {
	return &fs.PathError{Op: "open", Path: path, Err: fmt.Errorf("%s, %w", KindOf(mode), ErrNotRegular)}
}

func tooLarge(path string, max int64) error {
	return &fs.PathError{Op: "read", Path: path, Err: fmt.Errorf("%w (more than %d bytes)", ErrTooLarge, max)}
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

// openNoBlock opens path for reading without following a final link and without blocking on
// a FIFO.
func openNoBlock(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|openNoBlockFlags|openNoFollowFlag, 0)
}
