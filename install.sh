#!/bin/sh
# Installs ccc-hooks into ~/.local/bin ($PREFIX/bin, or -b DIR), then runs `ccc-hooks install`
# with the arguments it does not take itself (it asks its questions when there is a terminal), in
# the directory it was run from: there `--scope project` means that directory's project. Safe to
# run again.
#
# The binary comes one of two ways:
# - built from the checkout this script sits in, with the local Go toolchain (a clone, Go on PATH);
# - downloaded: the release archive for this machine from $CCC_HOOKS_RELEASE_URL (default: the
#   project's latest release, or the release -t VERSION names), checked against that release's
#   checksums.txt (sha256). This is the way when Go is absent, when the script did not come from a
#   checkout (the README's line), when a version is pinned, or when CCC_HOOKS_DOWNLOAD=1 asks.
# Anything that fails before the new binary is complete and verified leaves the binary folder as
# it was. Everything runs from main, called on the last line: a copy of this script cut short
# anywhere defines functions at most, and runs nothing.
set -eu

default_releases=https://github.com/ccc-hooks/ccc-hooks/releases
site=https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main
# The README's install line.
readme_line="sh -c \"\$(command -v curl >/dev/null && curl -fsSL $site/install.sh || wget -qO- $site/install.sh || echo \"echo ccc-hooks: could not download install.sh with curl or wget, nothing was installed >&2; exit 1\")\""
# How often a download is tried, and how long a try may go without receiving data.
tries=3
stall_seconds=20

# The options of `ccc-hooks install`, checked before anything is downloaded or built; those that
# take a value end in "=". scope_names and profile_names are the values --scope and --profile
# take. (cmd's TestInstallScriptKnowsInstallOptions holds these lists to the binary's.)
install_options="--scope= --provider= --file= --project-dir= --profile= --events= --timeout= --slash-commands --absolute --dry-run --yes -y --help -h"
scope_names="user project local provider managed"
profile_names="supervisor workflow"

usage() {
	fit <<EOF
Usage: install.sh [options] [ccc-hooks install arguments]

Installs ccc-hooks into ~/.local/bin, then runs \`ccc-hooks install\` with the arguments this script does not take itself (see \`ccc-hooks install --help\`). From a clone with Go on PATH it builds the binary; otherwise it downloads the release for this machine and checks its sha256 against the release's checksums.txt. The arguments are checked before anything is downloaded or built.

Options:
  -b, --bin-dir DIR      install the binary into DIR (default: \$PREFIX/bin, now $bindir)
  -t, --tag VERSION      install release VERSION (such as 1.2.0 or v1.2.0), not the latest
      --no-setup         install the binary only: do not run \`ccc-hooks install\` (for the Claude Code plugin, and for scripts)
  -h, --help             print this and do nothing else

Environment:
  PREFIX                 install into \$PREFIX/bin (default: ~/.local)
  CCC_HOOKS_DOWNLOAD=1   download the release even from a clone with Go
  CCC_HOOKS_RELEASE_URL  the folder holding one release's checksums.txt and archives (default: the project's latest release on GitHub, or with -t the release named)

As the README's line, with the options after --:
EOF
	printf '  %s -- [options] [arguments]\n' "$readme_line"
}

# cols is the width messages are fitted to: $COLUMNS when it is a number, else the width of the
# terminal on stdout, else 80.
cols=80
case ${COLUMNS:-} in
"" | *[!0-9]* | 0)
	if [ -t 1 ]; then
		# stty reads the terminal on its stdin: stdout's, as fd 3 (inside $(…) stdout is a pipe).
		{ c=$(stty size <&3 2>/dev/null | cut -d' ' -f2); } 3>&1 || c=""
		case $c in "" | *[!0-9]* | 0) ;; *) cols=$c ;; esac
	fi
	;;
*) cols=$COLUMNS ;;
esac

# fit prints its input fitted to $cols columns, as ccc-hooks fits its own (docs/commands.md): a
# longer line is broken between words, its continuation lines indented past its label (the words
# before two spaces) or, for an indented line, two more than it; a word wider than the room (a
# path, a URL) and a command in backquotes stay whole.
fit() {
	awk -v cols="$cols" '
	function pad(n,    s) { s = ""; while (n-- > 0) s = s " "; return s }
	length($0) <= cols { print; next }
	{
		match($0, /^ */)
		lead = RLENGTH
		prefix = substr($0, 1, lead)
		rest = substr($0, lead + 1)
		indent = lead
		if (lead > 0 && cols - lead - 2 >= 20) indent = lead + 2
		if (match(rest, /  +/) && RSTART > 1 && cols - lead - RSTART - RLENGTH + 1 >= 20) {
			prefix = prefix substr(rest, 1, RSTART + RLENGTH - 1)
			rest = substr(rest, RSTART + RLENGTH)
			indent = length(prefix)
		}
		n = split(rest, w, / +/)
		m = 0
		quoted = 0
		for (i = 1; i <= n; i++) {
			if (w[i] == "") continue
			if (quoted) word[m] = word[m] " " w[i]
			else word[++m] = w[i]
			if (gsub(/`/, "`", w[i]) % 2 == 1) quoted = !quoted
		}
		out = prefix word[1]
		used = length(out)
		for (i = 2; i <= m; i++) {
			if (used + 1 + length(word[i]) <= cols) {
				out = out " " word[i]
				used += 1 + length(word[i])
				continue
			}
			print out
			out = pad(indent) word[i]
			used = indent + length(word[i])
		}
		print out
	}'
}

