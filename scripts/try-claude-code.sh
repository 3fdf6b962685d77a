#!/bin/sh
# try-claude-code.sh — tries a Claude Code release: installs it where the end-to-end suite looks
# for it (scripts/install-claude-code.sh) and runs the whole suite against it, every prerequisite
# required. When a new release lands, run this; when the suite passes, add the version to
# internal/claudeversion/tested.txt (docs/testing.md says what else to update), and when it fails,
# find out what changed (docs/claude-code.md) and file it.
#
# Usage: scripts/try-claude-code.sh VERSION [GO TEST FLAGS...]
#   e.g. scripts/try-claude-code.sh 2.1.333
#        scripts/try-claude-code.sh 2.1.333 -run 'TestWorkflow' -parallel 1
# The suite's verbose output is shown and kept in $TRY_LOG (default
# ${TMPDIR:-/tmp}/ccc-hooks-try-claude-code-VERSION.log). Exit status: that of go test.
set -eu
cd "$(dirname "$0")/.."

if [ "$#" -lt 1 ]; then
	echo "usage: scripts/try-claude-code.sh VERSION [go test flags]   (e.g. 2.1.333)" >&2
	exit 2
fi
version=$1
shift
flags="$*"
scripts/install-claude-code.sh "$version"

log=${TRY_LOG:-${TMPDIR:-/tmp}/ccc-hooks-try-claude-code-$version.log}
status_file=$(mktemp)
trap 'rm -f "$status_file"' EXIT INT TERM
unset CCC_E2E_CLAUDE
echo "== go test ./e2e against Claude Code $version (log: $log)"
# The exit status goes through a file because a POSIX shell has no pipefail.
{
	status=0
	CCC_E2E_CLAUDE_VERSION=$version CCC_E2E_REQUIRED=1 go test -count=1 -timeout 30m -v "$@" ./e2e 2>&1 || status=$?
	echo "$status" >"$status_file"
} | tee "$log"
status=$(cat "$status_file")

echo
if [ "$status" -eq 0 ] && [ -n "$flags" ]; then
	echo "== the end-to-end tests chosen ($flags) passed against Claude Code $version;"
	echo "   a version is added to the tested ones only after the whole suite passed."
elif [ "$status" -eq 0 ] && grep -qx "$version" internal/claudeversion/tested.txt; then
	echo "== the end-to-end suite passed against Claude Code $version, a tested version."
elif [ "$status" -eq 0 ]; then
	echo "== the end-to-end suite passed against Claude Code $version."
	echo "   To add it to the tested versions: append $version to internal/claudeversion/tested.txt,"
	echo "   name it in the Testing sections of README.md and README.zh-CN.md, e2e/README.md and"
	echo "   docs/testing.md (go test ./internal/claudeversion checks them), and write what differs"
	echo "   from the versions before it in docs/claude-code.md."
else
	echo "== the end-to-end suite FAILED against Claude Code $version (exit status $status):"
	grep -E '^[[:space:]]*--- FAIL' "$log" | sed 's/^/   /' || true
	echo "   Find out what changed (docs/claude-code.md: strings on the binary, a plain shell hook"
	echo "   in tmux), then fix ccc-hooks or file what broke, with the log: $log"
fi
exit "$status"
