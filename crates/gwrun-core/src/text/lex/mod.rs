//! The cruncher: one line of program text → GW-BASIC's tokenised bytes (digest §1.2).
//!
//! A logos lexer classifies the text (keywords by longest match, which is exactly GW's
//! rule that a keyword followed by a letter, digit or `.` is part of a name; names;
//! strings; blanks; number starts); a small driver owns the modes logos cannot express:
//! REM and `'` bodies, DATA bodies, numbers (converted to binary constants by `num`),
//! line numbers after GOTO-like keywords, and the "number allowed here" state that makes
//! `OPTION BASE 1` store its digit as text, as GW-BASIC does.
//!
//! The stored bytes keep every space (they cost run time and LIST shows them).

mod numtext;

use crate::error::ErrorCode;
use crate::num::is_blank;
use crate::text::token::{Keyword, byte};
use logos::Logos;

macro_rules! define_lexeme {
    ($(($v:ident, $s:literal, $c:literal)),* $(,)?) => {
        /// What the lexer sees at a position of the source line.
        #[derive(Logos, Debug, Clone, Copy, PartialEq)]
        #[logos(utf8 = false)]
        enum Lexeme {
            $( #[token($s, |_| Keyword::$v, ignore(case))] )*
            #[regex("(?i)GO +TO", |_| Keyword::Goto)]
            #[regex("(?i)GO SUB", |_| Keyword::Gosub)]
            Kw(Keyword),
            /// FN or USR glued to name characters: unlike every other keyword they stay
            /// keywords, and the text after them is crunched afresh (`FNA(X)` is FN + A,
            /// `USR0(X)` is USR + the constant 0).
            #[regex("(?i)FN[A-Z0-9.]+", |_| Keyword::Fn, priority = 20)]
            #[regex("(?i)USR[A-Z0-9.]+", |_| Keyword::Usr, priority = 20)]
            Glued(Keyword),
            /// A name (or a keyword glued to letters/digits, which GW treats as a name).
            #[regex("[A-Za-z][A-Za-z0-9.]*", priority = 1)]
            Word,
            #[regex("[0-9.]")]
            NumStart,
            #[token("&")]
            Amp,
            #[regex(b"\"[^\"]*\"?")]
            Str,
            #[token(" ")]
            #[token("\t")]
            Blank,
            #[token("?")]
            Question,
        }
    };
}

crate::with_keyword_table!(define_lexeme);

/// A crunched line: its number (None for a direct-mode line) and its token bytes, without
/// the terminating 0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Crunched {
    pub number: Option<u16>,
    pub body: Vec<u8>,
    /// Literals that overflowed (each prints `Overflow` as the line is entered).
    pub overflows: u16,
}

/// Longest crunched line body: GW's KBFLEN (255 + 255/4) less 3 bytes of terminating
/// zeros, less one (the count must not reach zero).
const MAX_CRUNCHED: usize = 255 + 255 / 4 - 4;

/// Why a line could not be crunched.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CrunchError {
    /// A typed line whose number LINGET stopped short of, a digit following it (65530 or
    /// more: Syntax error) [S GWMAIN.ASM MAIN: SNERR unless ISFLIO].
    BadLineNumber,
    /// The crunched line does not fit GW-BASIC's crunch buffer: raised at the byte that
    /// fills it [S GWMAIN.ASM KRNSAV: LBOERR when the count reaches 0]. The number is
    /// the literals before that byte that overflowed (their soft `Overflow` messages were
    /// printed as they were read).
    LineBufferOverflow(u16),
    /// An `&H` literal with a fifth digit or an `&O` literal past 16 bits: the cruncher
    /// raises Overflow, a hard error, and the line is not entered [S GWEVAL.ASM OCTCNS:
    /// OVERR when the call is not from INPUT]. The number is the literals before it that
    /// overflowed, as for `LineBufferOverflow`.
    Overflow(u16),
}

impl CrunchError {
    /// The soft `Overflow` messages GW printed before it met this error (FIN's once-only
    /// message for each literal too large, read before the line was refused).
    pub fn overflows(self) -> u16 {
        match self {
            CrunchError::BadLineNumber => 0,
            CrunchError::LineBufferOverflow(n) | CrunchError::Overflow(n) => n,
        }
    }

    /// The error GW reports for a line refused so, typed or read from a file.
    pub fn code(self) -> ErrorCode {
        match self {
            CrunchError::BadLineNumber => ErrorCode::SyntaxError,
            CrunchError::LineBufferOverflow(_) => ErrorCode::LineBufferOverflow,
            CrunchError::Overflow(_) => ErrorCode::Overflow,
        }
    }
}

