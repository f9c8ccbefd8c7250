//! The macro-language scanner DRAW and PLAY share: commands are letters, arguments are
//! literal numbers, `=variable;` or `=` followed by a VARPTR$ string, and `X` inserts a
//! string variable's contents (named, `Xname;`, or by VARPTR$). Only spaces are blanks.
//! Variables are the interpreter's: they are reached through the `MacroVars` trait.

use crate::error::ErrorCode;

type Res<T> = Result<T, ErrorCode>;
const IFC: ErrorCode = ErrorCode::IllegalFunctionCall;

/// How deep `X` substrings may nest before Out of memory (GW-BASIC runs out of stack).
const MAX_DEPTH: usize = 64;

/// A variable a macro string names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum VarRef<'a> {
    /// `name` (upper case, at most 40 significant characters, with its type character if
    /// one was written) and its subscripts, already evaluated.
    Name { name: &'a [u8], indices: &'a [i16] },
    /// The three bytes of a VARPTR$ string: type, then the address (low byte first).
    Ptr([u8; 3]),
}

/// The interpreter's variables, as DRAW and PLAY need them.
pub trait MacroVars {
    /// The value of a numeric variable as an integer (GW-BASIC's CINT: Overflow outside
    /// -32768..=32767); a string variable is a Type mismatch. An undefined variable is
    /// created as GW-BASIC does and read as 0.
    fn number(&mut self, var: VarRef<'_>) -> Result<i16, ErrorCode>;
    /// The contents of a string variable; a numeric one is a Type mismatch.
    fn string(&mut self, var: VarRef<'_>) -> Result<Vec<u8>, ErrorCode>;
}

/// Variables for programs without any: every reference is an Illegal function call.
#[cfg(test)]
pub struct NoVars;

#[cfg(test)]
impl MacroVars for NoVars {
    fn number(&mut self, _: VarRef<'_>) -> Result<i16, ErrorCode> {
        Err(IFC)
    }
    fn string(&mut self, _: VarRef<'_>) -> Result<Vec<u8>, ErrorCode> {
        Err(IFC)
    }
}

/// A cursor over a macro string and the `X` substrings entered from it.
pub struct Scanner {
    stack: Vec<(Vec<u8>, usize)>,
}

impl Scanner {
    pub fn new(text: &[u8]) -> Scanner {
        Scanner {
            stack: vec![(text.to_vec(), 0)],
        }
    }

    /// The next byte of the innermost string, finished substrings left behind.
    fn peek_raw(&mut self) -> Option<u8> {
        loop {
            let (text, pos) = self.stack.last()?;
            if let Some(&b) = text.get(*pos) {
                return Some(b);
            }
            if self.stack.len() == 1 {
                return None;
            }
            self.stack.pop();
        }
    }

    /// The next byte without consuming it, after skipping spaces.
    pub fn peek(&mut self) -> Option<u8> {
        while self.peek_raw() == Some(b' ') {
            self.advance();
        }
        self.peek_raw()
    }

    fn advance(&mut self) {
        if let Some((_, pos)) = self.stack.last_mut() {
            *pos += 1;
        }
    }

    /// The next byte after spaces, consumed.
    pub fn next_byte(&mut self) -> Option<u8> {
        let b = self.peek()?;
        self.advance();
        Some(b)
    }

    /// The next command letter, upper case; None at the end of the string.
    pub fn command(&mut self) -> Option<u8> {
        self.next_byte().map(|b| b.to_ascii_uppercase())
    }

    /// Consumes the next byte (after spaces) if it is one of `set`.
    pub fn accept(&mut self, set: &[u8]) -> Option<u8> {
        let b = self.peek()?;
        if set.contains(&b) {
            self.advance();
            Some(b)
        } else {
            None
        }
    }

    /// Whether the next byte (after spaces) is a digit.
    pub fn at_digit(&mut self) -> bool {
        self.peek().is_some_and(|b| b.is_ascii_digit())
    }

    /// A literal number: digits (spaces between them skipped), saturating.
    pub fn literal(&mut self) -> i64 {
        let mut v: i64 = 0;
        while let Some(d) = self.accept(b"0123456789") {
            v = (v * 10 + i64::from(d - b'0')).min(1 << 40);
        }
        v
    }

    /// A numeric argument: an optional sign, then digits, `=name;` or `=` and a VARPTR$
    /// string. Without any of them the argument is `default` (Illegal function call if
    /// there is none, or if a sign was written).
    pub fn number(&mut self, vars: &mut dyn MacroVars, default: Option<i64>) -> Res<i64> {
        self.argument(vars, default, false)
    }

    /// PLAY's argument: as `number`, and a `;` that ends its digits, or that stands where
    /// they would be (the value 0), is part of it (MACLNG.ASM NUMLOP returns at a `;`,
    /// eaten; a comma or any other byte is put back with DECFET).
    pub fn number_to_semicolon(
        &mut self,
        vars: &mut dyn MacroVars,
        default: Option<i64>,
    ) -> Res<i64> {
        self.argument(vars, default, true)
    }

    fn argument(
        &mut self,
        vars: &mut dyn MacroVars,
        default: Option<i64>,
        semicolon: bool,
    ) -> Res<i64> {
        let mut default = default;
        let mut negative = false;
        if let Some(s) = self.accept(b"+-") {
            negative = s == b'-';
            default = None;
        }
        let v = match self.peek_raw() {
            Some(b'=') => {
                self.advance();
                i64::from(match self.peek_raw() {
                    None => return Err(IFC),
                    Some(b) if b > 8 => {
                        self.check_name_ends()?;
                        let (name, indices) = self.variable(vars)?;
                        let v = vars.number(VarRef::Name {
                            name: &name,
                            indices: &indices,
                        })?;
                        self.require_semicolon()?;
                        v
                    }
                    Some(_) => vars.number(VarRef::Ptr(self.pointer()?))?,
                })
            }
            Some(b) if b.is_ascii_digit() => {
                let v = self.literal();
                if semicolon {
                    self.accept(b";");
                }
                v
            }
            Some(b';') if semicolon => {
                self.advance();
                0
            }
            _ => default.ok_or(IFC)?,
        };
        Ok(if negative { -v } else { v })
    }

    /// The string argument of `X`: `name;` or a VARPTR$ string.
    pub fn string(&mut self, vars: &mut dyn MacroVars) -> Res<Vec<u8>> {
        match self.peek() {
            None => Err(IFC),
            Some(b) if b > 8 => {
                self.check_name_ends()?;
                let (name, indices) = self.variable(vars)?;
                let s = vars.string(VarRef::Name {
                    name: &name,
                    indices: &indices,
                })?;
                self.require_semicolon()?;
                Ok(s)
            }
            Some(_) => vars.string(VarRef::Ptr(self.pointer()?)),
        }
    }

    /// `X`: continues with `text`, then with the rest of the current string.
    pub fn enter(&mut self, text: Vec<u8>) -> Res<()> {
        if self.stack.len() >= MAX_DEPTH {
            return Err(ErrorCode::OutOfMemory);
        }
        self.stack.push((text, 0));
        Ok(())
    }

    /// MACLNG.ASM SCNVAR copies a variable's text into a 40-byte buffer up to and with its
    /// `;` before it looks the variable up: a name whose `;` is not within 40 characters
    /// of the current string (blanks skipped) is an Illegal function call, whatever the
    /// variable holds.
    fn check_name_ends(&self) -> Res<()> {
        let (text, pos) = self.stack.last().ok_or(IFC)?;
        let mut n = 0;
        for &b in text.get(*pos..).unwrap_or_default() {
            if b == b' ' {
                continue;
            }
            n += 1;
            if b == b';' {
                return Ok(());
            }
            if n == 40 {
                break;
            }
        }
        Err(IFC)
    }

    fn require_semicolon(&mut self) -> Res<()> {
        self.accept(b";").map(|_| ()).ok_or(IFC)
    }

    /// The three bytes of a VARPTR$ string (Illegal function call if fewer remain).
    fn pointer(&mut self) -> Res<[u8; 3]> {
        let mut p = [0u8; 3];
        for b in &mut p {
            let (text, pos) = self.stack.last_mut().ok_or(IFC)?;
            *b = *text.get(*pos).ok_or(IFC)?;
            *pos += 1;
        }
        Ok(p)
    }

    /// Reads a variable name and its subscripts (literals or numeric variables).
    fn variable(&mut self, vars: &mut dyn MacroVars) -> Res<(Vec<u8>, Vec<i16>)> {
        let mut name = Vec::new();
        match self.peek() {
            Some(b) if b.is_ascii_alphabetic() => {}
            _ => return Err(IFC),
        }
        while let Some(b) = self.peek_raw() {
            if b.is_ascii_alphanumeric() || b == b'.' {
                if name.len() < 40 {
                    name.push(b.to_ascii_uppercase());
                }
                self.advance();
            } else {
                break;
            }
        }
        if let Some(b) = self.peek_raw().filter(|b| b"%!#$".contains(b)) {
            name.push(b);
            self.advance();
        }
        let mut indices = Vec::new();
        if self.accept(b"([").is_some() {
            loop {
                let v = if self.at_digit() {
                    i16::try_from(self.literal()).map_err(|_| ErrorCode::Overflow)?
                } else {
                    let (name, sub) = self.variable(vars)?;
                    vars.number(VarRef::Name {
                        name: &name,
                        indices: &sub,
                    })?
                };
                indices.push(v);
                if self.accept(b",").is_none() {
                    break;
                }
            }
            self.accept(b")]").ok_or(IFC)?;
        }
        Ok((name, indices))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Variables A=7, B(2)=9, S$="U3": the rest are Type mismatch or 0.
    struct Vars;
    impl MacroVars for Vars {
        fn number(&mut self, var: VarRef<'_>) -> Result<i16, ErrorCode> {
            match var {
                VarRef::Name { name: b"A", .. } => Ok(7),
                VarRef::Name {
                    name: b"B",
                    indices: [2],
                } => Ok(9),
                VarRef::Name { name: b"S$", .. } => Err(ErrorCode::TypeMismatch),
                VarRef::Ptr([4, 0x10, 0]) => Ok(5),
                _ => Ok(0),
            }
        }
        fn string(&mut self, var: VarRef<'_>) -> Result<Vec<u8>, ErrorCode> {
            match var {
                VarRef::Name { name: b"S$", .. } => Ok(b"U3".to_vec()),
                _ => Err(ErrorCode::TypeMismatch),
            }
        }
    }

    #[test]
    fn numbers_literal_variable_and_pointer() {
        let mut s = Scanner::new(b"12 -3 =A; =B(2); =\x04\x10\x00 +4");
        let v = &mut Vars;
        assert_eq!(s.number(v, None), Ok(12));
        assert_eq!(s.number(v, None), Ok(-3));
        assert_eq!(s.number(v, None), Ok(7));
        assert_eq!(s.number(v, None), Ok(9));
        assert_eq!(s.number(v, None), Ok(5));
        assert_eq!(s.number(v, None), Ok(4));
        assert_eq!(s.number(v, Some(1)), Ok(1));
    }

    #[test]
    fn errors_of_the_argument_forms() {
        let v = &mut Vars;
        assert_eq!(
            Scanner::new(b"=A").number(v, None),
            Err(IFC),
            "no semicolon"
        );
        assert_eq!(Scanner::new(b"=").number(v, None), Err(IFC));
        assert_eq!(
            Scanner::new(b"-").number(v, Some(1)),
            Err(IFC),
            "sign without a number"
        );
        assert_eq!(
            Scanner::new(b"- 4").number(v, None),
            Err(IFC),
            "blank after a sign"
        );
        assert_eq!(
            Scanner::new(b"=S$;").number(v, None),
            Err(ErrorCode::TypeMismatch)
        );
        assert_eq!(Scanner::new(b"A;").string(v), Err(ErrorCode::TypeMismatch));
        assert_eq!(Scanner::new(b"=S$;").string(v), Err(IFC), "= is not a name");
        assert_eq!(
            Scanner::new(b"\x03\x04").string(v),
            Err(IFC),
            "short pointer"
        );
    }

    #[test]
    fn substrings_nest_and_return() {
        let v = &mut Vars;
        let mut s = Scanner::new(b"XS$;D");
        assert_eq!(s.command(), Some(b'X'));
        let sub = s.string(v).unwrap();
        s.enter(sub).unwrap();
        assert_eq!(s.command(), Some(b'U'));
        assert_eq!(s.number(v, Some(1)), Ok(3));
        assert_eq!(s.command(), Some(b'D'));
        assert_eq!(s.command(), None);
        let mut deep = Scanner::new(b"");
        let errs = (0..100)
            .filter_map(|_| deep.enter(b"X".to_vec()).err())
            .count();
        assert!(errs > 0);
    }
}
