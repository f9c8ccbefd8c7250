//! Test support shared by the screen, keyboard and editor tests: the real GW-BASIC model
//! files (read at test time from `../shared/realgw/tests`, skipped clearly when absent),
//! the screen dump the suite's programs write with `DEF SEG=&HB800: PEEK`, and a small
//! PRINT driver with the statement's item rules, so a test can replay a program's
//! screen output step by step.

use super::Screen;
use std::path::PathBuf;

/// A model file of a real-GW test, or None (with a SKIPPED note) when the suite is not
/// beside the checkout.
pub(crate) fn model(test: &str, file: &str) -> Option<Vec<u8>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join("../shared/realgw/tests");
    if !dir.is_dir() {
        eprintln!("SKIPPED: ../shared/realgw/tests not found beside the checkout");
        return None;
    }
    let path = dir.join(test).join("model").join(file);
    match std::fs::read(&path) {
        Ok(b) => Some(b),
        Err(e) => panic!("{}: {e}", path.display()),
    }
}

/// What the suite's dump loop writes: rows 0..rows, columns 0..cols of page 0 read with
/// PEEK(2*(Y*width+X)), each row followed by CR LF, then the file's closing Ctrl-Z.
pub(crate) fn dump(s: &Screen, rows: usize, cols: usize, width: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for y in 0..rows {
        for x in 0..cols {
            out.push(s.peek_vram(2 * (y * width + x)).unwrap_or(0));
        }
        out.extend_from_slice(b"\r\n");
    }
    out.push(0x1A);
    out
}

/// Shows two dumps side by side when they differ.
pub(crate) fn assert_dump(got: &[u8], want: &[u8]) {
    if got != want {
        let g = String::from_utf8_lossy(got);
        let w = String::from_utf8_lossy(want);
        let mut msg = String::new();
        for (a, b) in g.split("\r\n").zip(w.split("\r\n")) {
            let mark = if a == b { ' ' } else { '*' };
            msg.push_str(&format!("{mark}|{a}|  |{b}|\n"));
        }
        panic!("screen dump differs (got | want):\n{msg}");
    }
}

/// An item of a PRINT statement.
pub(crate) enum Item<'a> {
    Str(&'a [u8]),
    /// A number as GW formats it (sign or leading space), without the trailing space.
    Num(&'a str),
    Comma,
    Semi,
    Tab(i32),
}

/// PRINT to the screen with the statement's rules: an item that would not fit starts a
/// new line; numbers get a trailing space; `,` pads to the next 14-column zone or ends
/// the line past the last one; TAB and SPC pad; the statement ends with a CR unless its
/// last item is a separator.
pub(crate) fn print(s: &mut Screen, items: &[Item]) {
    let mut newline = true;
    for item in items {
        newline = true;
        match item {
            Item::Str(t) => {
                if s.print_needs_break(t.len()) {
                    s.write(b"\r");
                }
                s.write(t);
            }
            Item::Num(t) => {
                let mut t = t.as_bytes().to_vec();
                t.push(b' ');
                if s.print_needs_break(t.len()) {
                    s.write(b"\r");
                }
                s.write(&t);
            }
            Item::Semi => newline = false,
            Item::Comma => {
                newline = false;
                let w = s.width();
                let col = s.print_col();
                let zones = (w / 14).max(1);
                let next = (col - 1) / 14 + 1;
                if next >= zones {
                    s.write(b"\r");
                } else {
                    let n = 1 + 14 * next - col;
                    s.write(&vec![b' '; n as usize]);
                }
            }
            Item::Tab(n) => {
                newline = false;
                let w = s.width();
                let pos = (n - 1).max(0) % w + 1;
                let col = s.print_col();
                if pos < col {
                    s.write(b"\r");
                    s.write(&vec![b' '; (pos - 1) as usize]);
                } else {
                    s.write(&vec![b' '; (pos - col) as usize]);
                }
            }
        }
    }
    if newline {
        s.print_end();
    }
}

/// The (ERR, ERL) pairs of an error log the suite's programs write with
/// `PRINT#1, ERR, ERL` (other lines are skipped).
pub(crate) fn error_lines(log: &[u8]) -> Vec<(i32, i32)> {
    String::from_utf8_lossy(log)
        .lines()
        .filter_map(|l| {
            let mut it = l.split_whitespace();
            let a = it.next()?.parse().ok()?;
            let b = it.next()?.parse().ok()?;
            it.next().is_none().then_some((a, b))
        })
        .collect()
}
