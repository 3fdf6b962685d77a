// Package settings knows Claude Code settings files as files and bytes: how to read and validate
// them, how to splice hook entries in and out without moving any other byte (InsertEntries,
// RemoveEntries), how to list the handlers they hold (Handlers), and how to write them back
// atomically under a lock with a backup (FileStore). Where the files live is internal/paths'
// business; the lock and the atomic write are internal/safefile's.
//
// It never round-trips a user's file through a map: every edit is a splice at byte offsets that
// gjson reports, formatted in the file's own indentation and line-ending style.
package settings
