package cmd

import "github.com/ccc-hooks/ccc-hooks/internal/lookpath"

// LookPath finds the program name as a shell started with this Env would (lookpath.Shell, on the
// Env's PATH, not the PATH of this process).
func (e *Env) LookPath(name string) (string, error) { return lookpath.Shell(name, e.Getenv("PATH")) }
