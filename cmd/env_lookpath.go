package cmd

import (
	"os"
	"os/exec"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/lookpath"
)

// LookPath finds the program name as a shell started with this Env would: a bare name in the
// directories of the Env's PATH (not the PATH of this process), a name with a path separator as
// it is given. The error for a program that is not found is exec's: exec.ErrNotFound.
// install, doctor, status and their advice all find programs through it.
func (e *Env) LookPath(name string) (string, error) {
	if strings.ContainsAny(name, `/\`) {
		if fi, err := os.Stat(name); err == nil && lookpath.IsProgram(fi) {
			return name, nil
		}
	} else if p := lookpath.In(name, e.Getenv("PATH")); p != "" {
		return p, nil
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}
