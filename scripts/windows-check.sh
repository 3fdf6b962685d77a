#!/usr/bin/env bash
# Checks the Windows build of ccc-hooks under Debian's Wine, the way a Windows user runs it:
#   - ccc-hooks.exe installs into, reinstalls, narrows and uninstalls from existing user settings
#     files with LF, CRLF and a byte-order mark, and gives each back byte for byte;
#   - entries an earlier version wrote on Windows are recognised and replaced;
#   - project and local scope under a Windows path with a space, and --file, also with the binary
#     under such a path (then the hook runs in PowerShell: `& 'path' hook`);
#   - status and doctor, and the advice they and install print (forward slashes, never a doubled
#     backslash);
#   - the hook's answer to a Stop and to an AskUserQuestion, without and with a review (a
#     stand-in claude, scripts/wine/fakeclaude), and two copies of one event answered once;
# then runs the unit tests of settings, internal/safefile, internal/window, installer and
# hookrt/once under Wine (go test -exec wine).
#
# Wine 8 lacks ProcessPrng in bcryptprimitives.dll, which Go's runtime calls at start:
# scripts/wine/bcryptprimitives.c supplies it, built with MinGW into the prefix's system32. Go
# removes files with a call Wine 8 lacks too: the tests are built with the wine tag, which makes
# them take Go's fallback (internal/winetest). Needs wine and gcc-mingw-w64-x86-64; run as root,
# it installs them from Debian when they are missing. Takes a few minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v wine >/dev/null 2>&1 || ! command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "windows-check: needs wine and gcc-mingw-w64-x86-64 (apt-get install wine wine64 gcc-mingw-w64-x86-64)" >&2
		exit 1
	fi
	echo "== installing wine and gcc-mingw-w64-x86-64"
	apt-get update -qq
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends wine wine64 gcc-mingw-w64-x86-64
fi
echo "== $(wine --version 2>/dev/null)"

started=$SECONDS
work=$(mktemp -d "${TMPDIR:-/tmp}/ccc-hooks-wine.XXXXXX")
export WINEPREFIX="$work/prefix" WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
# Each message is checked here as one line, as the script tests have it: fitting output to a
# terminal's width has tests of its own (cmd/wrap_test.go).
export COLUMNS=1000
cleanup() {
	wineserver -k >/dev/null 2>&1 || true
	rm -rf "$work"
}
trap cleanup EXIT

echo "== a Wine prefix with the ProcessPrng shim"
mkdir -p "$WINEPREFIX"
wineserver -p # one server for every process below, started before any
wine wineboot -i >/dev/null 2>&1
x86_64-w64-mingw32-gcc -shared -O2 -o "$WINEPREFIX/drive_c/windows/system32/bcryptprimitives.dll" \
	scripts/wine/bcryptprimitives.c -ladvapi32

echo "== building ccc-hooks.exe"
GOOS=windows GOARCH=amd64 go build -o "$work/bin/ccc-hooks.exe" ./cmd/ccc-hooks
GOOS=windows GOARCH=amd64 go build -o "$work/bin/fake-claude.exe" ./scripts/wine/fakeclaude