# say prints a message, fitted to the terminal (see fit).
say() { printf '%s\n' "$*" | fit; }

# program is how advice names the ccc-hooks installed at $target so that it can be typed as
# printed: "ccc-hooks" where that name on PATH runs it, else its path ("~/…" in the home
# directory; quoted where a shell would read it otherwise).
program() {
	if [ "$(command -v ccc-hooks 2>/dev/null || true)" = "$target" ]; then
		printf 'ccc-hooks'
		return
	fi
	case $target in
	*[!A-Za-z0-9_./+-]*) printf "'%s'" "$target" ;;
	"$HOME"/*) printf '%s/%s' '~' "${target#"$HOME"/}" ;;
	*) printf '%s' "$target" ;;
	esac
}

# check_install_args refuses, before anything is downloaded or built, an argument `ccc-hooks
# install` would refuse for its name: an option it does not have, one without its value, a
# --scope or --profile it does not know, a word that is no option. Other values are its own to
# check.
check_install_args() {
	while [ "$#" -gt 0 ]; do
		arg=$1
		shift
		case $arg in
		--*=*) name=${arg%%=*} value=${arg#*=} ;;
		-*) name=$arg value="" ;;
		*) usage_error "$arg: \`ccc-hooks install\` takes options only (such as --scope project), not the word $arg" ;;
		esac
		case " $install_options " in
		*" $name= "*)
			if [ "$name" = "$arg" ]; then
				[ "$#" -gt 0 ] || usage_error "$name needs a value (see \`ccc-hooks install --help\`)"
				value=$1
				shift
			fi
			;;
		*" $name "*) continue ;;
		*) usage_error "$name: \`ccc-hooks install\` has no such option; it takes $(printf '%s' "$install_options" | sed 's/=//g; s/ /, /g')" ;;
		esac
		case $name in
		--scope) names=$scope_names ;;
		--profile) names=$profile_names ;;
		*) continue ;;
		esac
		case " $names " in
		*" $value "*) ;;
		*) usage_error "$name $value: want one of $(printf '%s' "$names" | sed 's/ /, /g')" ;;
		esac
	done
}

# stage says how far the run got, for what a failure or Ctrl-C reports: "download" (nothing of
# ours is installed yet), "installed" (the new binary is in place) or "setup" (`ccc-hooks install`
# runs).
stage=download

# die prints why, and what stands, then stops.
die() {
	say "install.sh: $*" >&2
	if [ "$stage" = installed ]; then
		say "install.sh: $target is installed ($built); \`ccc-hooks install\` did not run: run \`$(program) install\` to set up the hooks" >&2
	elif [ -e "$target" ]; then
		say "install.sh: nothing was installed; $target is unchanged" >&2
	else
		say "install.sh: nothing was installed" >&2
	fi
	exit 1
}

# interrupted says, on a line of its own (not after a download's progress or the ^C the terminal
# shows), what stands, and what to type next, then stops.
interrupted() {
	trap - INT TERM
	printf '\n' >&2
	if [ "$stage" = setup ]; then
		say "install.sh: interrupted; $target is installed ($built), and \`ccc-hooks install\` was stopped: \`$(program) status\` shows what it set up, \`$(program) install\` sets up the rest." >&2
	elif [ "$stage" = installed ]; then
		say "install.sh: interrupted; $target is installed ($built); \`ccc-hooks install\` did not run: no hooks were set up. Run \`$(program) install\` to set them up." >&2
	elif [ -e "$target" ]; then
		say "install.sh: interrupted; nothing was installed; $target is unchanged" >&2
	else
		say "install.sh: interrupted; nothing was installed" >&2
	fi
	exit 130
}

# usage_error refuses a command line this script cannot read.
usage_error() {
	say "install.sh: $*" >&2
	say "install.sh: run it with --help for its options; nothing was installed" >&2
	exit 2
}

# fetch_tool picks curl, else wget, and the options that bound one try: no retries of the tool's
# own (fetch retries), a connection timeout, and an end to a transfer that stalls.
fetch_tool() {
	if command -v curl >/dev/null 2>&1; then
		tool=curl
	elif command -v wget >/dev/null 2>&1; then
		tool=wget
		# GNU wget retries 20 times by default, with growing pauses; busybox wget does not retry.
		gnu_wget=no
		if wget --version 2>/dev/null | grep -q '^GNU Wget'; then gnu_wget=yes; fi
	else
		die "neither curl nor wget is on PATH: install one of them to download ccc-hooks"
	fi
}

# fetch_once URL FILE: one try.
fetch_once() {
	case $tool in
	curl) curl -fsSL --connect-timeout "$stall_seconds" --speed-limit 1 --speed-time "$stall_seconds" -o "$2" "$1" ;;
	*)
		if [ "$gnu_wget" = yes ]; then
			wget --progress=dot:mega --tries=1 --timeout="$stall_seconds" -O "$2" "$1"
		else
			wget -q -T "$stall_seconds" -O "$2" "$1"
		fi
		;;
	esac
}

# explain RC: what the tool's exit status RC means.
explain() {
	case $tool:$1 in
	curl:6) printf '%s\n' "the host name could not be resolved" ;;
	curl:7) printf '%s\n' "could not connect" ;;
	curl:18) printf '%s\n' "the transfer was cut short" ;;
	curl:22) printf '%s\n' "the server answered with an error" ;;
	curl:28) printf '%s\n' "it timed out, or no data came for ${stall_seconds} s" ;;
	curl:35 | curl:60 | wget:5) printf '%s\n' "the secure connection failed" ;;
	curl:52 | curl:56) printf '%s\n' "the connection broke" ;;
	wget:4) printf '%s\n' "a network failure" ;;
	wget:8) printf '%s\n' "the server answered with an error" ;;
	*) printf '%s\n' "$tool exited with status $1" ;;
	esac
}

# size FILE: its size, readable.
size() {
	n=$(wc -c <"$1" 2>/dev/null || echo 0)
	n=$((n + 0))
	if [ "$n" -ge 1048576 ]; then
		printf '%s\n' "$((n / 1048576)).$((n % 1048576 * 10 / 1048576)) MB"
	else
		printf '%s\n' "$((n / 1024)) KB"
	fi
}

# watch NAME FILE DONE: while the try that writes FILE runs (until the file DONE exists), shows
# that it runs: on a terminal one line kept up to date every second, else a line every 5 seconds;
# nothing for a download that ends within 2 seconds. It looks every $tick seconds, and reads the
# clock about once a second.
watch() {
	start=$(date +%s)
	ticks=0
	shown=no
	said=0
	waited=0
	while [ ! -e "$3" ]; do
		sleep "$tick"
		ticks=$((ticks + 1))
		if [ $((ticks % per_second)) -ne 0 ] || [ -e "$3" ]; then continue; fi
		waited=$(($(date +%s) - start))
		if [ "$waited" -lt 2 ]; then continue; fi
		if [ -t 2 ]; then
			printf '\r  %s: %s after %s s ' "$1" "$(size "$2")" "$waited" >&2
			shown=yes
		elif [ "$waited" -ge $((said + 5)) ]; then
			say "  $1: $(size "$2") after $waited s" >&2
			said=$waited
		fi
	done
	if [ "$shown" = yes ]; then
		printf '\r  %s: %s in %s s    \n' "$1" "$(size "$2")" "$(($(date +%s) - start))" >&2
	fi
}

# fetch URL FILE: downloads URL into FILE, trying up to $tries times; on failure $failure says
# what was tried and how the last try ended.
fetch() {
	name=${1##*/}
	try=1
	while :; do
		rm -f "$2" "$work/fetch.err" "$work/fetch.rc"
		(
			set +e
			fetch_once "$1" "$2" 2>"$work/fetch.err"
			echo $? >"$work/fetch.rc.new"
			mv "$work/fetch.rc.new" "$work/fetch.rc"
		) &
		fetcher=$!
		watch "$name" "$2" "$work/fetch.rc"
		wait "$fetcher" || true
		rc=$(cat "$work/fetch.rc")
		[ "$rc" -eq 0 ] && return 0
		why=$(explain "$rc")
		detail=$(sed '/^[[:space:]]*$/d' "$work/fetch.err" | sed -n '$p' | cut -c1-200)
		failure="$why${detail:+ ($detail)}"
		[ "$try" -eq 1 ] || failure="tried $try times with $tool; the last try: $failure"
		# An HTTP error (a file that is not there) is the server's answer: asking again changes it
		# as rarely as it costs time.
		case $tool:$rc in curl:22 | wget:8) return 1 ;; esac
		if [ "$try" -ge "$tries" ]; then
			return 1
		fi
		say "  $name: $why; trying again ($((try + 1)) of $tries)" >&2
		sleep "$try"
		try=$((try + 1))
	done
}

