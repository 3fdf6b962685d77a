package transcript

import "strings"

// notificationPrefix opens the prompt of a turn Claude Code starts when a background task ends.
const notificationPrefix = "<task-notification>"

// promptTail is how much of a transcript ByClaude reads: the records written just before the
// prompt's own (a scheduled task's firing and the queue's bookkeeping).
const promptTail = 256 << 10

// ByClaude reports whether the prompt of a UserPromptSubmit event is Claude Code's own rather
// than the user's; path is the event's transcript. Claude Code fires UserPromptSubmit for its own
// turns too, with the same keys, before the turn's record is written (docs/claude-code.md, "Turns,
// prompt_id and who opened a turn"):
//
//   - a background task's notification: the prompt opens with <task-notification>;
//   - a fired wake-up or scheduled task (ScheduleWakeup, CronCreate, /loop): the prompt is the
//     one scheduled, and the transcript's newest records are a system record of subtype
//     scheduled_task_fire with that prompt, written after the last user record.
func ByClaude(path, prompt string) bool {
	if strings.HasPrefix(strings.TrimSpace(prompt), notificationPrefix) {
		return true
	}
	if path == "" {
		return false
	}
	tail, err := Tail(path, promptTail)
	if err != nil {
		return false
	}
	return firedAfterLastUser(tail, prompt)
}

// firedAfterLastUser reports whether the last scheduled_task_fire record in data has prompt and
// no user record follows it.
func firedAfterLastUser(data []byte, prompt string) bool {
	fired := false
	for rec := range Records(data) {
		switch rec.Get("type").Str {
		case "user":
			fired = false
		case "system":
			if rec.Get("subtype").Str == "scheduled_task_fire" {
				fired = rec.Get("prompt").Str == prompt
			}
		}
	}
	return fired
}
