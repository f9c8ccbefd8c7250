//! How INPUT# and LINE INPUT# cut a file into items, byte by byte as GW-BASIC 3.23 did
//! (its item reader for sequential files):
//!
//! - Only spaces are skipped before an item (not for LINE INPUT#). At the end of the file
//!   before any byte, Input past end.
//! - For a string, a `"` as the first byte opens a quoted item, which runs to the next `"`
//!   and keeps CR and LF; after it, blanks are skipped, then a comma, or a CR with the LF
//!   after it, is taken.
//! - Otherwise the item runs to a terminator: a comma for a string, a comma or a space for
//!   a number, nothing but the line end for LINE INPUT#. A CR that does not follow a LF
//!   ends the item (and a LF right after it is taken). A LF is dropped from unquoted
//!   strings and kept in numbers (where the number reader skips it: `7<LF>5` reads 75) and
//!   in LINE INPUT#; a CR right after a LF is skipped in strings and numbers and is data for
//!   LINE INPUT#.
//! - NUL bytes are never stored. An item is cut at 255 bytes, without an error; the rest
//!   is read by the next INPUT#.
//! - An unquoted string loses its trailing blanks.

use crate::error::ErrorCode;

const CR: u8 = b'\r';
const LF: u8 = b'\n';

/// What is being read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// INPUT# into a numeric variable.
    Number,
    /// INPUT# into a string variable.
    Text,
    /// LINE INPUT#.
    Line,
}

/// Why reading stopped early.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stop {
    Error(ErrorCode),
    /// Ctrl-C while scanning.
    Break,
}

impl From<ErrorCode> for Stop {
    fn from(e: ErrorCode) -> Stop {
        Stop::Error(e)
    }
}

/// The bytes of an open file, one at a time.
pub trait Source {
    /// The next byte; None at the end of the file.
    fn next(&mut self) -> Result<Option<u8>, Stop>;
    /// Puts one byte back (it is read again next).
    fn back(&mut self, c: u8);
}

/// The longest item.
const MAX_ITEM: usize = 255;

/// Reads one item.
pub fn item(src: &mut dyn Source, kind: Kind) -> Result<Vec<u8>, Stop> {
    let (t1, t2) = match kind {
        Kind::Number => (b',', b' '),
        Kind::Text => (b',', b','),
        Kind::Line => (0, 0),
    };
    let mut c = src.next()?.ok_or(ErrorCode::InputPastEnd)?;
    if kind != Kind::Line {
        while c == b' ' {
            c = src.next()?.ok_or(ErrorCode::InputPastEnd)?;
        }
    }
    let quoted = kind == Kind::Text && c == b'"';
    let (t1, t2) = if quoted { (b'"', b'"') } else { (t1, t2) };
    let mut buf = Vec::with_capacity(32);
    let mut cur = if quoted { src.next()? } else { Some(c) };
    let stopped_on = loop {
        let Some(mut ch) = cur else {
            break None;
        };
        if !quoted && ch == CR {
            // the line ends here; a LF right after it belongs to it
            match src.next()? {
                Some(LF) | None => {}
                Some(x) => src.back(x),
            }
            return Ok(finish(buf, kind, quoted));
        }
        if !quoted && ch == LF {
            // a run of line feeds, and a CR right after them
            let mut skip_cr = false;
            loop {
                if t2 != b',' {
                    buf.push(LF);
                    if buf.len() == MAX_ITEM {
                        return Ok(finish(buf, kind, quoted));
                    }
                }
                match src.next()? {
                    None => break,
                    Some(LF) => {}
                    Some(CR) if kind != Kind::Line => {
                        skip_cr = true;
                        break;
                    }
                    Some(x) => {
                        ch = x;
                        break;
                    }
                }
            }
            if skip_cr || ch == LF {
                cur = if skip_cr { src.next()? } else { None };
                continue;
            }
        }
        if ch != 0 {
            if ch == t1 || ch == t2 {
                break Some(ch);
            }
            buf.push(ch);
            if buf.len() == MAX_ITEM {
                return Ok(finish(buf, kind, quoted));
            }
        }
        cur = src.next()?;
    };
    if matches!(stopped_on, Some(b'"' | b' ')) {
        // after a closing quote or a space: blanks, then a comma or a line end
        loop {
            match src.next()? {
                None | Some(b',') => break,
                Some(b' ') => {}
                Some(CR) => {
                    match src.next()? {
                        Some(LF) | None => {}
                        Some(x) => src.back(x),
                    }
                    break;
                }
                Some(x) => {
                    src.back(x);
                    break;
                }
            }
        }
    }
    Ok(finish(buf, kind, quoted))
}