# check_checksums FILE: refuses a checksums.txt that is not one (an HTML page from a captive
# portal or a wrong URL, say), naming what is wrong with it.
check_checksums() {
	from="$release_url/checksums.txt"
	[ -s "$1" ] || die "$from is empty: it should list the sha256 of each archive"
	first=$(sed -n '1p' "$1" | tr -d '\000-\037' | cut -c1-60)
	# An HTML page is named by its title, the words a person saw on it in a browser.
	title=$(tr '\n\r\t' '   ' <"$1" | sed -n 's/.*<[Tt][Ii][Tt][Ll][Ee][^>]*>\([^<]*\)<.*/\1/p' | tr -d '\000-\037' |
		sed 's/^ *//; s/ *$//' | cut -c1-60)
	page="an HTML page (it begins \"$first\")"
	[ -z "$title" ] || page="an HTML page, \"$title\""
	case $(awk 'NF { sub(/^[ \t\r]+/, ""); print substr($0, 1, 1); exit }' "$1") in
	"<") die "$from is $page, not a list of checksums: a network that asks you to log in (a captive portal), a proxy, or a wrong CCC_HOOKS_RELEASE_URL answered in its place; open any web page to log in, or check the URL, then run this again" ;;
	esac
	bad=$(grep -Evan '^([0-9a-f]{64} [ *][^ ]+)?$' "$1" | sed -n '1p')
	if [ -n "$bad" ]; then
		line=${bad%%:*}
		text=$(printf '%s\n' "${bad#*:}" | tr -d '\000-\037' | cut -c1-60)
		die "$from is not a list of checksums: its line $line reads \"$text\" where \"<sha256>  <archive>\" belongs"
	fi
}

