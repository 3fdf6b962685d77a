package installer

import (
	"bytes"
	"fmt"
	"path/filepath"
)

// SlashCommand is one Claude Code custom command file ccc-hooks writes.
type SlashCommand struct {
	Name    string // file name without .md; the command is /<Name>
	Content []byte
}

// slashMarker identifies command files written by ccc-hooks, so uninstall only removes ours.
const slashMarker = "<!-- written by ccc-hooks; `ccc-hooks uninstall` removes it -->"

// SlashCommands returns /supervisor and /supervisor-off, which turn the supervisor on or off for
// the current session: Claude Code exports CLAUDE_CODE_SESSION_ID to the commands it runs, and
// `ccc-hooks supervisor on|off` reads it.
func SlashCommands(binary string) []SlashCommand {
	bin := quoteIfNeeded(binary)
	return []SlashCommand{
		{Name: "supervisor", Content: slashFile(bin, "on",
			"Turn the ccc-hooks supervisor on for this session",
			"The supervisor is now on for this session: before you stop or ask the user a question, a forked reviewer checks the work and may send you back with feedback.")},
		{Name: "supervisor-off", Content: slashFile(bin, "off",
			"Turn the ccc-hooks supervisor off for this session",
			"The supervisor is now off for this session: stopping and questions are no longer reviewed.")},
	}
}

func slashFile(bin, state, description, body string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "---\ndescription: %s\nallowed-tools: Bash(%s supervisor %s:*)\n---\n", description, bin, state)
	fmt.Fprintf(&b, "%s\n\n!`%s supervisor %s`\n\n%s Reply with one short sentence confirming this.\n", slashMarker, bin, state, body)
	return b.Bytes()
}

// SlashCommandPath returns where the command file lives in the Claude config dir.
func SlashCommandPath(configDir, name string) string {
	return filepath.Join(configDir, "commands", name+".md")
}

// IsOurSlashCommand reports whether the content of a command file was written by ccc-hooks.
func IsOurSlashCommand(content []byte) bool { return bytes.Contains(content, []byte(slashMarker)) }
