#!/bin/sh
# time-release.sh — the hook's fast path as users run it: the release build against the build
# install.sh makes from source today, and against the floor.
#   release  CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" (stripped, as a release archive
#            holds it; add the -X stamps of the version with CCC_RELEASE_LDFLAGS)
#   source   CGO_ENABLED=0 go build -trimpath (as install.sh builds it from a clone)
#   floor    scripts/hookfloor: a minimal Go program doing the same I/O, built as release is
# The event is Claude Code 2.1.328's Stop fixture (hookrt/event/testdata/Stop.json), the
# supervisor off, each binary with a home of its own (CLAUDE_CONFIG_DIR, CCC_CONFIG_DIR); timed by
# scripts/hooktime, interleaved in a shuffled order each round, ROUNDS times RUNS rounds.
# CCC_TIME_EXTRA="name=/path/to/binary ..." times other builds of ccc-hooks beside them (an older
# commit, a change of start-up).
# Usage: scripts/time-release.sh [RUNS [ROUNDS]]   (default 300 and 3)
set -eu

runs=${1:-300}
rounds=${2:-3}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "building in $tmp" >&2
(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w ${CCC_RELEASE_LDFLAGS:-}" -o "$tmp/release" ./cmd/ccc-hooks)
(cd "$root" && CGO_ENABLED=0 go build -trimpath -o "$tmp/source" ./cmd/ccc-hooks)
(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/floor" ./scripts/hookfloor)
(cd "$root" && go build -o "$tmp/hooktime" ./scripts/hooktime)
event=$root/hookrt/event/testdata/Stop.json

set -- release="$tmp/release,hook" source="$tmp/source,hook" floor="$tmp/floor"
names="release source floor"
for extra in ${CCC_TIME_EXTRA:-}; do
	set -- "$@" "${extra%%=*}=${extra#*=},hook"
	names="$names ${extra%%=*}"
done

# Each binary with a home of its own, and the same answer from each before they are timed.
envs=""
for name in $names; do
	home="$tmp/home-$name"
	mkdir -p "$home/ccc"
	printf '{\n  "supervisor": {"enabled": false, "max_iterations": 20}\n}\n' >"$home/ccc.json"
	envs="$envs -env $name:CLAUDE_CONFIG_DIR=$home -env $name:CCC_CONFIG_DIR=$home/ccc"
done
export CLAUDE_PROJECT_DIR="$tmp/project"
mkdir -p "$CLAUDE_PROJECT_DIR"
unset CCC_SUPERVISOR_HOOK CCC_SUPERVISOR_ID 2>/dev/null || true
for spec in "$@"; do
	name=${spec%%=*}
	cmd=$(printf '%s' "${spec#*=}" | tr ',' ' ')
	# shellcheck disable=SC2086 # the command's words
	out=$(CLAUDE_CONFIG_DIR="$tmp/home-$name" CCC_CONFIG_DIR="$tmp/home-$name/ccc" $cmd <"$event")
	[ "$out" = '{"reason":"supervisor mode disabled"}' ] || {
		echo "unexpected answer from $name: $out" >&2
		exit 1
	}
done

for b in release source floor; do
	printf '%-8s %6.2f MB\n' "$b" "$(wc -c <"$tmp/$b" | awk '{ print $1 / 1048576 }')"
done
echo "timing $rounds x $runs interleaved rounds, shuffled (medians; paired ratios to the floor and to source)"
i=1
while [ "$i" -le "$rounds" ]; do
	# shellcheck disable=SC2086 # $envs is a list of flags
	"$tmp/hooktime" -event "$event" -runs "$runs" -base floor,source $envs "$@" >"$tmp/round"
	awk -v r="$i" '{ printf "round %d  %-8s %7.3f ms  %5.3fx floor  %5.3fx source\n", r, $1, $2, $3, $4 }' "$tmp/round"
	i=$((i + 1))
done