# path_advice: the line that puts $bindir on PATH, for the user's shell: commands, printed whole.
path_advice() {
	case $bindir in
	"$HOME"/*) shown="\$HOME/${bindir#"$HOME"/}" ;;
	*) shown=$bindir ;;
	esac
	case ${SHELL:+${SHELL##*/}} in
	fish) printf '%s\n' "  fish_add_path \"$shown\"" ;;
	zsh) printf '%s\n' "  echo 'export PATH=\"$shown:\$PATH\"' >>~/.zshrc" ;;
	bash) printf '%s\n' "  echo 'export PATH=\"$shown:\$PATH\"' >>~/.bashrc" ;;
	*) printf '%s\n' "  echo 'export PATH=\"$shown:\$PATH\"' >>~/.profile" ;;
	esac
	printf '%s\n' "  (then open a new terminal; in this one: export PATH=\"$shown:\$PATH\")"
}

on_path() {
	case ":$PATH:" in
	*":$bindir:"*) return 0 ;;
	esac
	return 1
}

# build makes the binary from the checkout $src with Go, into $work/ccc-hooks.
build() {
	say "Building ccc-hooks with $(go version | cut -d' ' -f3)..."
	# The commit, whether the work tree differs from it, and the date, for `ccc-hooks version`:
	# from git, which reads a linked worktree too (the Go toolchain's own record does not), and
	# none of them when this is no git checkout. -buildvcs=false: no second, possibly wrong, record.
	pkg=github.com/ccc-hooks/ccc-hooks/internal/buildinfo
	stamp="-X $pkg.date=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
	if commit=$(git -C "$src" rev-parse HEAD 2>/dev/null); then
		stamp="$stamp -X $pkg.commit=$commit"
		if [ -n "$(git -C "$src" status --porcelain 2>/dev/null)" ]; then
			stamp="$stamp -X $pkg.modified=true"
		fi
	fi
	(cd "$src" && CGO_ENABLED=0 go build -trimpath -buildvcs=false -ldflags "$stamp" -o "$work/ccc-hooks" ./cmd/ccc-hooks)
}

