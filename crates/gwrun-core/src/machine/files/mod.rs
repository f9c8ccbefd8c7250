//! The file statements and functions: each evaluates its operands in GW-BASIC's order
//! and calls the DOS layer (`crate::dos`), whose table lives in the machine's `io` part.
//! OPEN (both syntaxes and their errors), CLOSE and RESET, FIELD (`field`), GET and PUT,
//! LOCK and UNLOCK, KILL, NAME, FILES, MKDIR, CHDIR, RMDIR, WIDTH #, EOF, LOC and LOF;
//! PRINT#, WRITE# (`print`) and INPUT#, LINE INPUT#, INPUT$ (`input`) on files.

mod field;
mod input;
mod print;

pub(crate) use field::FieldAliases;

use super::{Halt, Machine, Res};
use crate::compile::code::{CExpr, Compiled, Pos};
use crate::dos::locks::{Rw, Sharing};
use crate::dos::table::{MAX_RECORD, Mode, OpenRequest};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::num::Single;
use crate::syntax::ast::{
    Close, Directory, Files, GetPut, Kill, LockRecords, NameFile, Open, OpenShort, Reset,
};
use crate::syntax::ast::{DirOp, OpenAccess, OpenLock, OpenMode};

fn rw(a: OpenAccess) -> Rw {
    match a {
        OpenAccess::Read => Rw::R,
        OpenAccess::Write => Rw::W,
        OpenAccess::ReadWrite => Rw::RW,
    }
}

impl Machine {
    /// A file name operand: its string is given back as soon as it is read, before the
    /// file is looked for, so a statement that then fails leaves no temporary behind in
    /// string space [S GIO86.ASM NAMSCN, GIODSK.ASM NAMFIL: FRMEVL, then FRESTR].
    pub(super) fn eval_file_name(&mut self, e: &CExpr) -> Res<crate::machine::value::Str> {
        let name = self.eval_str(e)?;
        self.settle_temp();
        Ok(name)
    }

