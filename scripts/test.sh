#!/usr/bin/env bash
# Installs what the tests need (the npm packages from the lockfile, a Chromium, the Python, Go and
# Rust toolchains) and runs every test: unit tests (vitest), the clients' contract tests, every code
# block of the pages (the doctest), the site's build, and the browser tests (Playwright) under this
# machine's Node, or under Node 24 fetched from the npm registry when this machine's is older than
# the site needs; and, beside them, the unit tests and the build again under the other supported
# major (22 beside 24, 24 beside 22), in a fresh clone with nothing beside it (scripts/test-clone.sh).
# Ends with one line of counts over all of them.
set -uo pipefail
cd "$(dirname "$0")/.."
export ASTRO_TELEMETRY_DISABLED=1
SECONDS=0

node_home=$(bash scripts/node-version.sh) || exit 1
export PATH="$node_home/bin:$PATH"
# Addons compile (when one must) against this Node's own headers, offline.
export npm_config_nodedir="$node_home"
major=$(node -p 'process.versions.node.split(".")[0]')
other=$([[ $major == 22 ]] && echo 24 || echo 22)
echo "== Node $(node --version) (the clone's run: Node $other)"

# The other Node's run fetches Node, installs and compiles in a clone of its own from the start: the
# steps here that keep one core busy (npm ci's compile, the type check, the build) leave the other
# free for it, and the browser tests, which want both, then have the machine more to themselves.
# Its output is printed when it ends.
rm -rf test-results && mkdir -p "test-results/node-$other"
# In a process group of its own, so a run that stops early stops it and everything it started.
setsid bash scripts/test-clone.sh "$other" "test-results/node-$other" >"test-results/node-$other/run.log" 2>&1 &
clone_pid=$!
trap '[[ -n "$clone_pid" ]] && kill -- "-$clone_pid" 2>/dev/null' EXIT
echo "== Node $other, in a fresh clone (beside the rest; its output comes last)"

if [[ "${CI:-}" == "true" || ! -d node_modules ]] || ! npm ls --depth=0 >/dev/null 2>&1; then
	echo "== npm ci (at ${SECONDS} s)"
	npm ci --no-audit --no-fund || exit 1
fi

echo "== browser (at ${SECONDS} s)"
CHROMIUM_PATH=$(bash scripts/ensure-browser.sh) || exit 1
export CHROMIUM_PATH
echo "using $CHROMIUM_PATH"

echo "== etcd (at ${SECONDS} s)"
# A missing etcd does not stop the suite: the etcd tests fail, saying what to install.
bash scripts/ensure-etcd.sh || echo "(no etcd: the etcd tests will fail)"

echo "== toolchains (at ${SECONDS} s)"
# Python, Go and Rust, before the unit tests: the doctest's run each language's lying blocks (tests/unit/doctest/).
# A missing one does not stop the suite: what needs it fails, naming it.
bash scripts/ensure-toolchains.sh || echo "(a toolchain is missing: the clients' tests, the doctest and its unit tests will fail)"

echo "== type check (at ${SECONDS} s)"
# astro sync writes .astro/types.d.ts (astro:content, Vite's ?url imports), which tsc reads.
npx astro sync >/dev/null || exit 1
npx tsc --noEmit -p . || exit 1
# The engine's core and the scene parser again without DOM or Node types (their adapters with
# Node's only), so code that runs in one place only cannot slip into them.
for project in engine engine/adapters scene-parser; do
	npx tsc --noEmit -p "$project" || exit 1
done

echo "== unit tests (at ${SECONDS} s)"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
unit=$?

# The clients in Python, Go and Rust, each against a real lock server; scripts/ensure-toolchains.sh
# installs their toolchains from Debian when root, else names them, and a missing one fails them.
echo "== clients' contract tests (at ${SECONDS} s)"
bash scripts/test-clients.sh test-results/clients
clients=$?

echo "== every code block of the pages (at ${SECONDS} s)"
npm run doctest --silent -- --json test-results/doctest.json
doctest=$?

echo "== site build (at ${SECONDS} s)"
npm run build --silent
build=$?
echo $build >test-results/build

e2e=1
if [[ $build -eq 0 ]]; then
	echo "== browser tests (at ${SECONDS} s)"
	PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx playwright test --reporter=list,json
	e2e=$?
fi
echo "(this Node's tests ended at ${SECONDS} s)"

wait $clone_pid
clone=$?
clone_pid=
echo "== Node $other, in a fresh clone: its output (ended by ${SECONDS} s)"
cat "test-results/node-$other/run.log"

echo "(the whole suite: $((SECONDS / 60)) min $((SECONDS % 60)) s)"
node scripts/test-summary.mjs "vitest:unit=test-results/unit.json" \
	"counts:python client=test-results/clients/python.counts" "counts:go client=test-results/clients/go.counts" \
	"counts:rust client=test-results/clients/rust.counts" "doctest:doctest=test-results/doctest.json" \
	"step:build=test-results/build" \
	"playwright:browser=test-results/e2e.json" \
	"vitest:unit (Node $other, clone)=test-results/node-$other/unit.json" "step:build (Node $other, clone)=test-results/node-$other/build"
if [[ $unit -ne 0 || $clients -ne 0 || $doctest -ne 0 || $build -ne 0 || $e2e -ne 0 || $clone -ne 0 ]]; then
	[[ $clients -ne 0 ]] && echo "the clients' contract tests failed (test-results/clients/)"
	[[ $doctest -ne 0 ]] && echo "a code block of the pages failed (npm run doctest)"
	[[ $build -ne 0 ]] && echo "the site's build failed"
	[[ $clone -ne 0 ]] && echo "the run under Node $other in a fresh clone failed"
	exit 1
fi
