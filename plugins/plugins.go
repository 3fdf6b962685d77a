// Package plugins holds the Claude Code plugins of this repository (the marketplace at
// .claude-plugin/marketplace.json lists them) and is the one source of the slash command texts:
// the plugins ship these files as they are, and the settings installer writes the same texts into
// a commands folder (see installer.SlashCommands).
//
// A command file names the program as the word `ccc-hooks` (found on PATH, as plugin hooks are);
// the installer may put an absolute path in its place.
//
// The plugins' hooks run `ccc-hooks hook` from PATH: Claude Code gives plugin hooks the PATH it was
// started with, without the plugin's bin/ folder (docs/claude-code.md, "What the user sees"), and
// install.sh puts the binary on it. Each command guards the program:
// where `ccc-hooks` is not on PATH it prints one systemMessage saying so and giving the install
// line, and exits 0, instead of the shell's "not found" that Claude Code shows as a failed hook on
// every event (internal/hookcmd writes the guarded command and reads it as `ccc-hooks hook`;
// docs/plugin.md). Each hooks/hooks.json is written by pluginhooks.Of, the one writer of
// our hook entries, and a test holds the files to it. A marketplace `command` source printing a
// folder the binary writes out would pin the binary's path instead, but needs Claude Code
// 2.1.229+, an explicit acceptance of the command at every install and update, is blocked by
// disableCommandPluginSources and by default under allowManagedHooksOnly, and would copy a
// machine-specific path into the plugin cache; PATH keeps the plugin a plain folder of this
// repository that `claude plugin validate` checks as it is.
package plugins

import (
	"embed"
	"io/fs"
	"path"
	"slices"
	"strings"
)

//go:embed */commands/*.md
var files embed.FS

// Command is one slash command file of a plugin.
type Command struct {
	Name string // file name without .md; the command is /<Name>
	Text []byte // the file as the plugin ships it
}

// Commands returns the slash commands of the named plugin ("supervisor" or "workflow"), sorted by
// name; an unknown plugin has none.
func Commands(plugin string) []Command {
	names, err := fs.Glob(files, path.Join(plugin, "commands", "*.md"))
	if err != nil {
		return nil // the pattern is constant and valid
	}
	out := make([]Command, 0, len(names))
	for _, n := range names {
		text, err := files.ReadFile(n)
		if err != nil {
			continue // embedded: cannot fail
		}
		out = append(out, Command{Name: strings.TrimSuffix(path.Base(n), ".md"), Text: text})
	}
	slices.SortFunc(out, func(a, b Command) int { return strings.Compare(a.Name, b.Name) })
	return out
}
