package safefile

import (
	"errors"

	"golang.org/x/sys/unix"
)

// The flags of renamex_np that exchange and createOnly use.
const (
	swapFlag = unix.RENAME_SWAP
	exclFlag = unix.RENAME_EXCL
)

func renameWith(from, to string, flag uint) error { return unix.RenamexNp(from, to, uint32(flag)) }

// unsupported reports whether err says the file system lacks the renamex_np flag.
func unsupported(err error) bool { return errors.Is(err, unix.EINVAL) || errors.Is(err, unix.ENOTSUP) }