# download fetches the release archive for this machine, verified, into $work/ccc-hooks.
download() {
	case "$(uname -s)" in
	Linux) os=linux ;;
	Darwin) os=darwin ;;
	MINGW* | MSYS* | CYGWIN*)
		die "on Windows, run install.ps1 in PowerShell: irm https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.ps1 | iex"
		;;
	*) os=$(uname -s) ;;
	esac
	case "$(uname -m)" in
	x86_64 | amd64) arch=amd64 ;;
	aarch64 | arm64) arch=arm64 ;;
	*) arch=$(uname -m) ;;
	esac
	archive="ccc-hooks_${os}_${arch}.tar.gz"

	fetch_tool
	# watch looks at a download every 50 ms where sleep takes fractions (GNU, busybox, macOS), so
	# that a quick download is not kept waiting, else every second; per_second is how many of its
	# looks make one.
	if sleep 0.01 2>/dev/null; then
		tick=0.05 per_second=20
	else
		tick=1 per_second=1
	fi
	if command -v sha256sum >/dev/null 2>&1; then
		sha256() { sha256sum "$1" | cut -d' ' -f1; }
	elif command -v shasum >/dev/null 2>&1; then
		sha256() { shasum -a 256 "$1" | cut -d' ' -f1; }
	elif command -v openssl >/dev/null 2>&1; then
		sha256() { openssl dgst -sha256 "$1" | sed 's/.*= *//'; }
	else
		die "none of sha256sum, shasum or openssl is on PATH: the download cannot be verified"
	fi

	say "Downloading $release_url/checksums.txt"
	fetch "$release_url/checksums.txt" "$work/checksums.txt" ||
		die "could not download $release_url/checksums.txt: $failure"
	check_checksums "$work/checksums.txt"
	want=$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1 }' "$work/checksums.txt")
	if [ -z "$want" ]; then
		die "the release has no ccc-hooks for this machine ($os/$arch): $release_url/checksums.txt names no $archive; build it from a clone with Go instead (https://github.com/ccc-hooks/ccc-hooks)"
	fi
	case "$want" in
	*[!0-9a-f]*) die "$release_url/checksums.txt holds no single sha256 for $archive" ;;
	esac
	[ "${#want}" -eq 64 ] || die "$release_url/checksums.txt holds no single sha256 for $archive"

	say "Downloading $release_url/$archive"
	fetch "$release_url/$archive" "$work/$archive" ||
		die "could not download $release_url/$archive: $failure"
	got=$(sha256 "$work/$archive")
	if [ "$got" != "$want" ]; then
		die "$archive does not match checksums.txt (sha256 $got, want $want): the download is damaged or was altered"
	fi
	say "Verified $archive: its sha256 is the one checksums.txt gives"
	mkdir "$work/x"
	tar -xzf "$work/$archive" -C "$work/x" ccc-hooks || die "could not unpack ccc-hooks from $archive"
	[ -f "$work/x/ccc-hooks" ] || die "$archive holds no ccc-hooks"
	mv "$work/x/ccc-hooks" "$work/ccc-hooks"
	chmod 755 "$work/ccc-hooks"
}