/// An unquoted string loses its trailing blanks.
fn finish(mut buf: Vec<u8>, kind: Kind, quoted: bool) -> Vec<u8> {
    if kind == Kind::Text && !quoted {
        while buf.last() == Some(&b' ') {
            buf.pop();
        }
    }
    buf
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Bytes {
        data: Vec<u8>,
        pos: usize,
        back: Option<u8>,
    }

    impl Source for Bytes {
        fn next(&mut self) -> Result<Option<u8>, Stop> {
            if let Some(c) = self.back.take() {
                return Ok(Some(c));
            }
            let c = self.data.get(self.pos).copied().filter(|&c| c != 0x1A);
            if c.is_some() {
                self.pos += 1;
            }
            Ok(c)
        }
        fn back(&mut self, c: u8) {
            self.back = Some(c);
        }
    }

    fn items(data: &[u8], kind: Kind) -> Vec<Vec<u8>> {
        let mut src = Bytes {
            data: data.to_vec(),
            pos: 0,
            back: None,
        };
        let mut out = Vec::new();
        loop {
            match item(&mut src, kind) {
                Ok(v) => out.push(v),
                Err(Stop::Error(ErrorCode::InputPastEnd)) => return out,
                Err(e) => panic!("{e:?}"),
            }
            assert!(out.len() < 100);
        }
    }

    fn strs(v: &[&str]) -> Vec<Vec<u8>> {
        v.iter().map(|s| s.as_bytes().to_vec()).collect()
    }

    /// unsorted/INPUTSTQ's file and the model's items.
    #[test]
    fn quoted_strings() {
        let data = b"\"1\"\r\n\n\"2\"\r\n \"3\"\r \0\"4\"\n\r\n\"fi\rve\"\r\n \"6\x01x01\"\r\n\"7\0x00\"\r\n\"10\nLF\"\r\n\"LF:\" \n\"CR:\"\r\"CRLF:\"\r\n\"LFCR:\" \n\r\"END\"\x1a";
        assert_eq!(
            items(data, Kind::Text),
            strs(&[
                "1",
                "\"2\"",
                "3",
                "\"4\"\"fi",
                "ve\"",
                "6\x01x01",
                "7x00",
                "10\nLF",
                "LF:",
                "\"CR:\"",
                "CRLF:",
                "LFCR:",
                "\"END\""
            ])
        );
    }

    /// unsorted/LINEINPT's file and the model's lines.
    #[test]
    fn lines() {
        let data = b"Lf\nCr\rCrlf\r\nLfcr\n\rLfcrlf\n\r\nLfcrlfcr\n\r\n\rLfcrcrlf\n\r\r\nCrlfcr\r\n\rCrlflfcr\r\n\n\rEND\r\n\x1a";
        assert_eq!(
            items(data, Kind::Line),
            strs(&[
                "Lf\nCr",
                "Crlf",
                "Lfcr\n\rLfcrlf\n\r\nLfcrlfcr\n\r\n\rLfcrcrlf\n\r",
                "Crlfcr",
                "",
                "Crlflfcr",
                "\n\rEND"
            ])
        );
    }

    #[test]
    fn numbers_keep_line_feeds_and_stop_at_blanks() {
        assert_eq!(
            items(b"1,\"2\",3 \"4\", 10#\n11%, 7\n5\r\n", Kind::Number),
            strs(&["1", "\"2\"", "3", "\"4\"", "10#\n11%", "7\n5"])
        );
    }

    #[test]
    fn items_are_cut_at_255() {
        let mut data = vec![b'x'; 300];
        data.extend_from_slice(b"\r\n");
        let got = items(&data, Kind::Line);
        assert_eq!(got[0].len(), 255);
        assert_eq!(got[1].len(), 45);
        let mut data = vec![b'y'; 255];
        data.extend_from_slice(b"\r\nz\r\n");
        let got = items(&data, Kind::Line);
        assert_eq!(
            got.len(),
            3,
            "the CR left after a full item ends an empty line"
        );
        assert!(got[1].is_empty());
    }

    #[test]
    fn trailing_blanks_and_lone_line_feed() {
        assert_eq!(
            items(
                b"three    \r\n  f i v e  \r\n \"\n twelve\0 \"\n",
                Kind::Text
            ),
            strs(&["three", "f i v e", "\n twelve ", ""])
        );
    }
}
