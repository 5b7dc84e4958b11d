//! A hold of a lock's key made inside a hold of the same key, on the same thread, is refused at
//! once rather than left to wait for itself: the thread's holds are kept here, innermost last.

use std::cell::RefCell;
use std::sync::{Arc, Weak};
use std::time::Duration;

use crate::error::{format_duration, Code, Error};
use crate::lease::LeaseCore;

/// One hold a thread runs inside: its client (by address), lock name, key and lease.
struct Enclosing {
    client: usize,
    name: String,
    key: String,
    lease: Weak<LeaseCore>,
}

thread_local! {
    static ENCLOSING: RefCell<Vec<Enclosing>> = RefCell::new(Vec::new());
}

/// Refuses a hold of `key` of the lock `name` of `client` that would wait (`wait` more than 0, or
/// `None` for ever), made on a thread running the closure of a hold of the same key whose lease
/// still holds it: it would wait in line behind its own caller, which waits for it, until its wait
/// ran out. A lock is not reentrant; the closure that holds the key has its lease already. A try
/// (wait 0) finds the key held, which is true, and waits for nothing. A thread the closure starts
/// is another holder, as another task would be: its hold waits.
pub(crate) fn refuse_nested(client: usize, name: &str, key: &str, place: &str, wait: Option<Duration>) -> Result<(), Error> {
    if wait == Some(Duration::ZERO) {
        return Ok(());
    }
    ENCLOSING.with(|holds| {
        for hold in holds.borrow().iter().rev() {
            if hold.client != client || hold.name != name || hold.key != key {
                continue;
            }
            let lease = match hold.lease.upgrade() {
                Some(lease) if lease.holds() => lease,
                _ => continue,
            };
            let waits = match wait {
                None => "would wait for itself for ever".to_owned(),
                Some(wait) => format!("would wait for itself until its {} wait ran out", format_duration(wait.as_millis() as f64)),
            };
            return Err(Error::new(
                Code::Invalid,
                format!("{place}: this hold is inside a hold of the same key (lease {}) and {waits}: a lock is not reentrant, so use the lease you hold", lease.id()),
            ));
        }
        Ok(())
    })
}

/// The thread is inside a hold of a lock's key until this is dropped (also by a panic).
pub(crate) struct Inside;

impl Inside {
    pub(crate) fn enter(client: usize, name: &str, key: &str, lease: &Arc<LeaseCore>) -> Inside {
        ENCLOSING.with(|holds| {
            holds.borrow_mut().push(Enclosing { client, name: name.to_owned(), key: key.to_owned(), lease: Arc::downgrade(lease) })
        });
        Inside
    }
}

impl Drop for Inside {
    fn drop(&mut self) {
        ENCLOSING.with(|holds| holds.borrow_mut().pop());
    }
}
