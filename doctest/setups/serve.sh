# doctest: the sh block that starts: npm run serve -- --dir data --port 7411
# Starts the server as the page says, in the program's own folder (the repository's files linked into it, so `data`
# is made here and not in the repository), waits for it to say where it serves, and checks that it made its store.
# The director stops it with the program. Port 7411 must be free.
for file in "$REPO"/*; do
	[[ $(basename "$file") == data ]] || ln -s "$file" .
done
{
	# doctest: the block
} >server.log 2>&1 &
for _ in $(seq 150); do
	grep -q 'serving' server.log && break
	sleep 0.2
done
cat server.log
grep -q 'serving data (epoch [0-9]*) on tcp://127.0.0.1:7411$' server.log || { echo "expected the server to serve data on tcp://127.0.0.1:7411" >&2; exit 1; }
test -f data/kv.db || { echo "expected the store's data/kv.db" >&2; exit 1; }
