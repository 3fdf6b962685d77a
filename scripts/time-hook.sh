#!/bin/sh
# time-hook.sh — how long Claude Code waits for `ccc-hooks hook`, side by side with two baselines:
#   floor   a minimal Go program doing the same I/O (reads the event on stdin and ccc.json,
#           prints the answer), the least any Go hook can cost;
#   python  a minimal Python hook making the same decision.
# ccc-hooks is built as install.sh builds it: CGO_ENABLED=0, a static binary with no dynamic
# loader at start-up (cgo would come in through the net package that pflag imports).
# The event is a Stop with the supervisor off (the fast path every session hits).
# Timed by scripts/hooktime: the three run interleaved, round after round, in a shuffled order.
# Usage: scripts/time-hook.sh [RUNS]   (default 300)
set -eu

runs=${1:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "building in $tmp" >&2
(cd "$root" && CGO_ENABLED=0 go build -trimpath -o "$tmp/ccc-hooks" ./cmd/ccc-hooks)

# The floor: scripts/hookfloor, built as ccc-hooks is.
(cd "$root" && CGO_ENABLED=0 go build -trimpath -o "$tmp/floor-hook" ./scripts/hookfloor)

cat >"$tmp/hook.py" <<'PY'
import json, os, sys
event = json.load(sys.stdin)
if not event.get("session_id"):
    sys.exit(2)
try:
    with open(os.path.join(os.environ["CLAUDE_CONFIG_DIR"], "ccc.json")) as f:
        enabled = json.load(f).get("supervisor", {}).get("enabled", False)
except OSError:
    enabled = False
if not enabled:
    print(json.dumps({"reason": "supervisor mode disabled"}))
PY

CLAUDE_CONFIG_DIR="$tmp/claude"
CCC_CONFIG_DIR="$tmp/claude/ccc"
# Claude Code exports the project directory and its own process ID to every hook it runs (a hook
# of a session never switched looks for a record of that window).
CLAUDE_PROJECT_DIR="$tmp/project"
CLAUDE_PID=$$
mkdir -p "$CLAUDE_PROJECT_DIR"
export CLAUDE_CONFIG_DIR CCC_CONFIG_DIR CLAUDE_PROJECT_DIR CLAUDE_PID
unset CCC_SUPERVISOR_HOOK CCC_SUPERVISOR_ID 2>/dev/null || true
mkdir -p "$CLAUDE_CONFIG_DIR"
printf '{\n  "supervisor": {"enabled": false, "max_iterations": 20}\n}\n' >"$CLAUDE_CONFIG_DIR/ccc.json"
cat >"$tmp/event.json" <<'JSON'
{"session_id":"60a79f72-e4f7-4624-aacf-eb6a5dd6f394","transcript_path":"/home/user/.claude/projects/p/60a79f72.jsonl","cwd":"/home/user/project","permission_mode":"default","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"done"}
JSON

# The interpreter itself, not a version-manager shim in front of it.
python=$(command -v python3 || command -v python)
python=$("$python" -c 'import sys; print(sys.executable)')
ccc="\"$tmp/ccc-hooks\" hook <\"$tmp/event.json\""
floor="\"$tmp/floor-hook\" <\"$tmp/event.json\""
py="\"$python\" \"$tmp/hook.py\" <\"$tmp/event.json\""

# The three must answer alike before they are timed.
for cmd in "$ccc" "$floor" "$py"; do
	out=$(sh -c "$cmd")
	[ "$out" = '{"reason":"supervisor mode disabled"}' ] || [ "$out" = '{"reason": "supervisor mode disabled"}' ] || {
		echo "unexpected answer from $cmd: $out" >&2
		exit 1
	}
done

# Interleaved rounds, each in a shuffled order, one process per event as Claude Code runs hooks,
# so that the machine's drift affects all three alike.
echo "timing $runs interleaved rounds" >&2
(cd "$root" && go build -o "$tmp/hooktime" ./scripts/hooktime)
"$tmp/hooktime" -event "$tmp/event.json" -runs "$runs" \
	"ccc-hooks=$tmp/ccc-hooks,hook" "go-floor=$tmp/floor-hook" "python=$python,$tmp/hook.py" >"$tmp/medians"
t_ccc=$(awk '$1 == "ccc-hooks" { print $2 }' "$tmp/medians")
t_floor=$(awk '$1 == "go-floor" { print $2 }' "$tmp/medians")
t_py=$(awk '$1 == "python" { print $2 }' "$tmp/medians")
method="interleaved rounds, wall time from fork to exit"

awk -v c="$t_ccc" -v f="$t_floor" -v p="$t_py" -v m="$method" 'BEGIN {
	printf "method: %s\n", m
	printf "%-10s %9s\n", "hook", "median"
	printf "%-10s %7.3f ms\n", "ccc-hooks", c
	printf "%-10s %7.3f ms\n", "go-floor", f
	printf "%-10s %7.3f ms\n", "python", p
	printf "ccc-hooks / go-floor = %.2fx (target <= 1.5x)\n", c / f
	printf "python / ccc-hooks   = %.1fx (target >= 10x)\n", p / c
	printf "ccc-hooks median     = %.3f ms (target < 5 ms)\n", c
	ok = (c / f <= 1.5 && p / c >= 10 && c < 5)
	printf "%s\n", ok ? "all targets met" : "TARGET MISSED"
	exit ok ? 0 : 1
}'
