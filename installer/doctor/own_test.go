package doctor

import "testing"

// TestOwnCommandsCheck: a command of the user's that runs ccc-hooks is named, ok alone and a
// warning beside an entry of ours for the same event, in the same file or another one; a
// command of ours or one that only mentions ccc-hooks is not.
func TestOwnCommandsCheck(t *testing.T) {
	const wrapped = `ccc-hooks hook && notify-send \"review done\"`
	own := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + wrapped + `"}]}]}}`
	both := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + wrapped + `"}]},
		{"hooks": [{"type": "command", "command": "/usr/local/bin/ccc-hooks hook", "timeout": 600}]}]}}`
	tests := []struct {
		name string
		s    *Snapshot
		want []want
	}{
		{"none", snap(user(supervisor(ourCmd, 600)), project(stop("echo ccc-hooks hook"))), []want{{StatusOK, []string{"no command of your own runs ccc-hooks"}}}},
		{"alone", snap(user(own)), []want{{StatusOK, []string{
			"Stop in user settings runs `ccc-hooks hook && notify-send \"review done\"`, a command of your own that runs ccc-hooks; install and uninstall leave it as it is",
		}}}},
		{"beside ours", snap(user(both)), []want{{StatusWarn, []string{
			"Stop in user settings runs `ccc-hooks hook && notify-send \"review done\"`", "the entry of ccc-hooks in user settings runs for Stop too: ccc-hooks runs twice and answers once",
		}}}},
		{"ours in another file", snap(project(own), user(supervisor(ourCmd, 600))), []want{{StatusWarn, []string{
			"Stop in project settings runs", "the entry of ccc-hooks in user settings runs for Stop too",
		}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { checkResults(t, ownCommandsCheck{}, tt.s, tt.want) })
	}
}
