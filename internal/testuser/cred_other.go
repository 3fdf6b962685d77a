//go:build !unix

package testuser

import "syscall"

// asNobody is never called where there is no root: os.Geteuid returns -1.
func asNobody() *syscall.SysProcAttr { return nil }
