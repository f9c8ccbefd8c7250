//! GW-BASIC 3.23's reserved words and the bytes they crunch to (digest §11.5): one table,
//! expanded by macro into the `Keyword` enum, its spellings and token codes. The cruncher
//! (`lex`), the lister (`list`), the byte decoder and the parser all use it, so a keyword
//! has the same name in every layer (`Keyword::For`, `parse_for`, `Stmt::For`, `exec_for`).

/// Invokes `$m!` with the whole keyword table: `(Variant, "SPELLING", code)`, where code is
/// the one-byte token 0x81..=0xF4 or a two-byte token 0xFDxx / 0xFExx / 0xFFxx.
/// ORDER: the table order is the order the lexer tries spellings in; it is irrelevant for
/// correctness (logos picks the longest match) but kept in token-code order for reading.
#[macro_export]
macro_rules! with_keyword_table {
    ($m:ident) => {
        $m! {
            (End, "END", 0x81), (For, "FOR", 0x82), (Next, "NEXT", 0x83), (Data, "DATA", 0x84),
            (Input, "INPUT", 0x85), (Dim, "DIM", 0x86), (Read, "READ", 0x87), (Let, "LET", 0x88),
            (Goto, "GOTO", 0x89), (Run, "RUN", 0x8A), (If, "IF", 0x8B), (Restore, "RESTORE", 0x8C),
            (Gosub, "GOSUB", 0x8D), (Return, "RETURN", 0x8E), (Rem, "REM", 0x8F), (Stop, "STOP", 0x90),
            (Print, "PRINT", 0x91), (Clear, "CLEAR", 0x92), (List, "LIST", 0x93), (New, "NEW", 0x94),
            (On, "ON", 0x95), (Wait, "WAIT", 0x96), (Def, "DEF", 0x97), (Poke, "POKE", 0x98),
            (Cont, "CONT", 0x99), (Out, "OUT", 0x9C), (Lprint, "LPRINT", 0x9D), (Llist, "LLIST", 0x9E),
            (Width, "WIDTH", 0xA0), (Else, "ELSE", 0xA1), (Tron, "TRON", 0xA2), (Troff, "TROFF", 0xA3),
            (Swap, "SWAP", 0xA4), (Erase, "ERASE", 0xA5), (Edit, "EDIT", 0xA6), (Error, "ERROR", 0xA7),
            (Resume, "RESUME", 0xA8), (Delete, "DELETE", 0xA9), (Auto, "AUTO", 0xAA), (Renum, "RENUM", 0xAB),
            (Defstr, "DEFSTR", 0xAC), (Defint, "DEFINT", 0xAD), (Defsng, "DEFSNG", 0xAE), (Defdbl, "DEFDBL", 0xAF),
            (Line, "LINE", 0xB0), (While, "WHILE", 0xB1), (Wend, "WEND", 0xB2), (Call, "CALL", 0xB3),
            (Write, "WRITE", 0xB7), (Option, "OPTION", 0xB8), (Randomize, "RANDOMIZE", 0xB9), (Open, "OPEN", 0xBA),
            (Close, "CLOSE", 0xBB), (Load, "LOAD", 0xBC), (Merge, "MERGE", 0xBD), (Save, "SAVE", 0xBE),
            (Color, "COLOR", 0xBF), (Cls, "CLS", 0xC0), (Motor, "MOTOR", 0xC1), (Bsave, "BSAVE", 0xC2),
            (Bload, "BLOAD", 0xC3), (Sound, "SOUND", 0xC4), (Beep, "BEEP", 0xC5), (Pset, "PSET", 0xC6),
            (Preset, "PRESET", 0xC7), (Screen, "SCREEN", 0xC8), (Key, "KEY", 0xC9), (Locate, "LOCATE", 0xCA),
            (To, "TO", 0xCC), (Then, "THEN", 0xCD), (Tab, "TAB(", 0xCE), (Step, "STEP", 0xCF),
            (Usr, "USR", 0xD0), (Fn, "FN", 0xD1), (Spc, "SPC(", 0xD2), (Not, "NOT", 0xD3),
            (Erl, "ERL", 0xD4), (Err, "ERR", 0xD5), (StringS, "STRING$", 0xD6), (Using, "USING", 0xD7),
            (Instr, "INSTR", 0xD8), (Apostrophe, "'", 0xD9), (Varptr, "VARPTR", 0xDA), (Csrlin, "CSRLIN", 0xDB),
            (Point, "POINT", 0xDC), (Off, "OFF", 0xDD), (InkeyS, "INKEY$", 0xDE),
            (Greater, ">", 0xE6), (Equal, "=", 0xE7), (Less, "<", 0xE8), (Plus, "+", 0xE9),
            (Minus, "-", 0xEA), (Star, "*", 0xEB), (Slash, "/", 0xEC), (Caret, "^", 0xED),
            (And, "AND", 0xEE), (Or, "OR", 0xEF), (Xor, "XOR", 0xF0), (Eqv, "EQV", 0xF1),
            (Imp, "IMP", 0xF2), (Mod, "MOD", 0xF3), (Backslash, "\\", 0xF4),
            (Cvi, "CVI", 0xFD81), (Cvs, "CVS", 0xFD82), (Cvd, "CVD", 0xFD83), (MkiS, "MKI$", 0xFD84),
            (MksS, "MKS$", 0xFD85), (MkdS, "MKD$", 0xFD86), (Exterr, "EXTERR", 0xFD8B),
            (Files, "FILES", 0xFE81), (Field, "FIELD", 0xFE82), (System, "SYSTEM", 0xFE83), (Name, "NAME", 0xFE84),
            (Lset, "LSET", 0xFE85), (Rset, "RSET", 0xFE86), (Kill, "KILL", 0xFE87), (Put, "PUT", 0xFE88),
            (Get, "GET", 0xFE89), (Reset, "RESET", 0xFE8A), (Common, "COMMON", 0xFE8B), (Chain, "CHAIN", 0xFE8C),
            (DateS, "DATE$", 0xFE8D), (TimeS, "TIME$", 0xFE8E), (Paint, "PAINT", 0xFE8F), (Com, "COM", 0xFE90),
            (Circle, "CIRCLE", 0xFE91), (Draw, "DRAW", 0xFE92), (Play, "PLAY", 0xFE93), (Timer, "TIMER", 0xFE94),
            (Erdev, "ERDEV", 0xFE95), (Ioctl, "IOCTL", 0xFE96), (Chdir, "CHDIR", 0xFE97), (Mkdir, "MKDIR", 0xFE98),
            (Rmdir, "RMDIR", 0xFE99), (Shell, "SHELL", 0xFE9A), (Environ, "ENVIRON", 0xFE9B), (View, "VIEW", 0xFE9C),
            (Window, "WINDOW", 0xFE9D), (Pmap, "PMAP", 0xFE9E), (Palette, "PALETTE", 0xFE9F), (Lcopy, "LCOPY", 0xFEA0),
            (Calls, "CALLS", 0xFEA1), (Pcopy, "PCOPY", 0xFEA5), (Term, "TERM", 0xFEA6), (Lock, "LOCK", 0xFEA7), (Unlock, "UNLOCK", 0xFEA8),
            (LeftS, "LEFT$", 0xFF81), (RightS, "RIGHT$", 0xFF82), (MidS, "MID$", 0xFF83), (Sgn, "SGN", 0xFF84),
            (Int, "INT", 0xFF85), (Abs, "ABS", 0xFF86), (Sqr, "SQR", 0xFF87), (Rnd, "RND", 0xFF88),
            (Sin, "SIN", 0xFF89), (Log, "LOG", 0xFF8A), (Exp, "EXP", 0xFF8B), (Cos, "COS", 0xFF8C),
            (Tan, "TAN", 0xFF8D), (Atn, "ATN", 0xFF8E), (Fre, "FRE", 0xFF8F), (Inp, "INP", 0xFF90),
            (Pos, "POS", 0xFF91), (Len, "LEN", 0xFF92), (StrS, "STR$", 0xFF93), (Val, "VAL", 0xFF94),
            (Asc, "ASC", 0xFF95), (ChrS, "CHR$", 0xFF96), (Peek, "PEEK", 0xFF97), (SpaceS, "SPACE$", 0xFF98),
            (OctS, "OCT$", 0xFF99), (HexS, "HEX$", 0xFF9A), (Lpos, "LPOS", 0xFF9B), (Cint, "CINT", 0xFF9C),
            (Csng, "CSNG", 0xFF9D), (Cdbl, "CDBL", 0xFF9E), (Fix, "FIX", 0xFF9F), (Pen, "PEN", 0xFFA0),
            (Stick, "STICK", 0xFFA1), (Strig, "STRIG", 0xFFA2), (Eof, "EOF", 0xFFA3), (Loc, "LOC", 0xFFA4),
            (Lof, "LOF", 0xFFA5),
        }
    };
}

