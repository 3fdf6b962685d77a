//go:build !linux

package proc

import "errors"

// Listable is false: no process is looked at here. (macOS has no /proc; sysctl and lsof could tell a
// process's children and its standard output, untested here, so nothing relies on them.)
const Listable = false

var errNotListable = errors.New("processes are not looked at on this system")

// Lookup finds no process here.
func Lookup(int) (Process, bool) { return Process{}, false }

// All sees no process here.
func All() []Node { return nil }

// Alive is false here: no process is known.
func (Process) Alive() bool { return false }

// Children finds none here.
func (Process) Children() []Process { return nil }

// Stdout is unknown here.
func (Process) Stdout() string { return "" }

// Args are unknown here.
func (Process) Args() []string { return nil }

// Runs is false here.
func (Process) Runs(string) bool { return false }

// Stop stops nothing here.
func (Process) Stop() error { return errNotListable }

// Kill kills nothing here.
func (Process) Kill() error { return errNotListable }

// AppendToStdout writes nothing here.
func (Process) AppendToStdout(string) error { return errNotListable }
