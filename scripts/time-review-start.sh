#!/bin/sh
# time-review-start.sh — how long a supervisor review takes to start with an MCP server in the
# project, against the same review without one, on the real Claude Code and the e2e suite's fake
# API (BenchmarkReviewerStart in e2e/review_start_bench_test.go).
#   start  the time from the hook's start (one `ccc-hooks hook` process, built as install.sh builds
#          it, the Stop event on stdin) to the reviewer's first request at the fake API;
#   wall   the hook's whole run (the fake model answers at once, so this is mostly start-up and
#          shutdown);
#   cached the least share of the session's prompt that a review's first request repeated (the
#          cache rule holds at 100%).
# Rounds are interleaved (one review of each setup per round, the order rotating), so the load of
# the machine affects all setups alike; the first setup is the baseline of the ratios ("ratio":
# of the medians, "paired": the median of the round-by-round ratios).
# Setups (see startSetups): no-mcp, mcp-0ms, mcp-1500ms (the suite's MCP server holding its answer
# to initialize that long), *-nowait (CLAUDE_CODE_MCP_STARTUP_WAIT_MS=0 in the reviewer's
# environment), upfront-* (ENABLE_TOOL_SEARCH=false: MCP tools in the tool list), no-mcp-unsandboxed
# (allowed_tools grants every Bash command, which keeps the reviewer out of Claude Code's Bash
# sandbox; the others get it where this machine has it: `ccc-hooks doctor` says).
# Usage: scripts/time-review-start.sh [ROUNDS [SETUPS]]   (default 11, and
#        no-mcp,mcp-0ms,mcp-1500ms,mcp-0ms-nowait,mcp-1500ms-nowait)
# The Claude Code binary is the e2e suite's: $CCC_E2E_CLAUDE, else the cached 2.1.328.
set -eu

rounds=${1:-11}
setups=${2:-no-mcp,mcp-0ms,mcp-1500ms,mcp-0ms-nowait,mcp-1500ms-nowait}
root=$(cd "$(dirname "$0")/.." && pwd)
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM

echo "timing $rounds interleaved rounds of $setups" >&2
if ! (cd "$root" && CCC_E2E_REVIEW_START=$setups CCC_E2E_REQUIRED=1 go test ./e2e -run '^$' \
	-bench '^BenchmarkReviewerStart$' -benchtime "${rounds}x" -timeout 120m -v) >"$out" 2>&1; then
	cat "$out" >&2
	exit 1
fi
grep -m1 'claude binary:' "$out" | sed 's/.*claude binary: /claude: /'
sed -n '/rounds; start =/,/^ *$/p' "$out" | sed 's/^ *//'