macro_rules! define_keywords {
    ($(($v:ident, $s:literal, $c:literal)),* $(,)?) => {
        /// A GW-BASIC reserved word or operator token.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Keyword { $($v),* }

        /// Every keyword with its spelling and token code (see `with_keyword_table!`).
        pub const KEYWORDS: &[(Keyword, &str, u16)] = &[$((Keyword::$v, $s, $c)),*];

        impl Keyword {
            /// The spelling LIST prints.
            pub fn spelling(self) -> &'static str {
                match self { $(Keyword::$v => $s),* }
            }
            /// The token code: one byte (0x81..=0xF4) or 0xFDxx/0xFExx/0xFFxx.
            pub fn code(self) -> u16 {
                match self { $(Keyword::$v => $c),* }
            }
        }
    };
}

with_keyword_table!(define_keywords);

/// Byte values that are not keywords (digest §11.5).
pub mod byte {
    /// Octal constant, 2 bytes follow.
    pub const OCT: u8 = 0x0B;
    /// Hex constant, 2 bytes follow.
    pub const HEX: u8 = 0x0C;
    /// Line pointer (a converted GOTO target), 2 bytes follow. Never stored by gwrun: it
    /// keeps the conversion flag beside the text and writes numbers, as SAVE does.
    pub const LINE_PTR: u8 = 0x0D;
    /// Line number, 2 bytes follow.
    pub const LINE_NUM: u8 = 0x0E;
    /// One-byte integer 10..=255.
    pub const INT1: u8 = 0x0F;
    /// Digits 0..=9 are 0x11..=0x1A.
    pub const DIGIT0: u8 = 0x11;
    pub const DIGIT9: u8 = 0x1A;
    /// Two-byte integer.
    pub const INT2: u8 = 0x1C;
    /// Single-precision constant, 4 bytes follow.
    pub const SNG: u8 = 0x1D;
    /// Double-precision constant, 8 bytes follow.
    pub const DBL: u8 = 0x1F;
}

