//go:build !windows

package safefile

// removeIn removes name inside w.
func removeIn(w *Within, name string) error { return w.root.Remove(name) }
