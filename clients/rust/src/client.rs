//! A connection to a lock server, with its locks and semaphores.

use std::collections::{HashMap, HashSet};
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, Weak};
use std::time::Duration;

use crate::error::{format_duration, Code, Error};
use crate::fence::Fence;
use crate::json::{self, Field, Json};
use crate::lease::{local_expiry, Lease, LeaseCore, SemaphoreLease};
use crate::link::{Link, LinkOptions};
use crate::nesting;
use crate::random::random_bytes;
use crate::slot::{Cancel, Slot};
use crate::timers::now_ms;
use crate::wire_limits::{wire_ttl, MAX_KEY, MAX_NAME, MAX_WAIT};

// How long past its wait a hold waits for an answer that a dropped connection delays.
const ANSWER_GRACE_MS: f64 = 5000.0;
// How long a close waits for the server to answer its releases and cancels.
const CLOSE_TIMEOUT_MS: f64 = 5000.0;

/// How a client connects.
#[derive(Clone, Debug)]
pub struct ConnectOptions {
    /// The server's token, sent in the hello.
    pub token: Option<String>,
    /// Connect again after the connection drops, going on with the same leases (true); or end the client, its leases lost.
    pub reconnect: bool,
    /// How long the first connection may take, retries included.
    pub connect_timeout: Duration,
}

impl Default for ConnectOptions {
    fn default() -> Self {
        ConnectOptions { token: None, reconnect: true, connect_timeout: Duration::from_secs(10) }
    }
}

/// A key of a lock or semaphore: a non-empty string, or an integer sent as its decimal text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Key(String);

impl From<&str> for Key {
    fn from(key: &str) -> Key {
        Key(key.to_owned())
    }
}

impl From<String> for Key {
    fn from(key: String) -> Key {
        Key(key)
    }
}

impl From<&String> for Key {
    fn from(key: &String) -> Key {
        Key(key.clone())
    }
}

macro_rules! integer_keys {
    ($($t:ty),*) => {$(
        impl From<$t> for Key {
            fn from(key: $t) -> Key {
                Key(key.to_string())
            }
        }
    )*};
}
integer_keys!(i8, i16, i32, i64, i128, isize, u8, u16, u32, u64, u128, usize);

/// How a hold waits for its key and how its lease lasts: `HoldOptions::new().ttl(..).wait(..)`.
#[derive(Clone)]
pub struct HoldOptions {
    ttl: Duration,
    wait: Option<Duration>,
    renew: bool,
    cancel: Option<Cancel>,
    on_lost: Option<crate::lease::LostListener>,
}

impl Default for HoldOptions {
    fn default() -> Self {
        HoldOptions { ttl: Duration::from_secs(30), wait: Some(Duration::from_secs(10)), renew: true, cancel: None, on_lost: None }
    }
}

impl HoldOptions {
    /// A TTL of 30 s, a wait of 10 s, renewed while the closure runs.
    pub fn new() -> HoldOptions {
        HoldOptions::default()
    }

    /// How long the lease lasts without a renewal: 1 s to 1 h.
    pub fn ttl(mut self, ttl: Duration) -> Self {
        self.ttl = ttl;
        self
    }

    /// How long to wait for the key before failing with `Held`: 0 to 1 h.
    pub fn wait(mut self, wait: Duration) -> Self {
        self.wait = Some(wait);
        self
    }

    /// Waits as long as it takes: the hold asks again each hour, at the back of the line.
    pub fn wait_forever(mut self) -> Self {
        self.wait = None;
        self
    }

    /// Whether to renew the lease every third of its TTL while the closure runs (true unless set).
    pub fn renew(mut self, renew: bool) -> Self {
        self.renew = renew;
        self
    }

    /// Withdraws the hold when `cancel` is cancelled while it waits.
    pub fn cancel(mut self, cancel: &Cancel) -> Self {
        self.cancel = Some(cancel.clone());
        self
    }

