//! One client's connection to a lock server, made again after it drops: calls wait while it is
//! down and are sent again, in order, once a new connection said hello.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{Shutdown, TcpStream, ToSocketAddrs};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread;
use std::time::Duration;

use crate::error::{Code, Error};
use crate::json::{self, Field, Json};
use crate::random::random_bytes;
use crate::slot::Slot;
use crate::timers::{now_ms, Timers};

const PROTOCOL_VERSION: u32 = 1;

/// How a link connects.
pub(crate) struct LinkOptions {
    pub(crate) host: String,
    pub(crate) port: u16,
    pub(crate) token: Option<String>,
    pub(crate) client_id: String,
    pub(crate) reconnect: bool,
    pub(crate) connect_timeout: Duration,
    pub(crate) on_event: Box<dyn Fn(&Json) + Send + Sync>,
    /// A reconnect reached a server of another epoch (the one before, this one): it restarted, and knows no lease the last one gave.
    pub(crate) on_restart: Box<dyn Fn(&str, &str) + Send + Sync>,
    pub(crate) on_closed: Box<dyn Fn(&Error) + Send + Sync>,
}

struct Pending {
    // The request as the wire writes it, made once: the same on every connection.
    frame: String,
    slot: Arc<Slot>,
    sent_at: f64,
    timer: Option<u64>,
}

#[derive(Default)]
struct State {
    pending: BTreeMap<u64, Pending>,
    next_id: u64,
    writer: Option<Arc<Writer>>,
    connection: u64,
    ready: bool,
    ever_ready: bool,
    closed: bool,
    fatal: Option<Error>,
    last_error: String,
    retry_after_ms: f64,
    // The epoch the last hello said: a reconnect to another is a restarted server.
    epoch: Option<String>,
}

struct Shared {
    options: LinkOptions,
    state: Mutex<State>,
    changed: Condvar,
    timers: Timers,
}

#[derive(Clone)]
pub(crate) struct Link {
    shared: Arc<Shared>,
}

impl Link {
    pub(crate) fn new(options: LinkOptions) -> Link {
        Link { shared: Arc::new(Shared { options, state: Mutex::default(), changed: Condvar::new(), timers: Timers::start() }) }
    }

    pub(crate) fn url(&self) -> String {
        let host = &self.shared.options.host;
        if host.contains(':') {
            format!("tcp://[{host}]:{}", self.shared.options.port)
        } else {
            format!("tcp://{host}:{}", self.shared.options.port)
        }
    }

    pub(crate) fn timers(&self) -> &Timers {
        &self.shared.timers
    }

    pub(crate) fn connected(&self) -> bool {
        self.state().ready
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.shared.state.lock().unwrap()
    }

    /// Connects for the first time, retrying (when reconnecting is on) until the connect timeout.
    pub(crate) fn start(&self) -> Result<(), Error> {
        let shared = Arc::clone(&self.shared);
        thread::Builder::new()
            .name("tinystore-locks-link".into())
            .spawn(move || run(&shared))
            .map_err(|error| Error::new(Code::Unreachable, format!("{}: no thread to connect on: {error}", self.url())))?;
        let deadline = now_ms() + self.shared.options.connect_timeout.as_secs_f64() * 1000.0;
        let mut state = self.state();
        loop {
            if state.ready {
                return Ok(());
            }
            if state.closed {
                return Err(closed_error(&state, &self.url()));
            }
            let left = deadline - now_ms();
            if left <= 0.0 {
                let error = Error::new(
                    Code::Unreachable,
                    format!(
                        "{}: could not connect within {} ms{}",
                        self.url(),
                        self.shared.options.connect_timeout.as_millis(),
                        state.last_error
                    ),
                );
                drop(state);
                self.close(error.clone());
                return Err(error);
            }
            state = self.shared.changed.wait_timeout(state, Duration::from_secs_f64(left / 1000.0)).unwrap().0;
        }
    }

    /// Sends a request; its answer fills the slot, and so does a closed link or, with `deadline`, the error it makes once that time has passed.
    pub(crate) fn call(&self, fields: Vec<Field>, deadline: Option<(f64, Box<dyn FnOnce() -> Error + Send>)>) -> (u64, Arc<Slot>) {
        let slot = Arc::new(Slot::default());
        let mut state = self.state();
        state.next_id += 1;
        let id = state.next_id;
        if state.closed {
            slot.fill(Err(closed_error(&state, &self.url())));
            return (id, slot);
        }
        let timer = deadline.map(|(at, make_error)| {
            let link = self.clone();
            self.shared.timers.at(at, move || {
                if let Some(pending) = link.forget(id) {
                    pending.slot.fill(Err(make_error()));
                }
            })
        });
        let mut pending = Pending { frame: json::frame(id, &fields), slot: Arc::clone(&slot), sent_at: 0.0, timer };
        let writer = if state.ready { state.writer.clone() } else { None };
        let frame = writer.as_ref().map(|_| {
            pending.sent_at = now_ms();
            pending.frame.clone()
        });
        state.pending.insert(id, pending);
        drop(state);
        // Written outside the link's lock: a thread that finds a write going on leaves its frame to it.
        if let (Some(writer), Some(frame)) = (writer, frame) {
            writer.write(frame.as_bytes());
        }
        (id, slot)
    }

