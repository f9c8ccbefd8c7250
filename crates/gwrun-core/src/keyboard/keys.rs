//! PC-BASIC's `--keys=STRING`: keys typed as if at the keyboard. The string takes
//! Python's string escapes (`\r` Enter, `\n` Ctrl-Enter, `\t`, `\b`, `\a`, `\f`, `\v`,
//! `\\`, `\'`, `\"`, `\xhh`, octal `\ooo`, `\uhhhh`, `\Uhhhhhhhh`, a backslash before a
//! newline continues the line; any other backslash stays a backslash), then each
//! character is a keystroke in code page 437, except that a NUL followed by a character
//! is an extended key: `\0\x50` is the key with scan code &H50 (Down). Malformed
//! escapes are kept as the literal text.

use super::Key;
use crate::console::{control_of_glyph, cp437_char};

/// The keystrokes of a `--keys` string.
pub fn parse_keys(spec: &str) -> Vec<Key> {
    let chars = unescape(spec);
    let mut keys = Vec::with_capacity(chars.len());
    let mut it = chars.into_iter();
    while let Some(c) = it.next() {
        if c == '\0' {
            // an extended key: NUL and the scan code; a NUL at the very end is dropped
            if let Some(scan) = it.next() {
                keys.push(Key::Ext(u8::try_from(u32::from(scan)).unwrap_or(0)));
            }
        } else if let Some(b) = to_cp437(c) {
            keys.push(Key::Char(b));
        }
    }
    keys
}

/// The code page 437 byte for a character (None when it has none); the glyphs the
/// screen shows for the control codes (♥, ←) are those codes, as the PC's Alt+number
/// typed them.
pub fn to_cp437(c: char) -> Option<u8> {
    if (c as u32) < 0x80 {
        return Some(c as u8);
    }
    (0x80..=0xFFu8)
        .find(|&b| cp437_char(b) == c)
        .or_else(|| control_of_glyph(c))
}

/// Python's `unicode_escape` decoding, keeping malformed escapes as written.
fn unescape(s: &str) -> Vec<char> {
    let src: Vec<char> = s.chars().collect();
    let mut out = Vec::with_capacity(src.len());
    let mut i = 0;
    while i < src.len() {
        let c = src[i];
        i += 1;
        if c != '\\' || i >= src.len() {
            out.push(c);
            continue;
        }
        let e = src[i];
        i += 1;
        let simple = match e {
            '\\' => Some('\\'),
            '\'' => Some('\''),
            '"' => Some('"'),
            'a' => Some('\x07'),
            'b' => Some('\x08'),
            'f' => Some('\x0c'),
            'n' => Some('\n'),
            'r' => Some('\r'),
            't' => Some('\t'),
            'v' => Some('\x0b'),
            _ => None,
        };
        if let Some(ch) = simple {
            out.push(ch);
            continue;
        }
        match e {
            '\n' => {}
            '0'..='7' => {
                let mut v = e.to_digit(8).unwrap_or(0);
                let mut n = 1;
                while n < 3 && i < src.len() && src[i].is_digit(8) {
                    v = v * 8 + src[i].to_digit(8).unwrap_or(0);
                    i += 1;
                    n += 1;
                }
                out.push(char::from_u32(v).unwrap_or('\u{fffd}'));
            }
            'x' | 'u' | 'U' => {
                let digits = match e {
                    'x' => 2,
                    'u' => 4,
                    _ => 8,
                };
                let hex: String = src[i..].iter().take(digits).collect();
                match (hex.len() == digits)
                    .then(|| u32::from_str_radix(&hex, 16).ok())
                    .flatten()
                    .and_then(char::from_u32)
                {
                    Some(ch) => {
                        out.push(ch);
                        i += digits;
                    }
                    None => {
                        out.push('\\');
                        out.push(e);
                    }
                }
            }
            _ => {
                out.push('\\');
                out.push(e);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Key::{Char, Ext};

    #[test]
    fn escapes_of_the_suite() {
        assert_eq!(
            parse_keys(r"a\r\0\x50\x03"),
            vec![Char(b'a'), Char(13), Ext(0x50), Char(3)]
        );
        assert_eq!(
            parse_keys(r"\x00\x4babc"),
            vec![Ext(0x4B), Char(b'a'), Char(b'b'), Char(b'c')]
        );
        assert_eq!(parse_keys(r"1\n2"), vec![Char(b'1'), Char(10), Char(b'2')]);
        assert_eq!(parse_keys(r#"save"renum",a"#).len(), 13);
        assert_eq!(parse_keys(r"\0\x3cSYSTEM\r")[0], Ext(0x3C));
    }

    #[test]
    fn python_escapes() {
        assert_eq!(
            parse_keys(r"\\\'\t\101\7"),
            vec![Char(b'\\'), Char(b'\''), Char(9), Char(b'A'), Char(7)]
        );
        assert_eq!(parse_keys(r"\u00e9"), vec![Char(0x82)]);
        assert_eq!(parse_keys("é"), vec![Char(0x82)]);
        // malformed or unknown escapes stay literal
        assert_eq!(
            parse_keys(r"\q\x4"),
            vec![Char(b'\\'), Char(b'q'), Char(b'\\'), Char(b'x'), Char(b'4')]
        );
        // a trailing NUL is not a key; a trailing backslash is
        assert_eq!(parse_keys(r"a\0"), vec![Char(b'a')]);
        assert_eq!(parse_keys("a\\"), vec![Char(b'a'), Char(b'\\')]);
        assert_eq!(parse_keys("€"), vec![]);
    }
}
