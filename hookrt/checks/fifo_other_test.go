//go:build !unix

package checks

import "errors"

func mkfifo(string) error { return errors.New("no FIFOs here") }
