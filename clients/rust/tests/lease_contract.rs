//! The lease contract of tests/unit/server/lease-contract.test.ts and the client contract of
//! tests/unit/server/client-contract.test.ts, case by case under the same names, run by the Rust
//! client against a real lock server (one for the whole lease contract, one a case for the client contract).

mod contract_server;
mod lock_server;

use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use contract_server::ContractServer;
use lock_server::LockServer;
use tinystore_locks::{Cancel, Client, Code, Error, Fence, HoldOptions, Lease};

// A Mutex, not a OnceLock, so the tests build with Debian 12's Rust 1.63.
static SERVER: Mutex<String> = Mutex::new(String::new());

fn server() -> String {
    SERVER.lock().unwrap().clone()
}

fn client() -> Client {
    Client::connect(&server()).expect("connect")
}

/// A case of the contract: its name, as the TypeScript contract's, and what it runs, or why Rust's types rule it out.
enum Case {
    Runs(&'static str, fn()),
    NotApplicable(&'static str, &'static str),
}

macro_rules! case {
    ($test:ident, $name:literal, $body:block) => {
        fn $test() $body
    };
}

fn main() {
    let server = LockServer::start();
    *SERVER.lock().unwrap() = server.url.clone();
    let cases = [
        Case::Runs("runs the function holding the key, resolves to its result, releases after, and the next lease has a larger fence", result_release_and_fence),
        Case::Runs("releases the key when the function throws, and rethrows", release_when_the_function_throws),
        Case::Runs("renews a held lease", renews),
        Case::Runs("gives a semaphore's leases no fence and at most its limit of holders", semaphore),
        Case::Runs("refuses an empty key in the same words", refuses_an_empty_key),
        Case::NotApplicable("refuses a key that is not a whole number in the same words", "a Key comes from a string or an integer type: 1.5 does not compile"),
        Case::NotApplicable("refuses a signal that is not one in the same words", "HoldOptions::cancel takes a &Cancel: nothing else compiles"),
        Case::NotApplicable("refuses renew that is not a boolean in the same words", "HoldOptions::renew takes a bool: nothing else compiles"),
        Case::NotApplicable("refuses onLost that is not a function in the same words", "HoldOptions::on_lost takes a closure: nothing else compiles"),
        Case::NotApplicable("refuses a ttl that is not a time in the same words", "HoldOptions::ttl takes a Duration: nothing else compiles"),
        Case::Runs("is cancelled, without running the function, by a signal aborted before the hold", cancelled_before_the_hold),
        Case::Runs("gives up with held when the key stays held past the wait", held_past_the_wait),
        Case::Runs("takes the TTL of renew(ttl) for the automatic renewals after it", renew_ttl_for_later_renewals),
        Case::Runs("leaves a hold alone once its key is held: a signal that aborts then neither stops the function nor loses the lease", cancel_once_held),
        Case::Runs("refuses a hold of a lock's key inside a hold of the same key at once, with invalid, rather than let it wait for itself until its wait runs out", nested_hold_refused),
        Case::Runs("LOCK-01: one holder at a time, and the key goes to the next in line, first come first served", lock_01),
        Case::Runs("LOCK-04: a lease that runs out tells its holder before the key goes to the next in line", lock_04),
        Case::Runs("LOCK-04: a lease whose time passed while its holder's event loop was blocked reads as lost, its signal aborted, before any timer runs", lock_04_blocked),
        Case::Runs("close() lets go of what the client holds: each lease reads as lost first, then its key goes to the next in line at once", close_lets_go),
        Case::Runs("dates a lease from the send time of the request that set it, so a server clock that jumped since the hello does not lengthen it", dates_from_send_time),
        Case::Runs("learns at its reconnect that a restarted server lost its leases, from the epoch in the hello, not at its next renewal", epoch_at_reconnect),
    ];
    let (mut passed, mut failed, mut skipped) = (0, 0, 0);
    for case in cases {
        match case {
            Case::Runs(name, run) => match std::panic::catch_unwind(run) {
                Ok(()) => {
                    passed += 1;
                    println!("ok - {name}");
                }
                Err(_) => {
                    failed += 1;
                    println!("FAILED - {name}");
                }
            },
            Case::NotApplicable(name, why) => {
                skipped += 1;
                println!("skipped - {name}: not applicable: {why}");
            }
        }
    }
    drop(server);
    println!("{passed} passed, {failed} failed, {skipped} skipped");
    std::process::exit(if failed == 0 { 0 } else { 1 });
}

case!(
    result_release_and_fence,
    "runs the function holding the key, resolves to its result, releases after, and the next lease has a larger fence",
    {
        let client = client();
        let invoices = client.lock("invoices");
        let mut first = None;
        let result = invoices
            .hold(42, |lease| -> Result<&str, Error> {
                assert_eq!((lease.key(), lease.is_lost()), ("42", false));
                assert_eq!(invoices.try_hold("42", |_| Ok::<_, Error>("second"))?, None);
                first = Some(lease.clone());
                Ok("saved")
            })
            .unwrap();
        assert_eq!(result, "saved");
        let first = first.unwrap();
        let next = invoices.try_hold("42", |lease| Ok::<_, Error>(lease.fence())).unwrap().unwrap();
        assert!(next > first.fence());
        // Released, not lost: nothing tells a loss, a renewal is refused as released, a second release does nothing.
        assert!(!first.is_lost());
        let late = first.renew(None).unwrap_err();
        assert_eq!(late.code(), Code::Released);
        assert_eq!(
            late.message(),
            format!("lock invoices: key \"42\": lease {} was released; a renewal cannot take the key back", first.id())
        );
        first.release();
    }
);

case!(release_when_the_function_throws, "releases the key when the function throws, and rethrows", {
    #[derive(Debug, PartialEq)]
    enum AppError {
        ModelDown,
        Locks(Code),
    }
    impl From<Error> for AppError {
        fn from(error: Error) -> Self {
            AppError::Locks(error.code())
        }
    }
    let client = client();
    let invoices = client.lock("invoices");
    assert_eq!(invoices.hold("42", |_| -> Result<(), AppError> { Err(AppError::ModelDown) }), Err(AppError::ModelDown));
    assert_eq!(invoices.try_hold("42", |_| Ok::<_, Error>("free")).unwrap(), Some("free"));
    // A panic lets go of the key too.
    let report = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let panicked =
        std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| invoices.hold("42", |_| -> Result<(), Error> { panic!("model down") })));
    std::panic::set_hook(report);
    assert!(panicked.is_err());
    assert_eq!(invoices.try_hold("42", |_| Ok::<_, Error>("free")).unwrap(), Some("free"));
});

