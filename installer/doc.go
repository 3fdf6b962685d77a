// Package installer knows which hook entries ccc-hooks owns and why: the profiles and their
// events, how our command is written and recognised, which settings file a scope means, and
// how an install or uninstall turns into a change of that file's bytes. PlanInstall and
// PlanUninstall make the whole change of a command — the settings file, the slash command
// files, the supervisor default, the ledger's record of the installation (Ledger) — and
// Plan.Apply carries it out, showing and asking through a UI the command layer provides.
//
// Our entries are recognised by their command alone (program base name ccc-hooks or
// ccc-hooks.exe, subcommand hook or supervisor-hook), never by an extra key: Claude Code strips
// unknown keys when it rewrites a settings file.
package installer
