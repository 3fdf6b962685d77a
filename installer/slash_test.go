package installer

import (
	"strings"
	"testing"
)

// TestSlashCommandsOnWindows: a command file runs the program as our hook command does: on
// Windows a plain path with forward slashes, which Git Bash and PowerShell both run; a path that
// needs quoting behind PowerShell's & in a file that names PowerShell as its shell. Elsewhere,
// POSIX quoting and no shell.
func TestSlashCommandsOnWindows(t *testing.T) {
	tests := []struct {
		name, binary, goos string
		run, shell         string
	}{
		{"linux", "/home/me/bin/ccc-hooks", "linux", "!`/home/me/bin/ccc-hooks supervisor on`", ""},
		{"linux with a space", "/home/me/my bin/ccc-hooks", "linux", "!`'/home/me/my bin/ccc-hooks' supervisor on`", ""},
		{"windows, plain", `C:\Users\me\.local\bin\ccc-hooks.exe`, "windows", "!`C:/Users/me/.local/bin/ccc-hooks.exe supervisor on`", ""},
		{"windows with a space", `C:\Users\Jo Smith\bin\ccc-hooks.exe`, "windows", "!`& 'C:/Users/Jo Smith/bin/ccc-hooks.exe' supervisor on`", "shell: powershell\n"},
		{"from PATH", "ccc-hooks", "windows", "!`ccc-hooks supervisor on`", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := slashCommands(Supervisor, tt.binary, tt.goos)[0]
			text := string(c.Content)
			if c.Name != "supervisor" || !strings.Contains(text, tt.run) {
				t.Errorf("/%s:\n%s\nwant it to run %s", c.Name, text, tt.run)
			}
			front, _, ok := strings.Cut(strings.TrimPrefix(text, "---\n"), "\n---\n")
			if !ok {
				t.Fatalf("no front matter:\n%s", text)
			}
			if got := strings.Contains(front+"\n", "shell: powershell\n"); got != (tt.shell != "") {
				t.Errorf("front matter %q: shell: powershell %v, want %v", front, got, tt.shell != "")
			}
			if !IsOurSlashCommand(c.Content) {
				t.Error("the file is not marked as ours")
			}
		})
	}
}