impl Keyword {
    /// The token's bytes as stored in a crunched line, and how many there are.
    pub fn bytes(self) -> ([u8; 2], usize) {
        let c = self.code();
        if c > 0xFF {
            ([(c >> 8) as u8, c as u8], 2)
        } else {
            ([c as u8, 0], 1)
        }
    }

    /// The keyword a token code (one byte, or prefix << 8 | byte) stands for.
    pub fn from_code(code: u16) -> Option<Keyword> {
        KEYWORDS
            .iter()
            .find(|(_, _, c)| *c == code)
            .map(|(k, _, _)| *k)
    }

    /// The keyword spelled `word` (upper case), if any.
    pub fn from_spelling(word: &str) -> Option<Keyword> {
        KEYWORDS
            .iter()
            .find(|(_, s, _)| *s == word)
            .map(|(k, _, _)| *k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_unique_and_round_trip() {
        let mut seen = std::collections::HashSet::new();
        for (k, s, c) in KEYWORDS {
            assert!(seen.insert(*c), "duplicate code {c:#x} for {s}");
            let (b, n) = k.bytes();
            let code = if n == 1 {
                b[0] as u16
            } else {
                (b[0] as u16) << 8 | b[1] as u16
            };
            let back = Keyword::from_code(code);
            assert_eq!(back, Some(*k));
            assert_eq!(Keyword::from_spelling(s), Some(*k));
        }
    }

    #[test]
    fn digest_token_values() {
        assert_eq!(Keyword::Print.code(), 0x91);
        assert_eq!(Keyword::Else.code(), 0xA1);
        assert_eq!(Keyword::While.code(), 0xB1);
        assert_eq!(Keyword::Apostrophe.code(), 0xD9);
        assert_eq!(Keyword::Backslash.code(), 0xF4);
        assert_eq!(Keyword::System.code(), 0xFE83);
        assert_eq!(Keyword::Lof.code(), 0xFFA5);
    }
}
