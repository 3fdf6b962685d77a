//go:build unix

package testuser

import "syscall"

// asNobody starts a process as user and group nobody, with no supplementary groups.
func asNobody() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: Nobody, Gid: Nobody}}
}