    /// Stops waiting for a call's answer and stops sending it again.
    pub(crate) fn withdraw(&self, id: u64) {
        self.forget(id);
    }

    fn forget(&self, id: u64) -> Option<Pending> {
        let pending = self.state().pending.remove(&id)?;
        if let Some(timer) = pending.timer {
            self.shared.timers.cancel(timer);
        }
        Some(pending)
    }

    /// The epoch of the server the link is connected to (or was last), as its hello said.
    pub(crate) fn epoch(&self) -> Option<String> {
        self.state().epoch.clone()
    }

    /// Ends the link: calls in flight fail with `Closed` (or the given error).
    pub(crate) fn close(&self, error: Error) {
        let mut state = self.state();
        if state.closed {
            return;
        }
        state.closed = true;
        state.ready = false;
        state.fatal = Some(error.clone());
        if let Some(writer) = state.writer.take() {
            writer.shut();
        }
        let pending = std::mem::take(&mut state.pending);
        drop(state);
        self.shared.changed.notify_all();
        for (_, call) in pending {
            call.slot.fill(Err(error.clone()));
        }
        (self.shared.options.on_closed)(&error);
        self.shared.timers.stop();
    }
}

fn closed_error(state: &State, url: &str) -> Error {
    state.fatal.clone().unwrap_or_else(|| Error::new(Code::Closed, format!("{url}: the client is closed")))
}

/// Writes frames on one connection: a thread that finds a write going on adds its frame for that
/// write's thread to send next, so the frames of many threads go out in few writes.
struct Writer {
    stream: TcpStream,
    out: Mutex<(Vec<u8>, bool)>,
}

impl Writer {
    fn new(stream: TcpStream) -> Writer {
        Writer { stream, out: Mutex::new((Vec::new(), false)) }
    }

    fn write(&self, frame: &[u8]) {
        let mut out = self.out.lock().unwrap();
        out.0.extend_from_slice(frame);
        if out.1 {
            return;
        }
        out.1 = true;
        while !out.0.is_empty() {
            let batch = std::mem::take(&mut out.0);
            drop(out);
            // A failed write shows as a closed connection to the reader, which reconnects.
            let _ = (&self.stream).write_all(&batch);
            out = self.out.lock().unwrap();
            if out.0.is_empty() {
                // Its room is kept for the next batch.
                out.0 = batch;
                out.0.clear();
            }
        }
        out.1 = false;
    }

    fn shut(&self) {
        let _ = self.stream.shutdown(Shutdown::Both);
    }
}

fn run(shared: &Arc<Shared>) {
    let link = Link { shared: Arc::clone(shared) };
    let options = &shared.options;
    let mut attempt = 0;
    loop {
        if link.state().closed {
            return;
        }
        let connection = (options.host.as_str(), options.port)
            .to_socket_addrs()
            .and_then(|mut addresses| addresses.next().ok_or_else(|| std::io::Error::new(std::io::ErrorKind::NotFound, "no address")))
            .and_then(|address| TcpStream::connect_timeout(&address, Duration::from_secs(5)));
        match connection {
            Ok(stream) => {
                if serve(&link, stream) {
                    attempt = 0;
                }
            }
            Err(error) => link.state().last_error = format!(": {error}"),
        }
        let mut state = link.state();
        if state.closed {
            return;
        }
        if !options.reconnect {
            let what = if state.ever_ready { "the connection closed" } else { "could not connect" };
            let error = Error::new(Code::Unreachable, format!("{}: {what}{}", link.url(), state.last_error));
            drop(state);
            link.close(error);
            return;
        }
        let delay = (25.0 * 2f64.powi(attempt)).min(1000.0);
        attempt += 1;
        // Jitter keeps clients that lost one server from all coming back at once; a server that said how long to wait is believed.
        let after = (delay / 2.0 + jitter() * delay / 2.0).max(state.retry_after_ms);
        state.retry_after_ms = 0.0;
        let until = now_ms() + after;
        while !state.closed && now_ms() < until {
            state = shared.changed.wait_timeout(state, Duration::from_secs_f64((until - now_ms()).max(0.0) / 1000.0)).unwrap().0;
        }
    }
}

