//! A program's side of the doctest's director: ask on standard output, read the answer on standard input.

use std::io::{BufRead, Write};

/// Prints a request to the doctest's director and returns once it answered ok.
pub fn ask_director(line: &str) -> Result<(), String> {
    println!("{line}");
    std::io::stdout().flush().map_err(|e| e.to_string())?;
    let mut answer = String::new();
    std::io::stdin().lock().read_line(&mut answer).map_err(|e| e.to_string())?;
    if answer.trim() == "ok" {
        Ok(())
    } else {
        Err(format!("{line}: the director answered {answer:?}"))
    }
}
