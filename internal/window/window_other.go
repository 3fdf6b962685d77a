//go:build !linux && !darwin && !windows

package window

func startOfAncestor(int) (string, error) { return "", ErrUnsupported }