/// Keywords after which numbers are line numbers (stored as 0x0E + 2 bytes).
const LINE_NUMBER_WORDS: &[Keyword] = &[
    Keyword::Goto,
    Keyword::Then,
    Keyword::Else,
    Keyword::Gosub,
    Keyword::List,
    Keyword::Renum,
    Keyword::Edit,
    Keyword::Llist,
    Keyword::Delete,
    Keyword::Run,
    Keyword::Resume,
    Keyword::Auto,
    Keyword::Erl,
    Keyword::Restore,
    Keyword::Return,
];

/// Reads a line number at the start of `text` the way GW-BASIC does (LINGET): digits with
/// CHRGTR's blanks (blank, TAB, line feed) allowed before and between them, accumulation stops once the value exceeds 6552 before the
/// next digit (so leading zeros never end it and the value stays at most 65529). Returns
/// (number, bytes consumed without trailing blanks).
pub fn read_line_number(text: &[u8]) -> Option<(u32, usize)> {
    let mut value: u32 = 0;
    let mut digits = 0;
    let mut end = 0;
    let mut i = 0;
    while i < text.len() {
        let c = text[i];
        if c.is_ascii_digit() {
            if digits > 0 && value > 6552 {
                break;
            }
            value = value * 10 + u32::from(c - b'0');
            digits += 1;
            end = i + 1;
        } else if !is_blank(c) {
            break;
        }
        i += 1;
    }
    (digits > 0).then_some((value, end))
}

/// Crunch one typed line of text (no line terminator). A leading line number makes it a
/// program line; one space after the number is dropped (unless the number is 0).
pub fn crunch(text: &[u8]) -> Result<Crunched, CrunchError> {
    crunch_from(text, false)
}

/// Crunch one line read from a program file (LOAD, RUN, MERGE, CHAIN): as `crunch`, except
/// that a digit after the number LINGET stopped short of begins the line's text (`65530 X`
/// is line 6553, `0 X`) where a typed line is a Syntax error [S GWMAIN.ASM MAIN: after
/// LINGET, "ANOTHER DIGIT AFTER LINE#?" goes to SNERR only when ISFLIO says the line did
/// not come from a file; BAKSP then backs up to the digit].
pub fn crunch_file_line(text: &[u8]) -> Result<Crunched, CrunchError> {
    crunch_from(text, true)
}

fn crunch_from(text: &[u8], from_file: bool) -> Result<Crunched, CrunchError> {
    let start = text
        .iter()
        .position(|&c| !is_blank(c))
        .unwrap_or(text.len());
    let text = &text[start..];
    let (number, rest) = match read_line_number(text) {
        Some((n, len)) => {
            let next_is_digit = text[len..]
                .iter()
                .find(|&&c| !is_blank(c))
                .is_some_and(u8::is_ascii_digit);
            if n > 65529 || (next_is_digit && !from_file) {
                return Err(CrunchError::BadLineNumber);
            }
            return crunch_numbered(n as u16, &text[len..]);
        }
        None => (None, text),
    };
    crunch_rest(number, rest)
}

/// Crunch the text after a line number already read (AUTO's number, whose `*` stopped
/// LINGET): one blank after a number other than 0 is eaten [S GWMAIN.ASM MAINBX], and
/// digits in the text are the line's own, not more of its number.
pub fn crunch_numbered(number: u16, text: &[u8]) -> Result<Crunched, CrunchError> {
    let mut rest = text;
    if number != 0 && rest.first() == Some(&b' ') {
        rest = &rest[1..];
    }
    crunch_rest(Some(number), rest)
}

/// The body's crunch and GW's crunch-buffer limit.
fn crunch_rest(number: Option<u16>, rest: &[u8]) -> Result<Crunched, CrunchError> {
    let (body, overflows, hard) = crunch_body(rest);
    if let Some(e) = hard {
        return Err(e);
    }
    Ok(Crunched {
        number,
        body,
        overflows,
    })
}

/// The driver's state between lexemes (PC-BASIC and GW-BASIC agree on these rules).
struct Driver {
    out: Vec<u8>,
    /// A number here is a constant (after keywords, operators, `,` `;` `#` `(`).
    allow_number: bool,
    /// A number here is a line number (after GOTO-like keywords, kept across `,` `)` and
    /// operators).
    allow_line_number: bool,
    overflows: u16,
    /// A hard error met while crunching: the crunch stops there.
    hard: Option<CrunchError>,
}

