//! The record of the story a Rust program plays (doctest/story/outcome.ts): each worker's lock wrapped so
//! the lease its hold is given is noted, each worker's chat.db writes noted (chat_db.rs) with what they
//! bound and whether they ran inside the hold, and `report`, which prints the line the doctest compares
//! with the scene's frames. A setup names what a sample uses as the chat domain's prelude does
//! (src/seed/chat-domain.ts), in Rust's spelling: `summaries`, `chat_id`, `db`, `model`, `history`;
//! nothing here fixes their shape.

// Not every program uses every helper.
#![allow(dead_code)]

use std::collections::HashSet;
use std::fmt::Write;
use std::sync::{Arc, Mutex};

use tinystore_locks::{Error, Key, Lease, Lock};

use crate::chat_db::Value;

const OUTCOME_PREFIX: &str = "doctest-outcome: ";

#[derive(Default)]
struct Record {
    grants: Vec<String>,
    writes: Vec<String>,
    holding: HashSet<String>,
}

/// The record of one program's story, shared by its workers.
#[derive(Default)]
pub struct Story {
    record: Mutex<Record>,
}

impl Story {
    pub fn new() -> Arc<Story> {
        Arc::new(Story::default())
    }

    /// The worker's lock: `hold` and `try_hold` as the client's, noting the lease each is given and while `f` runs.
    pub fn lock(self: &Arc<Self>, lock: Lock, worker: &str) -> RecordedLock {
        RecordedLock { story: Arc::clone(self), lock, worker: worker.to_owned() }
    }

    /// Prints the outcome line: every lease given and every write, in order.
    pub fn report(&self) {
        let record = self.record.lock().unwrap();
        println!("{OUTCOME_PREFIX}{{\"grants\":[{}],\"writes\":[{}]}}", record.grants.join(","), record.writes.join(","));
    }

    pub(crate) fn holding(&self, worker: &str) -> bool {
        self.record.lock().unwrap().holding.contains(worker)
    }

    pub(crate) fn wrote(&self, worker: &str, changes: usize, in_hold: bool, values: &[Value]) {
        let values: Vec<String> = values
            .iter()
            .map(|value| match value {
                Value::Text(text) => format!("{{\"text\":{}}}", json_string(text)),
                Value::Integer(n) => format!("{{\"integer\":\"{n}\"}}"),
            })
            .collect();
        let write = format!("{{\"worker\":{},\"changes\":{changes},\"inHold\":{in_hold},\"values\":[{}]}}", json_string(worker), values.join(","));
        self.record.lock().unwrap().writes.push(write);
    }

    fn granted(&self, worker: &str, fence: u128) {
        let mut record = self.record.lock().unwrap();
        record.grants.push(format!("{{\"worker\":{},\"fence\":\"{fence}\"}}", json_string(worker)));
        record.holding.insert(worker.to_owned());
    }

    fn let_go(&self, worker: &str) {
        self.record.lock().unwrap().holding.remove(worker);
    }
}

/// A worker's lock whose leases the story notes.
pub struct RecordedLock {
    story: Arc<Story>,
    lock: Lock,
    worker: String,
}

impl RecordedLock {
    pub fn hold<T, E: From<Error>>(&self, key: impl Into<Key>, f: impl FnOnce(&Lease) -> Result<T, E>) -> Result<T, E> {
        self.lock.hold(key, |lease| self.within(lease, f))
    }

    pub fn try_hold<T, E: From<Error>>(&self, key: impl Into<Key>, f: impl FnOnce(&Lease) -> Result<T, E>) -> Result<Option<T>, E> {
        self.lock.try_hold(key, |lease| self.within(lease, f))
    }

    fn within<T, E>(&self, lease: &Lease, f: impl FnOnce(&Lease) -> Result<T, E>) -> Result<T, E> {
        self.story.granted(&self.worker, lease.fence().get());
        let result = f(lease);
        self.story.let_go(&self.worker);
        result
    }
}

/// A string as JSON writes it.
fn json_string(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => write!(out, "\\u{:04x}", c as u32).unwrap(),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}
