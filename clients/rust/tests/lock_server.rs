//! A real lock server for the tests: the repository's own, started as a process on a free port.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

pub struct LockServer {
    pub url: String,
    child: Child,
    dir: PathBuf,
}

impl LockServer {
    /// Starts `server/cli.ts` (under the Node on the PATH, with tsx) on a fresh store and a free port.
    pub fn start() -> LockServer {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let dir = std::env::temp_dir().join(format!("tinystore-rust-{}-{}", std::process::id(), tinystore_locks_test_nonce()));
        let mut child = Command::new("node")
            .args(["--import", "tsx", "server/cli.ts", "--port", "0", "--dir"])
            .arg(dir.join("data"))
            .current_dir(root)
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the tests start the repository's lock server, which needs Node on the PATH");
        let stdout = child.stdout.take().unwrap();
        let (found, url) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if let Some(at) = line.find(" on tcp://") {
                    let _ = found.send(line[at + 4..].split_whitespace().next().unwrap_or("").to_owned());
                }
            }
        });
        let url = url.recv_timeout(Duration::from_secs(30)).expect("the lock server did not start within 30 s");
        LockServer { url, child, dir }
    }
}

impl Drop for LockServer {
    fn drop(&mut self) {
        let _ = Command::new("kill").args(["-TERM", &self.child.id().to_string()]).status();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn tinystore_locks_test_nonce() -> u128 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos()
}
