//! A lease the server gave, as its holder sees it: lost when a renewal is refused, when the server
//! says so, or just before its time runs out here (LOCK-04), whichever comes first.

use std::ops::Deref;
use std::sync::{Arc, Condvar, Mutex, MutexGuard, Weak};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::error::{format_duration, Code, Error};
use crate::fence::Fence;
use crate::json::{self, Field, Json};
use crate::link::Link;
use crate::slot::Slot;
use crate::timers::now_ms;
use crate::wire_limits::wire_ttl;

/// Told of a lease's loss, with the reason.
pub(crate) type LostListener = Arc<dyn Fn(&Error) + Send + Sync>;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Status {
    Held,
    Released,
    Lost,
}

struct State {
    status: Status,
    lost: Option<Error>,
    ttl_ms: f64,
    expires_at: f64,
    // When it runs out in the client's clock (local_expiry).
    runs_out_at: f64,
    renew_at: f64,
    timer: Option<u64>,
    renewing: bool,
    renewals: Vec<Weak<Slot>>,
}

/// What every lease has, a lock's ([`Lease`]) or a semaphore's ([`SemaphoreLease`]): its id, its
/// key, its time, whether it is lost, and how to renew and release it.
pub struct LeaseCore {
    id: String,
    key: String,
    place: String,
    // The epoch of the server that gave it: a server of another epoch knows nothing of it.
    epoch: Option<String>,
    fence_text: Option<String>,
    link: Link,
    state: Mutex<State>,
    lost: Condvar,
    on_lost: Mutex<Vec<LostListener>>,
    me: Weak<LeaseCore>,
}

/// When a lease runs out, in the client's clock, from the answer that set its expiry: no earlier than
/// the request's send time, plus the time it waited at the server, plus what was left of the lease when
/// the server answered. No measure of the server's clock is kept: one taken hours ago says nothing of now.
pub(crate) fn local_expiry(answer: &Json, expires_at: f64) -> f64 {
    match (answer.get("now").as_f64(), answer.get("sentAt").as_f64()) {
        (Some(server_now), Some(sent_at)) => {
            sent_at + answer.get("waited").as_f64().filter(|waited| *waited > 0.0).unwrap_or(0.0) + (expires_at - server_now)
        }
        _ => now_ms(),
    }
}