    /// Calls `listener` if the lease is lost, before its key can go to anyone else.
    pub fn on_lost(mut self, listener: impl Fn(&Error) + Send + Sync + 'static) -> Self {
        self.on_lost = Some(Arc::new(listener));
        self
    }
}

/// A connection to a lock server, made again when it drops. Dropping the last clone closes it.
#[derive(Clone)]
pub struct Client {
    inner: Arc<ClientInner>,
}

struct ClientInner {
    link: Link,
    requests: AtomicU64,
    closed: AtomicBool,
    leases: Mutex<HashMap<String, Weak<LeaseCore>>>,
    // The request ids of the holds waiting for their answer, which a close withdraws.
    asking: Mutex<HashSet<String>>,
}

impl Drop for ClientInner {
    fn drop(&mut self) {
        self.link.close(Error::new(Code::Closed, format!("{}: the client closed", self.link.url())));
    }
}

fn parse_url(url: &str) -> Result<(String, u16), Error> {
    let bad = || Error::new(Code::Invalid, format!("connect: {}: expected an address such as tcp://127.0.0.1:7411", json::quote(url)));
    let rest = url.strip_prefix("tcp://").ok_or_else(bad)?;
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = if let Some(bracketed) = rest.strip_prefix('[') {
        let (host, after) = bracketed.split_once(']').ok_or_else(bad)?;
        (host, after.strip_prefix(':'))
    } else {
        match rest.rsplit_once(':') {
            Some((host, port)) => (host, Some(port)),
            None => (rest, None),
        }
    };
    if host.is_empty() || host.contains('/') {
        return Err(bad());
    }
    let port = match port {
        None => 7411,
        Some(port) => port.parse().map_err(|_| bad())?,
    };
    Ok((host.to_owned(), port))
}

impl Client {
    /// Connects to a lock server (`tcp://host:port`, 7411 unless given) and returns once it said hello.
    pub fn connect(url: &str) -> Result<Client, Error> {
        Client::connect_with(url, ConnectOptions::default())
    }

    /// Connects with a token, without reconnecting, or with another connect timeout.
    pub fn connect_with(url: &str, options: ConnectOptions) -> Result<Client, Error> {
        let (host, port) = parse_url(url)?;
        // The client id every hello names: random, so no other client can act as this one. The
        // server scopes request ids to it, so a count names each hold, across reconnects too.
        let client_id: String = random_bytes().iter().map(|b| format!("{b:02x}")).collect();
        let inner = Arc::new_cyclic(|me: &Weak<ClientInner>| {
            let on_event = me.clone();
            let on_restart = me.clone();
            let on_closed = me.clone();
            ClientInner {
                link: Link::new(LinkOptions {
                    host,
                    port,
                    token: options.token,
                    client_id,
                    reconnect: options.reconnect,
                    connect_timeout: options.connect_timeout,
                    on_event: Box::new(move |event| {
                        if let Some(client) = on_event.upgrade() {
                            client.on_event(event);
                        }
                    }),
                    on_restart: Box::new(move |previous, epoch| {
                        if let Some(client) = on_restart.upgrade() {
                            client.on_restart(previous, epoch);
                        }
                    }),
                    on_closed: Box::new(move |error| {
                        if let Some(client) = on_closed.upgrade() {
                            client.lose_all(error);
                        }
                    }),
                }),
                requests: AtomicU64::new(0),
                closed: AtomicBool::new(false),
                leases: Mutex::new(HashMap::new()),
                asking: Mutex::new(HashSet::new()),
            }
        });
        inner.link.start()?;
        Ok(Client { inner })
    }

    /// The server's address.
    pub fn url(&self) -> String {
        self.inner.link.url()
    }

    /// True while the connection is up.
    pub fn connected(&self) -> bool {
        self.inner.link.connected()
    }

