//go:build !linux && !darwin && !windows

package safefile

func exchange(string, string) error { return errUnsupported }

func createOnly(string, string) error { return errUnsupported }
