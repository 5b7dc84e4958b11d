//! Random bytes for the ids a client makes (its client id) and the jitter of its reconnects.

use std::io::Read;

use crate::timers::now_ms;

/// 16 random bytes from the system.
pub(crate) fn random_bytes() -> [u8; 16] {
    let mut bytes = [0u8; 16];
    if std::fs::File::open("/dev/urandom").and_then(|mut f| f.read_exact(&mut bytes)).is_err() {
        // No /dev/urandom: the standard library's per-process random hash keys.
        use std::hash::{BuildHasher, Hasher};
        for half in bytes.chunks_mut(8) {
            let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
            hasher.write_u128(now_ms().to_bits() as u128);
            half.copy_from_slice(&hasher.finish().to_le_bytes());
        }
    }
    bytes
}
