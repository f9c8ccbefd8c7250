//! Crunched line bytes → a token list for the parser (the inverse view of `lex`). Every
//! token keeps its byte range in the line, so statement spans can be costed and LIST can
//! be reproduced. Blanks are skipped here, as GW's CHRGET skips them.

use crate::num::{Double, Num, Single};
use crate::text::token::{Keyword, byte};
use std::ops::Range;

/// A token of a crunched line.
#[derive(Debug, Clone, PartialEq)]
pub enum Tok {
    Kw(Keyword),
    /// A name: letters, digits, dots, and a suffix `$ % ! #` directly after it.
    Name,
    /// An embedded numeric constant.
    Num(Num),
    /// A line number (0x0E).
    LineNum(u16),
    /// Digits stored as text (e.g. `OPTION BASE 1`): parse with `num::parse_literal`.
    Digits,
    /// A string literal; the span includes the quotes; `closed` is false when the line
    /// ends before the closing quote.
    Str {
        closed: bool,
    },
    /// `REM …` or `' …`: the span covers the comment.
    Rem,
    /// `DATA …`: the span covers the keyword and the raw items.
    Data,
    /// Any other character: `( ) , ; : # $ % ! & .` …
    Char(u8),
}

/// A token and its byte range within the line.
#[derive(Debug, Clone, PartialEq)]
pub struct TokAt {
    pub tok: Tok,
    pub span: Range<u16>,
}

/// Decodes the whole line.
pub fn decode(body: &[u8]) -> Vec<TokAt> {
    let mut out = Vec::with_capacity(body.len() / 2 + 1);
    let mut i = 0;
    while i < body.len() {
        let start = i;
        let (tok, len) = next_token(body, i);
        // a constant cut off by the end of the line ends there
        i = (i + len.max(1)).min(body.len());
        if let Some(tok) = tok {
            out.push(TokAt {
                tok,
                span: start as u16..i as u16,
            });
        }
    }
    out
}

fn le16(b: &[u8], at: usize) -> u16 {
    u16::from_le_bytes([
        b.get(at).copied().unwrap_or(0),
        b.get(at + 1).copied().unwrap_or(0),
    ])
}

/// The token at `i` and its length (None for blanks).
fn next_token(b: &[u8], i: usize) -> (Option<Tok>, usize) {
    let c = b[i];
    match c {
        b' ' | b'\t' | b'\n' => (None, 1),
        byte::OCT | byte::HEX => (Some(Tok::Num(Num::Int(le16(b, i + 1) as i16))), 3),
        byte::LINE_NUM | byte::LINE_PTR => (Some(Tok::LineNum(le16(b, i + 1))), 3),
        byte::INT1 => (
            Some(Tok::Num(Num::Int(i16::from(*b.get(i + 1).unwrap_or(&0))))),
            2,
        ),
        byte::DIGIT0..=byte::DIGIT9 => (Some(Tok::Num(Num::Int(i16::from(c - byte::DIGIT0)))), 1),
        byte::INT2 => (Some(Tok::Num(Num::Int(le16(b, i + 1) as i16))), 3),
        byte::SNG => {
            let mut a = [0u8; 4];
            copy_tail(b, i + 1, &mut a);
            (Some(Tok::Num(Num::Sng(Single::from_bytes(a)))), 5)
        }
        byte::DBL => {
            let mut a = [0u8; 8];
            copy_tail(b, i + 1, &mut a);
            (Some(Tok::Num(Num::Dbl(Double::from_bytes(a)))), 9)
        }
        b'"' => {
            let close = b[i + 1..].iter().position(|&x| x == b'"');
            match close {
                Some(p) => (Some(Tok::Str { closed: true }), p + 2),
                None => (Some(Tok::Str { closed: false }), b.len() - i),
            }
        }
        b':' if b.get(i + 1) == Some(&0x8F) && b.get(i + 2) == Some(&0xD9) => {
            (Some(Tok::Rem), b.len() - i)
        }
        b':' if b.get(i + 1) == Some(&0xA1) => (Some(Tok::Kw(Keyword::Else)), 2),
        0x8F => (Some(Tok::Rem), b.len() - i),
        0x84 => (Some(Tok::Data), data_len(b, i)),
        0xB1 if b.get(i + 1) == Some(&0xE9) => (Some(Tok::Kw(Keyword::While)), 2),
        0xFD..=0xFF => {
            let code = u16::from(c) << 8 | u16::from(*b.get(i + 1).unwrap_or(&0));
            (
                Keyword::from_code(code).map(Tok::Kw).or(Some(Tok::Char(c))),
                2,
            )
        }
        0x80..=0xFC => (
            Keyword::from_code(u16::from(c))
                .map(Tok::Kw)
                .or(Some(Tok::Char(c))),
            1,
        ),
        b'A'..=b'Z' | b'a'..=b'z' => (Some(Tok::Name), name_len(b, i)),
        b'0'..=b'9' | b'.' => {
            let len = b[i..]
                .iter()
                .take_while(|x| x.is_ascii_digit() || **x == b'.')
                .count();
            if c == b'.' && len == 1 {
                (Some(Tok::Char(c)), 1)
            } else {
                (Some(Tok::Digits), len)
            }
        }
        _ => (Some(Tok::Char(c)), 1),
    }
}

fn copy_tail(b: &[u8], from: usize, dst: &mut [u8]) {
    for (k, d) in dst.iter_mut().enumerate() {
        *d = b.get(from + k).copied().unwrap_or(0);
    }
}

fn name_len(b: &[u8], i: usize) -> usize {
    let mut n = b[i..]
        .iter()
        .take_while(|x| x.is_ascii_alphanumeric() || **x == b'.')
        .count();
    if matches!(b.get(i + n), Some(b'$' | b'%' | b'!' | b'#')) {
        n += 1;
    }
    n
}

/// DATA runs to an unquoted `:` or the end of the line.
fn data_len(b: &[u8], i: usize) -> usize {
    let mut in_str = false;
    for (k, &c) in b[i + 1..].iter().enumerate() {
        if c == b'"' {
            in_str = !in_str;
        } else if c == b':' && !in_str {
            return k + 1;
        }
    }
    b.len() - i
}

/// Where the statement starting at byte `start` ends: the next `:` outside strings and
/// embedded constants, or the end of the line (GW's DATA-skip, used by RESUME NEXT).
pub fn statement_end(body: &[u8], start: usize) -> usize {
    let mut i = start;
    while i < body.len() {
        match body[i] {
            b':' => return i,
            b'"' => match body[i + 1..].iter().position(|&c| c == b'"') {
                Some(p) => i += p + 2,
                None => return body.len(),
            },
            _ => {
                let (_, len) = next_token(body, i);
                i += len.max(1);
            }
        }
    }
    body.len()
}
