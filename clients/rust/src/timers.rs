//! The client's clock and its one timer thread: lease deadlines and renewals, and calls' deadlines.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

// A Mutex, not a OnceLock, so the crate builds with Debian 12's Rust 1.63.
static START: Mutex<Option<Instant>> = Mutex::new(None);

/// The client's clock: monotonic milliseconds.
pub(crate) fn now_ms() -> f64 {
    START.lock().unwrap().get_or_insert_with(Instant::now).elapsed().as_secs_f64() * 1000.0
}

type Task = Box<dyn FnOnce() + Send>;

#[derive(Default)]
struct State {
    // Due time in microseconds of the client's clock, and the timer's id.
    due: BinaryHeap<Reverse<(u64, u64)>>,
    tasks: HashMap<u64, Task>,
    next: u64,
    stopped: bool,
}

/// Runs tasks at times of the client's clock, on one thread, in time order.
#[derive(Clone)]
pub(crate) struct Timers {
    shared: Arc<(Mutex<State>, Condvar)>,
}

impl Timers {
    pub(crate) fn start() -> Timers {
        let timers = Timers { shared: Arc::new((Mutex::new(State::default()), Condvar::new())) };
        let shared = Arc::clone(&timers.shared);
        thread::Builder::new()
            .name("tinystore-locks-timers".into())
            .spawn(move || run(&shared))
            .expect("a thread for the lock client's timers");
        timers
    }

    /// Runs `task` at `at_ms` of the client's clock (at once if that has passed); the id cancels it.
    pub(crate) fn at(&self, at_ms: f64, task: impl FnOnce() + Send + 'static) -> u64 {
        let (lock, wake) = &*self.shared;
        let mut state = lock.lock().unwrap();
        state.next += 1;
        let id = state.next;
        state.due.push(Reverse(((at_ms.max(0.0) * 1000.0) as u64, id)));
        state.tasks.insert(id, Box::new(task));
        wake.notify_one();
        id
    }

    pub(crate) fn cancel(&self, id: u64) {
        self.shared.0.lock().unwrap().tasks.remove(&id);
    }

    pub(crate) fn stop(&self) {
        let (lock, wake) = &*self.shared;
        let mut state = lock.lock().unwrap();
        state.stopped = true;
        state.tasks.clear();
        wake.notify_one();
    }
}

fn run(shared: &(Mutex<State>, Condvar)) {
    let (lock, wake) = shared;
    let mut state = lock.lock().unwrap();
    loop {
        if state.stopped {
            return;
        }
        let now = (now_ms() * 1000.0) as u64;
        let mut ready = Vec::new();
        while let Some(&Reverse((due, id))) = state.due.peek() {
            if due > now {
                break;
            }
            state.due.pop();
            if let Some(task) = state.tasks.remove(&id) {
                ready.push(task);
            }
        }
        if !ready.is_empty() {
            drop(state);
            for task in ready {
                task();
            }
            state = lock.lock().unwrap();
            continue;
        }
        state = match state.due.peek() {
            Some(&Reverse((due, _))) => wake.wait_timeout(state, Duration::from_micros(due - now)).unwrap().0,
            None => wake.wait(state).unwrap(),
        };
    }
}
