//! Detokenising: crunched line bytes → the canonical text LIST prints and ASCII SAVE
//! writes (digest §1.2, §11.2). Ported from GW-BASIC's BUFLIN (Microsoft's GW-BASIC
//! source, MIT licence, GWLIST.ASM): keywords upper case, the program's own spaces kept,
//! constants regenerated from their binary form, the hidden `:` of `'` and ELSE and the
//! `+` after WHILE not shown, and a space put in where a keyword meets a name or a
//! number (`?i` lists as `PRINT I`), so the listing crunches back to the same line.

use crate::num::{self, Double, Num, Single};
use crate::text::token::{Keyword, byte};
use crate::text::unassigned;

/// What the listing printed last, for the space rule (BUFLIN's TEMPA).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Last {
    /// Punctuation, a space, an operator, the start of the line: no space follows.
    Special,
    /// A name, a digit or a constant.
    Name,
    /// A keyword: a name or number right after it is set off by a space.
    Keyword,
}

/// The detokeniser's state: inside quotes, DATA (to an unquoted `:`), REM (to the end).
struct Lister {
    out: Vec<u8>,
    last: Last,
    quote: bool,
    data: bool,
    rem: bool,
}

/// What the main or extended keyword list gives for a value.
enum Listed {
    Keyword(Keyword),
    Unassigned(&'static [u8]),
}

/// Main list (RESLST): single-byte tokens by their byte, `0xFF xx` functions by `xx`'s low
/// 7 bits.
fn main_list(ch: u8) -> Listed {
    let code = if ch >= 0x80 {
        u16::from(ch)
    } else {
        0xFF80 | u16::from(ch)
    };
    match (unassigned::main_entry(ch), Keyword::from_code(code)) {
        (None, Some(k)) => Listed::Keyword(k),
        (entry, _) => Listed::Unassigned(entry.unwrap_or(&[0x80])),
    }
}

/// Extended list (RESLSX): `0xFE` statements from 0x80, `0xFD` functions below.
fn ext_list(ch: u8) -> Listed {
    let code = if ch >= 0x80 {
        0xFE00 | u16::from(ch)
    } else {
        0xFD80 | u16::from(ch)
    };
    match (unassigned::ext_entry(ch), Keyword::from_code(code)) {
        (None, Some(k)) => Listed::Keyword(k),
        (entry, _) => Listed::Unassigned(entry.unwrap_or(&[0x80])),
    }
}

/// The text of one line body (without its number), with nothing known of the memory
/// after it (read as zeros).
pub fn detokenize(body: &[u8]) -> Vec<u8> {
    detokenize_in(body, &Vec::new)
}

/// The text of one line body. A prefix byte at the end of the body takes the line's
/// ending 0 as its second byte, and GW's BUFLIN then runs on through the bytes that
/// follow in memory (the next lines' links, numbers and text) up to the next 0 it reaches
/// as a character: `after` gives those bytes when that happens. The text ends at a 0
/// byte put into it (a value whose entry clears to 0), as LIST's output stops there.
pub fn detokenize_in(body: &[u8], after: &dyn Fn() -> Vec<u8>) -> Vec<u8> {
    let mut l = Lister {
        out: Vec::with_capacity(body.len() * 2),
        last: Last::Special,
        quote: false,
        data: false,
        rem: false,
    };
    let mut i = 0;
    while i < body.len() {
        i += l.item(body, i);
    }
    if i > body.len() {
        let mut mem = body.to_vec();
        mem.push(0);
        mem.extend_from_slice(&after());
        while mem.get(i).is_some_and(|&c| c != 0) {
            i += l.item(&mem, i);
        }
    }
    if let Some(end) = l.out.iter().position(|&c| c == 0) {
        l.out.truncate(end);
    }
    l.out
}

impl Lister {
    /// Lists the item at `i`; returns the bytes it took.
    fn item(&mut self, b: &[u8], i: usize) -> usize {
        let c = b[i];
        if (byte::OCT..=byte::DBL).contains(&c) {
            self.name_start();
            return constant_text(b, i, &mut self.out);
        }
        if c == b'"' {
            self.quote = !self.quote;
        } else if c == b':' && !self.quote {
            self.data = false;
        }
        if c >= 0x80 {
            return self.keyword(b, i);
        }
        if c == b'.' || c.is_ascii_alphanumeric() {
            self.name_start();
        } else {
            self.last = Last::Special;
        }
        self.out.push(c);
        1
    }

    /// A name or number begins: set it off from a keyword before it.
    fn name_start(&mut self) {
        if self.last == Last::Keyword {
            self.out.push(b' ');
        }
        self.last = Last::Name;
    }

