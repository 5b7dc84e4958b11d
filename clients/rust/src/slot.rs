//! Where an answer lands for the thread that waits for it, and the `Cancel` that can end the wait.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex, Weak};

use crate::error::Error;
use crate::json::Json;

/// One call's answer, or why it has none.
#[derive(Default)]
pub(crate) struct Slot {
    value: Mutex<Option<Result<Json, Error>>>,
    filled: Condvar,
}

impl Slot {
    /// Puts the answer in, unless one is there already.
    pub(crate) fn fill(&self, value: Result<Json, Error>) {
        let mut slot = self.value.lock().unwrap();
        if slot.is_none() {
            *slot = Some(value);
            self.filled.notify_all();
        }
    }

    /// Waits for the answer; `None` when `cancel` was cancelled first.
    pub(crate) fn wait(self: &Arc<Self>, cancel: Option<&Cancel>) -> Option<Result<Json, Error>> {
        if let Some(cancel) = cancel {
            let mut waiters = cancel.inner.waiters.lock().unwrap();
            waiters.retain(|waiter| waiter.strong_count() > 0);
            waiters.push(Arc::downgrade(self));
        }
        let mut slot = self.value.lock().unwrap();
        loop {
            if let Some(value) = slot.take() {
                return Some(value);
            }
            if cancel.map_or(false, Cancel::is_cancelled) {
                return None;
            }
            slot = self.filled.wait(slot).unwrap();
        }
    }

    fn wake(&self) {
        let _slot = self.value.lock().unwrap();
        self.filled.notify_all();
    }
}

/// Withdraws the holds it is given to: cancelled while a hold waits, the hold leaves the line and
/// fails with `Cancelled`; cancelled before, the hold never starts. Clones cancel together.
#[derive(Clone, Default)]
pub struct Cancel {
    inner: Arc<CancelInner>,
}

#[derive(Default)]
struct CancelInner {
    cancelled: AtomicBool,
    waiters: Mutex<Vec<Weak<Slot>>>,
}

impl Cancel {
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Cancels every hold given this `Cancel` (or a clone) that still waits, and every later one.
    pub fn cancel(&self) {
        self.inner.cancelled.store(true, Ordering::SeqCst);
        for waiter in self.inner.waiters.lock().unwrap().drain(..) {
            if let Some(slot) = waiter.upgrade() {
                slot.wake();
            }
        }
    }

    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.load(Ordering::SeqCst)
    }
}
