# doctest: the sh block that starts: npm run serve -- leases --url tcp://127.0.0.1:7411 --token-file operator-token --name summaries
# The page's listing, run as written against what it lists: a lock server on tcp://127.0.0.1:7411, started as the
# page's Operators section says, with its operator token in operator-token (a file only its owner can read); a worker
# that holds lock summaries key 42 and one that waits for it. The list must show the key, its holder and its waiter,
# with the counts of the text block under it. The director stops the server and the workers with the program. Port
# 7411 must be free.
for file in "$REPO"/*; do
	[[ $(basename "$file") == data ]] || ln -s "$file" .
done
(umask 077 && head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n' >operator-token)
npm run serve -- --dir data --port 7411 --operator-token-file operator-token >server.log 2>&1 &
for _ in $(seq 150); do
	grep -q 'serving' server.log && break
	sleep 0.2
done
grep -q 'serving data (epoch [0-9]*) on tcp://127.0.0.1:7411$' server.log || { cat server.log; echo "expected the server to serve on tcp://127.0.0.1:7411" >&2; exit 1; }
cat >workers.mts <<TS
import { connect } from '$REPO/server/index.ts'
const a = await connect('tcp://127.0.0.1:7411')
const b = await connect('tcp://127.0.0.1:7411')
let holds = () => {}
const held = new Promise<void>(resolve => (holds = resolve))
void a.lock('summaries').hold('42', () => (holds(), new Promise(() => {})))
await held
void b.lock('summaries').hold('42', () => {}, { wait: '60s' }).catch(() => {})
await new Promise(resolve => setTimeout(resolve, 300))
console.log('holding and waiting')
TS
"$REPO/node_modules/.bin/tsx" workers.mts >workers.log 2>&1 &
for _ in $(seq 150); do
	grep -q 'holding and waiting' workers.log && break
	sleep 0.2
done
grep -q 'holding and waiting' workers.log || { cat workers.log; echo "expected a holder and a waiter" >&2; exit 1; }
{
	# doctest: the block
} >leases.txt 2>&1
cat leases.txt
grep -q '^lock summaries: key "42"$' leases.txt || { echo 'expected lock summaries: key "42"' >&2; exit 1; }
grep -q '^  held by lease [0-9a-f-]* (client [0-9a-f-]*), fence [0-9]*, runs out in ' leases.txt || { echo 'expected its holder' >&2; exit 1; }
grep -q '^  waited for by request "1" (client [0-9a-f-]*) for ' leases.txt || { echo 'expected its waiter' >&2; exit 1; }
grep -q '^1 key, 1 holder, 1 waiter$' leases.txt || { echo 'expected 1 key, 1 holder, 1 waiter' >&2; exit 1; }
