//! The client contract's server for the tests: tests/unit/clients/fixtures/contract-server.ts, a real
//! lock server behind a relay whose clock jumps, whose frames are slowed or dropped, and which restarts,
//! on the test's word.

use std::io::{BufRead, BufReader, Lines, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

pub struct ContractServer {
    pub url: String,
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Lines<BufReader<ChildStdout>>,
}

impl ContractServer {
    /// Starts the fixture under the Node on the PATH, with tsx.
    pub fn start() -> ContractServer {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
        let mut child = Command::new("node")
            .args(["--import", "tsx", "tests/unit/clients/fixtures/contract-server.ts"])
            .current_dir(root)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the contract server needs Node on the PATH");
        let stdin = child.stdin.take();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let first = lines.next().and_then(Result::ok).unwrap_or_default();
        let url = first.strip_prefix("url ").unwrap_or_else(|| panic!("the contract server did not start: {first:?}")).to_owned();
        ContractServer { url, child, stdin, lines }
    }

    /// Sends `jump MS`, `slow MS`, `drop`, `pass` or `restart`, and returns once it is done.
    pub fn command(&mut self, text: &str) {
        let stdin = self.stdin.as_mut().unwrap();
        writeln!(stdin, "{text}").unwrap();
        stdin.flush().unwrap();
        let answer = self.lines.next().and_then(Result::ok).unwrap_or_default();
        assert_eq!(answer, "ok", "the contract server answered {text:?} with {answer:?}");
    }
}

impl Drop for ContractServer {
    fn drop(&mut self) {
        drop(self.stdin.take());
        let _ = self.child.wait();
    }
}
