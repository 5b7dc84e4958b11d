// The default setup of a Rust block: the block is the whole program (its main.rs), in a crate that depends on the
// Rust client, run with TINYSTORE_LOCKS_URL set to the doctest's lock server.
// doctest: the block
