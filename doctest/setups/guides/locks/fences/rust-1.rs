// doctest: the rust block that starts: summaries.hold(chat_id, |lease| -> Result<(), AppError> {
// doctest: plays the scene above
// doctest: mutant "summary_fence < ?" "summary_fence <> ?" fails
// The seed's story with the sample as written, against the doctest's lock server and its chat.db (SQLite through its
// C library): worker A holds the chat's key and pauses in its summary; its lease is ended (as when its TTL passes
// while it is paused: the closure is not stopped); worker B holds the key and saves; A wakes and saves too. The
// leases the holds were given and what each write did are printed for the doctest to compare with the scene's frames.
#[macro_use]
mod chat_db;
mod director;
mod story;

use std::sync::mpsc;
use std::sync::{Arc, Mutex};

use chat_db::ChatDb;
use story::{RecordedLock, Story};
use tinystore_locks::Client;

// The sample's own error type: what it wraps is printed when main fails.
#[derive(Debug)]
#[allow(dead_code)]
enum AppError {
    Locks(tinystore_locks::Error),
    Sqlite(String),
}

impl From<tinystore_locks::Error> for AppError {
    fn from(error: tinystore_locks::Error) -> Self {
        AppError::Locks(error)
    }
}

impl From<String> for AppError {
    fn from(error: String) -> Self {
        AppError::Sqlite(error)
    }
}

/// A worker's summarizer; A's pauses, holding the key, until B has saved.
struct Model {
    paused: Option<(mpsc::Sender<()>, Mutex<mpsc::Receiver<()>>)>,
    name: &'static str,
}

impl Model {
    fn summarize(&self, _lines: &[String]) -> Result<String, AppError> {
        if let Some((holds, b_saved)) = &self.paused {
            holds.send(()).unwrap();
            director::ask_director("doctest: end the lease on lock summaries key 42")?;
            b_saved.lock().unwrap().recv().unwrap();
        }
        Ok(format!("the summary of {}", self.name))
    }
}

fn history(chat_id: i64) -> Result<Vec<String>, AppError> {
    Ok(vec![format!("the messages of chat {chat_id}")])
}

fn worker(summaries: &RecordedLock, model: &Model, db: &ChatDb) -> Result<(), AppError> {
    let chat_id: i64 = 42;
    // doctest: the block
    Ok(())
}

fn main() -> Result<(), AppError> {
    let url = std::env::var("TINYSTORE_LOCKS_URL").expect("TINYSTORE_LOCKS_URL");
    let story = Story::new();
    let (holds, a_holds) = mpsc::channel();
    let (b_saved, wake_a) = mpsc::channel();
    let a = {
        let (url, story) = (url.clone(), Arc::clone(&story));
        std::thread::spawn(move || -> Result<(), AppError> {
            let client = Client::connect(&url)?;
            let db = ChatDb::open("chat.db", "A", Arc::clone(&story))?;
            worker(&story.lock(client.lock("summaries"), "A"), &Model { paused: Some((holds, Mutex::new(wake_a))), name: "A" }, &db)
        })
    };
    // B asks for the key once A holds it, and gets it once A's lease has ended.
    a_holds.recv().unwrap();
    let client = Client::connect(&url)?;
    let db = ChatDb::open("chat.db", "B", Arc::clone(&story))?;
    worker(&story.lock(client.lock("summaries"), "B"), &Model { paused: None, name: "B" }, &db)?;
    b_saved.send(()).unwrap();
    a.join().unwrap()?;
    story.report();
    Ok(())
}
