//! The field grammar shared by DATA, INPUT and INPUT#: items separated by commas, each
//! either a quoted string (closing quote optional at the end) or unquoted text with
//! surrounding blanks removed. Written with nom combinators.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_till, take_while};
use nom::combinator::{map, opt};
use nom::sequence::{delimited, preceded};
use nom::{IResult, Parser};

/// One field: its text, whether it was quoted, and whether anything but blanks followed
/// its closing quote before the comma (INPUT asks again for such a reply: S GWMAIN.ASM
/// INPUT's pass 1 finds the data pointer at neither a comma nor the end).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Field {
    pub text: Vec<u8>,
    pub quoted: bool,
    pub junk: bool,
}

fn blanks(i: &[u8]) -> IResult<&[u8], &[u8]> {
    take_while(|c| c == b' ' || c == b'\t')(i)
}

/// `"text"` (the closing quote may be missing at the end of the line).
fn quoted(i: &[u8]) -> IResult<&[u8], Field> {
    map(
        delimited(
            tag(&b"\""[..]),
            take_till(|c| c == b'"'),
            opt(tag(&b"\""[..])),
        ),
        |t: &[u8]| Field {
            text: t.to_vec(),
            quoted: true,
            junk: false,
        },
    )
    .parse(i)
}

/// Unquoted text up to the next comma, blanks trimmed.
fn unquoted(i: &[u8]) -> IResult<&[u8], Field> {
    map(take_till(|c| c == b','), |t: &[u8]| Field {
        text: trim(t).to_vec(),
        quoted: false,
        junk: false,
    })
    .parse(i)
}

fn field(i: &[u8]) -> IResult<&[u8], Field> {
    let (i, mut f) = preceded(blanks, alt((quoted, unquoted))).parse(i)?;
    // text after a closing quote up to the comma is not part of the item (READ reports
    // it at the DATA line itself, INPUT asks again: `junk`)
    let (i, after) = take_till(|c| c == b',')(i)?;
    f.junk = after.iter().any(|&c| c != b' ' && c != b'\t');
    Ok((i, f))
}

/// Splits a DATA statement's text or an INPUT reply into fields.
pub fn split_fields(mut i: &[u8]) -> Vec<Field> {
    let mut out = Vec::new();
    while let Ok((rest, f)) = field(i) {
        out.push(f);
        match rest.first() {
            Some(b',') => i = &rest[1..],
            _ => break,
        }
    }
    out
}

/// The raw item texts of a DATA statement (quotes kept so READ knows a quoted item).
pub fn data_fields(raw: &[u8]) -> Vec<Vec<u8>> {
    split_fields(raw)
        .into_iter()
        .map(|f| {
            if f.quoted {
                let mut v = Vec::with_capacity(f.text.len() + 1);
                v.push(b'"');
                v.extend_from_slice(&f.text);
                v
            } else {
                f.text
            }
        })
        .collect()
}

fn trim(t: &[u8]) -> &[u8] {
    let start = t
        .iter()
        .position(|&c| c != b' ' && c != b'\t')
        .unwrap_or(t.len());
    let end = t
        .iter()
        .rposition(|&c| c != b' ' && c != b'\t')
        .map_or(start, |e| e + 1);
    &t[start..end.max(start)]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_split_on_commas_outside_quotes() {
        let f = split_fields(b" 1, \"a,b\" , c d ,");
        let texts: Vec<&[u8]> = f.iter().map(|f| f.text.as_slice()).collect();
        assert_eq!(texts, vec![&b"1"[..], b"a,b", b"c d", b""]);
        assert!(f[1].quoted);
        assert!(!f[2].quoted);
    }

    #[test]
    fn text_after_a_closing_quote_is_junk_but_blanks_are_not() {
        let f = split_fields(b"\"a\"b,\"q\"  ,x\"y\",\"z");
        let junk: Vec<bool> = f.iter().map(|f| f.junk).collect();
        assert_eq!(junk, vec![true, false, false, false]);
        assert_eq!(f[0].text, b"a");
    }

    #[test]
    fn unterminated_quote_runs_to_end() {
        let f = split_fields(b"\"abc");
        assert_eq!(f[0].text, b"abc");
    }

    #[test]
    fn data_items_mark_quoted_ones() {
        assert_eq!(
            data_fields(b" 5,\"X\""),
            vec![b"5".to_vec(), b"\"X".to_vec()]
        );
    }
}
