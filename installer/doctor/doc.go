// Package doctor explains why ccc-hooks hooks would or would not fire.
//
// A diagnosis is a list of small checks. Each reads a Snapshot (every settings file Claude Code
// may merge for this user and project, read once, and every key of ccc.json) and reports one or
// more Results, each ok, warn or error. Every warning and error says what to do next: the exact
// command to run or the key to change.
//
// Side effects other than reading files (the environment, looking up and running programs,
// probing the ccc-hooks home) come in through Env, so tests can replace them.
package doctor
