// Package runs tells, from Claude Code's transcripts and environment, the runs that Claude Code
// and the profiles count: the Stop blocks in a row (Blocks, block.go) under Claude Code's own
// cap on them (Cap, cap.go), and the run of work since the user last spoke (Work, work.go).
package runs