    /// A byte >= 0x80: a keyword token, or raw text inside quotes, DATA and REM (where
    /// only the `'` of `:REM'` is a token). A prefix takes the byte after it whatever it
    /// is, the line's ending 0 included (the listing then runs on into the bytes that
    /// follow the line in memory, as GW's does). `0xFF xx` and `0xFD xx` look up `xx`'s
    /// low 7 bits; a value without a keyword lists as GW 3.23's search finds it
    /// (`text::unassigned`). An `0xFD`/`0xFE` token is set off by a space like any
    /// keyword but leaves the spacing state as it found it: 3.23 lists `FD 00` then the
    /// byte `h` as `eo\x015h`, and `FE 00 FE 00` with a space between [M gwbasic/tokens].
    fn keyword(&mut self, b: &[u8], i: usize) -> usize {
        let before = self.last;
        let len = self.keyword_token(b, i);
        if matches!(b[i], 0xFD | 0xFE) && !(self.quote || self.data || self.rem) {
            self.last = before;
        }
        len
    }

    fn keyword_token(&mut self, b: &[u8], i: usize) -> usize {
        let c = b[i];
        let quote_comment = self.rem && c == 0xD9 && self.out.ends_with(b":REM");
        if self.quote || self.data || (self.rem && !quote_comment) {
            self.out.push(c);
            return 1;
        }
        let next = b.get(i + 1).copied().unwrap_or(0);
        let (found, len) = match c {
            0xFF => (main_list(next & 0x7F), 2),
            0xFD => (ext_list(next & 0x7F), 2),
            0xFE => (ext_list(next), 2),
            _ => (main_list(c), 1),
        };
        let k = match found {
            Listed::Keyword(k) => k,
            Listed::Unassigned(entry) => {
                self.print_unassigned(entry);
                return len;
            }
        };
        if quote_comment {
            self.out.truncate(self.out.len() - 4);
        }
        let mut spelling = k.spelling().as_bytes();
        match k {
            Keyword::Data => self.data = true,
            Keyword::Rem => self.rem = true,
            // the `:` stored before ELSE is not shown; at the very start of the line
            // GW backs up before its buffer and the E is lost
            Keyword::Else if self.out.pop().is_none() => spelling = &spelling[1..],
            _ => {}
        }
        self.print_keyword(k, spelling);
        // WHILE is stored with a `+` after it
        let plus = k == Keyword::While && b.get(i + len) == Some(&0xE9);
        len + usize::from(plus)
    }

    /// A value without a keyword: GW's search stopped at `entry` (its initial byte, then
    /// the word's bytes up to one with bit 7 set), printed with bit 7 cleared and set off
    /// like a keyword; a word ending in `(` takes what follows without a space, as TAB(
    /// does (GWLIST.ASM NTSPCH, MORLN1, NTSPCT).
    fn print_unassigned(&mut self, entry: &[u8]) {
        if self.last != Last::Special {
            self.out.push(b' ');
        }
        self.last = Last::Keyword;
        let (&lead, word) = entry.split_first().unwrap_or((&0x80, &[]));
        self.out.push(lead & 0x7F);
        if lead & 0x80 != 0 {
            return;
        }
        for &w in word {
            self.out.push(w & 0x7F);
            if w & 0x80 != 0 {
                if w == b'(' | 0x80 {
                    self.last = Last::Special;
                }
                return;
            }
        }
    }

