#!/bin/sh
# time-wall.sh — what the copy-on-write wall of supervisor.checks costs (scripts/walltime): its
# start and teardown around `true`, around a command that writes 1,000 files, and the fingerprint
# that decides whether a check's last result still holds, on this repository and on a generated
# repository of 10,000 files (100 directories of 100, committed); on this repository also a real
# check (CHECK, default `go vet ./config`) bare and behind the wall: what reusing its result
# saves. Medians of RUNS rounds (default 15), each round in a shuffled order, with paired ratios
# to the bare command of the same round.
# Usage: scripts/time-wall.sh [RUNS]
set -eu

runs=${1:-15}
check=${CHECK:-go vet ./config}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/walltime" ./scripts/walltime)

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
