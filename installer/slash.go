package installer

import (
	"bytes"
	"path/filepath"
	"runtime"

	"github.com/ccc-hooks/ccc-hooks/internal/hookcmd"
	"github.com/ccc-hooks/ccc-hooks/plugins"
)

// SlashCommand is one Claude Code custom command file ccc-hooks writes.
type SlashCommand struct {
	Name    string // file name without .md; the command is /<Name>
	Content []byte
}

// slashMarker identifies command files written by ccc-hooks, so uninstall only removes ours.
const slashMarker = "<!-- written by ccc-hooks; `ccc-hooks uninstall` removes it -->"

// SlashCommands returns the command files of the plugin named like profile p (for the supervisor:
// /supervisor and /supervisor-off, which turn the supervisor on or off for the current session:
// Claude Code exports CLAUDE_CODE_SESSION_ID to the commands it runs, and
// `ccc-hooks supervisor on|off` reads it). The texts are the plugin's own, with the program word
// `ccc-hooks` replaced by binary, written as our hook command writes it (hookcmd.Program), and our
// marker line added after the front matter.
func SlashCommands(p Profile, binary string) []SlashCommand {
	return slashCommands(p, binary, runtime.GOOS)
}

// slashCommands is SlashCommands on the system goos. A command file's `!` lines run in the shell
// of Claude Code's hooks (Git Bash or PowerShell on Windows); where the program is written for
// PowerShell alone, the file says so in its front matter (shell: powershell), as the hook names it
// (docs/settings.md, "Hook commands on Windows").
func slashCommands(p Profile, binary, goos string) []SlashCommand {
	word, shell := hookcmd.Program(binary, goos)
	var out []SlashCommand
	for _, c := range plugins.Commands(p.Name) {
		text := c.Text
		if shell != "" {
			text = withFrontMatter(text, "shell: "+shell)
		}
		out = append(out, SlashCommand{Name: c.Name, Content: render(text, []byte(word))})
	}
	return out
}

// withFrontMatter adds line at the end of text's front matter, when it has one.
func withFrontMatter(text []byte, line string) []byte {
	rest, ok := bytes.CutPrefix(text, []byte("---\n"))
	if !ok {
		return text
	}
	i := bytes.Index(rest, []byte("\n---\n"))
	if i < 0 {
		return text
	}
	end := len("---\n") + i + 1
	return append(append(append([]byte{}, text[:end]...), line+"\n"...), text[end:]...)
}

// render puts bin where the plugin text runs the program (“ !`ccc-hooks “ and
// `Bash(ccc-hooks `) and adds the marker after the front matter.
func render(text, bin []byte) []byte {
	for _, prefix := range []string{"!`", "Bash("} {
		text = bytes.ReplaceAll(text, []byte(prefix+"ccc-hooks "), append([]byte(prefix), append(bin, ' ')...))
	}
	marker := []byte(slashMarker + "\n")
	if rest, ok := bytes.CutPrefix(text, []byte("---\n")); ok {
		if i := bytes.Index(rest, []byte("\n---\n")); i >= 0 {
			end := len("---\n") + i + len("\n---\n")
			return append(append(append([]byte{}, text[:end]...), marker...), text[end:]...)
		}
	}
	return append(marker, text...)
}

// SlashCommandPath returns where the command file lives in a commands folder's parent (the
// Claude config dir, or a project's .claude folder).
func SlashCommandPath(dir, name string) string {
	return filepath.Join(dir, "commands", name+".md")
}

// IsOurSlashCommand reports whether the content of a command file was written by ccc-hooks.
func IsOurSlashCommand(content []byte) bool { return bytes.Contains(content, []byte(slashMarker)) }
