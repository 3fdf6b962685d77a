#!/bin/sh
# Runs the whole test suite: vet, the unit, script and end-to-end tests, and a short run of
# every fuzz target. FUZZTIME (default 10s) sets the length of each fuzz run.
#
# The end-to-end tests drive the real Claude Code; without it they are skipped with a loud
# message locally, and fail when CI or CCC_E2E_REQUIRED=1 is set (.ci/run installs it).
set -eu
cd "$(dirname "$0")"

echo "== go vet"
go vet ./...

echo "== go test"
go test -count=1 -timeout 20m ./...

echo "== fuzz (${FUZZTIME:-10s} each)"
grep -rl --include='*_test.go' '^func Fuzz' . | sort | while read -r file; do
	pkg=$(dirname "$file")
	grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | sed 's/^func //' | while read -r target; do
		echo "-- $pkg $target"
		go test -run='^$' -fuzz="^${target}\$" -fuzztime="${FUZZTIME:-10s}" "$pkg"
	done
done
echo "== all tests passed"
