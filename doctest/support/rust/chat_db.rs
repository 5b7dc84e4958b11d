//! The doctest's chat.db for the Rust samples, made in the program's folder before it runs
//! (doctest/chat-db.ts: the seed's chats table, chat 42's row, and the refusal of a summary_fence that
//! is not 40 digits): SQLite through its C library (the system's libsqlite3), with the standard library
//! alone; `sql!` makes a statement with its values, as the sample writes it. Each write is noted in the
//! program's story (story.rs).

// Not every program uses every helper.
#![allow(dead_code)]

use std::ffi::{CStr, CString};
use std::os::raw::{c_char, c_int, c_void};
use std::sync::Arc;

use crate::story::Story;

#[allow(non_camel_case_types)]
type sqlite3 = c_void;
#[allow(non_camel_case_types)]
type sqlite3_stmt = c_void;

#[link(name = "sqlite3")]
extern "C" {
    fn sqlite3_open_v2(path: *const c_char, db: *mut *mut sqlite3, flags: c_int, vfs: *const c_char) -> c_int;
    fn sqlite3_errmsg(db: *mut sqlite3) -> *const c_char;
    fn sqlite3_prepare_v2(db: *mut sqlite3, sql: *const c_char, n: c_int, stmt: *mut *mut sqlite3_stmt, tail: *mut *const c_char) -> c_int;
    fn sqlite3_bind_text(stmt: *mut sqlite3_stmt, i: c_int, text: *const c_char, n: c_int, destructor: isize) -> c_int;
    fn sqlite3_bind_int64(stmt: *mut sqlite3_stmt, i: c_int, value: i64) -> c_int;
    fn sqlite3_step(stmt: *mut sqlite3_stmt) -> c_int;
    fn sqlite3_column_text(stmt: *mut sqlite3_stmt, i: c_int) -> *const c_char;
    fn sqlite3_finalize(stmt: *mut sqlite3_stmt) -> c_int;
    fn sqlite3_changes(db: *mut sqlite3) -> c_int;
}

const SQLITE_OPEN_READWRITE: c_int = 2;
const SQLITE_ROW: c_int = 100;
const SQLITE_DONE: c_int = 101;
// SQLite copies the text: SQLITE_TRANSIENT.
const TRANSIENT: isize = -1;

/// A value of a statement.
#[derive(Debug)]
pub enum Value {
    Text(String),
    Integer(i64),
}

impl From<String> for Value {
    fn from(text: String) -> Value {
        Value::Text(text)
    }
}

impl From<&String> for Value {
    fn from(text: &String) -> Value {
        Value::Text(text.clone())
    }
}

impl From<i64> for Value {
    fn from(n: i64) -> Value {
        Value::Integer(n)
    }
}

/// A statement and its values.
pub struct Statement {
    pub sql: &'static str,
    pub values: Vec<Value>,
}

#[macro_export]
macro_rules! sql {
    ($sql:expr $(, $value:expr)* $(,)?) => {
        $crate::chat_db::Statement { sql: $sql, values: vec![$($crate::chat_db::Value::from($value)),*] }
    };
}

/// One worker's connection to chat.db, its writes noted in the program's story under the worker's name.
pub struct ChatDb {
    db: *mut sqlite3,
    worker: String,
    story: Arc<Story>,
}

unsafe impl Send for ChatDb {}

impl ChatDb {
    pub fn open(path: &str, worker: &str, story: Arc<Story>) -> Result<ChatDb, String> {
        let mut db = std::ptr::null_mut();
        let cpath = CString::new(path).unwrap();
        if unsafe { sqlite3_open_v2(cpath.as_ptr(), &mut db, SQLITE_OPEN_READWRITE, std::ptr::null()) } != 0 {
            return Err(format!("open {path} (the doctest makes it before the program runs)"));
        }
        Ok(ChatDb { db, worker: worker.to_owned(), story })
    }

    fn run(&self, sql: &str, values: &[Value]) -> Result<usize, String> {
        let csql = CString::new(sql).unwrap();
        let mut stmt = std::ptr::null_mut();
        unsafe {
            if sqlite3_prepare_v2(self.db, csql.as_ptr(), -1, &mut stmt, std::ptr::null_mut()) != 0 {
                return Err(format!("{sql}: {}", CStr::from_ptr(sqlite3_errmsg(self.db)).to_string_lossy()));
            }
            for (i, value) in values.iter().enumerate() {
                match value {
                    Value::Text(text) => {
                        let ctext = CString::new(text.as_str()).unwrap();
                        sqlite3_bind_text(stmt, i as c_int + 1, ctext.as_ptr(), -1, TRANSIENT);
                    }
                    Value::Integer(n) => {
                        sqlite3_bind_int64(stmt, i as c_int + 1, *n);
                    }
                }
            }
            let rc = sqlite3_step(stmt);
            sqlite3_finalize(stmt);
            if rc != SQLITE_DONE && rc != SQLITE_ROW {
                return Err(format!("{sql}: {}", CStr::from_ptr(sqlite3_errmsg(self.db)).to_string_lossy()));
            }
            Ok(sqlite3_changes(self.db) as usize)
        }
    }

    /// Runs a statement made by `sql!` and says how many rows it changed.
    pub fn exec(&self, statement: Statement) -> Result<usize, String> {
        let in_hold = self.story.holding(&self.worker);
        let changes = self
            .run(statement.sql, &statement.values)
            .map_err(|error| format!("{}'s write: {error}; its values: {:?}", self.worker, statement.values))?;
        self.story.wrote(&self.worker, changes, in_hold, &statement.values);
        Ok(changes)
    }

    /// Chat `id`'s summary and summary_fence.
    pub fn row(&self, id: i64) -> (String, String) {
        let csql = CString::new("select summary, summary_fence from chats where id = ?").unwrap();
        let mut stmt = std::ptr::null_mut();
        unsafe {
            sqlite3_prepare_v2(self.db, csql.as_ptr(), -1, &mut stmt, std::ptr::null_mut());
            sqlite3_bind_int64(stmt, 1, id);
            let mut row = (String::new(), String::new());
            if sqlite3_step(stmt) == SQLITE_ROW {
                row = (
                    CStr::from_ptr(sqlite3_column_text(stmt, 0)).to_string_lossy().into_owned(),
                    CStr::from_ptr(sqlite3_column_text(stmt, 1)).to_string_lossy().into_owned(),
                );
            }
            sqlite3_finalize(stmt);
            row
        }
    }
}
