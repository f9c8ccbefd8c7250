//! INPUT#, LINE INPUT# and INPUT$(n, #f): bytes come from the DOS layer's table (a disk
//! file, a random file's record buffer, NUL) or from the keyboard (KYBD:, CON), and are
//! cut into items by `dos::scan`, GW-BASIC's item reader. A numeric item is read as GW's
//! number reader reads it (stopping at the first byte that cannot continue it; an overflow
//! is the soft "Overflow"). Ctrl-C is seen inside a long scan.

use super::super::resume::{Reply, Taken, Wait};
use super::super::{Halt, Machine, Res};
use crate::compile::code::{CExpr, CLValue, Compiled, Pos};
use crate::console::CursorShow;
use crate::dos::Files;
use crate::dos::scan::{self, Kind, Source, Stop};
use crate::dos::table::Origin;
use crate::error::ErrorCode;
use crate::keyboard::Key;
use crate::machine::value::Value;
use crate::num::{self, FloatError};
use crate::syntax::ast::FileInputFault;
use crate::syntax::ast::VarType;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Bytes scanned between looks at the Break flag.
const BREAK_EVERY: u32 = 1 << 16;

struct FileSource<'a> {
    files: &'a mut Files,
    n: u8,
    flag: &'a AtomicBool,
    count: u32,
}

impl Source for FileSource<'_> {
    fn next(&mut self) -> Result<Option<u8>, Stop> {
        self.count = self.count.wrapping_add(1);
        if self.count.is_multiple_of(BREAK_EVERY) && self.flag.swap(false, Ordering::Relaxed) {
            return Err(Stop::Break);
        }
        self.files.read_byte(self.n).map_err(Stop::Error)
    }

    fn back(&mut self, c: u8) {
        self.files.back(self.n, c);
    }
}

/// KYBD: (and CON) as a file: the keys typed, read one byte at a time.
struct KeySource<'a> {
    m: &'a mut Machine,
    n: u8,
    /// Why the keys stopped, when it was not an error (a Break, a wait for a key).
    halt: Option<Halt>,
}

impl Source for KeySource<'_> {
    fn next(&mut self) -> Result<Option<u8>, Stop> {
        self.m.kybd_byte(self.n).map_err(|h| match h {
            Halt::Error(e) => Stop::Error(e),
            h => {
                self.halt = Some(h);
                Stop::Break
            }
        })
    }

    fn back(&mut self, c: u8) {
        self.m.kybd_back(self.n, c);
    }
}

fn halt(s: Stop) -> Halt {
    match s {
        Stop::Error(e) => Halt::Error(e),
        Stop::Break => Halt::Break,
    }
}

impl Machine {
    /// Where input from `#n` comes from (Bad file mode for output files).
    fn input_file(&mut self, f: &CExpr) -> Res<(u8, Origin)> {
        let n = self.file_number(f)?;
        let origin = self.io.files.input_origin(n)?;
        Ok((n, origin))
    }

    /// One item of file `n`. From a file, the item is what the statement took (a
    /// statement that waits runs again without reading it again: machine::resume; from
    /// the keyboard its bytes are).
    fn scan_item(&mut self, n: u8, origin: Origin, kind: Kind) -> Res<Vec<u8>> {
        if origin == Origin::File
            && let Some(Taken::Line(item)) = self.replayed()
        {
            return Ok(item);
        }
        let r = match origin {
            Origin::File => {
                let mut src = FileSource {
                    files: &mut self.io.files,
                    n,
                    flag: &self.config.break_flag,
                    count: 0,
                };
                scan::item(&mut src, kind)
            }
            Origin::Keyboard => {
                let mut src = KeySource {
                    m: self,
                    n,
                    halt: None,
                };
                let r = scan::item(&mut src, kind);
                if let (Err(_), Some(h)) = (&r, src.halt) {
                    return Err(h);
                }
                r
            }
        };
        r.map_err(halt)
    }

    /// The next byte of KYBD: file `n` (GIOKYB.ASM KYBSIN): a byte put back first, then
    /// the keys typed, as they are (no function key text; an extended key is NUL and
    /// its scan code), waiting for one on a terminal, else read from standard input (a LF
    /// is the Enter key, CR); Ctrl-Z is the end of the file, as is the end of standard
    /// input. Ctrl-C breaks.
    pub(crate) fn kybd_byte(&mut self, n: u8) -> Res<Option<u8>> {
        // what the statement took before it waited (machine::resume)
        if let Some(Taken::Byte(b)) = self.replayed() {
            return Ok(b);
        }
        let b = self.kybd_byte_now(n)?;
        self.record(Taken::Byte(b));
        Ok(b)
    }