case!(renews, "renews a held lease", {
    let client = client();
    client
        .lock("invoices")
        .hold("42", |lease| -> Result<(), Error> {
            let before = lease.expires_at();
            thread::sleep(Duration::from_millis(20));
            lease.renew(Some(Duration::from_secs(60)))?;
            assert!(lease.expires_at() > before);
            Ok(())
        })
        .unwrap();
});

case!(semaphore, "gives a semaphore's leases no fence and at most its limit of holders", {
    // A semaphore's lease has no fence() at all: SemaphoreLease has no such method.
    let client = client();
    let exports = client.semaphore("exports", 2);
    exports
        .hold("t", |_a| -> Result<(), Error> {
            exports.hold("t", |_b| -> Result<(), Error> {
                assert_eq!(exports.try_hold("t", |_| Ok::<_, Error>("third"))?, None);
                Ok(())
            })
        })
        .unwrap();
});

/// What a hold refused before it began says, its code and message, and whether its function ran.
fn refusal(hold: impl FnOnce(&mut dyn FnMut(&Lease) -> Result<(), Error>) -> Result<(), Error>) -> (Code, String, bool) {
    let mut ran = false;
    let error = hold(&mut |_| {
        ran = true;
        Ok(())
    })
    .unwrap_err();
    (error.code(), error.message().to_owned(), ran)
}

case!(refuses_an_empty_key, "refuses an empty key in the same words", {
    let client = client();
    let invoices = client.lock("invoices");
    assert_eq!(
        refusal(|f| invoices.hold("", f)),
        (Code::Invalid, "lock invoices: the key is empty; expected a non-empty string or an integer".to_owned(), false)
    );
});

case!(cancelled_before_the_hold, "is cancelled, without running the function, by a signal aborted before the hold", {
    let cancel = Cancel::new();
    cancel.cancel();
    let client = client();
    let invoices = client.lock("invoices");
    assert_eq!(
        refusal(|f| invoices.hold_with("42", &HoldOptions::new().cancel(&cancel), f)),
        (Code::Cancelled, "lock invoices: key \"42\": cancelled before the hold began".to_owned(), false)
    );
});

