package doctor

import (
	"strings"
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/claudeversion"
)

func TestClaudeCheck(t *testing.T) {
	paths := map[string]string{"claude": "/usr/bin/claude", "/opt/claude": "/opt/claude", "my-claude": "/bin/my-claude"}
	oldest, newest := claudeversion.Oldest().String(), claudeversion.Newest().String()
	outputs := map[string]string{"/usr/bin/claude --version": newest + " (Claude Code)\n", "/bin/my-claude --version": oldest + " (Claude Code)\n"}
	withCommand := snap(user(supervisor(ourCmd, 600)))
	withCommand.Config.ClaudeCommand = "my-claude"
	badCommand := snap(user(supervisor(ourCmd, 600)))
	badCommand.Config.ClaudeCommand = "/nope/claude"
	tests := []struct {
		name string
		env  map[string]string
		s    *Snapshot
		want want
	}{
		{"on PATH", nil, snap(user(supervisor(ourCmd, 600))), want{StatusOK, []string{"found /usr/bin/claude (on PATH), " + newest + " (Claude Code): "}}},
		{"from config", nil, withCommand, want{StatusOK, []string{"/bin/my-claude (from supervisor.claude_command), " + oldest + " (Claude Code): "}}},
		{"env wins", map[string]string{"CCC_CLAUDE": "my-claude"}, withCommand, want{StatusOK, []string{"(from $CCC_CLAUDE)"}}},
		{"version fails", map[string]string{"CCC_CLAUDE": "/opt/claude"}, snap(), want{StatusWarn, []string{
			"`/opt/claude --version` failed", "point CCC_CLAUDE at the claude program",
		}}},
		{"config names a missing program", nil, badCommand, want{StatusError, []string{
			"/nope/claude (from supervisor.claude_command) not found", "set supervisor.claude_command in /home/u/.claude/ccc.json",
		}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			checkResults(t, claudeCheck{fakeEnv(tt.env, paths, outputs)}, tt.s, []want{tt.want})
		})
	}
}

func TestClaudeCheckMissing(t *testing.T) {
	env := fakeEnv(nil, nil, nil)
	t.Run("supervisor installed", func(t *testing.T) {
		checkResults(t, claudeCheck{env}, snap(user(supervisor(ourCmd, 600))), []want{{StatusError, []string{
			"claude not found on PATH", "every supervisor review fails", "install Claude Code, or set supervisor.claude_command",
		}}})
	})
	t.Run("nothing installed", func(t *testing.T) {
		checkResults(t, claudeCheck{env}, snap(user(`{}`)), []want{{StatusWarn, []string{"claude not found on PATH"}}})
	})
}

// TestClaudeCheckVersion: the version claude prints against the versions ccc-hooks is tested on
// (read from the list, so the cases follow it): a tested version, one between two tested ones and
// one newer than all are ok, saying which; one older than the oldest is a warning that says what
// is untested there and how to update; output that is no version is a warning.
func TestClaudeCheckVersion(t *testing.T) {
	oldest, newest := claudeversion.Oldest(), claudeversion.Newest()
	list := claudeversion.TestedList()
	older := claudeversion.Version{Major: oldest.Major, Minor: oldest.Minor, Patch: oldest.Patch - 1}
	if oldest.Patch == 0 {
		older = claudeversion.Version{Major: oldest.Major, Minor: oldest.Minor - 1, Patch: 999}
	}
	newer := claudeversion.Version{Major: newest.Major, Minor: newest.Minor, Patch: newest.Patch + 1}
	tests := []struct {
		name, printed string
		want          want
	}{
		{"the oldest tested", oldest.String() + " (Claude Code)", want{StatusOK, []string{
			oldest.String() + " (Claude Code): a version ccc-hooks is tested on (" + list + ")",
		}}},
		{"the newest tested", newest.String() + " (Claude Code)", want{StatusOK, []string{"a version ccc-hooks is tested on (" + list + ")"}}},
		{"newer than all", newer.String() + " (Claude Code)", want{StatusOK, []string{
			newer.String() + " (Claude Code): newer than the versions ccc-hooks is tested on (" + list + "), not tested yet",
		}}},
		{"a pre-release of a newer one", newer.String() + "-beta.2 (Claude Code)", want{StatusOK, []string{"newer than the versions"}}},
		{"a major version ahead", "3.0.0 (Claude Code)", want{StatusOK, []string{"newer than the versions"}}},
		{"older than the oldest", older.String() + " (Claude Code)", want{StatusWarn, []string{
			older.String() + " (Claude Code): older than " + oldest.String() + ", the oldest Claude Code ccc-hooks is tested on. Untested there:",
			"caps blocks in a row as ccc-hooks counts them", "lists running background tasks in Stop events",
			"`claude -p --resume --fork-session`", "checked on " + list + " only", "Update Claude Code: claude update",
		}}},
		{"a much older major version", "1.0.128 (Claude Code)", want{StatusWarn, []string{"older than " + oldest.String()}}},
		{"not a version", "claude: wrapper script v2", want{StatusWarn, []string{
			"found /usr/bin/claude (on PATH), claude: wrapper script v2: not a Claude Code version number",
			"(" + oldest.String() + " to " + newest.String() + ")", "check that the program is Claude Code",
		}}},
		{"nothing printed", "", want{StatusWarn, []string{"found /usr/bin/claude (on PATH), unknown version: not a Claude Code version number"}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			env := fakeEnv(nil, map[string]string{"claude": "/usr/bin/claude"}, map[string]string{"/usr/bin/claude --version": tt.printed + "\n"})
			checkResults(t, claudeCheck{env}, snap(user(supervisor(ourCmd, 600))), []want{tt.want})
		})
	}
}

// TestClaudeCheckVersionMiddle: a version between two tested ones is ok as such; the list may
// have no such gap, so the note is asked for one directly when it does.
func TestClaudeCheckVersionMiddle(t *testing.T) {
	vs := claudeversion.Tested()
	for i := 1; i < len(vs); i++ {
		mid := claudeversion.Version{Major: vs[i].Major, Minor: vs[i].Minor, Patch: vs[i].Patch - 1}
		if vs[i].Patch == 0 || mid == vs[i-1] {
			continue
		}
		status, note := versionNote(mid.String() + " (Claude Code)")
		if status != StatusOK || !strings.HasPrefix(note, "between versions ccc-hooks is tested on (") {
			t.Errorf("versionNote(%s) = %s, %q; want ok, between tested versions", mid, status, note)
		}
		return
	}
	t.Skip("no gap between the tested versions")
}
