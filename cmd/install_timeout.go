package cmd

import (
	"fmt"
	"strconv"
	"strings"
)

// parseTimeout reads a hook timeout: whole seconds from 1 to maxTimeout.
func parseTimeout(s string) (int, error) {
	t, err := strconv.Atoi(strings.TrimSpace(s))
	if err != nil {
		return 0, fmt.Errorf("%q is not a whole number of seconds", s)
	}
	if t < 1 || t > maxTimeout {
		return 0, fmt.Errorf("%d: want seconds between 1 and %d (Claude Code reads timeouts in seconds, not milliseconds)", t, maxTimeout)
	}
	return t, nil
}

// secondsFlag is the --timeout flag: whole seconds, checked by parseTimeout.
type secondsFlag struct{ v *int }

func (f secondsFlag) String() string {
	if f.v == nil {
		return ""
	}
	return strconv.Itoa(*f.v)
}

func (f secondsFlag) Set(s string) error {
	t, err := parseTimeout(s)
	if err != nil {
		return err
	}
	*f.v = t
	return nil
}

func (secondsFlag) Type() string { return "seconds" }
