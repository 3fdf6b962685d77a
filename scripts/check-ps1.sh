#!/bin/sh
# check-ps1.sh — reads install.ps1 with the tree-sitter PowerShell grammar and fails on any syntax
# error. PowerShell itself cannot be installed on the machines CI has (not in Debian, and its npm
# wrapper downloads it from outside), so this parse is the check install.ps1 gets here; it is run
# on Windows by hand (docs/testing.md). The grammar and its parser come from npm, pinned in
# scripts/ps1syntax/package.json, into ~/.cache/ccc-hooks/ps1syntax (reused when there).
set -eu
cd "$(dirname "$0")/.."
cache=$HOME/.cache/ccc-hooks/ps1syntax
if ! cmp -s scripts/ps1syntax/package.json "$cache/package.json"; then
	mkdir -p "$cache"
	cp scripts/ps1syntax/package.json "$cache/package.json"
	(cd "$cache" && npm install --silent --no-audit --no-fund --ignore-scripts >/dev/null)
fi
cp scripts/ps1syntax/check.mjs "$cache/check.mjs"
node "$cache/check.mjs" install.ps1
echo "install.ps1: no syntax errors"