    fn kybd_byte_now(&mut self, n: u8) -> Res<Option<u8>> {
        if let Some(c) = self.io.files.take_backed(n) {
            return Ok(Some(c));
        }
        self.io.console.flush();
        self.want_full_screen();
        let c = match self.io.kb.read_raw() {
            Some(Key::Char(c)) => c,
            Some(Key::Ext(s)) => {
                self.io.files.back(n, s);
                return Ok(Some(0));
            }
            None if self.io.front.active => {
                self.draw(CursorShow::Line);
                return Err(self.key_wait(Wait::Key));
            }
            // piped input: a line's LF is the Enter key. A console that reads its
            // redirected input itself gives the next byte without a wait (a statement
            // that waits runs again from its start, so a wait for each byte of a long
            // line would cost the square of its length)
            None => match self.take_reply().or_else(|| match self.io.console.inkey() {
                Some(b) => Some(Reply::Byte(b)),
                None if self.io.console.input_ended() => Some(Reply::End),
                None => None,
            }) {
                Some(Reply::Byte(b'\n')) => b'\r',
                Some(Reply::Byte(c)) => c,
                Some(Reply::End) => return Ok(None),
                Some(Reply::Line(_) | Reply::Interrupt) | None => {
                    return Err(self.key_wait(Wait::Byte));
                }
            },
        };
        match c {
            3 => Err(Halt::Break),
            26 => Ok(None),
            c => Ok(Some(c)),
        }
    }

    /// A byte read from KYBD: file `n` goes back, to be read again (not again when the
    /// statement runs again after a wait: machine::resume).
    fn kybd_back(&mut self, n: u8, c: u8) {
        if self.effect() {
            self.io.files.back(n, c);
        }
    }

    /// EOF(n) of KYBD: (GIOKYB.ASM KYBEOF): waits for a key; a Ctrl-Z is taken and is
    /// the end, any other key is put back.
    pub(crate) fn kybd_eof(&mut self, n: u8) -> Res<bool> {
        match self.kybd_byte(n)? {
            None => Ok(true),
            Some(c) => {
                self.kybd_back(n, c);
                Ok(false)
            }
        }
    }

    /// INPUT #n, vars.
    pub(crate) fn input_from_file(&mut self, f: &CExpr, targets: &[CLValue]) -> Res<()> {
        let (n, origin) = self.input_file(f)?;
        for t in targets {
            // the variable is located (subscripts evaluated) before its item is read
            let at = self.located(t)?;
            let ty = self.lvalue_type(t);
            let kind = if ty == VarType::Str {
                Kind::Text
            } else {
                Kind::Number
            };
            let item = self.scan_item(n, origin, kind)?;
            let v = if ty == VarType::Str {
                Value::Str(Rc::from(&item[..]))
            } else {
                self.count(crate::machine::counters::Dyn::NumIn, 1);
                let p = num::file_number(&item, ty == VarType::Dbl);
                match p.error {
                    Some(num::TextError::Overflow) => return Err(ErrorCode::Overflow.into()),
                    Some(num::TextError::SyntaxError) => {
                        return Err(ErrorCode::SyntaxError.into());
                    }
                    None => {}
                }
                if p.overflow {
                    let negative = item.iter().find(|&&c| c != b' ') == Some(&b'-');
                    self.soft_error(FloatError::Overflow { negative })?;
                }
                Value::from_num(p.value)
            };
            if origin == Origin::File {
                self.record(Taken::Line(item));
            }
            self.store_place(at, v)?;
        }
        Ok(())
    }

    /// LINE INPUT #n, v$.
    pub(crate) fn line_input_from_file(&mut self, f: &CExpr, target: &CLValue) -> Res<()> {
        let (n, origin) = self.input_file(f)?;
        let at = self.located(target)?;
        if self.lvalue_type(target) != VarType::Str {
            return Err(ErrorCode::TypeMismatch.into());
        }
        let line = self.scan_item(n, origin, Kind::Line)?;
        if origin == Origin::File {
            self.record(Taken::Line(line.clone()));
        }
        let v = self.make_str(line)?;
        self.store_place(at, v)
    }

    /// `INPUT #n, vars` / `LINE INPUT #n, var$` whose text breaks off: the file is
    /// checked, the variables before the fault are read, then the fault is raised.
    pub(crate) fn exec_file_input_fault(
        &mut self,
        s: &FileInputFault<Compiled>,
        _at: Pos,
    ) -> Res<()> {
        let FileInputFault {
            file: f,
            targets,
            fault,
        } = s;
        if targets.is_empty() {
            self.input_file(f)?;
        } else {
            self.input_from_file(f, targets)?;
        }
        self.eval(fault)?;
        Err(ErrorCode::InternalError.into())
    }

    /// INPUT$(count, #n): bytes as they are (Input past end at the end of the file).
    pub(crate) fn file_chars(&mut self, n: u8, count: usize) -> Res<Vec<u8>> {
        let origin = self.io.files.input_origin(n)?;
        if origin == Origin::File {
            if let Some(Taken::Line(bytes)) = self.replayed() {
                return Ok(bytes);
            }
            let bytes = self.file_bytes(n, origin, count)?;
            self.record(Taken::Line(bytes.clone()));
            return Ok(bytes);
        }
        self.file_bytes(n, origin, count)
    }

    fn file_bytes(&mut self, n: u8, origin: Origin, count: usize) -> Res<Vec<u8>> {
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            let c = match origin {
                Origin::File => self.io.files.read_byte(n)?,
                Origin::Keyboard => self.kybd_byte(n)?,
            };
            match c {
                Some(c) => out.push(c),
                None => return Err(ErrorCode::InputPastEnd.into()),
            }
        }
        Ok(out)
    }
}
