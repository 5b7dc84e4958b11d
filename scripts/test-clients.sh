#!/usr/bin/env bash
# Runs the lease contract tests of the clients in other languages (clients/python, clients/go,
# clients/rust), each against a real lock server its test starts, the three at once. Installs or
# names the toolchains first (scripts/ensure-toolchains.sh): a missing one fails every client.
# Writes RESULTS/LANG.log and RESULTS/LANG.counts ("N passed, N failed, N skipped"), which
# test-summary.mjs counts, and prints each client's cases.
set -uo pipefail
cd "$(dirname "$0")/.."
results=$(mkdir -p "${1:-test-results/clients}" && cd "${1:-test-results/clients}" && pwd)
rm -f "$results"/*.counts "$results"/*.log

if ! bash scripts/ensure-toolchains.sh; then
	for lang in python go rust; do echo "0 passed, 1 failed" >"$results/$lang.counts"; done
	exit 1
fi

python() {
	# Each case's docstring is its name in the contract, which the runner prints beside its outcome.
	(cd clients/python && PYTHONPATH=src:tests python3 tests/run_contract.py)
}
go_client() {
	(cd clients/go && go test -count=1 -v ./...)
}
rust() {
	(cd clients/rust && cargo test --quiet --test lease_contract)
}

# Each client in a process group of its own, with the lock server its test starts: a client that
# hangs is stopped after its time, its server with it, and counts as failed.
limit=300
start() {
	local lang=$1
	setsid bash -c "$(declare -f "$2"); $2" >"$results/$lang.log" 2>&1 &
	local pid=$!
	(sleep "$limit" && echo "stopped after ${limit} s" >>"$results/$lang.log" && kill -- "-$pid") 2>/dev/null &
	eval "${lang}_pid=$pid ${lang}_watchdog=$!"
}
start python python
start go go_client
start rust rust

status=0
for lang in python go rust; do
	pid_var="${lang}_pid"
	watchdog_var="${lang}_watchdog"
	wait "${!pid_var}"
	code=$?
	kill "${!watchdog_var}" 2>/dev/null
	# Whatever the test left running (its server, if it died first) ends with it.
	kill -- "-${!pid_var}" 2>/dev/null
	node scripts/client-counts.mjs "$lang" "$results/$lang.log" "$code" >"$results/$lang.counts"
	echo "== $lang client: $(cat "$results/$lang.counts")"
	node scripts/client-counts.mjs --cases "$lang" "$results/$lang.log"
	[[ $code -ne 0 ]] && { status=1; tail -n 40 "$results/$lang.log"; }
done
exit $status
