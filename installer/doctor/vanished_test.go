package doctor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ccc-hooks/ccc-hooks/installer"
	"github.com/ccc-hooks/ccc-hooks/settings"
)

// TestVanishedCheck: an installation the ledger records is ok while its events carry our
// command, a warning with the date and the command that puts it back once they are gone, and
// a warning too when the file itself is gone.
func TestVanishedCheck(t *testing.T) {
	home := t.TempDir()
	path := filepath.Join(t.TempDir(), "settings.json")
	st := &settings.FileStore{Home: home}
	at := time.Date(2026, 3, 4, 5, 6, 0, 0, time.Local)
	in := installer.InstallNote{
		Profile: "supervisor", Events: []string{"Stop", "PreToolUse[AskUserQuestion]"}, At: at,
		Reinstall: []string{"install", "--profile", "supervisor", "--file", path},
	}
	installed := `{"hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}],
		"PreToolUse": [{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "` + ourCmd + `"}]}]}}`
	cases := []struct {
		name, content string // content "" removes the file
		status        Status
		want          string
	}{
		{"in place", installed, StatusOK, "the 1 recorded installation is still in place"},
		{
			"rewritten without ours", `{"theme": "dark", "hooks": {"Stop": [{"hooks": [{"type": "command", "command": "` + ourCmd + `"}]}]}}`,
			StatusWarn, "on 2026-03-04 05:06 are missing now (PreToolUse[AskUserQuestion]): Claude Code or another tool rewrote the file; put them back with `ccc-hooks install --profile supervisor --file " + path + "`",
		},
		{"file gone", "", StatusWarn, "are gone with the file"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			if tc.content == "" {
				_ = os.Remove(path)
			} else if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := installer.NoteInstall(st, path, in); err != nil {
				t.Fatal(err)
			}
			got := vanishedCheck{}.Run(context.Background(), &Snapshot{Home: home})
			if len(got) != 1 || got[0].Status != tc.status || !strings.Contains(got[0].Message, tc.want) {
				t.Errorf("got %+v, want one %s result containing %q", got, tc.status, tc.want)
			}
		})
	}
}
