//! Numeric literals in program text → GW-BASIC's stored constant bytes (digest §1.2, §6.3).
//! The value and type come from `num::parse_literal`, shared with VAL, INPUT and READ.

use crate::num::{self, Num};
use crate::text::token::byte;

/// A literal found at the start of a text: its stored bytes and the text length it used.
pub struct Literal {
    pub bytes: Vec<u8>,
    pub len: usize,
    /// The literal was too large and saturated (GW prints `Overflow` when the line is
    /// entered).
    pub overflow: bool,
    /// An `&H`/`&O` literal past 16 bits: a hard Overflow (S GWEVAL.ASM OCTCNS → OVERR).
    pub hard_overflow: bool,
}

/// The literal at the start of `text` (which starts with a digit, `.` or `&`).
pub fn literal(text: &[u8]) -> Option<Literal> {
    let parsed = num::parse_literal(text)?;
    let mut bytes = Vec::with_capacity(9);
    match (parsed.radix, parsed.value) {
        (num::Radix::Hex, Num::Int(i)) => {
            bytes.push(byte::HEX);
            bytes.extend_from_slice(&i.to_le_bytes());
        }
        (num::Radix::Octal, Num::Int(i)) => {
            bytes.push(byte::OCT);
            bytes.extend_from_slice(&i.to_le_bytes());
        }
        (_, Num::Int(i)) => match i {
            0..=9 => bytes.push(byte::DIGIT0 + i as u8),
            10..=255 => bytes.extend_from_slice(&[byte::INT1, i as u8]),
            _ => {
                bytes.push(byte::INT2);
                bytes.extend_from_slice(&i.to_le_bytes());
            }
        },
        (_, Num::Sng(s)) => {
            bytes.push(byte::SNG);
            bytes.extend_from_slice(&s.to_bytes());
        }
        (_, Num::Dbl(d)) => {
            bytes.push(byte::DBL);
            bytes.extend_from_slice(&d.to_bytes());
        }
    }
    Some(Literal {
        bytes,
        len: parsed.len,
        overflow: parsed.overflow,
        hard_overflow: parsed.error == Some(num::TextError::Overflow),
    })
}