    /// Closes the client and lets go of what it holds: it takes no new hold; each lease it holds reads as
    /// lost (`Closed`: `is_lost()` turns true and `wait_lost` returns; its closure is not stopped), then is
    /// released at the server, so its key goes to the next in line at once; each hold still waiting is
    /// withdrawn. Waits for the server's answers at most 5 s, then ends the connection: a lease whose release
    /// got no answer by then (the server out of reach) ends by its TTL.
    pub fn close(&self) {
        self.inner.close();
    }

    /// The server's lock of this name: one holder per key at a time (LOCK-01), each lease with a fence.
    pub fn lock(&self, name: &str) -> Lock {
        Holds { client: Arc::clone(&self.inner), name: name.to_owned(), limit: None, lease: PhantomData }
    }

    /// The server's semaphore of this name, whose keys have at most `limit` holders (LOCK-05).
    pub fn semaphore(&self, name: &str, limit: u32) -> Semaphore {
        Holds { client: Arc::clone(&self.inner), name: name.to_owned(), limit: Some(limit), lease: PhantomData }
    }
}

/// A lock of a lock server: one holder of a key at a time, each lease with a fence (a `Lease`).
pub type Lock = Holds<Lease>;

/// A semaphore of a lock server: at most its limit of holders of a key at once, their leases without a fence (a `SemaphoreLease`).
pub type Semaphore = Holds<SemaphoreLease>;

/// A lock or a semaphore of a lock server, by the lease a hold of its keys gives: `Lock` or `Semaphore`.
pub struct Holds<L> {
    client: Arc<ClientInner>,
    name: String,
    // A semaphore's limit of holders a key; a lock has none.
    limit: Option<u32>,
    lease: PhantomData<fn() -> L>,
}

mod granted {
    use super::{Arc, Fence, Lease, LeaseCore, SemaphoreLease};

    /// The lease a hold gives its closure, made from what the server granted; only this crate's two.
    pub trait Granted {
        /// The kind's name on the wire and in messages.
        const KIND: &'static str;
        fn granted(core: Arc<LeaseCore>, fence: Option<Fence>) -> Self;
    }

    impl Granted for Lease {
        const KIND: &'static str = "lock";
        fn granted(core: Arc<LeaseCore>, fence: Option<Fence>) -> Lease {
            Lease { core, fence: fence.expect("a lock's lease has a fence") }
        }
    }

    impl Granted for SemaphoreLease {
        const KIND: &'static str = "semaphore";
        fn granted(core: Arc<LeaseCore>, _: Option<Fence>) -> SemaphoreLease {
            SemaphoreLease { core }
        }
    }
}

impl<L: granted::Granted> Holds<L> {
    /// Runs `f` holding the key (of a semaphore, one of its places) and releases it after, also when
    /// `f` fails or panics, and returns what `f` returns. Waits up to 10 s for the key, then fails with
    /// `Held`; renews the lease (TTL 30 s) every third of its TTL while `f` runs. `f` is not stopped if
    /// the lease is lost: `lease.is_lost()` tells, and a lock's fence guards its writes.
    pub fn hold<T, E: From<Error>>(&self, key: impl Into<Key>, f: impl FnOnce(&L) -> Result<T, E>) -> Result<T, E> {
        self.hold_with(key, &HoldOptions::default(), f)
    }

    /// `hold` with a TTL, a wait, a `Cancel`, without renewal or with an `on_lost` listener.
    pub fn hold_with<T, E: From<Error>>(
        &self,
        key: impl Into<Key>,
        options: &HoldOptions,
        f: impl FnOnce(&L) -> Result<T, E>,
    ) -> Result<T, E> {
        Ok(self.hold_as(key.into(), options, true, f)?.expect("a hold that may wait gets the key or fails"))
    }

    /// Like `hold` without waiting: `Ok(None)`, and `f` never runs, when the key is held (of a semaphore, full).
    pub fn try_hold<T, E: From<Error>>(&self, key: impl Into<Key>, f: impl FnOnce(&L) -> Result<T, E>) -> Result<Option<T>, E> {
        self.hold_as(key.into(), &HoldOptions::default(), false, f)
    }

