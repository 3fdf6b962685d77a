#!/bin/sh
# Installs ccc-hooks into $PREFIX/bin (default ~/.local/bin), then runs `ccc-hooks install` with
# any arguments given here (it asks its questions when there is a terminal), in the directory it
# was run from: there `--scope project` means that directory's project. Safe to run again.
#
# The binary comes one of two ways:
# - built from the checkout this script sits in, with the local Go toolchain (a clone, Go on PATH);
# - downloaded: the release archive for this machine from $CCC_HOOKS_RELEASE_URL (default: the
#   project's latest release), checked against that release's checksums.txt (sha256). This is the
#   way when Go is absent, when the script was piped into sh (`curl -fsSL …/install.sh | sh`: no
#   checkout), or when CCC_HOOKS_DOWNLOAD=1 asks for it.
# Anything that fails before the new binary is complete and verified leaves $PREFIX/bin as it was.
set -eu

default_release_url=https://github.com/ccc-hooks/ccc-hooks/releases/latest/download
release_url=${CCC_HOOKS_RELEASE_URL:-$default_release_url}
release_url=${release_url%/}
prefix=${PREFIX:-"$HOME/.local"}
bindir="$prefix/bin"

usage() {
	cat <<EOF
Usage: install.sh [ccc-hooks install arguments]
       curl -fsSL https://raw.githubusercontent.com/ccc-hooks/ccc-hooks/main/install.sh | sh -s -- [arguments]

Installs ccc-hooks into \$PREFIX/bin (now $bindir), then runs \`ccc-hooks install\` with the
arguments (see \`ccc-hooks install --help\`). From a clone with Go on PATH it builds the binary;
otherwise it downloads the release for this machine and checks its sha256 against the release's
checksums.txt.

Environment:
  PREFIX                 install into \$PREFIX/bin (default: ~/.local)
  CCC_HOOKS_DOWNLOAD=1   download the release even from a clone with Go
  CCC_HOOKS_RELEASE_URL  the folder holding one release's checksums.txt and archives
                         (default: $default_release_url)
EOF
}

if [ "$#" -eq 1 ] && { [ "$1" = -h ] || [ "$1" = --help ]; }; then
	usage
	exit 0
fi

# die prints why nothing was installed and stops.
die() {
	echo "install.sh: $*" >&2
	if [ -e "$target" ]; then
		echo "install.sh: nothing was installed; $target is unchanged" >&2
	else
		echo "install.sh: nothing was installed" >&2
	fi
	exit 1
}

# The checkout this script sits in, or "" when it was piped into sh or copied away from one.
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
if [ "${CCC_HOOKS_DOWNLOAD:-}" = 1 ]; then
	mode=download
elif [ -z "$src" ]; then
	mode=download
elif ! command -v go >/dev/null 2>&1; then
	echo "Go is not on PATH: downloading the release instead of building this checkout."
	mode=download
fi

case "$bindir" in
/*) ;;
*) bindir="$PWD/$bindir" ;; # the build runs in the checkout
esac
target="$bindir/ccc-hooks"
# The new binary is made and checked in a temporary folder; only then is it copied beside the
# target and renamed over it, so that $bindir never holds a partial or unverified ccc-hooks.
work=$(mktemp -d "${TMPDIR:-/tmp}/ccc-hooks-install.XXXXXX")
staged="$bindir/.ccc-hooks.new.$$"
trap 'rm -rf "$work"; rm -f "$staged"' EXIT
trap 'exit 130' INT TERM

if [ "$mode" = build ]; then
	echo "Building ccc-hooks with $(go version | cut -d' ' -f3)..."
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
else
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

	if command -v curl >/dev/null 2>&1; then
		fetch() { curl -fsSL -o "$2" "$1"; }
	elif command -v wget >/dev/null 2>&1; then
		fetch() { wget -q -O "$2" "$1"; }
	else
		die "neither curl nor wget is on PATH: install one of them to download ccc-hooks"
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

	echo "Downloading $release_url/checksums.txt"
	fetch "$release_url/checksums.txt" "$work/checksums.txt" ||
		die "could not download $release_url/checksums.txt"
	want=$(awk -v f="$archive" '$2 == f || $2 == "*" f { print $1 }' "$work/checksums.txt")
	if [ -z "$want" ]; then
		die "the release has no ccc-hooks for this machine ($os/$arch): $release_url/checksums.txt names no $archive; build it from a clone with Go instead (https://github.com/ccc-hooks/ccc-hooks)"
	fi
	case "$want" in
	*[!0-9a-f]*) die "$release_url/checksums.txt holds no single sha256 for $archive" ;;
	esac
	[ "${#want}" -eq 64 ] || die "$release_url/checksums.txt holds no single sha256 for $archive"

	echo "Downloading $release_url/$archive"
	fetch "$release_url/$archive" "$work/$archive" ||
		die "could not download $release_url/$archive (cut short, or not there)"
	got=$(sha256 "$work/$archive")
	if [ "$got" != "$want" ]; then
		die "$archive does not match checksums.txt (sha256 $got, want $want): the download is damaged or was altered"
	fi
	echo "Verified $archive: its sha256 is the one checksums.txt gives"
	mkdir "$work/x"
	tar -xzf "$work/$archive" -C "$work/x" ccc-hooks || die "could not unpack ccc-hooks from $archive"
	[ -f "$work/x/ccc-hooks" ] || die "$archive holds no ccc-hooks"
	mv "$work/x/ccc-hooks" "$work/ccc-hooks"
	chmod 755 "$work/ccc-hooks"
fi

# A binary that cannot say its version on this machine never replaces the one there.
built=$("$work/ccc-hooks" version) || die "the new ccc-hooks does not run on this machine"
# mv would move the binary into a directory (or a link to one) rather than replace it.
if [ -d "$target" ]; then
	die "$target is a directory: move it away, then run this again"
fi
mkdir -p "$bindir" || die "cannot create $bindir"
cp "$work/ccc-hooks" "$staged" || die "cannot write into $bindir"
# A symbolic link to a file at $target is replaced by the binary, not written through.
mv -f "$staged" "$target" || die "cannot replace $target"
echo "Installed $target: $built"

case ":$PATH:" in
*":$bindir:"*) ;;
*)
	# The line to add names a folder under the home directory through $HOME, as profiles do.
	case "$bindir" in
	"$HOME"/*) shown="\$HOME/${bindir#"$HOME"/}" ;;
	*) shown=$bindir ;;
	esac
	echo "Note: $bindir is not on your PATH; to use ccc-hooks from a shell, add this line to your shell's profile (~/.profile, ~/.bashrc or ~/.zshrc):"
	echo "  export PATH=\"$shown:\$PATH\""
	;;
esac

echo "Running: ccc-hooks install${*:+ $*}"
# Piped into sh, this script's stdin is the script itself; ccc-hooks install then asks its
# questions on the terminal the line was typed into, as it does for ./install.sh.
if [ -z "$src" ] && [ ! -t 0 ] && [ -t 1 ] && { : </dev/tty; } 2>/dev/null; then
	"$target" install "$@" </dev/tty
else
	"$target" install "$@"
fi
