#!/usr/bin/env bash
# Prints the folder of a Node this project runs on: the PATH's `node` when it is new enough
# (NODE_MIN, the oldest Astro 7 takes), else Node 24 fetched from the npm registry into .tools/
# (scripts/fetch-node.sh), saying so on stderr in one line. With a MAJOR argument, prints that
# major's folder instead (fetched when it is not the PATH's).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
NODE_MIN=22.22.0
want=${1:-}

current=$(node -p 'process.versions.node' 2>/dev/null || echo 0.0.0)
new_enough() { node -e "const [a, b] = process.argv[1].split('.').map(Number), [c, d] = process.argv[2].split('.').map(Number); process.exit(a > c || (a === c && b >= d) ? 0 : 1)" "$1" "$NODE_MIN" 2>/dev/null; }

if [[ -z $want ]]; then
	if new_enough "$current"; then dirname "$(dirname "$(command -v node)")"; exit 0; fi
	home=$(bash "$root/scripts/fetch-node.sh" 24)
	echo "== this machine's Node is $current, older than the $NODE_MIN the site needs: running under Node $("$home/bin/node" --version) from .tools/node-24" >&2
	echo "$home"
elif [[ ${current%%.*} == "$want" ]] && new_enough "$current"; then
	dirname "$(dirname "$(command -v node)")"
else
	bash "$root/scripts/fetch-node.sh" "$want"
fi