    /// `try_hold` with options (its wait is 0).
    pub fn try_hold_with<T, E: From<Error>>(
        &self,
        key: impl Into<Key>,
        options: &HoldOptions,
        f: impl FnOnce(&L) -> Result<T, E>,
    ) -> Result<Option<T>, E> {
        self.hold_as(key.into(), options, false, f)
    }

    // Every hold of a lock or semaphore: `may_wait` false is a try_hold, whose wait is 0.
    fn hold_as<T, E: From<Error>>(
        &self,
        key: Key,
        options: &HoldOptions,
        may_wait: bool,
        f: impl FnOnce(&L) -> Result<T, E>,
    ) -> Result<Option<T>, E> {
        self.client.hold(L::KIND, &self.name, self.limit, key, options, may_wait, |core, fence| f(&L::granted(core, fence)))
    }
}

// Releases the lease when the closure returns, fails or panics.
struct Holding<'a> {
    client: &'a ClientInner,
    core: Arc<LeaseCore>,
}

impl Drop for Holding<'_> {
    fn drop(&mut self) {
        self.core.release();
        self.client.leases.lock().unwrap().remove(self.core.id());
    }
}

impl ClientInner {
    fn close(&self) {
        if self.closed.swap(true, Ordering::SeqCst) {
            return;
        }
        let deadline = now_ms() + CLOSE_TIMEOUT_MS;
        let leases: Vec<_> = self.leases.lock().unwrap().drain().filter_map(|(_, lease)| lease.upgrade()).collect();
        // Told first, before its key can move on; then released at the server.
        let mut answers: Vec<Arc<Slot>> = leases
            .iter()
            .filter_map(|lease| {
                lease.lose_and_release(
                    Error::new(Code::Closed, format!("{}: lease {} was lost: the client closed", lease.place(), lease.id())),
                    deadline,
                )
            })
            .collect();
        let asking: Vec<String> = self.asking.lock().unwrap().iter().cloned().collect();
        for request_id in asking {
            let url = self.link.url();
            let unanswered: Box<dyn FnOnce() -> Error + Send> =
                Box::new(move || Error::new(Code::Unreachable, format!("{url}: no answer before the client's close timeout")));
            answers.push(
                self.link
                    .call(vec![("method", json::quote("cancel")), ("requestId", json::quote(&request_id))], Some((deadline, unanswered)))
                    .1,
            );
        }
        for answer in answers {
            let _ = answer.wait(None);
        }
        self.link.close(Error::new(Code::Closed, format!("{}: the client closed", self.link.url())));
    }

    // A restarted server knows no lease the one before it gave: each of them is lost now, not at its next renewal.
    fn on_restart(&self, previous: &str, epoch: &str) {
        let leases: Vec<_> = self.leases.lock().unwrap().values().filter_map(Weak::upgrade).collect();
        for lease in leases {
            if lease.epoch() != Some(epoch) {
                lease.lose(Error::new(
                    Code::Lost,
                    format!("{}: lease {} was lost: the server restarted (epoch {previous}, now {epoch})", lease.place(), lease.id()),
                ));
            }
        }
    }

    fn on_event(&self, event: &Json) {
        let id = match event.get("leaseId").as_str() {
            Some(id) => id,
            None => return,
        };
        let lease = match self.leases.lock().unwrap().get(id).and_then(Weak::upgrade) {
            Some(lease) => lease,
            None => return,
        };
        let (place, id) = (lease.place(), lease.id());
        lease.lose(match event.get("reason").as_str() {
            Some("closed") => Error::new(Code::Closed, format!("{place}: lease {id} was lost: the server closed")),
            Some("ended") => Error::new(Code::Lost, format!("{place}: lease {id} was lost: an operator ended it")),
            _ => {
                Error::new(Code::Lost, format!("{place}: lease {id} was lost: it ran out at the server (its TTL passed without a renewal)"))
            }
        });
    }

