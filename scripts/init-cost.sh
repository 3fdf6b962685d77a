#!/bin/sh
# init-cost.sh — what the start of the hook spends in package initialisation: the release build
# (CGO_ENABLED=0 go build -trimpath -ldflags "-s -w") answers Claude Code 2.1.328's Stop fixture
# with the supervisor off, RUNS times with GODEBUG=inittrace=1; it prints each package's median
# init time (the runtime's "clock"), the largest first, and the sum of the medians, beside the
# same for the floor (scripts/hookfloor). inittrace adds its own printing to the start, so the
# sums are an upper bound; scripts/time-release.sh times the start as a whole.
# Usage: scripts/init-cost.sh [RUNS [TOP]]   (default 51 and 20)
set -eu

runs=${1:-51}
top=${2:-20}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/ccc-hooks" ./cmd/ccc-hooks)
(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/floor" ./scripts/hookfloor)
mkdir -p "$tmp/home/ccc"
printf '{"supervisor": {"enabled": false}}\n' >"$tmp/home/ccc.json"
export CLAUDE_CONFIG_DIR="$tmp/home" CLAUDE_PROJECT_DIR="$tmp"
unset CCC_CONFIG_DIR CCC_SUPERVISOR_HOOK CCC_SUPERVISOR_ID 2>/dev/null || true
event=$root/hookrt/event/testdata/Stop.json

for prog in ccc-hooks floor; do
	i=0
	: >"$tmp/$prog.trace"
	while [ "$i" -lt "$runs" ]; do
		if [ "$prog" = ccc-hooks ]; then
			GODEBUG=inittrace=1 "$tmp/ccc-hooks" hook <"$event" 2>>"$tmp/$prog.trace" >/dev/null
		else
			GODEBUG=inittrace=1 "$tmp/floor" <"$event" 2>>"$tmp/$prog.trace" >/dev/null
		fi
		i=$((i + 1))
	done
	# "init PKG @T ms, C ms clock, B bytes, A allocs": the median C of each package.
	awk '$1 == "init" { print $2, $5 }' "$tmp/$prog.trace" | sort -k1,1 -k2,2g | awk '
		{ v[$1] = v[$1] " " $2; n[$1]++ }
		END { for (p in v) { split(substr(v[p], 2), a, " "); m = a[int((n[p] + 1) / 2)]; printf "%.3f %s\n", m, p } }' |
		sort -rn >"$tmp/$prog.medians"
	awk -v p="$prog" -v r="$runs" '{ s += $1 } END { printf "%s: %d packages, sum of median init times %.3f ms (%d runs)\n", p, NR, s, r }' "$tmp/$prog.medians"
done
echo "largest of ccc-hooks (median ms, package):"
head -n "$top" "$tmp/ccc-hooks.medians"
