//go:build !unix

package proc

// watchdog does nothing where process groups are not available.
type watchdog struct{}

func startWatchdog(int) *watchdog { return nil }

func (w *watchdog) stop() {}
