package config

import (
	"strconv"

	"github.com/ccc-hooks/ccc-hooks/settings"
)

// SetEnabled returns a change that sets supervisor.enabled in the bytes of ccc.json. Every other
// byte is kept (see settings.SetValue); a missing file is created. Its signature fits
// settings.ChangeFunc.
func SetEnabled(enabled bool) func(old []byte, exists bool) ([]byte, bool, error) {
	return func(old []byte, _ bool) ([]byte, bool, error) {
		out, err := settings.SetValue(old, []string{SupervisorKey, "enabled"}, strconv.FormatBool(enabled))
		return out, false, err
	}
}
