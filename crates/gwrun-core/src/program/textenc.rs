//! The text encoding of program files (`--text-encoding`, PC-BASIC's option): GW-BASIC
//! reads and writes a program's text as code page 437 bytes; a program written in a
//! modern editor is UTF-8. With `Utf8`, an ASCII program file is decoded as it is read
//! (each character mapped to its CP437 byte, the control-code glyphs ☺ … ▼ and ⌂ to their
//! codes, a byte-order mark dropped, a character CP437 lacks read as `?`) and encoded as it
//! is written (bytes 0x80–0xFF and the control codes as their characters; tabs, line ends
//! and the Ctrl-Z that ends the file stay bytes). Tokenised and protected files are binary and never touched, and a
//! file that is not valid UTF-8 is taken as code page 437 already and kept as it is (some
//! CP437 byte pairs happen to be UTF-8: only the whole file tells).

use crate::console::cp437_char;
use crate::program::progfile::{Format, detect};
use std::borrow::Cow;

/// How program text files are encoded.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TextEncoding {
    /// Code page 437 bytes, as GW-BASIC wrote them.
    #[default]
    Cp437,
    /// UTF-8, mapped to and from code page 437.
    Utf8,
}

/// ORDER: the glyphs code page 437 shows for bytes 0x01..=0x1F.
const CONTROL_GLYPHS: [char; 31] = [
    '☺', '☻', '♥', '♦', '♣', '♠', '•', '◘', '○', '◙', '♂', '♀', '♪', '♫', '☼', '►', //
    '◄', '↕', '‼', '¶', '§', '▬', '↨', '↑', '↓', '→', '←', '∟', '↔', '▲', '▼',
];

impl TextEncoding {
    /// The encoding a `--text-encoding` value names (PC-BASIC's spellings): `utf-8`,
    /// `utf8`; `cp437`, `437` or empty for raw bytes. None for any other.
    pub fn parse(name: &str) -> Option<TextEncoding> {
        match name.trim().to_ascii_lowercase().replace('_', "-").as_str() {
            "utf-8" | "utf8" => Some(TextEncoding::Utf8),
            "" | "cp437" | "437" | "ibm437" => Some(TextEncoding::Cp437),
            _ => None,
        }
    }

    /// A program file's bytes as GW-BASIC would have held them.
    pub fn decode<'a>(self, bytes: &'a [u8]) -> Cow<'a, [u8]> {
        if self == TextEncoding::Cp437 || detect(bytes) != Format::Ascii || bytes.is_ascii() {
            return Cow::Borrowed(bytes);
        }
        let Ok(text) = std::str::from_utf8(bytes) else {
            return Cow::Borrowed(bytes);
        };
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        Cow::Owned(text.chars().map(cp437_byte).collect())
    }

    /// Program text (an ASCII save) as this encoding writes it.
    pub fn encode<'a>(self, bytes: &'a [u8]) -> Cow<'a, [u8]> {
        let plain = |b: &u8| matches!(b, 0 | b'\t' | b'\n' | b'\r' | 0x1A | 0x20..=0x7E);
        if self == TextEncoding::Cp437 || detect(bytes) != Format::Ascii || bytes.iter().all(plain)
        {
            return Cow::Borrowed(bytes);
        }
        let mut out = Vec::with_capacity(bytes.len() + bytes.len() / 2);
        let mut buf = [0u8; 4];
        for &b in bytes {
            let c = match b {
                // the text's structure: tabs, line ends, the end-of-file mark
                0 | b'\t' | b'\n' | b'\r' | 0x1A => None,
                0x01..=0x1F => Some(CONTROL_GLYPHS[usize::from(b) - 1]),
                0x7F => Some('⌂'),
                0x80..=0xFF => Some(cp437_char(b)),
                _ => None,
            };
            match c {
                Some(c) => out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes()),
                None => out.push(b),
            }
        }
        Cow::Owned(out)
    }
}

/// The code page 437 byte of a character: ASCII as itself, a glyph of the upper half or
/// of a control code as its byte, anything else `?`.
fn cp437_byte(c: char) -> u8 {
    if c.is_ascii() {
        return c as u8;
    }
    if c == '⌂' {
        return 0x7F;
    }
    if let Some(i) = CONTROL_GLYPHS.iter().position(|&g| g == c) {
        return i as u8 + 1;
    }
    (0x80..=0xFFu8)
        .find(|&b| cp437_char(b) == c)
        .unwrap_or(b'?')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_character_byte_goes_round_trip() {
        let all: Vec<u8> = b"10 PRINT \""
            .iter()
            .copied()
            .chain(
                (0x01..=0x08)
                    .chain(0x0B..=0x0C)
                    .chain(0x0E..=0x19)
                    .chain(0x1B..=0xFF),
            )
            .collect();
        let utf8 = TextEncoding::Utf8.encode(&all);
        assert!(std::str::from_utf8(&utf8).is_ok());
        assert_eq!(TextEncoding::Utf8.decode(&utf8).as_ref(), &all[..]);
    }

    #[test]
    fn a_utf8_program_reads_as_cp437() {
        // é is 0x82 in code page 437, ♥ is the glyph of 3, € has no CP437 form
        let src = "\u{feff}10 PRINT \"café ♥ €\"\r\n".as_bytes();
        assert_eq!(
            TextEncoding::Utf8.decode(src).as_ref(),
            b"10 PRINT \"caf\x82 \x03 ?\"\r\n"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_stay_as_they_are() {
        let cp437 = b"10 PRINT \"\xC9\xCD\xBB\"\r\n";
        assert_eq!(TextEncoding::Utf8.decode(cp437).as_ref(), cp437);
    }

    #[test]
    fn tokenised_files_are_never_touched() {
        let tok = b"\xFF\x82\xC3\xA9";
        assert_eq!(TextEncoding::Utf8.decode(tok).as_ref(), tok);
        assert_eq!(TextEncoding::Utf8.encode(tok).as_ref(), tok);
    }

    #[test]
    fn names_as_pcbasic_spells_them() {
        assert_eq!(TextEncoding::parse("UTF-8"), Some(TextEncoding::Utf8));
        assert_eq!(TextEncoding::parse("utf8"), Some(TextEncoding::Utf8));
        assert_eq!(TextEncoding::parse(""), Some(TextEncoding::Cp437));
        assert_eq!(TextEncoding::parse("latin-1"), None);
    }
}
