package event

import (
	"time"

	"github.com/robfig/cron/v3"
	"github.com/tidwall/gjson"
)

// WakeUpHorizon is how soon a wake-up the agent scheduled must be due for a Stop to count as a
// pause: the longest wait ScheduleWakeup accepts (delaySeconds 60..3600).
const WakeUpHorizon = time.Hour

// Waiting reports whether a Stop comes while the agent is only paused, not done: Claude Code will
// start a new turn by itself, and that turn's Stop is the one to judge (docs/claude-code.md,
// "Waiting: background work and scheduled wake-ups"):
//
//   - background_tasks lists a task running or pending, and Claude Code starts a turn when it ends;
//   - or session_crons lists a one-shot wake-up (recurring false: ScheduleWakeup, a one-off
//     CronCreate) due within WakeUpHorizon of now. A recurring one (a /loop) never leaves the
//     list, so it says nothing about this stop; nor does a one-shot due later than that.
//
// A subagent's stop is its own, whatever else the session runs: only a Stop can be waiting.
func (e *Event) Waiting(now time.Time) bool {
	if e.Name != Stop {
		return false
	}
	if tasks := gjson.GetBytes(e.Raw, "background_tasks"); tasks.IsArray() {
		for _, t := range tasks.Array() {
			switch t.Get("status").String() {
			case "running", "pending":
				return true
			}
		}
	}
	if crons := gjson.GetBytes(e.Raw, "session_crons"); crons.IsArray() {
		for _, c := range crons.Array() {
			if c.Get("recurring").Type == gjson.False && dueWithin(c.Get("schedule").String(), now, WakeUpHorizon) {
				return true
			}
		}
	}
	return false
}

// dueWithin reports whether the cron expression schedule (five fields, local time) next matches
// within d of now; false for one that does not parse.
func dueWithin(schedule string, now time.Time, d time.Duration) bool {
	s, err := cron.ParseStandard(schedule)
	if err != nil {
		return false
	}
	next := s.Next(now)
	return !next.IsZero() && next.Sub(now) <= d
}
