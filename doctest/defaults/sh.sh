# The default setup of a shell block: run as written, from the repository's root.
cd "$REPO"
# doctest: the block