case!(held_past_the_wait, "gives up with held when the key stays held past the wait", {
    let client = client();
    let invoices = client.lock("invoices");
    // Held by another thread, not around this call: a hold inside it would be refused as nested (below).
    let (holds, let_go) = (Arc::new(Cancel::new()), Arc::new(Cancel::new()));
    let holding = {
        let (invoices, holds, let_go) = (client.lock("invoices"), Arc::clone(&holds), Arc::clone(&let_go));
        thread::spawn(move || {
            invoices
                .hold("42", |_| -> Result<(), Error> {
                    holds.cancel();
                    while !let_go.is_cancelled() {
                        thread::sleep(Duration::from_millis(5));
                    }
                    Ok(())
                })
                .unwrap()
        })
    };
    while !holds.is_cancelled() {
        thread::sleep(Duration::from_millis(5));
    }
    let error = invoices.hold_with("42", &HoldOptions::new().wait(Duration::from_millis(100)), |_| Ok::<_, Error>(())).unwrap_err();
    assert_eq!(error.code(), Code::Held);
    assert!(error.message().starts_with("lock invoices: key \"42\": held past the 100 ms wait"), "{}", error.message());
    let_go.cancel();
    holding.join().unwrap();
});

case!(renew_ttl_for_later_renewals, "takes the TTL of renew(ttl) for the automatic renewals after it", {
    let client = client();
    client
        .lock("invoices")
        .hold_with("42", &HoldOptions::new().ttl(Duration::from_secs(1)), |lease| -> Result<(), Error> {
            lease.renew(Some(Duration::from_secs(3)))?;
            let renewed = lease.expires_at();
            // The next automatic renewal comes a third of the new TTL later, 1 s, and lasts the new TTL, 3 s: the lease
            // then ends 1 s later than the renewal by hand made it, where a TTL of 1 s would end it 1 s sooner. On a busy
            // machine the renewal may come late, so the test looks for it until 2.5 s, still within the new TTL.
            let deadline = std::time::Instant::now() + Duration::from_millis(2500);
            while lease.expires_at() <= renewed + Duration::from_millis(500) && std::time::Instant::now() < deadline {
                thread::sleep(Duration::from_millis(50));
            }
            assert!(lease.expires_at() > renewed + Duration::from_millis(500), "{:?} is not 500 ms past {:?}", lease.expires_at(), renewed);
            Ok(())
        })
        .unwrap();
});

case!(
    cancel_once_held,
    "leaves a hold alone once its key is held: a signal that aborts then neither stops the function nor loses the lease",
    {
        let client = client();
        let invoices = client.lock("invoices");
        let stop = Cancel::new();
        let lost = invoices
            .hold_with("42", &HoldOptions::new().cancel(&stop), |lease| -> Result<bool, Error> {
                stop.cancel();
                thread::sleep(Duration::from_millis(20));
                Ok(lease.is_lost())
            })
            .unwrap();
        assert!(!lost);
        assert_eq!(invoices.try_hold("42", |_| Ok::<_, Error>("free after the function")).unwrap(), Some("free after the function"));
    }
);

case!(nested_hold_refused, "refuses a hold of a lock's key inside a hold of the same key at once, with invalid, rather than let it wait for itself until its wait runs out", {
    let client = client();
    let invoices = client.lock("invoices");
    let started = std::time::Instant::now();
    let nested = invoices
        .hold("42", |lease| -> Result<Error, Error> {
            // Another Lock of the same name on the same client and thread: the nesting follows the thread.
            let nested = client.lock("invoices").hold_with("42", &HoldOptions::new().wait(Duration::from_secs(10)), |_| Ok::<_, Error>("inner")).unwrap_err();
            assert_eq!(
                nested.message(),
                format!("lock invoices: key \"42\": this hold is inside a hold of the same key (lease {}) and would wait for itself until its 10 s wait ran out: a lock is not reentrant, so use the lease you hold", lease.id())
            );
            Ok(nested)
        })
        .unwrap();
    assert_eq!(nested.code(), Code::Invalid);
    assert!(started.elapsed() < Duration::from_secs(5));
    // A try waits for nothing, and finds the key held; another key, or a semaphore's place, is no nesting.
    assert_eq!(invoices.hold("42", |_| invoices.try_hold("42", |_| Ok::<_, Error>("inner"))).unwrap(), None);
    assert_eq!(invoices.hold("42", |_| invoices.hold("43", |_| Ok::<_, Error>("other key"))).unwrap(), "other key");
    let exports = client.semaphore("exports", 2);
    assert_eq!(exports.hold("t", |_| exports.hold("t", |_| Ok::<_, Error>("second place"))).unwrap(), "second place");
    // The same key through another client is another holder, which waits its turn.
    let other = self::client();
    let error = invoices.hold("42", |_| Ok::<_, Error>(other.lock("invoices").hold_with("42", &HoldOptions::new().wait(Duration::from_millis(100)), |_| Ok::<_, Error>(())).unwrap_err())).unwrap();
    assert_eq!(error.code(), Code::Held);
});

