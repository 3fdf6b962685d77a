#!/bin/sh
# Mutation testing, run by a developer before a release (not in CI: every package takes about an
# hour on two cores).
#
# gremlins changes one operator at a time in a package's code (a condition negated, a boundary
# moved, + turned into -, ...) and runs that package's tests against each change. A mutant no
# test notices "lived": behaviour that no test pins. The score is gremlins' test efficacy,
# killed / (killed + lived); a mutant that made the tests time out counts as neither.
#
# Usage: scripts/mutate.sh [PACKAGE...]     e.g. scripts/mutate.sh settings hookrt/workflow
#   Without arguments: settings, config, installer and each hookrt package, one package at a time.
#   MUTATE_EXCLUDE              regular expression of file names (relative to the package) to skip
#   MUTATE_WORKERS              mutants run at once (default 1)
#   MUTATE_TIMEOUT_COEFFICIENT  a mutant's test run may take this many times the normal run
#                               (default 10; lower values report slow machines' runs as time-outs)
#   MUTATE_OUT                  where the logs and JSON results go (default /tmp/ccc-hooks-mutate)
# Do not add gremlins' --test-cpu: v0.6.0 passes it to go test as the single word "-cpu N", the
# test run fails to start, and every mutant is then reported killed.
# Exit status 1 when a mutant lived.
set -eu
cd "$(dirname "$0")/.."

GREMLINS_VERSION=v0.6.0
gremlins=$(go env GOPATH)/bin/gremlins
if ! [ -x "$gremlins" ]; then
	echo "== installing gremlins $GREMLINS_VERSION"
	go install "github.com/go-gremlins/gremlins/cmd/gremlins@$GREMLINS_VERSION"
fi

if [ "$#" -eq 0 ]; then
	set -- settings config installer hookrt hookrt/runs hookrt/event hookrt/once hookrt/reviewguard \
		hookrt/supervisor hookrt/transcript hookrt/workflow
fi
out=${MUTATE_OUT:-/tmp/ccc-hooks-mutate}
mkdir -p "$out"
# Sub-packages are mutated in runs of their own: '/' keeps each run to one package's files.
exclude='/'
if [ -n "${MUTATE_EXCLUDE:-}" ]; then
	exclude="/|$MUTATE_EXCLUDE"
fi

# gremlins times each mutant's test run against its first, coverage-gathering run: a cached
# result there (a few ms) would make every slow test run "time out". -count=1 turns the cache off.
GOFLAGS="${GOFLAGS:+$GOFLAGS }-count=1"
export GOFLAGS

logs=
for pkg in "$@"; do
	name=$(printf '%s' "$pkg" | tr '/' '-')
	echo "== $pkg"
	"$gremlins" unleash --workers "${MUTATE_WORKERS:-1}" \
		--timeout-coefficient "${MUTATE_TIMEOUT_COEFFICIENT:-10}" \
		--exclude-files "$exclude" --output "$out/$name.json" "./$pkg" >"$out/$name.log" 2>&1 || {
		cat "$out/$name.log" >&2
		echo "gremlins failed on $pkg" >&2
		exit 1
	}
	grep -E 'LIVED|^Killed|^Timed out|^Test efficacy' "$out/$name.log" || true
	logs="$logs $out/$name.log"
done

echo "== total"
# shellcheck disable=SC2086 # $logs is a list of paths without spaces
cat $logs | awk '
/^Killed:/ { gsub(/,/, ""); killed += $2; lived += $4 }
/^Timed out:/ { gsub(/,/, ""); timedout += $3 }
/LIVED/ { print "lived: " $0 }
END {
	printf "killed %d, lived %d, timed out %d", killed, lived, timedout
	if (killed + lived > 0) printf ", efficacy %.1f%%", 100 * killed / (killed + lived)
	printf "\n"
	exit lived > 0
}'
