// Package plugins holds the Claude Code plugins of this repository (the marketplace at
// .claude-plugin/marketplace.json lists them) and is the one source of the slash command texts:
// the plugins ship these files as they are, and the settings installer writes the same texts into
// a commands folder (see installer.SlashCommands).
//
// A command file names the program as the word `ccc-hooks` (found on PATH, as plugin hooks are);
// the installer may put an absolute path in its place.
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
