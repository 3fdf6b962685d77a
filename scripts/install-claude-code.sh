#!/bin/sh
# install-claude-code.sh — installs Claude Code releases where the end-to-end suite looks for
# them: ~/.cache/ccc-hooks/claude-code-<version>/, an `npm install --prefix` of
# @anthropic-ai/claude-code@<version>. A version already there is only checked. Each install is
# checked to answer `--version` with its own version, and its binary is printed:
#   == claude 2.1.332 (Claude Code) (/root/.cache/ccc-hooks/claude-code-2.1.332/…/claude.exe)
# The binary is bin/claude.exe of the package, which its postinstall links to the platform
# package's binary, else that binary itself (npm 11 skips the postinstall unless allowed).
#
# Usage: scripts/install-claude-code.sh [VERSION...]
#   Without arguments: every version listed in internal/claudeversion/tested.txt.
# Exit status 1 when a version cannot be installed or does not answer as itself.
set -eu
cd "$(dirname "$0")/.."

cache=$HOME/.cache/ccc-hooks

# binary_of DIR VERSION prints the binary of the install in DIR that says it is VERSION.
binary_of() {
	for bin in "$1/node_modules/@anthropic-ai/claude-code/bin/claude.exe" "$1"/node_modules/@anthropic-ai/claude-code-*/claude; do
		[ -x "$bin" ] || continue
		out=$("$bin" --version 2>/dev/null) || continue
		case "$out" in
		"$2" | "$2 "*)
			echo "$bin"
			return 0
			;;
		esac
	done
	return 1
}

if [ "$#" -eq 0 ]; then
	# shellcheck disable=SC2046 # one version a line, no spaces
	set -- $(grep -Ev '^[[:space:]]*(#|$)' internal/claudeversion/tested.txt)
fi
status=0
for version in "$@"; do
	if ! expr "$version" : '[0-9][0-9]*\.[0-9][0-9]*\.[0-9][0-9]*$' >/dev/null; then
		echo "install-claude-code: \"$version\" is not a version (major.minor.patch, e.g. 2.1.332)" >&2
		status=1
		continue
	fi
	dir=$cache/claude-code-$version
	if ! bin=$(binary_of "$dir" "$version"); then
		echo "== installing Claude Code $version into $dir"
		mkdir -p "$dir"
		if ! npm install --prefix "$dir" --no-audit --no-fund "@anthropic-ai/claude-code@$version"; then
			echo "install-claude-code: npm could not install Claude Code $version" >&2
			status=1
			continue
		fi
		if ! bin=$(binary_of "$dir" "$version"); then
			echo "install-claude-code: npm installed Claude Code $version into $dir, but no binary there answers --version with $version" >&2
			status=1
			continue
		fi
	fi
	echo "== claude $("$bin" --version) ($bin)"
done
exit "$status"
