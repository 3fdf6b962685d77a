package workflow

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/ccc-hooks/ccc-hooks/internal/clip"
)

// The texts below are what the agent reads: the reminder when a task opens, the reasons of
// blocks, and the starting content of a task's files. A task's description is kept whole in its
// files and cut to descriptionRunes in every message (bounded).

// descriptionRunes bounds the description in reminders, blocks and lines for the user: a /mc of
// 100,000 characters must not be repeated whole at every stop.
const descriptionRunes = 200

// bounded returns the description d on one line, cut to descriptionRunes runes ("…" marks the
// cut).
func bounded(d string) string {
	d = clip.OneLine(d)
	if r := []rune(d); len(r) > descriptionRunes {
		return string(r[:descriptionRunes]) + "…"
	}
	return d
}

// reminder is the context injected when a task opens.
func reminder(t *Task) string {
	return fmt.Sprintf(`[workflow] Task %s opened: %s
Task directory: %s
- Record the problem context (symptoms, reproduction, relevant files) in %s and the solution (root cause, changes, verification) in %s, and keep them current.
- This session cannot end until the user confirms the fix: the user replies "已修复" / "fixed" or runs %s.
- After repeated failed attempts to stop (from the second on), an expert review is required: run a subagent whose prompt contains %s; it must end with a score line "总分: X/10", and the score must be at least 8/10.`,
		t.TaskID, bounded(t.TaskDescription), t.Dir,
		filepath.Join(t.Dir, ContextFile), filepath.Join(t.Dir, SolutionFile), ConfirmCommand, ReviewCommand)
}

// confirmedText is the context injected when the user confirms a task.
func confirmedText(t *Task) string {
	return fmt.Sprintf("[workflow] The user confirmed that task %s (%s) is fixed. Make sure %s describes the "+
		"final solution; the task is archived as completed when you stop.",
		t.TaskID, bounded(t.TaskDescription), filepath.Join(t.Dir, SolutionFile))
}

// stopReason tells the agent why it may not stop yet and what to do.
func stopReason(t *Task) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Task %s (%s) is not finished: the user has not confirmed the fix (failed stop %d). ",
		t.TaskID, bounded(t.TaskDescription), t.FailureCount)
	fmt.Fprintf(&b, "Do not end the session yet. Verify the fix, record the context in %s and the solution in %s, "+
		"then summarise the result and ask the user to confirm: the user replies \"已修复\" / \"fixed\" or runs %s.",
		filepath.Join(t.Dir, ContextFile), filepath.Join(t.Dir, SolutionFile), ConfirmCommand)
	switch {
	case t.ReviewPassed():
		fmt.Fprintf(&b, " The expert review passed (%s/10).", formatScore(*t.ExpertReviewScore))
	case t.FailureCount >= reviewFrom:
		fmt.Fprintf(&b, " An expert review is required: run a subagent whose prompt contains %s to review the fix "+
			"against the task; it must end with a score line \"总分: X/10\", and a score below %s/10 is sent back.",
			ReviewCommand, formatScore(PassScore))
		if t.ExpertReviewScore != nil {
			fmt.Fprintf(&b, " The last review scored %s/10.", formatScore(*t.ExpertReviewScore))
		}
	}
	return b.String()
}

// reviewReason sends a review back to its subagent.
func reviewReason(score float64, scored bool) string {
	if !scored {
		return fmt.Sprintf("This expert review (%s) has no score line. Finish it with a line \"总分: X/10\" "+
			"(X from 0 to 10); at least %s/10 is required to pass.", ReviewCommand, formatScore(PassScore))
	}
	return fmt.Sprintf("Expert review score %s/10 is below the required %s/10. Work through the problems the "+
		"review found (fix them, or state precisely what must change), then review again and finish with a new "+
		"score line \"总分: X/10\".", formatScore(score), formatScore(PassScore))
}

// contextTemplate is the starting content of context.md, with the feedback section the user
// may confirm the fix in (see confirmedInContext).
func contextTemplate(t *Task) string {
	return fmt.Sprintf(`# %s: %s

- Created: %s
- Session: %s

## Problem

%s

## Context

<!-- Symptoms, steps to reproduce, relevant files and logs, what was tried. -->

%s %s

<!-- For the user: when the fix works, write "用户确认: 是" (or "已修复") on a line below; "未修复" /
"not fixed" never confirms. The next stop of the session then completes the task. Replying so in
the session, or typing %s, does the same. Only you write here: the agent may not. -->
`, t.TaskID, bounded(t.TaskDescription), t.CreatedAt, t.SessionID, t.TaskDescription, feedbackMark, FeedbackHeading, ConfirmCommand)
}

// solutionTemplate is the starting content of solution.md.
func solutionTemplate(t *Task) string {
	return fmt.Sprintf(`# Solution: %s

## Root cause

## Changes

## Verification

<!-- How the fix was verified; the user confirms it before the task is closed. -->
`, bounded(t.TaskDescription))
}

// nothingConfirmed says why a confirmation typed in session confirmed nothing: no open task is
// this conversation's, and which are open (newest first) in dir.
func nothingConfirmed(session, dir string, open []*Task) string {
	if len(open) == 0 {
		return fmt.Sprintf("this confirmation confirms nothing: there is no open task in %s.", dir)
	}
	t := open[0]
	more := ""
	if n := len(open) - 1; n > 0 {
		more = fmt.Sprintf(" (and %d more: `ccc-hooks task list`)", n)
	}
	return fmt.Sprintf("this confirmation confirms nothing: no open task belongs to this conversation (session %s). "+
		"Task %s (%s) is open for session %s%s; `ccc-hooks task confirm %s` closes it.",
		session, t.TaskID, bounded(t.TaskDescription), t.SessionID, more, t.TaskID)
}