fn jitter() -> f64 {
    (random_bytes()[0] as f64) / 255.0
}

/// Says hello and reads until the connection ends; true if it said hello.
fn serve(link: &Link, stream: TcpStream) -> bool {
    let options = &link.shared.options;
    let _ = stream.set_nodelay(true);
    let writer = match stream.try_clone() {
        Ok(writer) => writer,
        Err(_) => return false,
    };
    let (hello_id, connection) = {
        let mut state = link.state();
        if state.closed {
            return false;
        }
        state.next_id += 1;
        state.connection += 1;
        let hello_id = state.next_id;
        let mut fields: Vec<Field> =
            vec![("method", json::quote("hello")), ("version", PROTOCOL_VERSION.to_string()), ("client", json::quote(&options.client_id))];
        if let Some(token) = &options.token {
            fields.push(("token", json::quote(token)));
        }
        let writer = Arc::new(Writer::new(writer));
        writer.write(json::frame(hello_id, &fields).as_bytes());
        state.writer = Some(writer);
        (hello_id, state.connection)
    };
    let mut said_hello = false;
    let mut reader = BufReader::new(stream);
    let mut line = String::new();
    loop {
        line.clear();
        match reader.read_line(&mut line) {
            Ok(0) => break,
            Ok(_) => {}
            Err(error) => {
                link.state().last_error = format!(": {error}");
                break;
            }
        }
        let message = match json::parse(line.trim_end()) {
            Some(message) => message,
            None => continue,
        };
        if message.get("event").as_str() == Some("lost") {
            (options.on_event)(&message);
            continue;
        }
        match message.get("id").as_f64() {
            Some(id) if id == hello_id as f64 => {
                if !hello_answered(link, &message) {
                    break;
                }
                said_hello = true;
            }
            Some(id) => answered(link, id as u64, message),
            None => {
                let mut state = link.state();
                if !state.ready {
                    let error = message.get("error");
                    state.last_error =
                        format!(": {}: {}", error.get("code").as_str().unwrap_or(""), error.get("message").as_str().unwrap_or(""));
                }
            }
        }
    }
    let mut state = link.state();
    if state.connection == connection {
        if let Some(writer) = state.writer.take() {
            writer.shut();
        }
        state.ready = false;
    }
    said_hello
}

fn hello_answered(link: &Link, message: &Json) -> bool {
    if !message.get("ok").is_true() {
        let error = message.get("error");
        let code = error.get("code").as_str().unwrap_or("refused");
        let text = error.get("message").as_str().unwrap_or("the server refused the hello");
        if code == "busy" {
            // A server at a limit, or an address throttled by another's wrong token: not for good.
            let mut state = link.state();
            state.last_error = format!(": busy: {text}");
            if let Some(retry) = error.get("retryAfter").as_f64().filter(|ms| *ms > 0.0) {
                state.retry_after_ms = retry.min(60_000.0);
            }
            return false;
        }
        link.close(Error::new(Code::Invalid, format!("{}: {code}: {text}", link.url())));
        return false;
    }
    // Another epoch is a server that restarted: told before the calls waiting are sent again, so a lease it lost reads as lost first.
    let epoch = message.get("epoch").as_str().map(str::to_owned);
    let previous = {
        let mut state = link.state();
        let previous = state.epoch.clone();
        if epoch.is_some() {
            state.epoch = epoch.clone();
        }
        previous
    };
    if let (Some(previous), Some(epoch)) = (&previous, &epoch) {
        if previous != epoch {
            (link.shared.options.on_restart)(previous, epoch);
        }
    }
    let mut state = link.state();
    state.ready = true;
    state.ever_ready = true;
    state.last_error.clear();
    // The calls waiting go out again, in order, in one write.
    let mut again = String::new();
    let sent_at = now_ms();
    for call in state.pending.values_mut() {
        call.sent_at = sent_at;
        again.push_str(&call.frame);
    }
    let writer = state.writer.clone();
    drop(state);
    if let Some(writer) = writer.filter(|_| !again.is_empty()) {
        writer.write(again.as_bytes());
    }
    link.shared.changed.notify_all();
    true
}

fn answered(link: &Link, id: u64, mut message: Json) {
    let mut state = link.state();
    let pending = match state.pending.remove(&id) {
        Some(pending) => pending,
        None => return,
    };
    drop(state);
    // When the request went out, in the client's clock: what dates a lease (lease::local_expiry).
    if let Json::Object(fields) = &mut message {
        fields.insert("sentAt".to_owned(), Json::Number(pending.sent_at));
    }
    if let Some(timer) = pending.timer {
        link.shared.timers.cancel(timer);
    }
    pending.slot.fill(Ok(message));
}
