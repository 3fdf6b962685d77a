#!/bin/sh
# time-hook-forms.sh — what the form of a hook entry costs every event: the same `ccc-hooks hook`
# (the fast path: a Stop with the supervisor off) started the three ways Claude Code starts a hook
# of ours on Linux and macOS:
#   exec     exec form ("command" the program, "args": ["hook"]): spawned directly, no shell, as
#            the reviewer's guard runs (hookcmd.Exec);
#   shell    shell form, `/bin/sh -c '<binary> hook'`, as a settings entry runs (hookcmd.For);
#   guarded  the plugins' command (hookcmd.Guarded, read from plugins/supervisor/hooks/hooks.json):
#            `command -v ccc-hooks`, then exec; run by /bin/sh as `eval "$HOOK"`, the command
#            being too long for hooktime's arguments.
# ccc-hooks is built as install.sh builds it (CGO_ENABLED=0 -trimpath -buildvcs=false). The three
# run interleaved by scripts/hooktime, each round in a shuffled order; it prints their medians and
# each one's paired ratio to exec.
# Usage: scripts/time-hook-forms.sh [RUNS]   (default 300)
set -eu

runs=${1:-300}
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

echo "building in $tmp" >&2
mkdir -p "$tmp/bin"
(cd "$root" && CGO_ENABLED=0 go build -trimpath -buildvcs=false -o "$tmp/bin/ccc-hooks" ./cmd/ccc-hooks)
(cd "$root" && go build -o "$tmp/hooktime" ./scripts/hooktime)

CLAUDE_CONFIG_DIR="$tmp/claude"
CCC_CONFIG_DIR="$tmp/claude/ccc"
CLAUDE_PROJECT_DIR="$tmp/project"
CLAUDE_PID=$$
PATH="$tmp/bin:$PATH"
mkdir -p "$CLAUDE_PROJECT_DIR" "$CLAUDE_CONFIG_DIR"
export CLAUDE_CONFIG_DIR CCC_CONFIG_DIR CLAUDE_PROJECT_DIR CLAUDE_PID PATH
unset CCC_SUPERVISOR_HOOK CCC_SUPERVISOR_ID 2>/dev/null || true
printf '{\n  "supervisor": {"enabled": false, "max_iterations": 20}\n}\n' >"$CLAUDE_CONFIG_DIR/ccc.json"
cat >"$tmp/event.json" <<'JSON'
{"session_id":"60a79f72-e4f7-4624-aacf-eb6a5dd6f394","transcript_path":"/home/user/.claude/projects/p/60a79f72.jsonl","cwd":"/home/user/project","permission_mode":"default","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"done"}
JSON

guarded=$(jq -r '.hooks.Stop[0].hooks[0].command' "$root/plugins/supervisor/hooks/hooks.json")
case $guarded in
"command -v ccc-hooks "*"; exec ccc-hooks hook") ;;
*)
	echo "unexpected plugin command: $guarded" >&2
	exit 1
	;;
esac

# The three must answer alike before they are timed, each an event of its own (ccc-hooks answers
# identical events of different callers once).
for form in exec shell guarded; do
	sed "s/^{/{\"form\":\"$form\",/" "$tmp/event.json" >"$tmp/$form.json"
	case $form in
	exec) out=$("$tmp/bin/ccc-hooks" hook <"$tmp/$form.json") ;;
	shell) out=$(/bin/sh -c "$tmp/bin/ccc-hooks hook" <"$tmp/$form.json") ;;
	guarded) out=$(HOOK=$guarded /bin/sh -c 'eval "$HOOK"' <"$tmp/$form.json") ;;
	esac
	[ "$out" = '{"reason":"supervisor mode disabled"}' ] || {
		echo "unexpected answer from the $form form: $out" >&2
		exit 1
	}
done

echo "timing $runs interleaved rounds" >&2
"$tmp/hooktime" -event "$tmp/event.json" -runs "$runs" -base exec -env "guarded:HOOK=$guarded" \
	"exec=$tmp/bin/ccc-hooks,hook" "shell=/bin/sh,-c,$tmp/bin/ccc-hooks hook" "guarded=/bin/sh,-c,eval \"\$HOOK\"" >"$tmp/medians"
awk 'BEGIN { printf "%-8s %9s %12s\n", "form", "median", "ratio/exec" }
	{ printf "%-8s %6.3f ms %11.3fx\n", $1, $2, $3 }' "$tmp/medians"
