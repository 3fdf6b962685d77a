// Package reviewer runs the supervisor's reviewer: `claude -p --resume=<id> --fork-session
// --no-session-persistence`, a fork of the session under review that is never saved.
//
// Run (run.go) starts it, fences it and reads it, from a Request the supervisor fills:
//   - its arguments (Request.Args), its read-only hook and Claude Code's Bash sandbox in
//     --settings (guard.go, sandbox.go), and its environment, built once from the hook's
//     (env.go);
//   - its bounds: the review's time limit, its process group killed whole, and each of its Bash
//     commands ended at a bound with a line saying why (bound.go);
//   - its answer: the verdict {allow_stop, feedback} found in claude's JSON output (verdict.go,
//     bare.go) and what the review cost (usage.go).
//
// What the reviewer is given — the prompt, the caps, the checks' evidence, the git wall, the
// project's settings — is package supervisor's.
package reviewer
