# The default setup of a Python block: the block is the whole program, run with the client on its path and
# TINYSTORE_LOCKS_URL set to the doctest's lock server.
# doctest: the block