# win names a Unix path as Windows programs under Wine see it (Z: is /); fwd with forward slashes.
win() { printf 'Z:%s' "${1//\//\\}"; }
fwd() { printf 'Z:%s' "$1"; }
fail() {
	echo "windows-check: $*" >&2
	exit 1
}
# run runs ccc-hooks.exe (or $exe) with the arguments given; stdout, stderr and the exit status
# go to $out, $err and $rc.
out=$work/out err=$work/err rc=0
run() {
	rc=0
	wine "${exe:-$work/bin/ccc-hooks.exe}" "$@" >"$out" 2>"$err" || rc=$?
	tr -d '\r' <"$out" >"$out.lf" && mv "$out.lf" "$out"
}
want_rc() { [ "$rc" -eq "$1" ] || fail "$2: exit status $rc, want $1; stdout: $(cat "$out"); stderr: $(cat "$err")"; }
want_out() { grep -qF -- "$1" "$out" || fail "$2: stdout lacks [$1]: $(cat "$out")"; }
count() { grep -oF -- "$1" "$2" | wc -l | tr -d ' '; }
want_count() { [ "$(count "$1" "$2")" -eq "$3" ] || fail "$4: $2 holds [$1] $(count "$1" "$2") times, want $3: $(cat "$2")"; }
# want_json fails unless stdout is one line holding one JSON object that starts with $1.
want_json() {
	got=$(cat "$out")
	case $got in
	*$'\n'*) fail "$2: stdout is more than one line: $got" ;;
	"$1"*"}") ;;
	*) fail "$2: stdout is not one JSON object starting with $1: $got" ;;
	esac
}
# no_doubled fails when the output holds a doubled backslash: advice must paste as it is.
no_doubled() { if grep -qF "\\\\" "$out"; then fail "$1: doubled backslashes in: $(cat "$out")"; fi; }

profile=$(wine cmd /c 'echo %USERPROFILE%' | tr -d '\r')
home=$(winepath -u "$profile")
home=${home%/}
user=$home/.claude/settings.json
prog=$(fwd "$work/bin/ccc-hooks.exe")
ours="\"command\": \"$prog hook\""
status='"statusMessage": "ccc-hooks supervisor reviewing"'
mkdir -p "$home/.claude"

# The user settings file of someone who has used Claude Code for a while.
cat >"$work/settings-lf.json" <<'EOF'
{
  "$schema": "https://json.schemastore.org/claude-code-settings.json",
  "model": "opus",
  "env": {
    "ANTHROPIC_BASE_URL": "https://gateway.example.com",
    "GREETING": "grüß dich, 你好"
  },
  "permissions": {
    "allow": ["Bash(npm run test:*)", "Read(C:\\Users\\me\\notes\\**)"],
    "deny": []
  },
  "hooks": {
    "Stop": [
      { "hooks": [ { "type": "command", "command": "powershell -c [console]::beep(440,200)" } ] }
    ],
    "PreToolUse": [
      { "matcher": "Bash", "hooks": [ { "type": "command", "command": "C:/tools/lint.exe --quick" } ] }
    ]
  },
  "feedbackSurveyRate": 0.05
}
EOF
sed 's/$/\r/' "$work/settings-lf.json" >"$work/settings-crlf.json"
{ printf '\357\273\277'; cat "$work/settings-lf.json"; } >"$work/settings-bom.json"

for kind in lf crlf bom; do
	echo "== user settings ($kind): install, reinstall, narrow, uninstall"
	cp "$work/settings-$kind.json" "$user"
	run install
	want_rc 0 "install ($kind)"
	want_out "Installed the supervisor hooks (Stop, PreToolUse[AskUserQuestion]) into $profile\\.claude\\settings.json (user scope)." "install ($kind)"
	want_out "Turn it on for every session with \`$prog supervisor on --default\`." "install ($kind)"
	no_doubled "install ($kind)"
	want_count "$ours" "$user" 2 "install ($kind)"
	want_count "$status" "$user" 2 "install ($kind)"
	want_count '"shell"' "$user" 0 "install ($kind)"
	want_count 'lint.exe --quick' "$user" 1 "install ($kind)"
	case $kind in
	crlf) [ "$(tr -cd '\n' <"$user" | wc -c)" -eq "$(grep -c $'\r$' "$user")" ] || fail "install (crlf): a line without CR" ;;
	bom) [ "$(head -c 3 "$user" | od -An -tx1 | tr -d ' ')" = efbbbf ] || fail "install (bom): the byte-order mark is gone" ;;
	esac
	cp "$user" "$work/installed.json"
	run install
	want_out "already installed, nothing changed" "reinstall ($kind)"
	cmp -s "$user" "$work/installed.json" || fail "reinstall ($kind) changed the file"
	run install --events stop
	want_rc 0 "narrow ($kind)"
	want_count "$ours" "$user" 1 "narrow ($kind)"
	want_count 'lint.exe --quick' "$user" 1 "narrow ($kind)"
	run uninstall
	want_rc 0 "uninstall ($kind)"
	cmp -s "$user" "$work/settings-$kind.json" || fail "uninstall ($kind) did not give the file back byte for byte: $(diff "$user" "$work/settings-$kind.json")"
