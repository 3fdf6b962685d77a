#!/bin/sh
# Runs the whole test suite: vet, the unit and script tests, the end-to-end tests against the
# real Claude Code, once for each version listed in internal/claudeversion/tested.txt (or once
# against $CCC_E2E_CLAUDE when that names a binary), and a short run of every fuzz target.
# FUZZTIME (default 10s) sets the length of each fuzz run.
#
# The end-to-end tests drive the real Claude Code; without it they are skipped locally, and then
# the run ends with a loud message instead of "all tests passed". When CI or CCC_E2E_REQUIRED=1
# is set (.ci/run sets both) a missing Claude Code fails the run instead.
set -eu
cd "$(dirname "$0")"

e2e_log=$(mktemp)
e2e_status=$(mktemp)
trap 'rm -f "$e2e_log" "$e2e_status"' EXIT INT TERM

# The tested Claude Code versions, oldest first, one a line; "2.1.328 and 2.1.332" for messages.
tested=$(grep -Ev '^[[:space:]]*(#|$)' internal/claudeversion/tested.txt)
tested_words=$(echo "$tested" | awk '{ v[NR] = $0 } END { for (i = 1; i <= NR; i++) printf "%s%s", (i == 1 ? "" : i == NR ? " and " : ", "), v[i]; print "" }')

echo "== go vet"
go vet ./...
# The release builds for macOS and Windows too: their code and tests must compile there.
for goos in darwin windows; do
	echo "== go vet (GOOS=$goos)"
	GOOS=$goos go vet ./...
done

echo "== go test"
# Every package but the end-to-end suite, which runs on its own below. (Package paths hold no
# spaces, so the list splits into words safely.)
# shellcheck disable=SC2046
go test -count=1 -timeout 20m $(go list ./... | grep -v '/e2e$')

# e2e_run NAME [VAR=VALUE] runs the end-to-end suite against the Claude Code NAME (a version, or
# the binary $CCC_E2E_CLAUDE), appending its verbose output to $e2e_log between a header and an
# end line that .ci/run reads, and returns its exit status. -v: a skipped test says why only in
# verbose output. The status goes through a file because a POSIX shell has no pipefail.
e2e_run() {
	name=$1
	shift
	echo "== go test ./e2e against Claude Code $name (the real Claude Code, driven offline)"
	started=$(date +%s)
	{
		status=0
		env "$@" go test -count=1 -timeout 20m -v ./e2e 2>&1 || status=$?
		echo "$status" >"$e2e_status"
	} | tee -a "$e2e_log"
	status=$(cat "$e2e_status")
	echo "== end of go test ./e2e against Claude Code $name: exit status $status, $(($(date +%s) - started))s" | tee -a "$e2e_log"
	return "$status"
}

failed=""
first_status=0
if [ -n "${CCC_E2E_CLAUDE:-}" ]; then
	e2e_run "$CCC_E2E_CLAUDE" || { first_status=$?; failed=$CCC_E2E_CLAUDE; }
else
	for version in $tested; do
		e2e_run "$version" "CCC_E2E_CLAUDE_VERSION=$version" || {
			status=$?
			[ "$first_status" -ne 0 ] || first_status=$status
			failed="$failed $version"
		}
	done
fi
if [ -n "$failed" ]; then
	echo "== the end-to-end suite failed against Claude Code$(echo "$failed" | sed 's/^ *//; s/ /, /g' | sed 's/^/ /')" >&2
	exit "$first_status"
fi

# fuzz_once runs one fuzz target, without minimizing inputs: a run whose worker is slow to answer
# while minimizing (FuzzRun starts a reviewer per input) is reported as hung, and an unminimized
# failing input reproduces just as well. Go 1.26's fuzz coordinator can report "context deadline
# exceeded" when -fuzztime ends while a worker is busy (golang/go#75804, fixed in Go 1.27): no
# input failed and none was written. Such a run is tried once more; any other failure, and any
# run that writes a failing input, fails the suite.
fuzz_once() {
	log=$(mktemp)
	if go test -run='^$' -fuzz="^$2\$" -fuzztime="${FUZZTIME:-10s}" -fuzzminimizetime=0 "$1" >"$log" 2>&1; then
		cat "$log"; rm -f "$log"; return 0
	fi
	cat "$log"
	if grep -q 'context deadline exceeded' "$log" && ! grep -q -e 'Failing input written' -e 'panic:' "$log"; then
		rm -f "$log"
		echo "-- $1 $2: the fuzz deadline race of Go 1.26 (no failing input); running it once more"
		go test -run='^$' -fuzz="^$2\$" -fuzztime="${FUZZTIME:-10s}" -fuzzminimizetime=0 "$1"
		return
	fi
	rm -f "$log"
	return 1
}

echo "== fuzz (${FUZZTIME:-10s} each)"
grep -rl --include='*_test.go' '^func Fuzz' . | sort | while read -r file; do
	pkg=$(dirname "$file")
	grep -o '^func Fuzz[A-Za-z0-9_]*' "$file" | sed 's/^func //' | while read -r target; do
		echo "-- $pkg $target"
		fuzz_once "$pkg" "$target"
	done
done

if grep -q 'E2E TEST SKIPPED' "$e2e_log"; then
	skipped=$(grep -c -e '--- SKIP' "$e2e_log" || true)
	echo
	echo "************************************************************************"
	echo "*** E2E TEST SKIPPED: $skipped end-to-end tests did not run, so NOT all tests passed."
	echo "*** The other tests passed. Why the end-to-end tests were skipped:"
	grep -o 'E2E TEST SKIPPED: .*' "$e2e_log" | sed 's/^E2E TEST SKIPPED: /***   /' | sort -u
	echo "*** Install Claude Code $tested_words (scripts/install-claude-code.sh), tmux, bash-completion,"
	echo "*** and on Linux bubblewrap and socat, and build the snapshot release (scripts/release-check.sh),"
	echo "*** as e2e/README.md says (.ci/run does), then run ./test.sh again."
	echo "************************************************************************"
	exit 0
fi
echo "== all tests passed"
