//go:build linux

package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/sys/unix"
)

// copyAttrs gives f the extended attributes of the file at target, and only those: the user's
// (user.*), the POSIX ACLs (system.posix_acl_access), the security modules' labels and file
// capabilities (security.*), and, for root, trusted.*. A value the new file already has is left
// alone (a security label the system gave it, say); one it has that target has not (an ACL
// inherited from the directory's default ACL) is removed. Attributes the caller may not read
// (trusted.* for a user who is not root) are not seen, here or by anything the user runs.
func copyAttrs(f *os.File, target string) error {
	want, err := pathAttrs(target)
	if err != nil {
		return fmt.Errorf("read its extended attributes: %w", err)
	}
	have, err := fileAttrs(f)
	if err != nil {
		return fmt.Errorf("read the extended attributes of a replacement: %w", err)
	}
	fd := int(f.Fd())
	for _, name := range sortedKeys(have) {
		if _, ok := want[name]; ok {
			continue
		}
		if err := unix.Fremovexattr(fd, name); err != nil {
			return fmt.Errorf("a replacement gets the extended attribute %s, which the file has not, and it cannot be removed: %w", name, err)
		}
	}
	for _, name := range sortedKeys(want) {
		if v, ok := have[name]; ok && bytes.Equal(v, want[name]) {
			continue
		}
		if err := unix.Fsetxattr(fd, name, want[name], 0); err != nil {
			return fmt.Errorf("a replacement cannot be given its extended attribute %s: %w", name, err)
		}
	}
	return nil
}

// sameAttrs reports, as an error, an extended attribute of the file at target that f does not
// have with the same value, or one f has that target has not.
func sameAttrs(f *os.File, target string) error {
	want, err := pathAttrs(target)
	if err != nil {
		return fmt.Errorf("read its extended attributes: %w", err)
	}
	got, err := fileAttrs(f)
	if err != nil {
		return fmt.Errorf("read the extended attributes of a replacement: %w", err)
	}
	for _, name := range sortedKeys(want) {
		if !bytes.Equal(got[name], want[name]) {
			return fmt.Errorf("a replacement does not keep its extended attribute %s", name)
		}
	}
	if len(got) != len(want) {
		return errors.New("a replacement has other extended attributes than the file")
	}
	return nil
}

// pathAttrs reads the extended attributes of the file at path (not following a final link).
func pathAttrs(path string) (map[string][]byte, error) {
	return readAttrs(
		func(buf []byte) (int, error) { return unix.Llistxattr(path, buf) },
		func(name string, buf []byte) (int, error) { return unix.Lgetxattr(path, name, buf) },
	)
}

// fileAttrs reads the extended attributes of the open file f.
func fileAttrs(f *os.File) (map[string][]byte, error) {
	fd := int(f.Fd())
	return readAttrs(
		func(buf []byte) (int, error) { return unix.Flistxattr(fd, buf) },
		func(name string, buf []byte) (int, error) { return unix.Fgetxattr(fd, name, buf) },
	)
}

// readAttrs lists and reads attributes through list and get, growing the buffers as the sizes
// they report ask (an attribute set by another program meanwhile makes a size wrong: ERANGE,
// tried again).
func readAttrs(list func([]byte) (int, error), get func(string, []byte) (int, error)) (map[string][]byte, error) {
	names, err := sized(list)
	if errors.Is(err, unix.ENOTSUP) {
		return map[string][]byte{}, nil // a file system without extended attributes
	}
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{}
	for _, name := range strings.Split(string(names), "\x00") {
		if name == "" {
			continue
		}
		v, err := sized(func(buf []byte) (int, error) { return get(name, buf) })
		if errors.Is(err, unix.ENODATA) {
			continue // removed meanwhile
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out[name] = v
	}
	return out, nil
}

// sized calls read with a buffer of the size read reports for a nil one.
func sized(read func([]byte) (int, error)) ([]byte, error) {
	for range 8 {
		n, err := read(nil)
		if err != nil || n == 0 {
			return nil, err
		}
		buf := make([]byte, n)
		n, err = read(buf)
		if errors.Is(err, unix.ERANGE) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return buf[:n], nil
	}
	return nil, unix.ERANGE
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
