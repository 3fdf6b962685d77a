#!/usr/bin/env bash
# release-check.sh — builds the snapshot release of every target with GoReleaser
# (.goreleaser.yaml) into dist/, checks it, and installs it the way a user without Go does: the
# README's install line, with CCC_HOOKS_RELEASE_URL pointing at dist/ served on loopback, on a
# PATH that holds only the programs install.sh needs (no go), in a fresh HOME.
#
# Checked: the archive list and checksums.txt; each binary is for the platform its archive names,
# built as agreed (CGO off, -trimpath, stripped, stamped); the README's install line installs a
# binary that names the commit, doctor warns only that the supervisor is off (and finds nothing
# wrong once it is on), and the hook answers Claude Code's
# events (the review by a fake claude). Refused with nothing installed and the old binary left as
# it was: a tampered archive, a truncated one, a download cut short every time (with curl and with
# wget: three tries, said, and over in seconds), a missing checksums.txt, an HTML page or a
# garbled file served as checksums.txt, a platform without a release, a machine without curl and
# wget (install.sh's refusal, and the README's line failing loudly), a directory where the binary
# goes, a pinned version the release folder does not hold, an option `ccc-hooks install` does not
# take (before the download). wget works where curl is missing; a
# slow download shows a heartbeat; -t VERSION installs that release; -b DIR installs into DIR;
# --no-setup installs the binary alone; a symbolic link where the binary goes is replaced, not
# written through; ./install.sh in the clone downloads without go, and with go when
# CCC_HOOKS_DOWNLOAD=1 asks.
#
# Usage: scripts/release-check.sh   (GORELEASER names the goreleaser program; default: on PATH)
# docs/release.md says what it costs CI.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
started=$SECONDS

goreleaser=${GORELEASER:-goreleaser}
tmp=$(mktemp -d)
server_pid=""
cleanup() {
	if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; fi
	rm -rf "$tmp"
}
trap cleanup EXIT

fail() {
	echo "release-check: FAIL: $*" >&2
	exit 1
}

# names DIR [PATTERN]: the names of DIR's entries matching PATTERN (default all), sorted, on one line.
names() { find "$1" -mindepth 1 -maxdepth 1 ! -type d -name "${2:-*}" -printf '%f\n' | LC_ALL=C sort | tr '\n' ' '; }

echo "== goreleaser release --snapshot --clean"
# GoReleaser reads the commit only where `git ls-remote --get-url` answers: a clone without a
# remote (a worktree, a local clone) gets the project's URL through git's environment config.
if [ -z "$(git remote)" ]; then
	export GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.origin.url GIT_CONFIG_VALUE_0=https://github.com/ccc-hooks/ccc-hooks.git
fi
build_started=$SECONDS
"$goreleaser" release --snapshot --clean >"$tmp/goreleaser.log" 2>&1 || {
	cat "$tmp/goreleaser.log"
	fail "goreleaser release --snapshot failed"
}
echo "   built in $((SECONDS - build_started)) s"
commit=$(git rev-parse HEAD)

echo "== the archives and checksums.txt"
targets="darwin_amd64 darwin_arm64 linux_amd64 linux_arm64 windows_amd64 windows_arm64"
want_list=""
for t in $targets; do
	case $t in windows_*) want_list="${want_list}ccc-hooks_$t.zip " ;; *) want_list="${want_list}ccc-hooks_$t.tar.gz " ;; esac
done
got_list=$(names dist 'ccc-hooks_*')
[ "$got_list" = "$want_list" ] ||
	fail "dist holds archives [$got_list], want [$want_list]"
[ "$(awk '{ print $2 }' dist/checksums.txt | LC_ALL=C sort | tr '\n' ' ')" = "$got_list" ] ||
	fail "checksums.txt names [$(awk '{ print $2 }' dist/checksums.txt | tr '\n' ' ')], want [$got_list]"
(cd dist && sha256sum --quiet -c checksums.txt) || fail "an archive does not match checksums.txt"

