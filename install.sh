#!/bin/sh
# Builds ccc-hooks from this checkout with the local Go toolchain, installs the binary into
# $PREFIX/bin (default ~/.local/bin), then runs `ccc-hooks install` with any arguments given
# here (it asks its questions when there is a terminal), in the directory it was run from: there
# `--scope project` means that directory's project. Safe to run again.
set -eu

src=$(cd "$(dirname "$0")" && pwd)
prefix=${PREFIX:-"$HOME/.local"}
bindir="$prefix/bin"

if ! command -v go >/dev/null 2>&1; then
	echo "install.sh: Go is needed to build ccc-hooks (https://go.dev/doc/install)" >&2
	exit 1
fi

mkdir -p "$bindir"
bindir=$(cd "$bindir" && pwd) # the build runs in the checkout
echo "Building ccc-hooks with $(go version | cut -d' ' -f3)..."
tmp="$bindir/.ccc-hooks.tmp.$$"
trap 'rm -f "$tmp"' EXIT INT TERM
(cd "$src" && CGO_ENABLED=0 go build -trimpath -o "$tmp" ./cmd/ccc-hooks)
mv -f "$tmp" "$bindir/ccc-hooks"
echo "Installed $bindir/ccc-hooks"

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
"$bindir/ccc-hooks" install "$@"
