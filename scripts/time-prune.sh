#!/bin/sh
# time-prune.sh — what months of use cost the hook: ccc-hooks home holding 10,000 sessions that
# ended long ago (scripts/oldhome: state, a log of 3 reviews and a lock each, workflow counters for
# a third) against a home holding none. ccc-hooks is the release build (CGO_ENABLED=0 go build
# -trimpath -ldflags "-s -w"), each home its own Claude config dir; every pair is timed by
# scripts/hooktime, interleaved in a shuffled order each round. The event is Claude Code
# 2.1.328's interactive Stop (hookrt/event/testdata/Stop-interactive.json: nothing in the
# background, so the workflow and the supervisor both answer it).
#   fast path      the supervisor off: the hook never looks at old sessions;
#   supervisor log listing the sessions (10 most recent), the 10,000 not yet pruned;
#   reviewed       the supervisor on, a reviewer that answers at once (a shell script), each run
#                  a new session: during the backlog (each review prunes a slice of the home
#                  beside it), then once the backlog is gone;
#   reviewed-slow  the same with a reviewer that takes REVIEW_SECONDS (default 0.5) to answer,
#                  as claude -p takes about that long to start: the pruning hides behind it;
#   supervisor log again, once everything old is pruned.
# Usage: scripts/time-prune.sh [RUNS [SESSIONS]]   (default 200 and 10000)
set -eu

runs=${1:-200}
sessions=${2:-10000}
slow=${REVIEW_SECONDS:-0.5}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "building in $tmp" >&2
(cd "$root" && CGO_ENABLED=0 go build -trimpath -ldflags "-s -w" -o "$tmp/ccc-hooks" ./cmd/ccc-hooks)
(cd "$root" && go build -o "$tmp/hooktime" ./scripts/hooktime)
(cd "$root" && go build -o "$tmp/oldhome" ./scripts/oldhome)
event=$root/hookrt/event/testdata/Stop-interactive.json

cat >"$tmp/claude" <<'SH'
#!/bin/sh
[ -z "${REVIEW_SECONDS:-}" ] || sleep "$REVIEW_SECONDS"
printf '%s\n' '{"type":"result","subtype":"success","is_error":false,"result":"Checked.\n```json\n{\"allow_stop\": true, \"feedback\": \"ok\"}\n```","total_cost_usd":0.0421}'
SH
chmod +x "$tmp/claude"
export CCC_CLAUDE="$tmp/claude" CLAUDE_PROJECT_DIR="$tmp/project"
mkdir -p "$CLAUDE_PROJECT_DIR"
unset CCC_CONFIG_DIR CCC_SUPERVISOR_HOOK CCC_SUPERVISOR_ID REVIEW_SECONDS 2>/dev/null || true

# home NAME ENABLED: a Claude config dir with ccc.json turning the supervisor on or off.
home() {
	mkdir -p "$tmp/$1/ccc"
	printf '{"supervisor": {"enabled": %s}}\n' "$2" >"$tmp/$1/ccc.json"
}
envs="-env none:CLAUDE_CONFIG_DIR=$tmp/none -env old:CLAUDE_CONFIG_DIR=$tmp/old"
old_left() { find "$tmp/old/ccc" -maxdepth 1 -name 'supervisor-*-4f6d-4e58-9d3a-2c1b0a9f8e7d.json' | wc -l; }
files() { find "$tmp/$1/ccc" -type f | wc -l; }
# timed TITLE HOOKTIME-ARGS...: one hooktime run, none against old, its medians and ratio.
timed() {
	title=$1
	shift
	# shellcheck disable=SC2086 # $envs is a list of flags
	"$tmp/hooktime" -event "$event" -base none $envs "$@" >"$tmp/out"
	awk -v t="$title" '$1 == "none" { n = $2 } $1 == "old" { o = $2; r = $3 }
		END { printf "%-34s none %8.3f ms   old %8.3f ms   old/none %.3fx (paired)\n", t, n, o, r }' "$tmp/out"
}

echo "filling a home with $sessions old sessions" >&2
home none false
home old false
"$tmp/oldhome" -dir "$tmp/old/ccc" -sessions "$sessions" -days 90
echo "home: $(files old) files of old sessions"

timed "fast path (supervisor off)" -runs "$runs" none="$tmp/ccc-hooks,hook" old="$tmp/ccc-hooks,hook"
echo "  old sessions left: $(old_left)"
timed "supervisor log, nothing pruned" -runs 20 -warmup 3 none="$tmp/ccc-hooks,supervisor,log" old="$tmp/ccc-hooks,supervisor,log"

home none true
home old true
before=$(old_left)
timed "reviewed, during the backlog" -runs 60 -warmup 0 -new-session none="$tmp/ccc-hooks,hook" old="$tmp/ccc-hooks,hook"
echo "  old sessions left: $(old_left) of $before"
hooks=60
while [ "$(old_left)" -gt 0 ]; do
	# A session of its own each time, as in the timed runs (one session would reach its cap).
	sed "s/\"session_id\": \"/\"session_id\": \"more-$hooks-/" "$event" >"$tmp/event.json"
	CLAUDE_CONFIG_DIR="$tmp/old" "$tmp/ccc-hooks" hook <"$tmp/event.json" >/dev/null
	hooks=$((hooks + 1))
done
echo "  the backlog was gone after $hooks reviewed hooks; home: $(files old) files"
timed "reviewed, backlog gone" -runs "$runs" -new-session none="$tmp/ccc-hooks,hook" old="$tmp/ccc-hooks,hook"
timed "supervisor log, all old pruned" -runs 20 -warmup 3 none="$tmp/ccc-hooks,supervisor,log" old="$tmp/ccc-hooks,supervisor,log"

rm -rf "$tmp/old" "$tmp/none"
home none true
home old true
"$tmp/oldhome" -dir "$tmp/old/ccc" -sessions "$sessions" -days 90
before=$(old_left)
export REVIEW_SECONDS="$slow"
timed "reviewed-slow ($slow s), backlog" -runs 10 -warmup 0 -new-session none="$tmp/ccc-hooks,hook" old="$tmp/ccc-hooks,hook"
echo "  old sessions left: $(old_left) of $before"
