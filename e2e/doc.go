//go:build unix

// Package e2e drives the real Claude Code binary against a fake Anthropic
// Messages API on loopback and checks that the hooks installed by ccc-hooks
// fire, run the supervisor as a forked Claude Code session, and steer the
// agent the way the product contract says.
//
// The non-test files hold the reusable pieces: the fake API (FakeAPI), the
// parsed view of a model request (Request), the sandboxed Claude Code
// environment (Sandbox), the tmux driver (Terminal) and the helpers that build
// and drive the ccc-hooks binary. The scenarios live in the _test.go files.
package e2e
