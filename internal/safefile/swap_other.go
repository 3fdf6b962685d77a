//go:build !linux && !darwin

package safefile

func exchange(string, string) error { return errUnsupported }

func createOnly(string, string) error { return errUnsupported }
