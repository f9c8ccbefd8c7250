//! The plain byte stream of what is printed, for when stdout is not a terminal: the
//! transcript gwrun has always written (CR and LF become `\n`, an automatic `\n` after
//! the last column, TAB pads with spaces to the next multiple of 8, BEL passes through,
//! every other byte is written as it is and takes a column). It runs alongside the cell
//! model: `Screen` feeds it the bytes it prints and tells it when a CR only consumed the
//! pending wrap of a full row (that row already ended with the automatic `\n`).

/// The stream's column and width, and whether its last output was an automatic `\n`.
#[derive(Debug, Clone)]
pub(crate) struct Stream {
    /// 0-based column.
    col: u16,
    width: u16,
    /// The last thing written was the automatic newline after a full row.
    after_wrap: bool,
}

impl Stream {
    pub(crate) fn new(width: u16) -> Stream {
        Stream {
            col: 0,
            width: width.max(1),
            after_wrap: false,
        }
    }

    pub(crate) fn set_width(&mut self, width: u16) {
        self.width = width.max(1);
        if self.col >= self.width {
            self.col = 0;
        }
    }

    /// Appends the stream form of `bytes` to `out`.
    pub(crate) fn write(&mut self, bytes: &[u8], out: &mut Vec<u8>) {
        let mut i = 0;
        while let Some(&c) = bytes.get(i) {
            match c {
                b'\r' | b'\n' => self.newline(out),
                b'\t' => {
                    let n = 8 - self.col % 8;
                    for _ in 0..n {
                        self.put(b' ', out);
                    }
                }
                7 => out.push(7),
                _ => {
                    // the bytes up to a control or the row's end go out at once
                    let room = usize::from(self.width - self.col);
                    let n = bytes[i..]
                        .iter()
                        .take(room)
                        .take_while(|&&b| !matches!(b, b'\r' | b'\n' | b'\t' | 7))
                        .count()
                        .max(1);
                    out.extend_from_slice(&bytes[i..i + n - 1]);
                    self.col += (n - 1) as u16;
                    self.put(bytes[i + n - 1], out);
                    i += n;
                    continue;
                }
            }
            i += 1;
        }
    }

    /// Something outside the stream moved the output to the start of a line.
    pub(crate) fn at_line_start(&mut self) {
        self.col = 0;
        self.after_wrap = false;
    }

    /// A CR or LF.
    pub(crate) fn newline(&mut self, out: &mut Vec<u8>) {
        out.push(b'\n');
        self.col = 0;
        self.after_wrap = false;
    }

    /// A CR that only moved the cell cursor off a full row: the stream already ended
    /// that row with its automatic newline, so nothing is written then.
    pub(crate) fn wrap_newline(&mut self, out: &mut Vec<u8>) {
        if self.after_wrap {
            self.after_wrap = false;
        } else {
            self.newline(out);
        }
    }

    fn put(&mut self, c: u8, out: &mut Vec<u8>) {
        out.push(c);
        self.after_wrap = false;
        self.col += 1;
        if self.col >= self.width {
            out.push(b'\n');
            self.col = 0;
            self.after_wrap = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(width: u16, bytes: &[u8]) -> Vec<u8> {
        let mut s = Stream::new(width);
        let mut out = Vec::new();
        s.write(bytes, &mut out);
        out
    }

    #[test]
    fn cr_and_lf_are_newlines_and_tab_pads_to_eight() {
        assert_eq!(run(80, b"a\rb\nc"), b"a\nb\nc");
        assert_eq!(run(80, b"ab\tc"), b"ab      c");
        assert_eq!(run(80, b"\x07x"), b"\x07x");
    }

    #[test]
    fn a_full_row_ends_with_an_automatic_newline() {
        let out = run(40, &[b'x'; 41]);
        assert_eq!(out.len(), 42);
        assert_eq!(out[40], b'\n');
        assert_eq!(out[41], b'x');
    }

    #[test]
    fn a_wrap_newline_after_a_full_row_writes_nothing() {
        let mut s = Stream::new(4);
        let mut out = Vec::new();
        s.write(b"abcd", &mut out);
        s.wrap_newline(&mut out);
        s.newline(&mut out);
        assert_eq!(out, b"abcd\n\n");
        let mut out = Vec::new();
        s.wrap_newline(&mut out);
        assert_eq!(out, b"\n");
    }
}
