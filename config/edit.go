package config

import (
	"encoding/json"
	"strconv"
	"time"

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

// SaveEnabled sets supervisor.enabled in the ccc.json at path, written as settings files are
// (lock, backup, atomic replace, every other byte kept) with the store under home, the ccc-hooks
// home; now is the clock of the backup's name.
func SaveEnabled(path, home string, now func() time.Time, enabled bool) error {
	_, err := (&settings.FileStore{Home: home, Now: now}).Update(path, SetEnabled(enabled))
	return err
}

// SetChecks returns a change that sets supervisor.checks in the bytes of ccc.json to list: a
// check with the default time limit and no project is written as its command alone, any other
// as an object. Every other byte is kept; a missing file is created.
func SetChecks(list []Check) func(old []byte, exists bool) ([]byte, bool, error) {
	return func(old []byte, _ bool) ([]byte, bool, error) {
		elems := make([]any, len(list))
		for i, c := range list {
			if c.TimeoutSeconds == DefaultCheckTimeoutSeconds && c.Project == "" {
				elems[i] = c.Command
				continue
			}
			obj := map[string]any{"command": c.Command, "timeout_seconds": c.TimeoutSeconds}
			if c.Project != "" {
				obj["project"] = c.Project
			}
			elems[i] = obj
		}
		raw, err := json.Marshal(elems)
		if err != nil {
			return nil, false, err
		}
		out, err := settings.SetValue(old, []string{SupervisorKey, "checks"}, string(raw))
		return out, false, err
	}
}
