package doctor

import "testing"

func TestDisableAllCheck(t *testing.T) {
	off := `{"disableAllHooks": true}`
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"unset", snap(user(supervisor(ourCmd, 600))), []want{{StatusOK, []string{"no settings file sets disableAllHooks"}}}},
		{"false", snap(local(`{"disableAllHooks": false}`), user(supervisor(ourCmd, 600))), []want{{StatusOK, nil}}},
		{"local switches ours off", snap(local(off), user(supervisor(ourCmd, 600))), []want{{StatusError, []string{
			"disableAllHooks is true in local settings", "no hooks except managed ones", "ccc-hooks hooks in user settings are off",
			`remove "disableAllHooks" from ` + localPath,
		}}}},
		{"managed switches managed off", snap(managed(`{"disableAllHooks": true, "hooks": {}}`), user(stop(ourCmd))), []want{{StatusError, []string{
			"runs no hooks at all", "user settings are off",
		}}}},
		{"user cannot switch off managed", snap(managed(stop(ourCmd)), user(off)), []want{{StatusOK, []string{"cannot switch off managed hooks"}}}},
		{"nothing of ours", snap(user(off)), []want{{StatusWarn, []string{"hooks you install will not fire", "set it to false"}}}},
		{"in a broken file", snap(user(`{"disableAllHooks": true,}`)), []want{{StatusOK, nil}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, disableAllCheck{}, tt.s, tt.want) })
	}
}

func TestManagedOnlyCheck(t *testing.T) {
	only := `{"allowManagedHooksOnly": true}`
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"unset", snap(user(supervisor(ourCmd, 600))), []want{{StatusOK, []string{"do not set allowManagedHooksOnly"}}}},
		{"ours outside managed", snap(managed(only), project(stop(ourCmd))), []want{{StatusError, []string{
			"only managed hooks run", "ccc-hooks hooks in project settings are off", "`ccc-hooks install --scope managed`",
		}}}},
		{
			"ours in managed", snap(managed(`{"allowManagedHooksOnly": true, "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "ccc-hooks hook"}]}]}}`)),
			[]want{{StatusOK, []string{"no ccc-hooks hooks outside them"}}},
		},
		{"ignored outside managed", snap(user(`{"allowManagedHooksOnly": true}`)), []want{{StatusOK, []string{"has no effect"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, managedOnlyCheck{}, tt.s, tt.want) })
	}
}
