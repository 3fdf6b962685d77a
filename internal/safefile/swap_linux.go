package safefile

import (
	"errors"

	"golang.org/x/sys/unix"
)

// The flags of renameat2 that exchange and createOnly use.
const (
	swapFlag = unix.RENAME_EXCHANGE
	exclFlag = unix.RENAME_NOREPLACE
)

func renameWith(from, to string, flag uint) error {
	return unix.Renameat2(unix.AT_FDCWD, from, unix.AT_FDCWD, to, flag)
}

// unsupported reports whether err says the kernel or file system lacks the renameat2 flag.
func unsupported(err error) bool {
	return errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOSYS) || errors.Is(err, unix.EOPNOTSUPP)
}