case!(lock_01, "LOCK-01: one holder at a time, and the key goes to the next in line, first come first served", {
    let client = client();
    let state = Arc::new(Mutex::new((Vec::<&str>::new(), 0, 0)));
    let (holds, let_go) = (Arc::new(Cancel::new()), Arc::new(Cancel::new()));
    let worker = |name: &'static str| {
        let (invoices, state, holds, let_go) = (client.lock("invoices"), Arc::clone(&state), Arc::clone(&holds), Arc::clone(&let_go));
        let (asking, asks) = std::sync::mpsc::channel();
        let worker = thread::spawn(move || {
            asking.send(()).unwrap();
            invoices
                .hold("42", |_| -> Result<(), Error> {
                    {
                        let mut s = state.lock().unwrap();
                        s.1 += 1;
                        s.2 = s.2.max(s.1);
                        s.0.push(name);
                    }
                    if name == "A" {
                        holds.cancel();
                        while !let_go.is_cancelled() {
                            thread::sleep(Duration::from_millis(5));
                        }
                    }
                    thread::sleep(Duration::from_millis(20));
                    state.lock().unwrap().1 -= 1;
                    Ok(())
                })
                .unwrap()
        });
        // Each asks for the key well after the one before it asked: the line's order is theirs.
        asks.recv().unwrap();
        thread::sleep(Duration::from_millis(100));
        worker
    };
    let mut workers = vec![worker("A")];
    while !holds.is_cancelled() {
        thread::sleep(Duration::from_millis(5));
    }
    for name in ["B", "C", "D"] {
        workers.push(worker(name));
    }
    let_go.cancel();
    for w in workers {
        w.join().unwrap();
    }
    let s = state.lock().unwrap();
    assert_eq!((s.0.clone(), s.2), (vec!["A", "B", "C", "D"], 1));
});

case!(lock_04, "LOCK-04: a lease that runs out tells its holder before the key goes to the next in line", {
    let client = client();
    let events = Arc::new(Mutex::new(Vec::<String>::new()));
    let first = Arc::new(Mutex::new(None));
    let a = {
        let (invoices, first) = (client.lock("invoices"), Arc::clone(&first));
        let told = Arc::clone(&events);
        let options = HoldOptions::new()
            .ttl(Duration::from_secs(1))
            .renew(false)
            .on_lost(move |reason| told.lock().unwrap().push(format!("A told: {}", reason.code())));
        thread::spawn(move || {
            invoices
                .hold_with("42", &options, |lease| -> Result<&str, Error> {
                    *first.lock().unwrap() = Some(lease.clone());
                    lease.wait_lost(None);
                    Ok("A done")
                })
                .unwrap()
        })
    };
    while first.lock().unwrap().is_none() {
        thread::sleep(Duration::from_millis(5));
    }
    thread::sleep(Duration::from_millis(50));
    let fence = client
        .lock("invoices")
        .hold_with("42", &HoldOptions::new().wait(Duration::from_secs(5)), |lease| -> Result<Fence, Error> {
            let a_lost = first.lock().unwrap().as_ref().unwrap().is_lost();
            events.lock().unwrap().push(format!("B holds, A lost: {a_lost}"));
            Ok(lease.fence())
        })
        .unwrap();
    assert_eq!(a.join().unwrap(), "A done");
    assert_eq!(*events.lock().unwrap(), vec!["A told: lost".to_owned(), "B holds, A lost: true".to_owned()]);
    assert!(fence > first.lock().unwrap().as_ref().unwrap().fence());
});

/// How long the lease took to read as lost; panics after `timeout`.
fn lost_within(lease: &tinystore_locks::LeaseCore, timeout: Duration) -> Duration {
    let started = Instant::now();
    lease.wait_lost(Some(timeout)).unwrap_or_else(|| panic!("lease {} did not read as lost within {timeout:?}", lease.id()));
    started.elapsed()
}