    /// `[#]n` of a file statement: 0..255 (else Illegal function call), 0 is Bad file
    /// number.
    pub(crate) fn file_number(&mut self, e: &CExpr) -> Res<u8> {
        let n = self.eval_int(e)?;
        if !(0..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        if n == 0 {
            return Err(ErrorCode::BadFileNumber.into());
        }
        Ok(n as u8)
    }

    fn record_length(&mut self, e: Option<&CExpr>) -> Res<Option<i16>> {
        e.map(|e| self.eval_int(e)).transpose()
    }

    /// OPEN name [FOR mode] [ACCESS a] [SHARED|LOCK a] AS [#]n [LEN=r].
    pub(super) fn exec_open(&mut self, s: &Open<Compiled>, _at: Pos) -> Res<()> {
        let Open {
            name,
            mode,
            access,
            lock,
            file,
            reclen,
        } = s;
        let (mode, access, lock, reclen) = (*mode, *access, *lock, reclen.as_ref());
        let name = self.eval_file_name(name)?;
        let n = self.eval_int(file)?;
        if !(0..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let reclen = self.record_length(reclen)?;
        // ACCESS must agree with the mode, except for RANDOM
        if let Some(a) = access {
            match (mode, a) {
                (OpenMode::Append, OpenAccess::Write) => {
                    return Err(ErrorCode::PathFileAccessError.into());
                }
                (OpenMode::Input, OpenAccess::Read)
                | (OpenMode::Output, OpenAccess::Write)
                | (OpenMode::Append, OpenAccess::ReadWrite)
                | (OpenMode::Random, _) => {}
                _ => return Err(ErrorCode::SyntaxError.into()),
            }
        }
        let sharing = match lock {
            OpenLock::Default => Sharing::Compat,
            OpenLock::Shared => Sharing::Shared,
            OpenLock::Lock(OpenAccess::Read) => Sharing::LockRead,
            OpenLock::Lock(OpenAccess::Write) => Sharing::LockWrite,
            OpenLock::Lock(OpenAccess::ReadWrite) => Sharing::LockReadWrite,
        };
        self.open_file(&name, n, mode, access.map(rw), sharing, reclen)
    }

    /// OPEN "I"|"O"|"A"|"R", [#]n, name [, reclen].
    pub(super) fn exec_open_short(&mut self, s: &OpenShort<Compiled>, _at: Pos) -> Res<()> {
        let OpenShort {
            mode,
            file,
            name,
            reclen,
        } = s;
        let reclen = reclen.as_ref();
        let m = self.eval_str(mode)?;
        let mode = match m.first().map(u8::to_ascii_uppercase) {
            Some(b'I') => OpenMode::Input,
            Some(b'O') => OpenMode::Output,
            Some(b'A') => OpenMode::Append,
            Some(b'R') => OpenMode::Random,
            _ => return Err(ErrorCode::BadFileMode.into()),
        };
        let n = self.eval_int(file)?;
        if !(0..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let name = self.eval_file_name(name)?;
        let reclen = self.record_length(reclen)?;
        self.open_file(&name, n, mode, None, Sharing::Compat, reclen)
    }

    fn open_file(
        &mut self,
        name: &[u8],
        n: i16,
        mode: OpenMode,
        access: Option<Rw>,
        sharing: Sharing,
        reclen: Option<i16>,
    ) -> Res<()> {
        // LEN= from 1 to the /S: size (128 unless raised), in every mode
        let reclen = reclen.unwrap_or(128);
        if reclen < 1 || reclen as u16 > self.io.files.max_reclen {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        if n < 1 || n > i16::from(self.io.files.max) {
            return Err(ErrorCode::BadFileNumber.into());
        }
        let mode = match mode {
            OpenMode::Input => Mode::Input,
            OpenMode::Output => Mode::Output,
            OpenMode::Append => Mode::Append,
            OpenMode::Random => Mode::Random,
        };
        let req = OpenRequest {
            mode,
            access,
            sharing,
            reclen: reclen as usize,
        };
        self.io.files.open(n as u8, name, req)?;
        if self.io.files.is_scrn(n as u8) {
            // a SCRN: file starts as wide as the screen (SCNOPN: WDTFLG, set from LINLEN)
            let w = self.io.screen.width().clamp(1, 255) as u8;
            self.io.files.set_width(n as u8, w)?;
        }
        Ok(())
    }

    /// CLOSE [[#]n, ...]; without numbers, every file. A file whose last sector cannot
    /// be written stays open and the error is this statement's.
    pub(super) fn exec_close(&mut self, s: &Close<Compiled>, _at: Pos) -> Res<()> {
        let files = &s.files;
        if files.is_empty() {
            return self.close_all_files();
        }
        for f in files {
            let n = self.eval_int(f)?;
            if !(0..=255).contains(&n) {
                return Err(ErrorCode::IllegalFunctionCall.into());
            }
            let n = n as u8;
            // FIELD variables keep their view: the buffer is the block's memory
            self.io.files.close(n)?;
        }
        Ok(())
    }

    /// RESET: every file closed, as CLOSE alone.
    pub(super) fn exec_reset(&mut self, _: &Reset, _at: Pos) -> Res<()> {
        self.close_all_files()
    }

    /// Closes every file (CLOSE, RESET, END, RUN, the end of a program).
    pub(crate) fn close_all_files(&mut self) -> Res<()> {
        Ok(self.io.files.close_all()?)
    }

    /// KILL name: files matching a name or pattern.
    pub(super) fn exec_kill(&mut self, s: &Kill<Compiled>, _at: Pos) -> Res<()> {
        let e = &s.name;
        let name = self.eval_file_name(e)?;
        Ok(self.io.files.kill(&name)?)
    }

    /// NAME old AS new: the old file is looked up before the new name is evaluated.
    pub(super) fn exec_name(&mut self, s: &NameFile<Compiled>, _at: Pos) -> Res<()> {
        let NameFile { old: a, new: b } = s;
        let old = self.eval_file_name(a)?;
        let from = self.io.files.name_source(&old)?;
        let new = self.eval_file_name(b)?;
        Ok(self.io.files.rename(&from, &new)?)
    }

    /// MKDIR, CHDIR, RMDIR.
    pub(super) fn exec_directory(&mut self, s: &Directory<Compiled>, _at: Pos) -> Res<()> {
        let Directory { op, path: e } = s;
        let op = *op;
        let path = self.eval_file_name(e)?;
        let f = &mut self.io.files;
        Ok(match op {
            DirOp::Mkdir => f.mkdir(&path),
            DirOp::Chdir => f.chdir(&path),
            DirOp::Rmdir => f.rmdir(&path),
        }?)
    }

    /// FILES [spec]: the current directory, the matching entries four to an 80-column
    /// row, and the free space.
    pub(super) fn exec_files(&mut self, s: &Files<Compiled>, _at: Pos) -> Res<()> {
        let spec = s.spec.as_ref();
        let pattern = match spec {
            Some(e) => Some(self.eval_file_name(e)?),
            None => None,
        };
        let list = self.io.files.files(pattern.as_deref())?;
        self.screen_write(list.header.as_bytes());
        self.screen_newline();
        if list.entries.is_empty() {
            return Err(ErrorCode::FileNotFound.into());
        }
        let per_row = (self.io.screen.width() as usize / 18).max(1);
        for (k, entry) in list.entries.iter().enumerate() {
            if k > 0 && k % per_row == 0 {
                self.screen_newline();
            } else if k > 0 {
                self.screen_write(b" ");
            }
            self.screen_write(entry.as_bytes());
            if self.interrupted_now() {
                return Err(Halt::Break);
            }
        }
        self.screen_newline();
        let free = format!(" {} Bytes free", list.free);
        self.screen_write(free.as_bytes());
        // and an empty row after it [M unsorted/ReadBackFILES; PC-BASIC]
        self.screen_newline();
        self.screen_newline();
        Ok(())
    }

    /// Ctrl-C pressed (checked inside long statements).
    pub(crate) fn interrupted_now(&self) -> bool {
        self.config
            .break_flag
            .swap(false, std::sync::atomic::Ordering::Relaxed)
    }

    /// A record number of GET, PUT, LOCK: rounded in single precision, 1..2^25.
    fn record_number(&mut self, e: &CExpr) -> Res<u32> {
        let v = self.eval_num(e)?;
        let r = Single::from_f64(v.to_f64()).to_f64().round();
        if !(1.0..=MAX_RECORD).contains(&r) {
            return Err(ErrorCode::BadRecordNumber.into());
        }
        Ok(r as u32)
    }

    /// GET/PUT [#]n [, record]: the file must be open for RANDOM (Bad file mode).
    pub(super) fn exec_get_put(&mut self, s: &GetPut<Compiled>, _at: Pos) -> Res<()> {
        let GetPut { file, record, put } = s;
        let (record, put) = (record.as_ref(), *put);
        let n = self.file_number(file)?;
        // an unopened number is Bad file mode here, as PC-BASIC found GW answering
        if !self.io.files.is_random(n) {
            return Err(ErrorCode::BadFileMode.into());
        }
        let rec = match record {
            Some(e) => Some(self.record_number(e)?),
            None => None,
        };
        if put {
            self.io.files.put(n, rec)?;
        } else {
            self.io.files.get(n, rec)?;
            self.refresh_fields(n);
        }
        Ok(())
    }

    /// LOCK / UNLOCK [#]n [, [first] [TO last]].
    pub(super) fn exec_lock(&mut self, s: &LockRecords<Compiled>, _at: Pos) -> Res<()> {
        let LockRecords {
            file,
            records,
            unlock,
        } = s;
        let (records, unlock) = (records.as_ref(), *unlock);
        let n = self.file_number(file)?;
        if !self.io.files.is_open(n) {
            return Err(ErrorCode::BadFileNumber.into());
        }
        let range = match records {
            None => None,
            Some(r) => {
                let first = match &r.first {
                    Some(e) => self.record_number(e)?,
                    None => 1,
                };
                let last = match &r.last {
                    Some(e) => self.record_number(e)?,
                    None => first,
                };
                Some((first, last))
            }
        };
        if unlock {
            self.io.files.unlock(n, range)?;
        } else {
            self.io.files.lock(n, range)?;
        }
        Ok(())
    }

    /// WIDTH #n, w.
    pub(crate) fn exec_file_width(&mut self, file: &CExpr, width: &CExpr) -> Res<()> {
        let n = self.file_number(file)?;
        if !self.io.files.is_open(n) {
            return Err(ErrorCode::BadFileNumber.into());
        }
        let w = self.eval_int(width)?;
        if !(1..=255).contains(&w) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        Ok(self.io.files.set_width(n, w as u8)?)
    }

    /// The file number of EOF, LOC, LOF: 0..255 (else Illegal function call); not open
    /// (0 too) is Bad file number.
    fn function_file(&mut self, e: &CExpr) -> Res<Option<u8>> {
        let n = self.eval_int(e)?;
        if !(0..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        Ok((n > 0).then_some(n as u8))
    }

    /// EOF(n): -1 at the end; EOF(0) is 0.
    pub(crate) fn fn_eof(&mut self, e: &CExpr) -> Res<Value> {
        let Some(n) = self.function_file(e)? else {
            return Ok(Value::Int(0));
        };
        let end = if self.io.files.input_origin(n) == Ok(crate::dos::table::Origin::Keyboard) {
            self.kybd_eof(n)?
        } else {
            self.io.files.eof(n)?
        };
        Ok(Value::Int(if end { -1 } else { 0 }))
    }

    /// LOF(n): the length in bytes, in double precision (GW's DSKLOF).
    pub(crate) fn fn_lof(&mut self, e: &CExpr) -> Res<Value> {
        let n = self
            .function_file(e)?
            .ok_or(Halt::Error(ErrorCode::BadFileNumber))?;
        let len = self.io.files.lof(n)?;
        Ok(Value::Dbl(crate::num::Double::from_f64(len as f64)))
    }

    /// LOC(n): the last record, or the sectors read or written.
    pub(crate) fn fn_loc(&mut self, e: &CExpr) -> Res<Value> {
        let n = self
            .function_file(e)?
            .ok_or(Halt::Error(ErrorCode::BadFileNumber))?;
        let at = self.io.files.loc(n)?;
        Ok(Value::Sng(Single::from_f64(at as f64)))
    }

    /// Every file's buffer to the host (after a Break or an error, so the data written so
    /// far is on disk while the files stay open).
    pub(crate) fn flush_files(&mut self) -> Result<(), ErrorCode> {
        self.io.files.flush_all()
    }
}
