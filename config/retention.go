package config

import (
	"time"

	"github.com/tidwall/gjson"
)

// RetentionKey is the top-level key of ccc.json that says how long ccc-hooks home keeps the
// files of a session (supervisor state and decision log, workflow counters, their locks) after
// the session was last written: older ones are pruned, what their logs recorded kept in a
// summary. It covers the home as a whole, so it belongs to no profile's key.
const RetentionKey = "retention_days"

// Limits of retention_days. The default is Claude Code's own cleanupPeriodDays default: after
// that it deletes a session's transcript, and a session that cannot be resumed needs no state
// (docs/claude-code.md, "How long Claude Code keeps a session").
const (
	DefaultRetentionDays = 30
	MinRetentionDays     = 1
	MaxRetentionDays     = 3650
)

// Retention returns retention_days as a duration.
func (c Config) Retention() time.Duration {
	return time.Duration(c.RetentionDays) * 24 * time.Hour
}

// retentionDays reads the top-level retention_days of root.
func (p *problems) retentionDays(root gjson.Result) int {
	return p.intIn("", root, RetentionKey, MinRetentionDays, MaxRetentionDays, DefaultRetentionDays)
}
