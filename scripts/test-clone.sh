#!/usr/bin/env bash
# Runs the unit tests and the site's build under another Node (22 or 24) in a fresh
# `git clone` of this repository, made in an empty temporary folder: so a regression on that
# Node fails the suite, and so does anything that reads outside the repository's own tree
# (there is no ../shared beside the clone). The clone is HEAD with the uncommitted changes to
# tracked files applied; untracked files are not in it. Writes RESULTS/unit.json (vitest) and
# RESULTS/build (the build's exit status), which test-summary.mjs counts.
set -uo pipefail
major=${1:?usage: test-clone.sh MAJOR RESULTS}
results=$(mkdir -p "${2:?usage: test-clone.sh MAJOR RESULTS}" && cd "$2" && pwd)
root="$(cd "$(dirname "$0")/.." && pwd)"
rm -f "$results/unit.json" "$results/build"
echo 1 >"$results/build"

node_home=$(bash "$root/scripts/node-version.sh" "$major") || exit 1
export PATH="$node_home/bin:$PATH"
# Addons compile (when one must) against this Node's own headers, offline.
export npm_config_nodedir="$node_home"

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
clone="$scratch/tinystore-locks-docs"
git clone -q "$root" "$clone" || exit 1
if ! git -C "$root" diff --quiet HEAD; then
	git -C "$root" diff --binary HEAD | git -C "$clone" apply || exit 1
fi
cd "$clone" || exit 1
echo "in $clone ($(git log -1 --format=%h)$(git -C "$root" diff --quiet HEAD || echo ' + uncommitted changes'), Node $(node --version))"

echo "== npm ci (Node $major)"
SECONDS=0
npm ci --no-audit --no-fund || exit 1
echo "(npm ci: ${SECONDS} s)"

echo "== unit tests (Node $major)"
SECONDS=0
# All but the claim language's own suites (tests/unit/claims, and the scenes' "did you mean" and
# suggest suites): they judge sentences against a run's record, the same computation on any Node,
# and are a third of the unit tests' time; the main run has them in full. So are the scenes' lies of a
# caption or a scene id, and the fixes their errors offer (TINYSTORE_CLAIMS_ELSEWHERE: truth.test.ts; the
# every-scene runs of quiet-rounds and reused-databases leave those lies out too, every-scene.ts). The
# engine, SQLite, the samples' realm, the server and the CLI are tested here by every other suite (the
# scenes' true fixtures and lies of the code, arrows, labels and cast among them).
# TINYSTORE_CLONE_ALL=1 runs them all.
exclude=()
[[ "${TINYSTORE_CLONE_ALL:-}" == 1 ]] || { exclude=(--exclude 'tests/unit/claims/**' --exclude tests/unit/scenes/did-you-mean-fix.test.ts --exclude tests/unit/scenes/suggest.test.ts); export TINYSTORE_CLAIMS_ELSEWHERE=1; }
npx vitest run "${exclude[@]}" --reporter=dot --reporter=json --outputFile.json="$results/unit.json"
unit=$?
echo "(unit tests: ${SECONDS} s)"

echo "== site build (Node $major)"
SECONDS=0
npm run build --silent >"$results/build.log" 2>&1
build=$?
echo $build >"$results/build"
echo "(build: ${SECONDS} s)"
[[ $build -ne 0 ]] && tail -n 30 "$results/build.log"
[[ $unit -eq 0 && $build -eq 0 ]]
