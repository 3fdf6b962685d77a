package safefile

import "errors"

// errUnsupported says the system or file system cannot do the atomic operation asked for:
// callers fall back to a plain rename.
var errUnsupported = errors.New("not supported here")
