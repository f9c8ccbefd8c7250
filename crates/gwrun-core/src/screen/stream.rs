//! The byte stream of what is printed, for when stdout is not a terminal, in one of two
//! forms. The plain transcript gwrun has always written: CR and LF become `\n`, an
//! automatic `\n` after the last column, TAB pads with spaces to the next multiple of 8,
//! BEL passes through, every other byte is written as it is and takes a column. The DOS
//! form, GW-BASIC's bytes for a redirected stdout as PC-BASIC's stream gives them: a CR
//! is CR LF and a LF stays a LF, TAB stays a TAB, rows do not wrap (a full row's line end
//! is written only when a CR ends it), and the CHR$(255) GW puts after `Ok` and its
//! messages is kept (`Screen` writes it into the DOS form only). It runs alongside the
//! cell model: `Screen` feeds it the bytes it prints and tells it when a CR only
//! consumed the pending wrap of a full row.

/// Which form the transcript takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TranscriptForm {
    /// LF line ends, rows wrapped at the screen width, no CHR$(255) markers.
    #[default]
    Plain,
    /// CR LF line ends, unwrapped rows, TABs and the CHR$(255) after `Ok` and messages.
    Dos,
}

/// The stream's column and width, and whether its last output was an automatic `\n`.
#[derive(Debug, Clone)]
pub(crate) struct Stream {
    /// 0-based column.
    col: u16,
    width: u16,
    /// The last thing written filled the row (in the plain form: and its automatic
    /// newline was written).
    after_wrap: bool,
    form: TranscriptForm,
}

impl Stream {
    pub(crate) fn new(width: u16, form: TranscriptForm) -> Stream {
        Stream {
            col: 0,
            width: width.max(1),
            after_wrap: false,
            form,
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
                b'\r' | b'\n' => self.newline(c, out),
                b'\t' if self.form == TranscriptForm::Dos => {
                    out.push(b'\t');
                    let n = 8 - self.col % 8;
                    self.col += n - 1;
                    self.advance();
                }
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

    /// Whether the CHR$(255) after `Ok` and messages is written (the DOS form).
    pub(crate) fn keeps_markers(&self) -> bool {
        self.form == TranscriptForm::Dos
    }

    /// Something outside the stream moved the output to the start of a line.
    pub(crate) fn at_line_start(&mut self) {
        self.col = 0;
        self.after_wrap = false;
    }

    /// A CR or LF (`c`): `\n` in the plain form; in the DOS form CR LF for a CR and
    /// the LF itself for a LF.
    pub(crate) fn newline(&mut self, c: u8, out: &mut Vec<u8>) {
        match (self.form, c) {
            (TranscriptForm::Dos, b'\r') => out.extend_from_slice(b"\r\n"),
            (TranscriptForm::Dos, _) => out.push(c),
            (TranscriptForm::Plain, _) => out.push(b'\n'),
        }
        self.col = 0;
        self.after_wrap = false;
    }

    /// A CR or LF (`c`) that only moved the cell cursor off a full row. The plain
    /// stream already ended that row with its automatic newline, so nothing is written
    /// then; the DOS form ends the row with `c` now.
    pub(crate) fn wrap_newline(&mut self, c: u8, out: &mut Vec<u8>) {
        if self.after_wrap && self.form == TranscriptForm::Plain {
            self.after_wrap = false;
        } else {
            self.newline(c, out);
        }
    }

    fn put(&mut self, c: u8, out: &mut Vec<u8>) {
        out.push(c);
        self.advance();
        if self.after_wrap && self.form == TranscriptForm::Plain {
            out.push(b'\n');
        }
    }

    /// The column after a byte taken by `put` (or a TAB): at the row's end the stream
    /// is back at column 0 with the row full.
    fn advance(&mut self) {
        self.after_wrap = false;
        self.col += 1;
        if self.col >= self.width {
            self.col = 0;
            self.after_wrap = true;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(width: u16, bytes: &[u8]) -> Vec<u8> {
        let mut s = Stream::new(width, TranscriptForm::Plain);
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
        let mut s = Stream::new(4, TranscriptForm::Plain);
        let mut out = Vec::new();
        s.write(b"abcd", &mut out);
        s.wrap_newline(b'\r', &mut out);
        s.newline(b'\r', &mut out);
        assert_eq!(out, b"abcd\n\n");
        let mut out = Vec::new();
        s.wrap_newline(b'\r', &mut out);
        assert_eq!(out, b"\n");
    }

    // The DOS form against PC-BASIC 2.0.8's redirected stream (`--interface=none`):
    // `PRINT STRING$(100,"x")` gives 100 x and CR LF; `PRINT "a";CHR$(10);"b";CHR$(13);
    // "c";CHR$(9);"d"` gives `a` LF `b` CR LF `c` TAB `d` CR LF; a row of exactly 80
    // characters ended by PRINT (two CRs from the cell model: the full row's, then the
    // empty row's) gives CR LF CR LF.
    fn run_dos(width: u16, bytes: &[u8]) -> (Stream, Vec<u8>) {
        let mut s = Stream::new(width, TranscriptForm::Dos);
        let mut out = Vec::new();
        s.write(bytes, &mut out);
        (s, out)
    }

    #[test]
    fn dos_form_keeps_rows_unwrapped_and_ends_lines_as_pc_basic() {
        let (mut s, mut out) = run_dos(80, &[b'x'; 100]);
        s.newline(b'\r', &mut out);
        let mut want = vec![b'x'; 100];
        want.extend_from_slice(b"\r\n");
        assert_eq!(out, want);
        assert_eq!(run_dos(80, b"a\nb\rc\td\r").1, b"a\nb\r\nc\td\r\n");
    }

    #[test]
    fn dos_form_ends_a_full_row_when_its_cr_comes() {
        let (mut s, mut out) = run_dos(80, &[b'y'; 80]);
        assert_eq!(out.len(), 80);
        s.wrap_newline(b'\r', &mut out);
        s.newline(b'\r', &mut out);
        assert_eq!(&out[80..], b"\r\n\r\n");
    }

    #[test]
    fn dos_form_tab_takes_the_columns_to_the_next_stop() {
        // `abc` TAB reaches column 8 of a 10-column row, `de` fills it, the next TAB
        // starts the following row: no byte but the TABs themselves is added
        let (mut s, mut out) = run_dos(10, b"abc\tde\t");
        assert_eq!(out, b"abc\tde\t");
        assert_eq!(s.col, 8);
        s.write(b"z", &mut out);
        assert_eq!(out, b"abc\tde\tz");
    }
}