impl LeaseCore {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        link: Link,
        place: String,
        id: String,
        key: String,
        fence_text: Option<String>,
        ttl_ms: f64,
        expires_at: f64,
        runs_out_at: f64,
        renew: bool,
    ) -> Arc<LeaseCore> {
        let epoch = link.epoch();
        Arc::new_cyclic(|me| LeaseCore {
            id,
            key,
            place,
            epoch,
            fence_text,
            link,
            state: Mutex::new(State {
                status: Status::Held,
                lost: None,
                ttl_ms,
                expires_at,
                runs_out_at,
                renew_at: if renew { now_ms() + ttl_ms / 3.0 } else { f64::INFINITY },
                timer: None,
                renewing: false,
                renewals: Vec::new(),
            }),
            lost: Condvar::new(),
            on_lost: Mutex::new(Vec::new()),
            me: me.clone(),
        })
    }

    fn state(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap()
    }

    /// Names the lease in renewals and releases: a random UUID the server gave.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// The key held, as text.
    pub fn key(&self) -> &str {
        &self.key
    }

    /// Where the lease is, for messages: `lock invoices: key "42"`.
    pub fn place(&self) -> &str {
        &self.place
    }

    /// The epoch of the server that gave the lease.
    pub(crate) fn epoch(&self) -> Option<&str> {
        self.epoch.as_deref()
    }

    /// When the lease runs out unless renewed, on the server's clock.
    pub fn expires_at(&self) -> SystemTime {
        UNIX_EPOCH + Duration::from_secs_f64(self.state().expires_at / 1000.0)
    }

    /// True once the lease ran out, was ended, or its client or server closed.
    pub fn is_lost(&self) -> bool {
        self.expire_if_due();
        self.state().status == Status::Lost
    }

    /// True while the lease holds its key: neither released nor lost.
    pub(crate) fn holds(&self) -> bool {
        self.expire_if_due();
        self.state().status == Status::Held
    }

    /// Why the lease was lost, once it was.
    pub fn lost_reason(&self) -> Option<Error> {
        self.expire_if_due();
        self.state().lost.clone()
    }

    /// Loses the lease if its deadline here has passed but its timer has not run yet (the whole process
    /// was stopped past it, and the timers' thread is not yet scheduled); true if it did.
    fn expire_if_due(&self) -> bool {
        let state = self.state();
        if state.status != Status::Held || now_ms() < self.deadline(&state) {
            return false;
        }
        let reason = Error::new(
            Code::Lost,
            format!("{}: lease {} ran out: its {} TTL passed without a renewal", self.place, self.id, format_duration(state.ttl_ms)),
        );
        drop(state);
        self.lose(reason)
    }

    /// Waits until the lease is lost, at most `timeout` (forever when `None`); the reason, if it was.
    pub fn wait_lost(&self, timeout: Option<Duration>) -> Option<Error> {
        let until = timeout.map(|t| now_ms() + t.as_secs_f64() * 1000.0);
        let mut state = self.state();
        while state.lost.is_none() {
            match until {
                None => state = self.lost.wait(state).unwrap(),
                Some(until) => {
                    let left = until - now_ms();
                    if left <= 0.0 {
                        return None;
                    }
                    state = self.lost.wait_timeout(state, Duration::from_secs_f64(left / 1000.0)).unwrap().0;
                }
            }
        }
        state.lost.clone()
    }

    /// Calls `listener` with the reason when the lease is lost, before its key can go to anyone else.
    pub fn on_lost(&self, listener: impl Fn(&Error) + Send + Sync + 'static) {
        self.on_lost.lock().unwrap().push(Arc::new(listener));
    }

    pub(crate) fn on_lost_shared(&self, listener: LostListener) {
        self.on_lost.lock().unwrap().push(listener);
    }

    /// Makes the lease last `ttl` from now (its TTL so far when `None`). Fails with `Lost` once it
    /// ran out and `Released` after a release.
    pub fn renew(&self, ttl: Option<Duration>) -> Result<(), Error> {
        let ttl_ms = match ttl {
            Some(ttl) => wire_ttl(&self.place, ttl)?,
            None => self.state().ttl_ms,
        };
        let slot = {
            let mut state = self.state();
            match state.status {
                Status::Released => {
                    return Err(Error::new(
                        Code::Released,
                        format!("{}: lease {} was released; a renewal cannot take the key back", self.place, self.id),
                    ))
                }
                Status::Lost => return Err(self.lost_before_renewal()),
                Status::Held => {}
            }
            let mut fields: Vec<Field> =
                vec![("method", json::quote("renew")), ("leaseId", json::quote(&self.id)), ("ttl", (ttl_ms as u64).to_string())];
            if let Some(fence) = &self.fence_text {
                fields.push(("fence", json::quote(fence)));
            }
            let (id, slot) = self.link.call(fields, None);
            state.renewals.retain(|renewal| renewal.strong_count() > 0);
            state.renewals.push(Arc::downgrade(&slot));
            (id, slot)
        };
        let (id, slot) = slot;
        let answer = slot.wait(None).expect("a renewal waits without a Cancel");
        let message = match answer {
            Ok(message) => message,
            Err(error) => {
                self.link.withdraw(id);
                return Err(error);
            }
        };
        if !message.get("ok").is_true() {
            let error = Error::from_wire(message.get("error"));
            if matches!(error.code(), Code::Lost | Code::Released) {
                self.lose(error.clone());
            }
            return Err(error);
        }
        let mut state = self.state();
        if state.status == Status::Held {
            state.ttl_ms = ttl_ms;
            if let Some(expires_at) = message.get("lease").get("expiresAt").as_f64() {
                state.expires_at = expires_at;
                state.runs_out_at = local_expiry(&message, expires_at);
            }
            self.arm(&mut state);
        }
        Ok(())
    }

    fn lost_before_renewal(&self) -> Error {
        Error::new(Code::Lost, format!("{}: lease {} was lost before this renewal", self.place, self.id))
    }

    /// Lets go of the key. Does nothing for a lease already lost or released, so it never frees a
    /// newer holder; a refusal changes nothing, since the key is free by the lease's TTL at the latest.
    pub fn release(&self) {
        let runs_out_at = {
            let mut state = self.state();
            if state.status != Status::Held {
                return;
            }
            state.status = Status::Released;
            self.disarm(&mut state);
            state.runs_out_at
        };
        let _ = self.release_at_server(runs_out_at).wait(None);
    }

    /// For a client that closes: the lease reads as lost (`reason`) first, then its release is sent; the
    /// answer lands in the slot given back, or a refusal at `deadline` in the client's clock. None for a lease not held.
    pub(crate) fn lose_and_release(&self, reason: Error, deadline: f64) -> Option<Arc<Slot>> {
        let runs_out_at = self.state().runs_out_at;
        if !self.lose(reason) {
            return None;
        }
        Some(self.release_at_server(deadline.min(runs_out_at)))
    }

    // Past `until`, the lease's own time or a close's deadline, the answer no longer matters: the key is free by the TTL either way.
    fn release_at_server(&self, until: f64) -> Arc<Slot> {
        let mut fields: Vec<Field> = vec![("method", json::quote("release")), ("leaseId", json::quote(&self.id))];
        if let Some(fence) = &self.fence_text {
            fields.push(("fence", json::quote(fence)));
        }
        let message = format!("{}: lease {}: no answer to its release in time", self.place, self.id);
        let (_, slot) = self.link.call(fields, Some((until, Box::new(move || Error::new(Code::Lost, message)))));
        slot
    }

    /// Marks the lease lost and tells its holder; a released lease stays released. True if it was held.
    pub(crate) fn lose(&self, reason: Error) -> bool {
        let renewals = {
            let mut state = self.state();
            if state.status != Status::Held {
                return false;
            }
            state.status = Status::Lost;
            state.lost = Some(reason.clone());
            self.disarm(&mut state);
            std::mem::take(&mut state.renewals)
        };
        self.lost.notify_all();
        for renewal in renewals.iter().filter_map(Weak::upgrade) {
            renewal.fill(Err(self.lost_before_renewal()));
        }
        let listeners = self.on_lost.lock().unwrap().clone();
        for listener in listeners {
            listener(&reason);
        }
        true
    }

    // Early by a fiftieth of the TTL (at most 1 s), for timers that fire late.
    fn deadline(&self, state: &State) -> f64 {
        state.runs_out_at - (state.ttl_ms / 50.0).min(1000.0)
    }

    /// Sets the lease's one timer: at the next renewal while renewing, else at the deadline.
    fn arm(&self, state: &mut State) {
        self.disarm(state);
        let due = state.renew_at.min(self.deadline(state));
        let me = self.me.clone();
        state.timer = Some(self.link.timers().at(due, move || {
            if let Some(lease) = me.upgrade() {
                lease.on_timer();
            }
        }));
    }

    pub(crate) fn start(&self) {
        let mut state = self.state();
        self.arm(&mut state);
    }

    fn disarm(&self, state: &mut State) {
        if let Some(timer) = state.timer.take() {
            self.link.timers().cancel(timer);
        }
    }

    fn on_timer(&self) {
        let mut state = self.state();
        state.timer = None;
        if state.status != Status::Held {
            return;
        }
        let now = now_ms();
        if now >= self.deadline(&state) {
            let reason = Error::new(
                Code::Lost,
                format!("{}: lease {} ran out: its {} TTL passed without a renewal", self.place, self.id, format_duration(state.ttl_ms)),
            );
            drop(state);
            self.lose(reason);
            return;
        }
        if now >= state.renew_at {
            state.renew_at = now + state.ttl_ms / 3.0;
            if !state.renewing {
                state.renewing = true;
                if let Some(lease) = self.me.upgrade() {
                    // Renewals wait for the server: not on the timers' thread.
                    std::thread::spawn(move || {
                        if let Err(error) = lease.renew(None) {
                            // A refusal other than these (the server busy) waits for the next turn.
                            if matches!(error.code(), Code::Lost | Code::Released | Code::Closed) {
                                lease.lose(error);
                            }
                        }
                        lease.state().renewing = false;
                    });
                }
            }
        }
        self.arm(&mut state);
    }
}

/// A lock's lease: its fence is larger than every earlier lease's (LOCK-03). A clone is the same lease.
#[derive(Clone)]
pub struct Lease {
    pub(crate) core: Arc<LeaseCore>,
    pub(crate) fence: Fence,
}

impl Lease {
    /// The lease's fence.
    pub fn fence(&self) -> Fence {
        self.fence
    }
}

impl Deref for Lease {
    type Target = LeaseCore;
    fn deref(&self) -> &LeaseCore {
        &self.core
    }
}

/// A semaphore's lease: no fence, since its holders at once would refuse each other's writes. A clone is the same lease.
#[derive(Clone)]
pub struct SemaphoreLease {
    pub(crate) core: Arc<LeaseCore>,
}

impl Deref for SemaphoreLease {
    type Target = LeaseCore;
    fn deref(&self) -> &LeaseCore {
        &self.core
    }
}
