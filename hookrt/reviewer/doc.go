// Package reviewer runs the supervisor's reviewer, a fork of the session never saved: Run
// (run.go) starts `claude -p` from the Request package supervisor fills, with its read-only hook
// and Claude Code's Bash sandbox in --settings (guard.go, sandbox.go) and its environment built
// once (env.go), refusing to start where managed settings would keep its hook from running
// (managed.go); Surround builds what it stands in: the view its git reads the repository through
// (package gitview) and what it takes of the project's settings (surroundings.go, project.go). Run
// bounds it, its process group killed whole at the time limit and each of its Bash commands ended
// at a bound (bound.go), and reads its verdict and cost from claude's JSON output (verdict.go,
// bare.go, usage.go). Inside the review, its hook answers each of its tool calls (inside.go,
// InsideReview).
package reviewer