fn crunch_body(text: &[u8]) -> (Vec<u8>, u16, Option<CrunchError>) {
    let mut d = Driver {
        out: Vec::with_capacity(text.len()),
        allow_number: true,
        allow_line_number: false,
        overflows: 0,
        hard: None,
    };
    // where the lexer's text starts in `text` (it restarts after a glued FN or USR)
    let mut base = 0;
    let mut lex = Lexeme::lexer(text);
    while let Some(item) = lex.next() {
        let span = lex.span();
        let span = base + span.start..base + span.end;
        let slice = &text[span.clone()];
        match item {
            Ok(Lexeme::Kw(Keyword::Goto)) if go_to_is_a_name(slice, &text[span.end..]) => {
                // `GO TO` with one blank, glued to a name character, stays a name:
                // `GO TOTAL` is the names GO and TOTAL [M gwbasic/tokenise_GO_TO]
                d.out.extend(slice.iter().map(u8::to_ascii_uppercase));
                d.name_seen();
            }
            Ok(Lexeme::Kw(_)) if dollar_keyword_is_a_name(slice, &text[span.end..]) => {
                // `STR$5`, `CHR$A`: a keyword ending in `$` glued to a letter, digit or
                // `.` is a name like any other keyword, and the `$` is its suffix
                d.out
                    .extend(slice[..slice.len() - 1].iter().map(u8::to_ascii_uppercase));
                d.name_seen();
                d.other(b'$');
            }
            Ok(Lexeme::Kw(kw)) => {
                if d.keyword(kw, &text[span.end..]) {
                    let rest = &text[span.end..];
                    let consumed = d.raw_mode(kw, rest);
                    lex.bump(consumed);
                }
            }
            Ok(Lexeme::Glued(kw)) => {
                // GW's cruncher takes FN and USR whatever follows them and goes on
                // crunching after them, with numbers allowed [S GWMAIN.ASM CRUNCH: `$FN`
                // and `$USR` jump to ISRESW before the letter-after-keyword test]
                d.keyword(kw, &[]);
                base = span.start + if kw == Keyword::Fn { 2 } else { 3 };
                lex = Lexeme::lexer(&text[base..]);
            }
            Ok(Lexeme::Word) => {
                d.out.extend(slice.iter().map(u8::to_ascii_uppercase));
                d.name_seen();
            }
            Ok(Lexeme::NumStart) | Ok(Lexeme::Amp) => {
                let rest = &text[span.start..];
                let consumed = d.number(rest);
                lex.bump(consumed.saturating_sub(slice.len()));
            }
            Ok(Lexeme::Str) => d.out.extend_from_slice(slice),
            Ok(Lexeme::Blank) => d.out.push(slice[0]),
            Ok(Lexeme::Question) => {
                d.push_keyword(Keyword::Print);
                d.allow_number = true;
                d.allow_line_number = false;
            }
            Err(()) => {
                for &c in slice {
                    d.other(c);
                }
            }
        }
        // the line is crunched left to right, and the first error stops it: a literal's
        // hard Overflow, or the byte that fills the crunch buffer (a quarter longer than
        // the 255-character line buffer: KBFLEN-3 bytes, the count reaching 0 an
        // overflow), so a literal too large after that byte prints nothing [S GWMAIN.ASM
        // CRUNCH, KRNSAV → LBOERR; GWEVAL.ASM OCTCNS → OVERR]
        if d.hard.is_none() && d.out.len() > MAX_CRUNCHED {
            d.hard = Some(CrunchError::LineBufferOverflow(d.overflows));
        }
        if d.hard.is_some() {
            break;
        }
    }
    (d.out, d.overflows, d.hard)
}

/// GW's cruncher takes `GO` + blanks + `TO` as GOTO in two ways [S GWMAIN.ASM CRUNCH,
/// GOSTEX; M gwbasic/tokenise_GO_TO]: after two or more blanks `TO` is taken whatever
/// follows (`GO  TOTAL` is GOTO + TAL); with exactly one blank, `GO TO` is a keyword of
/// its own and, like any keyword, is part of a name when a letter, digit or `.` follows.
/// (`GO SUB` needs exactly one blank and may be glued to what follows; the lexeme rules
/// already say so.)
fn go_to_is_a_name(slice: &[u8], rest: &[u8]) -> bool {
    slice.len() == 5
        && rest
            .first()
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
}