done
ls "$home/.claude/ccc/backups/"settings.json-*/* >/dev/null || fail "no backups under the ccc-hooks home"

echo "== entries an earlier version wrote on Windows"
cat >"$user" <<'EOF'
{
  "hooks": {
    "Stop": [{"hooks": [{"type": "command", "command": "'C:\\Users\\me\\bin\\ccc-hooks.exe' hook", "timeout": 600}]}],
    "PreToolUse": [{"matcher": "AskUserQuestion", "hooks": [{"type": "command", "command": "C:\\Users\\me\\bin\\ccc-hooks.exe hook", "timeout": 600}]}]
  }
}
EOF
run status
want_out "profiles  supervisor" "status of earlier entries"
run install
want_rc 0 "install over earlier entries"
want_count "$ours" "$user" 2 "install over earlier entries"
want_count 'Users\\me' "$user" 0 "install over earlier entries"
run uninstall
want_count 'ccc-hooks' "$user" 0 "uninstall after earlier entries"

echo "== project and local scope under a Windows path with a space"
project="$work/My Project"
mkdir -p "$project"
for scope in project local; do
	file=$project/.claude/settings.json command='"command": "ccc-hooks hook"'
	if [ "$scope" = local ]; then
		file=$project/.claude/settings.local.json command=$ours
	fi
	run install --scope "$scope" --project-dir "$(win "$project")"
	want_rc 0 "install --scope $scope"
	want_count "$command" "$file" 2 "install --scope $scope"
	run doctor --all --project-dir "$(win "$project")"
	want_out "supervisor profile installed in $scope settings" "doctor in the project ($scope)"
	run uninstall --scope "$scope" --project-dir "$(win "$project")"
	want_rc 0 "uninstall --scope $scope"
	[ ! -e "$project/.claude" ] || fail "uninstall --scope $scope left $project/.claude: $(ls -la "$project/.claude")"
done

echo "== --file, and a binary whose path needs quoting"
mkdir -p "$work/My Files" "$work/my bin"
file="$work/My Files/team settings.json"
cp "$work/settings-crlf.json" "$file"
cp "$work/bin/ccc-hooks.exe" "$work/my bin/ccc-hooks.exe"
exe="$work/my bin/ccc-hooks.exe" run install --file "$(win "$file")"
want_rc 0 "install --file from a binary in a folder with a space"
quoted="& '$(fwd "$work/my bin/ccc-hooks.exe")'"
want_count "\"command\": \"$quoted hook\"" "$file" 2 "install --file (quoted binary)"
want_count '"shell": "powershell"' "$file" 2 "install --file (quoted binary)"
want_out "Turn it on for every session with \`$quoted supervisor on --default\`." "install --file (quoted binary)"
no_doubled "install --file (quoted binary)"
run install --file "$(win "$file")"
want_rc 0 "install --file from another path"
want_count "$ours" "$file" 2 "install --file from another path"
want_count 'my bin' "$file" 0 "install --file from another path"
want_count '"shell"' "$file" 0 "install --file from another path"
run uninstall --file "$(win "$file")"
cmp -s "$file" "$work/settings-crlf.json" || fail "uninstall --file did not give the file back byte for byte"

echo "== status and doctor"
cp "$work/settings-lf.json" "$user"
run install
run status
want_rc 0 status
want_out "command   $prog hook  (resolves to $prog)" status
no_doubled status
run status --json
want_out '"profiles": [' "status --json"
export CCC_CLAUDE FAKE_CLAUDE_REVIEW FAKE_CLAUDE_SLEEP=0s
CCC_CLAUDE=$(win "$work/bin/fake-claude.exe")
run doctor --all # every row, one line a message
want_rc 0 doctor
want_out "supervisor profile installed in user settings" doctor
want_out "this is ccc-hooks dev (commit " doctor
want_out "(in user settings): ccc-hooks dev (commit " doctor
want_out "), this build" doctor
no_doubled doctor

echo "== the hook's answers"
payload() { # payload EVENT SESSION: an event as Claude Code sends it
	if [ "$1" = Stop ]; then
		printf '{"session_id":"%s","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done.","cwd":"%s"}' "$2" "$(win "$work" | sed 's/\\/\\\\/g')"
	else
		printf '{"session_id":"%s","hook_event_name":"PreToolUse","tool_name":"AskUserQuestion","tool_input":{"questions":[{"question":"Which database?","header":"DB","options":[{"label":"SQLite","description":"a file"},{"label":"Postgres","description":"a server"}],"multiSelect":false}]},"cwd":"%s"}' "$2" "$(win "$work" | sed 's/\\/\\\\/g')"
	fi
}
payload Stop s1 >"$work/stop.json"
run hook <"$work/stop.json"
want_rc 0 "Stop, supervisor off"
[ "$(cat "$out")" = '{"reason":"supervisor mode disabled"}' ] || fail "Stop, supervisor off: $(cat "$out")"
run supervisor on --default
want_rc 0 "supervisor on --default"
# The reviewer's last words; fake-claude prints them as the real claude -p --output-format json
# prints a review's result (internal/fakereview).
# shellcheck disable=SC2016 # the backquotes are the verdict's code fence
printf 'I have reviewed the work.\n\n```json\n{"allow_stop": false, "feedback": "Add a test for the empty input."}\n```\n' >"$work/block.txt"
FAKE_CLAUDE_REVIEW=$(win "$work/block.txt")
payload Stop s2 >"$work/stop.json"
run hook <"$work/stop.json"
want_rc 0 "Stop, reviewed"
# One JSON object: the block with the reviewer's feedback (and the line the user sees).
want_json '{"decision":"block","reason":"Add a test for the empty input."' "Stop, reviewed"
payload PreToolUse s2 >"$work/ask.json"
run hook <"$work/ask.json"
want_rc 0 "AskUserQuestion, reviewed"
want_json '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"deny","permissionDecisionReason":"Add a test for the empty input."}' \
	"AskUserQuestion, reviewed"

echo "== two copies of one event (two binary paths) at once: answered once"
mkdir -p "$work/copy"
cp "$work/bin/ccc-hooks.exe" "$work/copy/ccc-hooks.exe"
payload Stop s3 >"$work/stop.json"
FAKE_CLAUDE_SLEEP=2s
wine "$work/bin/ccc-hooks.exe" hook <"$work/stop.json" >"$work/first.out" 2>&1 &
wine "$work/copy/ccc-hooks.exe" hook <"$work/stop.json" >"$work/second.out" 2>&1 &
wait
answered=0
for f in "$work/first.out" "$work/second.out"; do
	if [ -s "$f" ]; then
		answered=$((answered + 1))
		grep -qF '{"decision":"block","reason":"Add a test for the empty input."' "$f" || fail "a copy answered: $(cat "$f")"
	fi
done
[ "$answered" -eq 1 ] || fail "two copies of one event: $answered answered, want 1"

echo "== whole-process checks passed ($((SECONDS - started))s)"

echo "== unit tests under Wine: settings, internal/safefile, internal/window, installer, hookrt/once"
GOOS=windows GOARCH=amd64 go test -count=1 -tags wine -ldflags=-checklinkname=0 -exec wine \
	./settings ./internal/safefile ./internal/window ./installer ./hookrt/once

echo "== Windows checks passed ($((SECONDS - started))s)"
