//! Program text for the claims: a listing's text (embedded in the binary, or read from a
//! folder), its numbered lines, the routine's lines as printed, and the same lines retyped
//! with every space GW-BASIC does not need removed (the "spaces cost time" measurement).

use super::{ClaimsError, Listing};
use gwrun_core::text::lex;
use std::path::PathBuf;

/// Where the listings come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Basic {
    /// The copies embedded in the binary ([`crate::listings`]): any working directory.
    Embedded,
    /// The `.bas` files of a folder (`gwrun claims --basic DIR`).
    Dir(PathBuf),
}

/// A listing's file, read once.
pub(super) struct Source {
    pub(super) file: String,
    pub(super) text: String,
}

pub(super) fn read_source(basic: &Basic, file: &str) -> Result<Source, ClaimsError> {
    let text = match basic {
        Basic::Embedded => crate::listings::embedded(file)
            .ok_or_else(|| ClaimsError::Read {
                path: file.to_string(),
                err: std::io::Error::other("not among the embedded listings"),
            })?
            .to_string(),
        Basic::Dir(dir) => {
            let path = dir.join(file);
            std::fs::read_to_string(&path).map_err(|err| ClaimsError::Read {
                path: path.display().to_string(),
                err,
            })?
        }
    };
    Ok(Source {
        file: file.to_string(),
        text,
    })
}

/// `NNNN body` → (NNNN, body); the separator space after the number is not part of the
/// body (GW-BASIC drops it, digest §1.2).
pub(super) fn split_line(line: &str) -> Option<(u16, &str)> {
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    let number = line.get(..digits)?.parse().ok()?;
    let rest = &line[digits..];
    Some((number, rest.strip_prefix(' ').unwrap_or(rest)))
}

/// Every program line of a file.
pub(super) fn program_lines(src: &Source) -> Result<Vec<(u16, &str)>, ClaimsError> {
    src.text
        .lines()
        .filter(|s| !s.trim().is_empty())
        .map(|line| {
            split_line(line).ok_or_else(|| ClaimsError::BadLine {
                file: src.file.clone(),
                line: line.to_string(),
            })
        })
        .collect()
}

/// The routine's lines of a listing, as printed.
pub(super) fn routine_lines<'a>(
    src: &'a Source,
    l: &Listing,
) -> Result<Vec<(u16, &'a str)>, ClaimsError> {
    let out: Vec<(u16, &str)> = program_lines(src)?
        .into_iter()
        .filter(|(n, _)| (l.first..=l.last).contains(n))
        .collect();
    if out.first().map(|x| x.0) != Some(l.first) || out.last().map(|x| x.0) != Some(l.last) {
        return Err(ClaimsError::NoRoutine {
            file: src.file.clone(),
            first: l.first,
            last: l.last,
        });
    }
    Ok(out)
}

/// The crunched body of `NNNN body`, or None if it does not crunch.
pub(super) fn crunched(number: u16, body: &[u8]) -> Option<Vec<u8>> {
    let mut text = number.to_string().into_bytes();
    text.push(b' ');
    text.extend_from_slice(body);
    lex::crunch(&text).ok().map(|c| c.body)
}

/// Positions of the spaces a respacing may try to remove: outside string literals and
/// before any comment or DATA (conservatively: `'`, or the letters REM or DATA anywhere
/// outside a string, end the candidates).
pub(super) fn removable_spaces(body: &[u8]) -> Vec<usize> {
    let mut out = Vec::new();
    let mut in_string = false;
    for (i, &c) in body.iter().enumerate() {
        if c == b'"' {
            in_string = !in_string;
            continue;
        }
        if in_string {
            continue;
        }
        let rest = body[i..].to_ascii_uppercase();
        if c == b'\'' || rest.starts_with(b"REM") || rest.starts_with(b"DATA") {
            break;
        }
        if c == b' ' {
            out.push(i);
        }
    }
    out
}

pub(super) fn without_spaces(bytes: &[u8]) -> Vec<u8> {
    bytes.iter().copied().filter(|&c| c != b' ').collect()
}

/// The line with every removable space removed whose removal leaves the tokenised line
/// the same apart from that space (GW-BASIC needs a space between a keyword and a
/// following letter or digit: `FOR J`, `TO SIZE`, `GOTO 2165` keep theirs, digest §1.2).
/// Returns the new body and the number of spaces removed.
pub fn minimal_spacing(number: u16, body: &str) -> (String, u32) {
    let mut cur = body.as_bytes().to_vec();
    let Some(reference) = crunched(number, &cur) else {
        return (body.to_string(), 0);
    };
    let (target, mut len) = (without_spaces(&reference), reference.len());
    let mut removed = 0;
    let mut from = 0;
    while let Some(&p) = removable_spaces(&cur).iter().find(|&&p| p >= from) {
        let mut candidate = cur.clone();
        candidate.remove(p);
        match crunched(number, &candidate) {
            Some(c) if c.len() + 1 == len && without_spaces(&c) == target => {
                cur = candidate;
                len = c.len();
                removed += 1;
                from = p;
            }
            _ => from = p + 1,
        }
    }
    (String::from_utf8_lossy(&cur).into_owned(), removed)
}

/// A line's text before its `'` comment (outside strings).
pub(super) fn strip_comment(body: &str) -> &str {
    let mut in_string = false;
    for (i, c) in body.char_indices() {
        match c {
            '"' => in_string = !in_string,
            '\'' if !in_string => return &body[..i],
            _ => {}
        }
    }
    body
}
