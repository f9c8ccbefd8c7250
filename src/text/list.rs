//! Detokenising: crunched line bytes → the canonical text LIST prints and ASCII SAVE
//! writes (digest §1.2, §11.2). Ported from GW-BASIC's BUFLIN (Microsoft's GW-BASIC
//! source, MIT licence, GWLIST.ASM): keywords upper case, the program's own spaces kept,
//! constants regenerated from their binary form, the hidden `:` of `'` and ELSE and the
//! `+` after WHILE not shown, and a space put in where a keyword meets a name or a
//! number (`?i` lists as `PRINT I`), so the listing crunches back to the same line.

use crate::num::{self, Double, Num, Single};
use crate::text::token::{Keyword, byte};

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

/// The text of one line body (without its number).
pub fn detokenize(body: &[u8]) -> Vec<u8> {
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
    /// only the `'` of `:REM'` is a token).
    fn keyword(&mut self, b: &[u8], i: usize) -> usize {
        let c = b[i];
        let quote_comment = self.rem && c == 0xD9 && self.out.ends_with(b":REM");
        if self.quote || self.data || (self.rem && !quote_comment) {
            self.out.push(c);
            return 1;
        }
        let (code, len) = match c {
            0xFD..=0xFF => (
                u16::from(c) << 8 | u16::from(b.get(i + 1).copied().unwrap_or(0)),
                2,
            ),
            _ => (u16::from(c), 1),
        };
        let Some(k) = Keyword::from_code(code) else {
            self.out.push(c);
            return 1;
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
    fn constants_list_with_suffix_rules() {
        assert_eq!(round_trip("10 A=&hff: B=200: C=7"), "10 A=&HFF: B=200: C=7");
    }
}
