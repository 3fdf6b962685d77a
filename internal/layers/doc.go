// Package layers holds no code: its test keeps the import floors of the module.
//
//	cmd                      flags, prompts, printing
//	installer    hookrt      which entries and why | events and decisions (neither imports the other)
//	settings     config      files and bytes | ccc.json
//	internal/..., plugins    shared leaves
//
// Every import goes down, never up or sideways between installer and hookrt, and cmd reaches
// settings only through installer. Claude Code's session transcripts are read in one package,
// hookrt/transcript, which stands on the leaves alone.
package layers
