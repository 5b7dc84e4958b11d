//! The ranges the wire takes: names, keys, TTLs and waits, as the protocol page gives them.

use std::time::Duration;

use crate::error::{Code, Error};

/// The longest lock or semaphore name, in bytes of UTF-8.
pub(crate) const MAX_NAME: usize = 200;
/// The longest key, in bytes of UTF-8.
pub(crate) const MAX_KEY: usize = 1000;
/// The shortest TTL the wire takes.
pub(crate) const MIN_TTL: Duration = Duration::from_secs(1);
/// The longest TTL the wire takes.
pub(crate) const MAX_TTL: Duration = Duration::from_secs(3600);
/// The longest wait the wire takes.
pub(crate) const MAX_WAIT: Duration = Duration::from_secs(3600);

/// A TTL the wire takes, in ms: 1 s to 1 h.
pub(crate) fn wire_ttl(place: &str, ttl: Duration) -> Result<f64, Error> {
    if ttl.is_zero() {
        return Err(Error::new(Code::Invalid, format!("{place}: ttl {ttl:?}: expected more than 0 ms")));
    }
    if !(MIN_TTL..=MAX_TTL).contains(&ttl) {
        return Err(Error::new(Code::Invalid, format!("{place}: ttl {ttl:?}: out of range; the wire takes 1 s to 1 h")));
    }
    Ok(ttl.as_millis() as f64)
}
