//! The one error type of the client: a code a program can branch on, and a message that names the place.

use std::fmt;

/// What went wrong, as the TypeScript engine names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Code {
    /// The key stayed held (a semaphore's key, full) past the wait.
    Held,
    /// The hold's `Cancel` was cancelled while it waited.
    Cancelled,
    /// The client or the server closed.
    Closed,
    /// An argument or an answer is not what it must be; the message says which.
    Invalid,
    /// Another store has the directory (the server's own refusal).
    InUse,
    /// The lease ran out, or the server does not know it.
    Lost,
    /// The lease was released already.
    Released,
    /// The server is at one of its limits: try again later.
    Busy,
    /// No server answered.
    Unreachable,
}

impl Code {
    /// The code as the wire and the other clients write it: `held`, `in_use`, ...
    pub fn as_str(self) -> &'static str {
        match self {
            Code::Held => "held",
            Code::Cancelled => "cancelled",
            Code::Closed => "closed",
            Code::Invalid => "invalid",
            Code::InUse => "in_use",
            Code::Lost => "lost",
            Code::Released => "released",
            Code::Busy => "busy",
            Code::Unreachable => "unreachable",
        }
    }

    fn from_wire(code: &str) -> Option<Code> {
        [Code::Held, Code::Cancelled, Code::Closed, Code::Invalid, Code::InUse, Code::Lost, Code::Released, Code::Busy, Code::Unreachable]
            .into_iter()
            .find(|c| c.as_str() == code)
    }
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// What went wrong with a hold, a lease or the connection.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    code: Code,
    message: String,
}

impl Error {
    pub(crate) fn new(code: Code, message: impl Into<String>) -> Error {
        Error { code, message: message.into() }
    }

    /// What happened.
    pub fn code(&self) -> Code {
        self.code
    }

    /// Where and why: `lock invoices: key "42": held past the 10 s wait`.
    pub fn message(&self) -> &str {
        &self.message
    }

    /// A server's refusal: the engine's codes keep their names, `unavailable` reads as `Busy`, and
    /// the wire's own codes (`malformed`, `too_large`, ...) as `Invalid`, named in the message.
    pub(crate) fn from_wire(error: &crate::json::Json) -> Error {
        let code = error.get("code").as_str().unwrap_or("");
        let message = error.get("message").as_str().unwrap_or("");
        match Code::from_wire(code) {
            Some(known) => Error::new(known, message),
            None if code == "unavailable" => Error::new(Code::Busy, format!("{code}: {message}")),
            None => Error::new(Code::Invalid, format!("{code}: {message}")),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

/// A time as a message shows it, as the TypeScript engine writes it: `250 ms`, `10 s`, `1.5 s`, `15 min`, `1 h`.
pub(crate) fn format_duration(ms: f64) -> String {
    let round = |n: f64| {
        let n = (n * 1000.0).round() / 1000.0;
        if n.fract() == 0.0 {
            format!("{}", n as i64)
        } else {
            format!("{n}")
        }
    };
    if ms < 1000.0 {
        format!("{} ms", round(ms))
    } else if ms % 3_600_000.0 == 0.0 {
        format!("{} h", round(ms / 3_600_000.0))
    } else if ms % 60_000.0 == 0.0 {
        format!("{} min", round(ms / 60_000.0))
    } else {
        format!("{} s", round(ms / 1000.0))
    }
}
