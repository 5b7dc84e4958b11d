//! Hold+release pairs per second of the Rust client: `pairs URL LANES SECONDS ROUNDS` prints one
//! rate a round. LANES threads hold and release at once, each its own key (one lane: key 42), each
//! pair waited for before the next.

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use tinystore_locks::{Client, Error};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let lanes: usize = args[2].parse().expect("LANES");
    let seconds: f64 = args[3].parse().expect("SECONDS");
    let rounds: usize = args[4].parse().expect("ROUNDS");
    let client = Client::connect(&args[1]).expect("connect");
    let keys: Vec<String> = if lanes == 1 { vec!["42".to_owned()] } else { (0..lanes).map(|lane| format!("key {lane}")).collect() };
    let rate = |round: Duration| -> f64 {
        let done = AtomicU64::new(0);
        let start = Instant::now();
        let until = start + round;
        std::thread::scope(|scope| {
            for key in &keys {
                let (summaries, done) = (client.lock("summaries"), &done);
                scope.spawn(move || {
                    while Instant::now() < until {
                        summaries.hold(key.as_str(), |_| Ok::<(), Error>(())).expect("hold");
                        done.fetch_add(1, Ordering::Relaxed);
                    }
                });
            }
        });
        done.load(Ordering::Relaxed) as f64 / start.elapsed().as_secs_f64()
    };
    let round = Duration::from_secs_f64(seconds);
    rate(round.min(Duration::from_millis(500)));
    for _ in 0..rounds {
        println!("{:.1}", rate(round));
    }
    client.close();
}