main() {
	if [ "$#" -eq 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; }; then
		bindir="${PREFIX:-"$HOME/.local"}/bin"
		usage
		exit 0
	fi
	bindir=""
	tag=""
	setup=yes
	# This script's own options come out of the arguments; the others stay, in their order, for
	# `ccc-hooks install`.
	n=$#
	while [ "$n" -gt 0 ]; do
		arg=$1
		shift
		n=$((n - 1))
		case $arg in
		-b | --bin-dir | -t | --tag)
			[ "$n" -gt 0 ] || usage_error "$arg needs a value"
			case $arg in -b | --bin-dir) bindir=$1 ;; *) tag=$1 ;; esac
			shift
			n=$((n - 1))
			;;
		--bin-dir=*) bindir=${arg#*=} ;;
		--tag=*) tag=${arg#*=} ;;
		--no-setup) setup=no ;;
		*) set -- "$@" "$arg" ;;
		esac
	done
	[ -n "${bindir:=${PREFIX:-"$HOME/.local"}/bin}" ] || usage_error "--bin-dir needs a folder"
	check_install_args "$@"
	version=""
	if [ -n "$tag" ]; then
		version=${tag#v}
		case $version in
		"" | *[!0-9A-Za-z.+-]*) usage_error "--tag $tag: not a version (such as 1.2.0)" ;;
		esac
		tag=v$version
	fi
	release_url=${CCC_HOOKS_RELEASE_URL:-$default_releases/latest/download}
	release_url=${release_url%/}
	if [ -n "$tag" ]; then
		case $release_url in
		*/latest/download) release_url="${release_url%/latest/download}/download/$tag" ;;
		esac
	fi

	# The checkout this script sits in, or "" when it came from the README's line or was copied
	# away from one.
	src=""
	case "$0" in
	*install.sh)
		dir=$(cd "$(dirname "$0")" && pwd)
		if grep -qs '^module github.com/ccc-hooks/ccc-hooks$' "$dir/go.mod"; then
			src=$dir
		fi
		;;
	esac

	mode=build
	if [ "${CCC_HOOKS_DOWNLOAD:-}" = 1 ] || [ -n "$tag" ] || [ -z "$src" ]; then
		mode=download
	elif ! command -v go >/dev/null 2>&1; then
		say "Go is not on PATH: downloading the release instead of building this checkout."
		mode=download
	fi

	case "$bindir" in
	/*) ;;
	*) bindir="$PWD/$bindir" ;; # the build runs in the checkout
	esac
	target="$bindir/ccc-hooks"
	built=""
	# The new binary is made and checked in a temporary folder; only then is it copied beside the
	# target and renamed over it, so that $bindir never holds a partial or unverified ccc-hooks.
	work=$(mktemp -d "${TMPDIR:-/tmp}/ccc-hooks-install.XXXXXX")
	staged="$bindir/.ccc-hooks.new.$$"
	trap 'rm -rf "$work"; rm -f "$staged"' EXIT
	trap interrupted INT TERM

	if [ "$mode" = build ]; then
		build
	else
		download
	fi

	# A binary that cannot say its version on this machine never replaces the one there.
	built=$("$work/ccc-hooks" version) || die "the new ccc-hooks does not run on this machine"
	if [ -n "$version" ]; then
		case $built in
		"ccc-hooks $version "*) ;;
		*) die "$release_url holds $built, not the version asked for ($version)" ;;
		esac
	fi
	# mv would move the binary into a directory (or a link to one) rather than replace it.
	if [ -d "$target" ]; then
		die "$target is a directory: move it away, then run this again"
	fi
	mkdir -p "$bindir" || die "cannot create $bindir"
	cp "$work/ccc-hooks" "$staged" || die "cannot write into $bindir"
	# A symbolic link to a file at $target is replaced by the binary, not written through.
	mv -f "$staged" "$target" || die "cannot replace $target"
	stage=installed
	say "Installed $target: $built"
	if ! on_path; then
		say "Note: $bindir is not on your PATH. To use ccc-hooks from a shell, run:"
		path_advice
	fi

	if [ "$setup" = no ]; then
		say "Binary only (--no-setup): \`ccc-hooks install\` was not run, and no settings were changed."
		say "With the Claude Code plugin, that is all it needs; to set up hooks in settings files instead, run \`$(program) install\`."
		return 0
	fi
	say "Running: ccc-hooks install${*:+ $*}"
	stage=setup
	rc=0
	# From the README's line piped into sh, stdin is the script itself; ccc-hooks install then asks
	# its questions on the terminal the line was typed into, as it does for ./install.sh.
	if [ -z "$src" ] && [ ! -t 0 ] && [ -t 1 ] && { : </dev/tty; } 2>/dev/null; then
		"$target" install "$@" </dev/tty || rc=$?
	else
		"$target" install "$@" || rc=$?
	fi
	if [ "$rc" -ne 0 ]; then
		say "install.sh: $target is installed ($built); \`ccc-hooks install\` ended with exit status $rc, and its message above says what it changed. Run \`$(program) install\` to set up the hooks." >&2
	fi
	# Said again where the run ends: on a small terminal the first note has scrolled away.
	if ! on_path; then
		say "Note: $bindir is not on your PATH; add it with:"
		path_advice
	fi
	return "$rc"
}

main "$@"
