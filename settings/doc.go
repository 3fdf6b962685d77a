// Package settings knows Claude Code settings files as files and bytes: where they live, how to
// read and validate them, how to splice hook entries in and out without moving any other byte,
// and how to write them back atomically under a lock with a backup.
//
// It never round-trips a user's file through a map: every edit is a splice at byte offsets that
// gjson reports, formatted in the file's own indentation and line-ending style.
package settings
