package cmd

import (
	"testing"

	"github.com/ccc-hooks/ccc-hooks/internal/shellword"
)

// TestProgramName: advice names this binary "ccc-hooks" when that is what PATH finds, else by
// its absolute path written for the shell it is pasted into.
func TestProgramName(t *testing.T) {
	const self = "/opt/My Tools/ccc-hooks"
	for _, tt := range []struct {
		sh           shellword.Shell
		onPath, want string
	}{
		{shellword.POSIX, self, "ccc-hooks"},
		{shellword.POSIX, "", "'/opt/My Tools/ccc-hooks'"},
		{shellword.PowerShell, "", "& '/opt/My Tools/ccc-hooks'"},
		{shellword.GitBash, "/usr/bin/ccc-hooks", "'/opt/My Tools/ccc-hooks'"},
	} {
		if got := programName(tt.sh, self, tt.onPath); got != tt.want {
			t.Errorf("programName(%+v, %q, %q) = %s, want %s", tt.sh, self, tt.onPath, got, tt.want)
		}
	}
}
