//! Where READ finds its items: the DATA statements GW-BASIC's search sees, split into
//! items the way READ scans them.
//!
//! The search (GWMAIN.ASM DATLOP) skips statement by statement with the DATA-skip
//! routine, to the next `:` outside quotes or the end of the line, and looks at the first
//! token of each statement. So a DATA counts only where it starts a statement: at the
//! start of a line or after a `:` (a DATA after THEN or ELSE does not; ELSE is stored as
//! `:ELSE`, so the statement after that `:` starts with ELSE) [M unsorted/IFDATA, DATA4].
//! The skip knows quotes but not REM, so a `:` in a comment starts a statement too.
//!
//! Items are read as READ reads them: blanks before an item are skipped; a quoted item
//! runs to its closing quote (or the end of the line) and must be followed by blanks and
//! then `,`, `:` or the end of the line, else READ raises Syntax error at it (reported at
//! the DATA line) [M unsorted/DATA2]; an unquoted item runs to the next `,` or `:`, with
//! trailing blanks dropped. A `:` after an item ends the statement's items.

use super::code::DataItem;
use crate::text::decode::statement_end;
use crate::text::token::Keyword;
use std::rc::Rc;

/// The DATA items of one line, in order, appended to `out`.
pub(super) fn line_items(number: u16, body: &[u8], out: &mut Vec<DataItem>) {
    let data = Keyword::Data.code() as u8;
    let mut pos = 0;
    while pos < body.len() {
        let start = skip_blanks(body, pos);
        let end = if body.get(start) == Some(&data) {
            statement_items(number, body, start + 1, out)
        } else {
            statement_end(body, start)
        };
        // past the `:` that ends the statement
        pos = end + 1;
    }
}

/// The items of the DATA statement whose text starts at `pos`; returns where the search
/// goes on (the `:` that ends them, or the end of the line).
fn statement_items(number: u16, body: &[u8], mut pos: usize, out: &mut Vec<DataItem>) -> usize {
    loop {
        pos = skip_blanks(body, pos);
        let (text, at, bad, end) = if body.get(pos) == Some(&b'"') {
            let close = body[pos + 1..]
                .iter()
                .position(|&c| c == b'"')
                .map_or(body.len(), |k| pos + 1 + k);
            let after = skip_blanks(body, (close + 1).min(body.len()));
            let bad = !matches!(body.get(after), None | Some(b',' | b':'));
            // READ keeps the quote so a numeric read knows the item was quoted
            (&body[pos..close], pos + 1, bad, after)
        } else {
            let end = body[pos..]
                .iter()
                .position(|&c| c == b',' || c == b':')
                .map_or(body.len(), |k| pos + k);
            (trim_end(&body[pos..end]), pos, false, end)
        };
        out.push(DataItem {
            line: number,
            text: Rc::from(text),
            at: at as u16,
            bad,
        });
        if bad {
            // READ never gets past this item; the search goes on after the statement
            return statement_end(body, pos);
        }
        match body.get(end) {
            Some(b',') => pos = end + 1,
            _ => return end,
        }
    }
}

fn skip_blanks(b: &[u8], mut i: usize) -> usize {
    while matches!(b.get(i), Some(b' ' | b'\t')) {
        i += 1;
    }
    i
}

fn trim_end(t: &[u8]) -> &[u8] {
    let n = t
        .iter()
        .rposition(|&c| c != b' ' && c != b'\t')
        .map_or(0, |e| e + 1);
    &t[..n]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lex::crunch;

    fn items(line: &str) -> Vec<(String, bool)> {
        let c = crunch(line.as_bytes()).expect("crunches");
        let mut out = Vec::new();
        line_items(10, &c.body, &mut out);
        out.iter()
            .map(|d| (String::from_utf8_lossy(&d.text).into_owned(), d.bad))
            .collect()
    }

    fn texts(line: &str) -> Vec<String> {
        items(line).into_iter().map(|(t, _)| t).collect()
    }

    #[test]
    fn data_counts_only_at_the_start_of_a_statement() {
        assert_eq!(
            texts("10 IF 0 THEN DATA 1,2 ELSE DATA 4"),
            Vec::<String>::new()
        );
        assert_eq!(
            texts("10 IF 0 THEN DATA 5, 6: DATA 7 ELSE DATA 8: DATA 9"),
            ["7 ELSE DATA 8", "9"]
        );
        assert_eq!(texts("10 PRINT 1: DATA a"), ["a"]);
        assert_eq!(texts("10 PRINT \"x: DATA y\""), Vec::<String>::new());
    }

    #[test]
    fn items_are_split_as_read_scans_them() {
        assert_eq!(texts("10 DATA 1,  ab c  , :"), ["1", "ab c", ""]);
        assert_eq!(texts("10 DATA"), [""]);
        assert_eq!(
            texts("10 DATA ab \"cd\", \"e,f\" ,"),
            ["ab \"cd\"", "\"e,f", ""]
        );
        assert_eq!(texts("10 DATA \"a: b"), ["\"a: b"]);
    }

    #[test]
    fn a_quoted_item_followed_by_text_is_bad() {
        assert_eq!(
            items("10 DATA 5, \"\" x, 6"),
            [("5".into(), false), ("\"".into(), true)]
        );
    }
}
