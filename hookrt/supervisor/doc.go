// Package supervisor is the supervisor profile: when the agent tries to stop (Stop) or to ask
// the user a question (PreToolUse on AskUserQuestion), a forked, headless Claude Code session
// reviews the work, and the hook blocks or denies with its feedback, under caps so that it can
// never loop.
//
// A newcomer finds it all here:
//   - Handle answers one event, in the order of work of the product's contract (handle.go).
//   - Switch turns it on and off, per session or by default, and resolves the supervisor ID
//     (switch.go); a session never switched follows the switch of the session before it in its
//     Claude Code window (Follow, carry.go), which the window's record names (windows.go).
//   - SessionStore keeps each session's state (supervisor-<id>.json: on/off, the counts), the
//     record of each Claude Code window (windows/<pid>.json) and each session's decision log
//     (supervisor-<id>.log), read by `ccc-hooks supervisor log` (state.go, windows.go, log.go,
//     decisions.go).
//   - The caps: max_iterations reviews, and Claude Code's own cap on Stop blocks in a row
//     counted as Claude Code counts it, in the run of work since the user last spoke (caps.go,
//     with package runs).
//   - The review: its prompt (prompt.go) and its settings from ccc.json, handed to package
//     reviewer, which builds its surroundings and runs it (handle.go, review). Where the
//     copy-on-write wall stands, every Bash command of the reviewer runs behind it, rewritten by
//     its hook (checks.go, reviewer.InsideReview), and the prompt says so.
//   - The checks: before a Stop review the project's checks (supervisor.checks) run behind the
//     copy-on-write wall and their results go into the prompt as evidence, a question review
//     reuses them (checks.go, with package checks).
//   - A reviewer out of quota: a review that fails on the account's usage limit stands the
//     supervisor aside for that account until the reset Claude Code names, said once in each
//     session, recorded in ccc-hooks home (quota.go, quota_answer.go, quota_store.go); one
//     that fails on a rate limit with no reset named, for a short wait
//     that doubles while the limit holds (quota_rate.go).
//
// The answers it gives are built in answers.go: allow, block or deny as each event takes them.
//
// The router (package hookrt) checks the recursion guard before asking it (reviewer.InsideReview
// answers inside a reviewer's own session), reads ccc.json once and hands over the supervisor's part, and
// tells it when a Stop came while the agent waits on background work.
package supervisor