version=$(sed -n 's/.*"version":"\([^"]*\)".*/\1/p' dist/metadata.json)
[ -n "$version" ] || fail "dist/metadata.json names no version"
for t in $targets; do
	os=${t%_*} arch=${t#*_}
	x="$tmp/unpacked/$t"
	mkdir -p "$x"
	if [ "$os" = windows ]; then
		unzip -q "dist/ccc-hooks_$t.zip" -d "$x"
		exe="$x/ccc-hooks.exe"
	else
		tar -xzf "dist/ccc-hooks_$t.tar.gz" -C "$x"
		exe="$x/ccc-hooks"
	fi
	[ "$(names "$x")" = "README.md README.zh-CN.md $(basename "$exe") " ] ||
		fail "ccc-hooks_$t holds $(names "$x")"
	# The build record the Go toolchain keeps in every binary, whatever its platform (with
	# -trimpath it leaves out the linker flags).
	info=$(go version -m "$exe")
	for want in "build	GOOS=$os" "build	GOARCH=$arch" "build	CGO_ENABLED=0" "build	-trimpath=true"; do
		grep -qF -- "$want" <<<"$info" || fail "ccc-hooks_$t: its build record lacks [$want]:
$info"
	done
	# -s -w: no symbol table; -X: the stamp's strings are in the binary.
	# (A Mach-O binary keeps the names it imports from the system: type U.)
	if go tool nm "$exe" 2>&1 | grep -v 'no symbol' | grep -qv '^ *U '; then fail "ccc-hooks_$t is not stripped"; fi
	for want in "$version" "$commit"; do
		grep -aqF -- "$want" "$exe" || fail "ccc-hooks_$t does not hold its stamp [$want]"
	done
done
echo "   $got_list: each for its platform, stamped $version, commit $commit"

echo "== a loopback release server"
go build -o "$tmp/releaseserver" ./scripts/releaseserver
site="$tmp/site"
mkdir -p "$site/release" "$site/tampered" "$site/truncated" "$site/cut" "$site/nochecksums" "$site/html" "$site/garbled" \
	"$site/slow" "$site/releases/download/v$version"
cp dist/checksums.txt dist/*.tar.gz dist/*.zip install.sh "$site/release/"
for d in tampered truncated cut nochecksums html garbled slow "releases/download/v$version"; do cp "$site/release/"* "$site/$d/"; done
host=$(go env GOOS)_$(go env GOARCH)
host_archive=ccc-hooks_$host.tar.gz
# One byte changed in the middle: a valid size, another sha256. The byte is flipped (its value
# plus one), never set to a fixed value, which the archive may already hold there.
size=$(wc -c <"$site/release/$host_archive")
byte=$(od -An -tu1 -j $((size / 2)) -N1 "$site/release/$host_archive" | tr -d ' ')
# shellcheck disable=SC2059 # the format is the octal escape of the new byte
printf "\\$(printf '%03o' $(((byte + 1) % 256)))" | dd of="$site/tampered/$host_archive" bs=1 seek=$((size / 2)) conv=notrunc 2>/dev/null
cmp -s "$site/release/$host_archive" "$site/tampered/$host_archive" && fail "the tampered archive is the same as the release's"
head -c $((size / 2)) "$site/release/$host_archive" >"$site/truncated/$host_archive"
rm "$site/nochecksums/checksums.txt"
# What a captive portal serves for any URL, and a checksums file with a line that is not one.
printf '<!DOCTYPE html>\n<html><head><title>Log in to the network</title></head>\n<body>Please log in.</body></html>\n' \
	>"$site/html/checksums.txt"
sed '1s/^/not a checksum line\n/' "$site/release/checksums.txt" >"$site/garbled/checksums.txt"
"$tmp/releaseserver" -dir "$site" -url-file "$tmp/url" -cut "/cut/$host_archive" -slow "/slow/$host_archive" &
server_pid=$!
for _ in $(seq 100); do [ -s "$tmp/url" ] && break; sleep 0.05; done
url=$(cat "$tmp/url")
[ -n "$url" ] || fail "the release server did not start"

# A PATH of links to the programs install.sh and its checks use, without go.
make_path() { # make_path DIR PROGRAM...
	mkdir -p "$1"
	local dir=$1
	shift
	for p in "$@"; do ln -s "$(command -v "$p")" "$dir/$p"; done
}
base_tools=(sh cat cp mv rm mkdir mktemp chmod dirname grep awk sed cut tr tar gzip uname sha256sum wc sleep date)
make_path "$tmp/path/curl" "${base_tools[@]}" curl
make_path "$tmp/path/wget" "${base_tools[@]}" wget
make_path "$tmp/path/none" "${base_tools[@]}"
make_path "$tmp/path/riscv" "${base_tools[@]}" curl
rm "$tmp/path/riscv/uname"
cat >"$tmp/path/riscv/uname" <<'EOF'
#!/bin/sh
case "$1" in -m) echo riscv64 ;; *) echo Linux ;; esac
EOF
chmod 755 "$tmp/path/riscv/uname"
for d in "$tmp"/path/*; do [ ! -e "$d/go" ] || fail "$d holds go"; done

# A fake claude on the user's PATH: doctor asks its version, the review gets its verdict.
mkdir -p "$tmp/claude"
cat >"$tmp/claude/claude" <<'EOF'
#!/bin/sh
if [ "$1" = --version ]; then echo "2.1.332 (Claude Code)"; exit 0; fi
cat "$FAKE_CLAUDE_OUTPUT"
EOF
chmod 755 "$tmp/claude/claude"
# shellcheck disable=SC2016 # the backquotes are the verdict's code fence
printf '{"type":"result","is_error":false,"result":"```json\\n{\\"allow_stop\\": false, \\"feedback\\": \\"Add a test for the empty input.\\"}\\n```","total_cost_usd":0.01}' >"$tmp/claude/block.json"

# The README's install line: the first line of the first sh block of its Install section, with
# install.sh fetched from the loopback server.
readme_line=$(awk '/^## Install$/ { f = 1 } f && /^```sh$/ { getline; print; exit }' README.md)
case $readme_line in
*"https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.sh"*) ;;
*) fail "the README's Install section starts with no sh block holding the install line: [$readme_line]" ;;
esac
line=${readme_line//https:\/\/raw.githubusercontent.com\/ccc-hooks\/ccc-hooks\/main/$url\/release}

# one_liner NAME PATHDIR RELEASE [ARGUMENT...]: runs the README's line, with the arguments after
# it, in the fresh HOME $tmp/home-NAME, with PATH=PATHDIR and the release at $url/RELEASE (a path
# on the server); its output goes to $tmp/NAME.out, its status to $tmp/NAME.rc, and how long it
# took, in seconds, to $tmp/NAME.s. Messages fit $COLUMNS: wide here, so that each is matched whole.
one_liner() {
	local name=$1 pathdir=$2 rel=$3
	shift 3
	local home="$tmp/home-$name" args="" started=$SECONDS a
	for a in "$@"; do args="$args '$a'"; done
	mkdir -p "$home"
	set +e
	(cd "$home" && env -i HOME="$home" PATH="$pathdir" TMPDIR="$tmp" CCC_HOOKS_RELEASE_URL="$url/$rel" COLUMNS=1000 \
		sh -c "$line --$args" </dev/null) >"$tmp/$name.out" 2>&1
	echo $? >"$tmp/$name.rc"
	set -e
	echo $((SECONDS - started)) >"$tmp/$name.s"
}

# piped NAME PATHDIR RELEASE: install.sh fetched by this script and piped into sh (`curl … | sh`,
# as an older README had it) on PATH=PATHDIR, in the fresh HOME $tmp/home-NAME; output and status
# as one_liner.
piped() {
	local name=$1 pathdir=$2 rel=$3
	local home="$tmp/home-$name"
	mkdir -p "$home"
	set +e
	curl -fsSL "$url/release/install.sh" |
		(cd "$home" && env -i HOME="$home" PATH="$pathdir" TMPDIR="$tmp" CCC_HOOKS_RELEASE_URL="$url/$rel" COLUMNS=1000 sh) \
			>"$tmp/$name.out" 2>&1
	echo $? >"$tmp/$name.rc"
	set -e
}

echo "== the one-liner on a PATH without go"
one_liner fresh "$tmp/path/curl" release
home="$tmp/home-fresh"
bin="$home/.local/bin/ccc-hooks"
[ "$(cat "$tmp/fresh.rc")" = 0 ] || fail "the one-liner failed: $(cat "$tmp/fresh.out")"
[ -x "$bin" ] || fail "no $bin: $(cat "$tmp/fresh.out")"
[ "$(names "$home/.local/bin")" = "ccc-hooks " ] || fail "$home/.local/bin holds $(names "$home/.local/bin")"
cmp -s "$bin" "$tmp/unpacked/$host/ccc-hooks" || fail "$bin is not the binary of $host_archive"
got=$("$bin" --version)
[[ $got == "ccc-hooks $version (commit $commit, built "*")" ]] || fail "--version printed [$got]"
for want in "Verified $host_archive" "Installed $bin: $got" "Running: ccc-hooks install"; do
	grep -qF -- "$want" "$tmp/fresh.out" || fail "the one-liner's output lacks [$want]: $(cat "$tmp/fresh.out")"
done
grep -qF "\"command\": \"$bin hook\"" "$home/.claude/settings.json" ||
	fail "the user settings do not run $bin: $(cat "$home/.claude/settings.json")"
echo "   $got"

user_env=(env -i HOME="$home" PATH="$home/.local/bin:$tmp/claude:/usr/bin:/bin" FAKE_CLAUDE_OUTPUT="$tmp/claude/block.json")
mkdir -p "$home/project"
"${user_env[@]}" COLUMNS=1000 ccc-hooks doctor --all --project-dir "$home/project" >"$tmp/doctor.out" ||
	fail "doctor exits $?: $(cat "$tmp/doctor.out")"
# The install leaves the supervisor off by default: doctor's one warning says so, and how to turn it on.
if ! grep -q '^No errors; 1 warning, ' "$tmp/doctor.out" || ! grep -q '^supervisor  *warn  *off by default and on for no session' "$tmp/doctor.out"; then
	fail "doctor warns of more than the supervisor off: $(cat "$tmp/doctor.out")"
fi
grep -qF "this is ccc-hooks $version (commit $commit" "$tmp/doctor.out" || fail "doctor does not name the build: $(cat "$tmp/doctor.out")"
echo "   doctor: $(head -n 1 "$tmp/doctor.out")"

stop() { printf '{"session_id":"%s","hook_event_name":"Stop","stop_hook_active":false,"last_assistant_message":"Done.","cwd":"%s"}' "$1" "$home/project"; }
answer=$(stop s1 | (cd "$home/project" && "${user_env[@]}" ccc-hooks hook))
[ "$answer" = '{"reason":"supervisor mode disabled"}' ] || fail "Stop, supervisor off: [$answer]"
"${user_env[@]}" ccc-hooks supervisor on --default >/dev/null
"${user_env[@]}" COLUMNS=1000 ccc-hooks doctor --project-dir "$home/project" >"$tmp/doctor.out" ||
	fail "doctor exits $? with the supervisor on: $(cat "$tmp/doctor.out")"
grep -q '^No errors, no warnings: all ' "$tmp/doctor.out" || fail "doctor is not clean with the supervisor on: $(cat "$tmp/doctor.out")"
answer=$(stop s2 | (cd "$home/project" && "${user_env[@]}" ccc-hooks hook))
[[ $answer == '{"decision":"block","reason":"Add a test for the empty input."'* ]] || fail "Stop, reviewed: [$answer]"
echo "   the hook: Stop with the supervisor off answered, on reviewed and blocked"

echo "== wget where there is no curl"
one_liner wget "$tmp/path/wget" release
if [ "$(cat "$tmp/wget.rc")" != 0 ] || [ "$("$tmp/home-wget/.local/bin/ccc-hooks" --version)" != "$got" ]; then
	fail "the one-liner with wget: $(cat "$tmp/wget.out")"
fi
echo "   installed $got"

echo "== the one-liner on a PATH with neither curl nor wget fails loudly"
one_liner nothing "$tmp/path/none" release
if [ "$(cat "$tmp/nothing.rc")" = 0 ] || ! grep -qF 'could not download install.sh with curl or wget, nothing was installed' "$tmp/nothing.out" ||
	[ -e "$tmp/home-nothing/.local/bin/ccc-hooks" ]; then
	fail "the one-liner without curl and wget: status $(cat "$tmp/nothing.rc"): $(cat "$tmp/nothing.out")"
fi
echo "   status $(cat "$tmp/nothing.rc"): $(tr '\n' ' ' <"$tmp/nothing.out")"

echo "== an option ccc-hooks install does not take is refused before the download"
one_liner bogus "$tmp/path/curl" release --bogus
if [ "$(cat "$tmp/bogus.rc")" != 2 ] || grep -q "Downloading" "$tmp/bogus.out" ||
	! grep -qF "install.sh: --bogus: \`ccc-hooks install\` has no such option" "$tmp/bogus.out" || [ -e "$tmp/home-bogus/.local" ]; then
	fail "-- --bogus: status $(cat "$tmp/bogus.rc"): $(cat "$tmp/bogus.out")"
fi
echo "   $(head -n 1 "$tmp/bogus.out")"

echo "== a slow download shows that it goes on"
one_liner slow "$tmp/path/curl" slow
if [ "$(cat "$tmp/slow.rc")" != 0 ] || ! grep -Eq "^  $host_archive: [0-9.]+ [KM]B after [5-9] s$" "$tmp/slow.out"; then
	fail "the slow download: $(cat "$tmp/slow.out")"
fi
echo "   $(grep -m1 " after " "$tmp/slow.out")"

echo "== -t VERSION, -b DIR, --no-setup"
one_liner pinned "$tmp/path/curl" releases/latest/download -t "$version" -b "$tmp/pinned-bin" --no-setup
if [ "$(cat "$tmp/pinned.rc")" != 0 ] || [ "$("$tmp/pinned-bin/ccc-hooks" --version)" != "$got" ] ||
	! grep -qF "Downloading $url/releases/download/v$version/$host_archive" "$tmp/pinned.out" ||
	! grep -qF "Binary only (--no-setup)" "$tmp/pinned.out" || grep -qF "Running: ccc-hooks install" "$tmp/pinned.out" ||
	[ -e "$tmp/home-pinned/.claude" ] || [ -e "$tmp/home-pinned/.local" ]; then
	fail "-t $version -b DIR --no-setup: $(cat "$tmp/pinned.out")"
fi
echo "   installed $got from releases/download/v$version into -b DIR, and nothing else"

# from_checkout NAME PATHDIR [VAR=VALUE...]: runs the checkout's install.sh as a contributor does,
# in the fresh HOME $tmp/home-NAME, with PATH=PATHDIR and the release at $url/release.
from_checkout() {
	local name=$1 pathdir=$2
	shift 2
	local home="$tmp/home-$name"
	mkdir -p "$home"
	set +e
	(cd "$home" && env -i HOME="$home" PATH="$pathdir" TMPDIR="$tmp" CCC_HOOKS_RELEASE_URL="$url/release" COLUMNS=1000 "$@" \
		sh "$root/install.sh") >"$tmp/$name.out" 2>&1
	echo $? >"$tmp/$name.rc"
	set -e
}
echo "== ./install.sh in a clone: without go, and asked to download with go"
from_checkout nogo "$tmp/path/curl"
if [ "$(cat "$tmp/nogo.rc")" != 0 ] || [ "$("$tmp/home-nogo/.local/bin/ccc-hooks" --version)" != "$got" ] ||
	! grep -qF "Go is not on PATH: downloading the release instead of building this checkout." "$tmp/nogo.out"; then
	fail "./install.sh without go: $(cat "$tmp/nogo.out")"
fi
make_path "$tmp/path/go" "${base_tools[@]}" curl go
from_checkout asked "$tmp/path/go" CCC_HOOKS_DOWNLOAD=1
if [ "$(cat "$tmp/asked.rc")" != 0 ] || grep -q "Building" "$tmp/asked.out" ||
	[ "$("$tmp/home-asked/.local/bin/ccc-hooks" --version)" != "$got" ]; then
	fail "CCC_HOOKS_DOWNLOAD=1 ./install.sh with go: $(cat "$tmp/asked.out")"
fi
echo "   both installed the release"

# refused NAME PATHDIR RELEASE MESSAGE [ARGUMENT...]: the one-liner, over an old ccc-hooks, fails
# with MESSAGE and leaves the old binary alone and nothing else in its folder.
refused() {
	local name=$1 pathdir=$2 rel=$3 message=$4
	shift 4
	local dir="$tmp/home-$name/.local/bin"
	mkdir -p "$dir"
	printf '#!/bin/sh\necho ccc-hooks 0.0.1\n' >"$dir/ccc-hooks"
	chmod 755 "$dir/ccc-hooks"
	cp "$dir/ccc-hooks" "$tmp/old"
	one_liner "$name" "$pathdir" "$rel" "$@"
	[ "$(cat "$tmp/$name.rc")" != 0 ] || fail "$name: the one-liner succeeded: $(cat "$tmp/$name.out")"
	grep -qF -- "$message" "$tmp/$name.out" || fail "$name: the output lacks [$message]: $(cat "$tmp/$name.out")"
	grep -qF "nothing was installed; $dir/ccc-hooks is unchanged" "$tmp/$name.out" ||
		fail "$name: the output does not say nothing was installed: $(cat "$tmp/$name.out")"
	cmp -s "$dir/ccc-hooks" "$tmp/old" || fail "$name: the old binary changed"
	[ "$(names "$dir")" = "ccc-hooks " ] || fail "$name: $dir holds $(names "$dir")"
	[ ! -e "$tmp/home-$name/.claude/settings.json" ] || fail "$name: settings were written"
	[ -z "$(find "$tmp" -maxdepth 1 -name 'ccc-hooks-install.*')" ] || fail "$name: a temporary folder was left"
	echo "   $name: $(grep -m1 '^install.sh: ' "$tmp/$name.out")"
}
echo "== refused, the old binary left in place"
refused tampered "$tmp/path/curl" tampered "$host_archive does not match checksums.txt"
refused truncated "$tmp/path/curl" truncated "$host_archive does not match checksums.txt"
refused nochecksums "$tmp/path/curl" nochecksums "could not download $url/nochecksums/checksums.txt: the server answered with an error (curl: (22) The requested URL returned error: 404)"
refused html "$tmp/path/curl" html "$url/html/checksums.txt is an HTML page, \"Log in to the network\", not a list of checksums"
refused garbled "$tmp/path/curl" garbled "$url/garbled/checksums.txt is not a list of checksums: its line 1 reads \"not a checksum line\""
refused riscv "$tmp/path/riscv" release "the release has no ccc-hooks for this machine (linux/riscv64)"
refused unpinned "$tmp/path/curl" release "$url/release holds ccc-hooks $version (commit" -t 9.9.9
refused nopin "$tmp/path/curl" releases/latest/download "could not download $url/releases/download/v9.9.9/checksums.txt: the server answered with an error" -t 9.9.9
# install.sh's own refusal, where it runs without curl and wget (piped into sh by someone who has
# fetched it another way).
mkdir -p "$tmp/home-nofetch/.local/bin"
printf '#!/bin/sh\necho ccc-hooks 0.0.1\n' >"$tmp/home-nofetch/.local/bin/ccc-hooks"
piped nofetch "$tmp/path/none" release
if [ "$(cat "$tmp/nofetch.rc")" = 0 ] || ! grep -qF "neither curl nor wget is on PATH" "$tmp/nofetch.out" ||
	! grep -qF "nothing was installed; $tmp/home-nofetch/.local/bin/ccc-hooks is unchanged" "$tmp/nofetch.out"; then
	fail "install.sh without curl and wget: $(cat "$tmp/nofetch.out")"
fi
echo "   nofetch: $(grep -m1 '^install.sh: ' "$tmp/nofetch.out")"
# A download cut short every time is tried three times, and over in seconds, with either tool
# (GNU wget alone would try 20 times, over minutes, and say nothing with -q).
for tool in curl wget; do
	refused "cut-$tool" "$tmp/path/$tool" cut "could not download $url/cut/$host_archive: tried 3 times with $tool; the last try: "
	case $tool in
	curl) grep -qF "the transfer was cut short (curl: (18) transfer closed with" "$tmp/cut-$tool.out" ;;
	wget) grep -qF "a network failure (" "$tmp/cut-$tool.out" && grep -qF "Connection closed at byte" "$tmp/cut-$tool.out" ;;
	esac || fail "cut-$tool: the last try is not explained: $(cat "$tmp/cut-$tool.out")"
	if ! grep -qF "  $host_archive: " "$tmp/cut-$tool.out" || ! grep -qF "trying again (3 of 3)" "$tmp/cut-$tool.out"; then
		fail "cut-$tool: the retries were not said: $(cat "$tmp/cut-$tool.out")"
	fi
	[ "$(cat "$tmp/cut-$tool.s")" -le 20 ] || fail "cut-$tool took $(cat "$tmp/cut-$tool.s") s"
	echo "   cut-$tool: over in $(cat "$tmp/cut-$tool.s") s"
done
mkdir -p "$tmp/home-dir/.local/bin/ccc-hooks/kept"
one_liner dir "$tmp/path/curl" release
if [ "$(cat "$tmp/dir.rc")" = 0 ] || ! grep -qF "$tmp/home-dir/.local/bin/ccc-hooks is a directory" "$tmp/dir.out" ||
	[ "$(names "$tmp/home-dir/.local/bin/ccc-hooks")" != "" ] || [ ! -d "$tmp/home-dir/.local/bin/ccc-hooks/kept" ]; then
	fail "a directory where the binary goes: $(cat "$tmp/dir.out")"
fi
echo "   dir: $(grep -m1 '^install.sh: ' "$tmp/dir.out")"

echo "== a symbolic link where the binary goes: replaced, not written through"
mkdir -p "$tmp/elsewhere" "$tmp/home-link/.local/bin"
printf '#!/bin/sh\necho ccc-hooks 0.0.1\n' >"$tmp/elsewhere/ccc-hooks"
cp "$tmp/elsewhere/ccc-hooks" "$tmp/old"
ln -s "$tmp/elsewhere/ccc-hooks" "$tmp/home-link/.local/bin/ccc-hooks"
one_liner link "$tmp/path/curl" release
if [ "$(cat "$tmp/link.rc")" != 0 ] || [ -L "$tmp/home-link/.local/bin/ccc-hooks" ] ||
	[ "$("$tmp/home-link/.local/bin/ccc-hooks" --version)" != "$got" ] || ! cmp -s "$tmp/elsewhere/ccc-hooks" "$tmp/old"; then
	fail "a link where the binary goes: $(cat "$tmp/link.out")"
fi
echo "   the link is now the binary; the file it named is unchanged"

echo "== release check passed in $((SECONDS - started)) s"