    /// Operators and `'` are punctuation; a word keyword is set off by a space from a
    /// name, number or keyword before it; FN, USR, TAB( and SPC( take their argument
    /// without a space.
    fn print_keyword(&mut self, k: Keyword, spelling: &[u8]) {
        let word = spelling.first().is_some_and(u8::is_ascii_alphabetic);
        if word && self.last != Last::Special {
            self.out.push(b' ');
        }
        self.out.extend_from_slice(spelling);
        let open = matches!(k, Keyword::Fn | Keyword::Usr) || spelling.ends_with(b"(");
        self.last = if word && !open {
            Last::Keyword
        } else {
            Last::Special
        };
    }
}

/// Writes the embedded constant at `i` as LIST shows it; returns the bytes it took.
fn constant_text(b: &[u8], i: usize, out: &mut Vec<u8>) -> usize {
    let at = |k: usize| b.get(k).copied().unwrap_or(0);
    let le16 = |k: usize| u16::from_le_bytes([at(k), at(k + 1)]);
    match at(i) {
        byte::OCT => {
            out.extend_from_slice(format!("&O{:o}", le16(i + 1)).as_bytes());
            3
        }
        byte::HEX => {
            out.extend_from_slice(format!("&H{:X}", le16(i + 1)).as_bytes());
            3
        }
        byte::LINE_NUM | byte::LINE_PTR => {
            out.extend_from_slice(le16(i + 1).to_string().as_bytes());
            3
        }
        byte::INT1 => {
            out.extend_from_slice(at(i + 1).to_string().as_bytes());
            2
        }
        c @ byte::DIGIT0..=byte::DIGIT9 => {
            out.push(b'0' + (c - byte::DIGIT0));
            1
        }
        byte::INT2 => {
            out.extend_from_slice(num::list_text(Num::Int(le16(i + 1) as i16)).as_bytes());
            3
        }
        byte::SNG => {
            let a: [u8; 4] = std::array::from_fn(|k| at(i + 1 + k));
            out.extend_from_slice(num::list_text(Num::Sng(Single::from_bytes(a))).as_bytes());
            5
        }
        byte::DBL => {
            let a: [u8; 8] = std::array::from_fn(|k| at(i + 1 + k));
            out.extend_from_slice(num::list_text(Num::Dbl(Double::from_bytes(a))).as_bytes());
            9
        }
        // 0x10, 0x1B, 0x1E: not constants GW writes; shown as they are
        c => {
            out.push(c);
            1
        }
    }
}

/// `number text` as LIST shows a line: one space after the number unless the text
/// starts with a TAB; for line 0 one leading space of the text is not shown (line 0
/// keeps the space typed after its number) [M gwbasic/line_number_0; P lister.py].
pub fn list_line(number: u16, body: &[u8]) -> Vec<u8> {
    list_line_in(number, body, &Vec::new)
}

/// `list_line` with the memory after the line (`detokenize_in`).
pub fn list_line_in(number: u16, body: &[u8], after: &dyn Fn() -> Vec<u8>) -> Vec<u8> {
    let body = match body {
        [b' ', rest @ ..] if number == 0 => rest,
        _ => body,
    };
    let mut out = number.to_string().into_bytes();
    if body.first() != Some(&b'\t') {
        out.push(b' ');
    }
    // the text is unpacked into the 255-byte line buffer, and what does not fit is not
    // shown (GWLIST.ASM BUFLIN: "IF BUFFER FULL, RETURN")
    let mut text = detokenize_in(body, after);
    text.truncate(LINE_BUFFER);
    out.extend_from_slice(&text);
    out
}

/// GW-BASIC's line buffer (BUFLEN).
const LINE_BUFFER: usize = 255;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::lex::crunch;

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
    fn a_keyword_meeting_a_name_or_number_is_set_off_by_a_space() {
        // PC-BASIC lists `?i;:?"x"` as `PRINT I;:PRINT"x"` (X); GW's BUFLIN rule
        assert_eq!(round_trip("40 ?i;:?\"x\""), "40 PRINT I;:PRINT\"x\"");
        assert_eq!(round_trip("10 FOR I=1TO 3"), "10 FOR I=1 TO 3");
        // operators, FN, USR, TAB( and SPC( take no spaces
        assert_eq!(round_trip("10 X=FNA(1)+TAB(2)*-3"), "10 X=FNA(1)+TAB(2)*-3");
        // from a file: the source sets off text after DATA and REM as well (PC-BASIC
        // does for DATA, not for REM)
        assert_eq!(detokenize(&[0x84, b'1', b',', b'2']), b"DATA 1,2".to_vec());
        assert_eq!(detokenize(&[0x8F, b'x', 0x91]), b"REM x\x91".to_vec());
    }

    #[test]
    fn else_hides_the_byte_before_it() {
        assert_eq!(
            round_trip("10 IF X THEN 20ELSE 30"),
            "10 IF X THEN 20ELSE 30"
        );
        // a lone ELSE token at the start of a line (only from a file) loses its E
        assert_eq!(detokenize(&[0xA1, b' ', 0x12]), b"LSE 1".to_vec());
    }

    #[test]
    fn values_without_a_keyword_list_as_gw_323_finds_them() {
        // real GW 3.23 LIST [M gwbasic/tokens]
        assert_eq!(detokenize(&[0x80]), b"\x07".to_vec());
        assert_eq!(detokenize(&[0x9A]), b"nHELL".to_vec());
        assert_eq!(detokenize(&[0xFE, 0x80]), b"lC".to_vec());
        assert_eq!(detokenize(&[0xFF, 0xA6]), b"x[".to_vec());
        // 0xFF and 0xFD look at 7 bits: FF 01 is LEFT$, FD 01 is CVI, FE 01 too
        assert_eq!(detokenize(&[0xFF, 0x01]), b"LEFT$".to_vec());
        assert_eq!(detokenize(&[0xFE, 0x01]), b"CVI".to_vec());
        // set off like a keyword; a 0 in the entry ends the listed text
        assert_eq!(detokenize(&[b'A', 0x9A, b'B']), b"A nHELL B".to_vec());
        assert_eq!(detokenize(&[b'A', 0xE4, b'B']), b"A ".to_vec());
    }

    #[test]
    fn a_prefix_at_the_end_runs_on_into_memory() {
        // lines 253 (FD), 254 (FE), 255 (FF) of gwbasic/tokens at TXTTAB &H126E: after
        // line 253's 0, line 254's link &H1568, its number FE 00, its text FE, its 0...
        let after = || {
            vec![
                0x68, 0x15, 0xFE, 0x00, 0xFE, 0x00, 0x6E, 0x15, 0xFF, 0x00, 0xFF, 0x00,
            ]
        };
        assert_eq!(
            list_line_in(253, &[0xFD], &after),
            b"253 eo\x015h4 eo\x015 eo\x015n4 ".to_vec()
        );
        // without the memory after it, the line reads zeros there
        assert_eq!(list_line(255, &[0xFF]), b"255 ".to_vec());
    }

    #[test]
    fn constants_list_with_suffix_rules() {
        assert_eq!(round_trip("10 A=&hff: B=200: C=7"), "10 A=&HFF: B=200: C=7");
    }
}
