//! A client of the tinystore lock server: locks, semaphores, leases and fences over the server's
//! wire protocol (JSON lines over TCP), with the standard library alone.
//!
//! ```no_run
//! use tinystore_locks::{Client, Error};
//!
//! let client = Client::connect("tcp://127.0.0.1:7411")?;
//! let summaries = client.lock("summaries");
//! summaries.hold(42, |lease| -> Result<(), Error> {
//!     // lease.fence() is larger than every earlier lease's; write it beside what you save
//!     let _fence = format!("{:040}", lease.fence().get());
//!     Ok(())
//! })?;
//! # Ok::<(), Error>(())
//! ```

mod client;
mod error;
mod fence;
mod json;
mod lease;
mod link;
mod nesting;
mod random;
mod slot;
mod timers;
mod wire_limits;

pub use client::{Client, ConnectOptions, HoldOptions, Holds, Key, Lock, Semaphore};
pub use error::{Code, Error};
pub use fence::Fence;
pub use lease::{Lease, LeaseCore, SemaphoreLease};
pub use slot::Cancel;
