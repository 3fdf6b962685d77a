// Package layers holds no code: its test keeps the import floors of the module.
//
//	cmd                      flags, prompts, printing
//	installer    hookrt      which entries and why | events and decisions (neither imports the other)
//	config                   ccc.json
//	settings                 Claude Code settings as files and bytes
//	internal    plugins      the leaves
//
// Every import goes down, never up or sideways (installer and hookrt, internal and plugins), and
// cmd reaches settings only through installer. TestDocsDrawTheFloors holds this drawing, and the
// one of docs/architecture.md, to the test's table. Claude Code's session transcripts are read in one package,
// hookrt/transcript, which stands on the leaves alone.
package layers