    // Without a connection a lease can be neither renewed nor released: its holder must know.
    fn lose_all(&self, error: &Error) {
        self.closed.store(true, Ordering::SeqCst);
        let leases: Vec<_> = self.leases.lock().unwrap().drain().filter_map(|(_, lease)| lease.upgrade()).collect();
        for lease in leases {
            lease.lose(Error::new(Code::Closed, format!("{}: lease {} was lost: {}", lease.place(), lease.id(), error.message())));
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn hold<T, E: From<Error>>(
        &self,
        kind: &str,
        name: &str,
        limit: Option<u32>,
        key: Key,
        options: &HoldOptions,
        may_wait: bool,
        f: impl FnOnce(Arc<LeaseCore>, Option<Fence>) -> Result<T, E>,
    ) -> Result<Option<T>, E> {
        if name.is_empty() || name.len() > MAX_NAME {
            return Err(Error::new(
                Code::Invalid,
                format!("client.{kind}: name {}: expected a string of 1 to {MAX_NAME} bytes", json::quote(name)),
            )
            .into());
        }
        if key.0.is_empty() {
            return Err(
                Error::new(Code::Invalid, format!("{kind} {name}: the key is empty; expected a non-empty string or an integer")).into()
            );
        }
        if key.0.len() > MAX_KEY {
            return Err(Error::new(
                Code::Invalid,
                format!("{kind} {name}: key of {} bytes of UTF-8: the wire takes at most {MAX_KEY}", key.0.len()),
            )
            .into());
        }
        let place = format!("{kind} {name}: key {}", json::quote(&key.0));
        let ttl = wire_ttl(&place, options.ttl)?;
        let forever = may_wait && options.wait.is_none();
        let wait = match (may_wait, options.wait) {
            (false, _) => Duration::ZERO,
            // The wire waits at most an hour at a time; an unbounded wait asks again after each.
            (true, None) => MAX_WAIT,
            (true, Some(wait)) if wait > MAX_WAIT => {
                return Err(Error::new(Code::Invalid, format!("{place}: wait {wait:?}: out of range; the wire takes 0 to 1 h")).into())
            }
            (true, Some(wait)) => wait,
        };
        if limit == Some(0) {
            return Err(Error::new(Code::Invalid, format!("semaphore {name}: limit 0: expected a whole number of at least 1")).into());
        }
        if self.closed.load(Ordering::SeqCst) {
            return Err(Error::new(Code::Closed, format!("{place}: the client is closed")).into());
        }
        if options.cancel.as_ref().map_or(false, Cancel::is_cancelled) {
            return Err(Error::new(Code::Cancelled, format!("{place}: cancelled before the hold began")).into());
        }
        // This client, as the nesting of holds tells one from another.
        let client = self as *const ClientInner as usize;
        if kind == "lock" {
            nesting::refuse_nested(client, name, &key.0, &place, if forever { None } else { Some(wait) })?;
        }
        let answer = loop {
            let request_id = (self.requests.fetch_add(1, Ordering::SeqCst) + 1).to_string();
            let mut fields: Vec<Field> = vec![
                ("method", json::quote("hold")),
                ("kind", json::quote(kind)),
                ("name", json::quote(name)),
                ("key", json::quote(&key.0)),
                ("ttl", (ttl as u64).to_string()),
                ("wait", wait.as_millis().to_string()),
                ("requestId", json::quote(&request_id)),
            ];
            if let Some(limit) = limit {
                fields.push(("limit", limit.to_string()));
            }
            self.asking.lock().unwrap().insert(request_id.clone());
            let answer = self.ask(&place, &request_id, fields, wait, options.cancel.as_ref());
            self.asking.lock().unwrap().remove(&request_id);
            let answer = answer?;
            if !(forever && !answer.get("ok").is_true() && answer.get("error").get("code").as_str() == Some("held")) {
                break answer;
            }
        };
        if !answer.get("ok").is_true() {
            let error = Error::from_wire(answer.get("error"));
            if !may_wait && error.code() == Code::Held {
                return Ok(None);
            }
            return Err(error.into());
        }
        // Closed while the answer was on its way: the close's cancel lets go of a grant, and the closure never runs.
        if self.closed.load(Ordering::SeqCst) {
            return Err(Error::new(Code::Closed, format!("{place}: the client closed")).into());
        }
        let (core, fence) = self.lease_from(&place, kind, &answer, ttl, options.renew)?;
        if let Some(listener) = &options.on_lost {
            core.on_lost_shared(Arc::clone(listener));
        }
        self.leases.lock().unwrap().insert(core.id().to_owned(), Arc::downgrade(&core));
        core.start();
        let holding = Holding { client: self, core: Arc::clone(&core) };
        // A lock's closure runs where a hold of the same key inside it is seen; a semaphore's nested hold takes another place.
        let inside = if kind == "lock" { Some(nesting::Inside::enter(client, name, &key.0, &core)) } else { None };
        let result = f(core, fence);
        drop(inside);
        drop(holding);
        result.map(Some)
    }

    /// Waits for a hold's answer; a `Cancel`, or a connection down past the wait, withdraws it.
    fn ask(&self, place: &str, request_id: &str, fields: Vec<Field>, wait: Duration, cancel: Option<&Cancel>) -> Result<Json, Error> {
        let link = self.link.clone();
        let (url, place_text, wait_text, request) =
            (self.link.url(), place.to_owned(), format_duration(wait.as_millis() as f64), request_id.to_owned());
        let deadline = now_ms() + wait.as_millis() as f64 + ANSWER_GRACE_MS;
        let (id, slot): (u64, Arc<Slot>) = self.link.call(
            fields,
            Some((
                deadline,
                Box::new(move || {
                    // The server may have granted the hold already, or may still have it in line.
                    link.call(vec![("method", json::quote("cancel")), ("requestId", json::quote(&request))], None);
                    Error::new(Code::Unreachable, format!("{place_text}: no answer from {url} within the {wait_text} wait"))
                }),
            )),
        );
        match slot.wait(cancel) {
            Some(answer) => answer,
            None => {
                self.link.withdraw(id);
                self.link.call(vec![("method", json::quote("cancel")), ("requestId", json::quote(request_id))], None);
                Err(Error::new(Code::Cancelled, format!("{place}: cancelled while waiting")))
            }
        }
    }

    fn lease_from(&self, place: &str, kind: &str, answer: &Json, ttl: f64, renew: bool) -> Result<(Arc<LeaseCore>, Option<Fence>), Error> {
        let wire = answer.get("lease");
        let id = wire.get("id").as_str();
        let refuse = |why: String| {
            if let Some(id) = id {
                self.link.call(vec![("method", json::quote("release")), ("leaseId", json::quote(id))], None);
            }
            Error::new(Code::Invalid, format!("{place}: the server's answer is refused: {why}"))
        };
        let (id, expires_at) = match (id, wire.get("expiresAt").as_f64()) {
            (Some(id), Some(expires_at)) => (id, expires_at),
            _ => return Err(refuse("expected a lease with an id and expiresAt".into())),
        };
        // A fence that does not read back exactly must not guard any write (LOCK-08).
        let (fence, fence_text) = if kind == "lock" {
            let text = wire.get("fence").as_str().unwrap_or("");
            let fence = Fence::parse(text).map_err(|error| refuse(error.message().to_owned()))?;
            (Some(fence), Some(text.to_owned()))
        } else if *wire.get("fence") != Json::Null {
            return Err(refuse("a semaphore's lease came with a fence".into()));
        } else {
            (None, None)
        };
        let key = wire.get("key").as_str().unwrap_or("").to_owned();
        Ok((
            LeaseCore::new(
                self.link.clone(),
                place.to_owned(),
                id.to_owned(),
                key,
                fence_text,
                ttl,
                expires_at,
                local_expiry(answer, expires_at),
                renew,
            ),
            fence,
        ))
    }
}
