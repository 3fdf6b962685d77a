#!/bin/sh
# time-wall.sh — what the copy-on-write wall of supervisor.checks costs (scripts/walltime): its
# start and what follows it around `true` (the teardown), around a command that writes 1,000
# files, and the fingerprint that decides whether a check's last result still holds, on this
# repository and on a generated repository of 10,000 files (100 directories of 100, committed);
# on this repository also a real check (CHECK, default `go vet ./config`) bare and behind the
# wall: what reusing its result saves. Medians of RUNS rounds (default 15), each round in a
# shuffled order, with paired ratios to the bare command of the same round.
#
# With OLD=COMMIT it times instead, in one run, this wall against the one of COMMIT on this
# repository: walltime built from both, run in turn for RUNS rounds of one round each, with CHECK
# bare and behind each wall; it prints each round's lines, then the medians of each. CHECK is
# there `go test -count=1` of seven packages whose tests run the same inside a wall and out
# (others run a test as another user, or a wall inside the wall: neither can behind one), their
# build cached by a run outside first.
# Usage: scripts/time-wall.sh [RUNS]    OLD=6fca6f4 scripts/time-wall.sh [RUNS]
set -eu

runs=${1:-15}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/walltime" ./scripts/walltime)

if [ -n "${OLD:-}" ]; then
	mkdir "$tmp/old"
	git -C "$root" archive "$OLD" | tar -x -C "$tmp/old"
	(cd "$tmp/old" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/walltime-old" ./scripts/walltime)
	check=${CHECK:-go test -count=1 ./config ./hookrt/event ./hookrt/transcript ./hookrt/runs ./internal/jsonscan ./internal/shellword ./internal/hookcmd}
	(cd "$root" && sh -c "$check" >/dev/null 2>&1) || true
	i=0
	while [ "$i" -lt "$runs" ]; do
		for w in old new; do
			bin=$tmp/walltime
			[ "$w" = old ] && bin=$tmp/walltime-old
			"$bin" -project "$root" -runs 1 -check "$check; true" | awk -v w="$w" '/^(bare|wall) (true|check)/ { print w, $0 }'
		done
		i=$((i + 1))
	done | tee "$tmp/rounds"
	# Fields: wall, case (two words), total, "ms", start, "ms", after, "ms", ratio.
	echo "== medians of $runs rounds (ms): wall case total start after"
	for w in old new; do
		for c in "bare true" "wall true" "bare check" "wall check"; do
			for f in 4 6 8; do
				grep "^$w $c " "$tmp/rounds" | awk -v f="$f" '{ print $f }' | grep -v -- - | sort -n |
					awk -v label="$w $c field $f" '{ v[NR] = $1 } END { if (NR) printf "%s %.1f\n", label, (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'
			done
		done
	done
	exit 0
fi

check=${CHECK:-go vet ./config}
echo "== this repository ($root)"
"$tmp/walltime" -project "$root" -runs "$runs" -check "$check"

big=$tmp/big
mkdir -p "$big"
i=0
while [ "$i" -lt 100 ]; do
	mkdir "$big/d$i"
	j=0
	while [ "$j" -lt 100 ]; do
		echo "file $i/$j" >"$big/d$i/f$j.txt"
		j=$((j + 1))
	done
	i=$((i + 1))
done
git -C "$big" init -q
git -C "$big" add -A
git -C "$big" -c user.name=t -c user.email=t@example.com commit -qm files
echo "== a generated repository of 10,000 files"
"$tmp/walltime" -project "$big" -runs "$runs"
