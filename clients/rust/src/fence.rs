//! Fences as the wire writes them (LOCK-08): decimal text of 1 to 40 digits, at most 2^128 - 1.

use std::fmt;

use crate::error::{Code, Error};

/// A lock lease's fence: larger than every earlier lease's of the server's store (LOCK-03). Fences
/// are ordered; `get()` is the number, the store's epoch in the high 64 bits and a count in the low.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Fence(u128);

impl Fence {
    /// The fence as a number.
    pub fn get(self) -> u128 {
        self.0
    }

    /// The fence as 40 zero-padded digits, which compare as text in the order of the numbers: `format!("{:040}", fence.get())`.
    pub fn text(self) -> String {
        format!("{:040}", self.0)
    }

    /// Reads a fence as the wire writes it: 1 to 40 ASCII digits, leading zeros allowed, at most
    /// 2^128 - 1; anything else is refused with an `Invalid` error.
    pub fn parse(text: &str) -> Result<Fence, Error> {
        let digits = !text.is_empty() && text.bytes().all(|b| b.is_ascii_digit());
        if !digits || text.len() > 40 {
            let got = if digits { format!(", got {}", text.len()) } else { String::new() };
            return Err(Error::new(Code::Invalid, format!("fence {}: expected 1 to 40 decimal digits{got}", crate::json::quote(text))));
        }
        text.parse::<u128>()
            .map(Fence)
            .map_err(|_| Error::new(Code::Invalid, format!("fence {}: larger than 2^128 - 1", crate::json::quote(text))))
    }
}

impl From<Fence> for u128 {
    fn from(fence: Fence) -> u128 {
        fence.0
    }
}

impl fmt::Display for Fence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.0, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_wire_and_orders_as_text() {
        assert_eq!(Fence::parse("0007").unwrap().get(), 7);
        assert_eq!(Fence::parse(&u128::MAX.to_string()).unwrap().get(), u128::MAX);
        assert_eq!(
            Fence::parse("340282366920938463463374607431768211456").unwrap_err().message(),
            "fence \"340282366920938463463374607431768211456\": larger than 2^128 - 1"
        );
        assert_eq!(
            Fence::parse(&"1".repeat(41)).unwrap_err().message(),
            format!("fence \"{}\": expected 1 to 40 decimal digits, got 41", "1".repeat(41))
        );
        assert_eq!(Fence::parse(" 7").unwrap_err().message(), "fence \" 7\": expected 1 to 40 decimal digits");
        let (a, b) = (Fence(9), Fence(10));
        assert!(a < b && a.text() < b.text() && b.text().len() == 40);
    }
}
