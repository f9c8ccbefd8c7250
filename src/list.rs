//! Detokenising: crunched line bytes → the canonical text LIST prints and ASCII SAVE
//! writes (keywords upper case, the program's spacing kept, constants as GW-BASIC lists
//! them, the hidden `:` of `'` and ELSE and the `+` after WHILE not shown; digest §1.2,
//! §11.2).

use crate::num::{self, Double, Num, Single};
use crate::token::{Keyword, byte};

/// Text after REM/' (to the end of the line) or DATA (to an unquoted `:`) is verbatim.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Raw {
    No,
    ToEnd,
    Data,
}

/// The text of one line body (without its number).
pub fn detokenize(body: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() * 2);
    let mut i = 0;
    let mut raw = Raw::No;
    let mut quote = false;
    while i < body.len() {
        let c = body[i];
        match raw {
            Raw::ToEnd => {
                out.push(c);
                i += 1;
                continue;
            }
            Raw::Data if c != b':' || quote => {
                quote ^= c == b'"';
                out.push(c);
                i += 1;
                continue;
            }
            _ => raw = Raw::No,
        }
        if c == b'"' {
            let end = body[i + 1..]
                .iter()
                .position(|&x| x == b'"')
                .map_or(body.len(), |p| i + p + 2);
            out.extend_from_slice(&body[i..end]);
            i = end;
            continue;
        }
        let (len, next) = token_text(body, i, &mut out);
        raw = next;
        i += len;
    }
    out
}

/// Writes the token at `i`; returns (bytes consumed, the raw mode that follows).
fn token_text(b: &[u8], i: usize, out: &mut Vec<u8>) -> (usize, Raw) {
    let c = b[i];
    let le16 = |k: usize| {
        u16::from_le_bytes([
            b.get(k).copied().unwrap_or(0),
            b.get(k + 1).copied().unwrap_or(0),
        ])
    };
    match c {
        b':' if b.get(i + 1) == Some(&0x8F) && b.get(i + 2) == Some(&0xD9) => {
            out.push(b'\'');
            (3, Raw::ToEnd)
        }
        b':' if b.get(i + 1) == Some(&0xA1) => {
            out.extend_from_slice(b"ELSE");
            (2, Raw::No)
        }
        0xB1 if b.get(i + 1) == Some(&0xE9) => {
            out.extend_from_slice(b"WHILE");
            (2, Raw::No)
        }
        byte::OCT => {
            out.extend_from_slice(format!("&O{:o}", le16(i + 1)).as_bytes());
            (3, Raw::No)
        }
        byte::HEX => {
            out.extend_from_slice(format!("&H{:X}", le16(i + 1)).as_bytes());
            (3, Raw::No)
        }
        byte::LINE_NUM | byte::LINE_PTR => {
            out.extend_from_slice(le16(i + 1).to_string().as_bytes());
            (3, Raw::No)
        }
        byte::INT1 => {
            out.extend_from_slice(b.get(i + 1).copied().unwrap_or(0).to_string().as_bytes());
            (2, Raw::No)
        }
        byte::DIGIT0..=byte::DIGIT9 => {
            out.push(b'0' + (c - byte::DIGIT0));
            (1, Raw::No)
        }
        byte::INT2 => {
            out.extend_from_slice(num::list_text(Num::Int(le16(i + 1) as i16)).as_bytes());
            (3, Raw::No)
        }
        byte::SNG => {
            let mut a = [0u8; 4];
            for (k, x) in a.iter_mut().enumerate() {
                *x = b.get(i + 1 + k).copied().unwrap_or(0);
            }
            out.extend_from_slice(num::list_text(Num::Sng(Single::from_bytes(a))).as_bytes());
            (5, Raw::No)
        }
        byte::DBL => {
            let mut a = [0u8; 8];
            for (k, x) in a.iter_mut().enumerate() {
                *x = b.get(i + 1 + k).copied().unwrap_or(0);
            }
            out.extend_from_slice(num::list_text(Num::Dbl(Double::from_bytes(a))).as_bytes());
            (9, Raw::No)
        }
        0xFD..=0xFF => {
            match Keyword::from_code(u16::from(c) << 8 | u16::from(*b.get(i + 1).unwrap_or(&0))) {
                Some(k) => {
                    out.extend_from_slice(k.spelling().as_bytes());
                    (2, Raw::No)
                }
                None => {
                    out.push(c);
                    (1, Raw::No)
                }
            }
        }
        0x80..=0xFC => match Keyword::from_code(u16::from(c)) {
            Some(k) => {
                out.extend_from_slice(k.spelling().as_bytes());
                (
                    1,
                    match k {
                        Keyword::Rem => Raw::ToEnd,
                        Keyword::Data => Raw::Data,
                        _ => Raw::No,
                    },
                )
            }
            None => {
                out.push(c);
                (1, Raw::No)
            }
        },
        _ => {
            out.push(c);
            (1, Raw::No)
        }
    }
}

/// `number text` as LIST shows a line: one space after the number unless the text
/// starts with a TAB; for line 0 one leading space of the text is not shown (line 0
/// keeps the space typed after its number) [M gwbasic/line_number_0; P lister.py].
pub fn list_line(number: u16, body: &[u8]) -> Vec<u8> {
    let body = match body {
        [b' ', rest @ ..] if number == 0 => rest,
        _ => body,
    };
    let mut out = number.to_string().into_bytes();
    if body.first() != Some(&b'\t') {
        out.push(b' ');
    }
    out.extend_from_slice(&detokenize(body));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lex::crunch;

    fn round_trip(text: &str) -> String {
        let c = crunch(text.as_bytes()).unwrap();
        String::from_utf8(list_line(c.number.unwrap(), &c.body)).unwrap()
    }

    #[test]
    fn keywords_upper_spacing_kept() {
        assert_eq!(
            round_trip("10 print  a;b : goto 20"),
            "10 PRINT  A;B : GOTO 20"
        );
        assert_eq!(round_trip("10 ? \"hi\""), "10 PRINT \"hi\"");
    }

    #[test]
    fn hidden_bytes_do_not_show() {
        assert_eq!(
            round_trip("10 IF X THEN 20 ELSE 30 ' note"),
            "10 IF X THEN 20 ELSE 30 ' note"
        );
        assert_eq!(round_trip("10 WHILE I<5: WEND"), "10 WHILE I<5: WEND");
    }

    #[test]
    fn rem_and_data_stay_verbatim() {
        assert_eq!(round_trip("10 REM print goto"), "10 REM print goto");
        assert_eq!(
            round_trip("10 DATA a, \"b:c\": print"),
            "10 DATA a, \"b:c\": PRINT"
        );
    }

    #[test]
    fn line_zero_and_tab_spacing_as_gw_lists_them() {
        // real-GW LIST of gwbasic/line_number_0: `0 'line number 0 `
        assert_eq!(round_trip("0 'line number 0 "), "0 'line number 0 ");
        assert_eq!(round_trip("1 'x"), "1 'x");
        assert_eq!(round_trip("10\tPRINT 1"), "10\tPRINT 1");
    }

    #[test]
    fn constants_list_with_suffix_rules() {
        assert_eq!(round_trip("10 A=&hff: B=200: C=7"), "10 A=&HFF: B=200: C=7");
    }
}
