// The default setup of a Go block: the block is the whole program (its main.go), in a module that requires the
// Go client, run with TINYSTORE_LOCKS_URL set to the doctest's lock server.
// doctest: the block