case!(
    close_lets_go,
    "close() lets go of what the client holds: each lease reads as lost first, then its key goes to the next in line at once",
    {
        let server = ContractServer::start();
        let (a, b) = (Client::connect(&server.url).unwrap(), Client::connect(&server.url).unwrap());
        let first = Arc::new(Mutex::new(None));
        let holding = {
            let (invoices, first) = (a.lock("invoices"), Arc::clone(&first));
            thread::spawn(move || {
                invoices
                    .hold_with("42", &HoldOptions::new().ttl(Duration::from_secs(30)), |lease| -> Result<Option<Code>, Error> {
                        *first.lock().unwrap() = Some(lease.clone());
                        Ok(lease.wait_lost(None).map(|reason| reason.code()))
                    })
                    .unwrap()
            })
        };
        while first.lock().unwrap().is_none() {
            thread::sleep(Duration::from_millis(5));
        }
        let next = {
            let invoices = b.lock("invoices");
            thread::spawn(move || {
                invoices
                    .hold_with("42", &HoldOptions::new().wait(Duration::from_secs(10)), |lease| -> Result<Fence, Error> {
                        Ok(lease.fence())
                    })
                    .unwrap()
            })
        };
        thread::sleep(Duration::from_millis(50));
        let closed_at = Instant::now();
        a.close();
        assert_eq!(holding.join().unwrap(), Some(Code::Closed));
        let fence = next.join().unwrap();
        assert!(fence > first.lock().unwrap().as_ref().unwrap().fence());
        // Well before the 30 s TTL: the close released the key.
        assert!(closed_at.elapsed() < Duration::from_secs(5), "the next in line got the key {:?} after the close", closed_at.elapsed());
    }
);

case!(
    dates_from_send_time,
    "dates a lease from the send time of the request that set it, so a server clock that jumped since the hello does not lengthen it",
    {
        let mut server = ContractServer::start();
        let locks = Client::connect(&server.url).unwrap();
        // The hello measured the server's clock; an hour later by it, and with answers slower than the hello's, a lease of 2 s must still last 2 s here.
        server.command("jump 3600000");
        server.command("slow 100");
        let server = Mutex::new(server);
        let after = locks
            .lock("invoices")
            .hold_with("42", &HoldOptions::new().ttl(Duration::from_secs(2)).renew(false), |lease| -> Result<Duration, Error> {
                // The server's word of the loss never comes: the lease's own time must tell.
                server.lock().unwrap().command("drop");
                Ok(lost_within(lease, Duration::from_secs(5)))
            })
            .unwrap();
        server.lock().unwrap().command("pass");
        assert!(after < Duration::from_millis(2500), "the lease read as lost {after:?} after its grant, past its 2 s TTL");
    }
);

case!(
    epoch_at_reconnect,
    "learns at its reconnect that a restarted server lost its leases, from the epoch in the hello, not at its next renewal",
    {
        let server = Mutex::new(ContractServer::start());
        let url = server.lock().unwrap().url.clone();
        let locks = Client::connect(&url).unwrap();
        let (after, reason) = locks
            .lock("invoices")
            .hold_with("42", &HoldOptions::new().ttl(Duration::from_secs(30)), |lease| -> Result<(Duration, Option<Error>), Error> {
                server.lock().unwrap().command("restart");
                // Its next renewal is 10 s after the grant (a third of the TTL): the reconnect must tell first.
                Ok((lost_within(lease, Duration::from_secs(8)), lease.lost_reason()))
            })
            .unwrap();
        assert!(after < Duration::from_secs(5), "the loss was learned {after:?} after the restart");
        let reason = reason.expect("a reason").message().to_owned();
        let (head, tail) = reason.split_once(" was lost: the server restarted (epoch ").unwrap_or_else(|| panic!("reason: {reason}"));
        assert!(head.starts_with("lock invoices: key \"42\": lease "), "reason: {reason}");
        assert!(tail.ends_with(')') && tail.contains(", now "), "reason: {reason}");
    }
);

// Rust has no event loop: the lease's timer runs on the timers' thread, so this case passes by the timer or by
// is_lost's own look at the deadline, whichever comes first; the look alone covers a whole process stopped past its TTL.
case!(
    lock_04_blocked,
    "LOCK-04: a lease whose time passed while its holder's event loop was blocked reads as lost, its signal aborted, before any timer runs",
    {
        let client = client();
        let seen = client.lock("invoices").hold_with(
            "42",
            &HoldOptions::new().ttl(Duration::from_secs(1)).renew(false),
            |lease| -> Result<_, Error> {
                let before = lease.is_lost();
                let until = Instant::now() + Duration::from_millis(1500);
                while Instant::now() < until {}
                Ok((before, lease.is_lost(), lease.lost_reason().map(|reason| reason.code())))
            },
        );
        assert_eq!(seen.map_err(|error| error.code()), Ok((false, true, Some(Code::Lost))));
    }
);