/// A keyword that ends in `$` (`STR$`, `CHR$`, `MKI$`) is a keyword only when no letter,
/// digit or `.` follows it: GW's cruncher tests the character after a matched keyword
/// whatever its last character is [S GWMAIN.ASM CRUNCH: ISVARS/TSTANM, IBMRES.ASM
/// CRUNCX: NOTRFN], so `STR$5` is the name STR, its `$` and the digit. The lexer's
/// longest match cannot see this, as a name's text stops before the `$`.
fn dollar_keyword_is_a_name(slice: &[u8], rest: &[u8]) -> bool {
    slice.len() > 1
        && slice.last() == Some(&b'$')
        && rest
            .first()
            .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'.')
}

impl Driver {
    fn push_keyword(&mut self, kw: Keyword) {
        let (b, n) = kw.bytes();
        self.out.extend_from_slice(&b[..n]);
    }

    fn name_seen(&mut self) {
        self.allow_number = false;
        self.allow_line_number = false;
    }

    /// Emit a keyword; returns true when it starts a raw mode (REM, ', DATA).
    fn keyword(&mut self, kw: Keyword, _rest: &[u8]) -> bool {
        match kw {
            Keyword::Apostrophe => {
                self.out.push(b':');
                self.push_keyword(Keyword::Rem);
                self.push_keyword(Keyword::Apostrophe);
                return true;
            }
            Keyword::Rem | Keyword::Data => {
                self.push_keyword(kw);
                return true;
            }
            Keyword::Else => {
                self.out.push(b':');
                self.push_keyword(kw);
            }
            Keyword::While => {
                self.push_keyword(kw);
                self.push_keyword(Keyword::Plus);
            }
            _ => self.push_keyword(kw),
        }
        self.allow_number = true;
        if is_operator(kw) {
            // operators keep the line-number mode: `LIST 10-20`, `IF ERL=100`
        } else {
            self.allow_line_number = LINE_NUMBER_WORDS.contains(&kw);
        }
        false
    }

    /// Copy a REM/' body (to the end of the line) or a DATA body (to an unquoted `:`)
    /// verbatim; returns the bytes consumed.
    fn raw_mode(&mut self, kw: Keyword, rest: &[u8]) -> usize {
        let end = if kw == Keyword::Data {
            let mut in_str = false;
            rest.iter()
                .position(|&c| {
                    if c == b'"' {
                        in_str = !in_str;
                    }
                    c == b':' && !in_str
                })
                .unwrap_or(rest.len())
        } else {
            rest.len()
        };
        self.out.extend_from_slice(&rest[..end]);
        if kw == Keyword::Data {
            self.allow_number = true;
            self.allow_line_number = false;
        }
        end
    }

    /// A number (or `&`) at the start of `rest`; returns the bytes consumed.
    fn number(&mut self, rest: &[u8]) -> usize {
        let first = rest[0];
        if self.allow_line_number && self.allow_number && first != b'&' {
            if let Some((n, len)) = read_line_number(rest) {
                self.out.push(byte::LINE_NUM);
                self.out.extend_from_slice(&(n as u16).to_le_bytes());
                return len;
            }
            self.out.push(first);
            return 1;
        }
        if first != b'&' && !self.allow_number {
            self.other(first);
            return 1;
        }
        match numtext::literal(rest) {
            Some(lit) => {
                self.out.extend_from_slice(&lit.bytes);
                self.overflows = self.overflows.saturating_add(u16::from(lit.overflow));
                if lit.hard_overflow && self.hard.is_none() {
                    self.hard = Some(CrunchError::Overflow(self.overflows));
                }
                lit.len
            }
            None => {
                self.other(first);
                1
            }
        }
    }

    /// Any other character: punctuation, suffixes, control characters.
    fn other(&mut self, c: u8) {
        match c {
            // punctuation leaves the number mode as it is (GW's DONUM), except after a
            // name, where it allows constants again: `A(1)2` is a constant, `GOTO 10)20`
            // a line number [S GWMAIN.ASM CRUNCH NOTRS5/NOTRS1]
            b',' | b'#' | b';' | b'(' | b'[' | b')' | b'\n' => self.allow_number = true,
            _ => {
                self.allow_number = false;
                self.allow_line_number = false;
            }
        }
        // a line feed stays in the line, other control characters become blanks
        // [S GWMAIN.ASM CRUNCH NOTRS5]
        self.out.push(if (32..=127).contains(&c) || c == b'\n' {
            c
        } else {
            b' '
        });
    }
}

/// True for the symbol operators > = < + - * / ^ \ (word operators such as AND end the
/// line-number mode like any other keyword).
fn is_operator(kw: Keyword) -> bool {
    matches!(kw.code(), 0xE6..=0xED | 0xF4)
}

#[cfg(test)]
mod tests;
