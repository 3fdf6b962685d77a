// Package installer knows which hook entries ccc-hooks owns and why: the profiles and their
// events, how our command is written and recognised, which settings file a scope means, and
// how an install or uninstall turns into a change of that file's bytes.
//
// Our entries are recognised by their command alone (program base name ccc-hooks or
// ccc-hooks.exe, subcommand hook or supervisor-hook), never by an extra key: Claude Code strips
// unknown keys when it rewrites a settings file.
package installer
