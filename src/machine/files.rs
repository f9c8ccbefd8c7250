//! Files: the table of open files (#1..#max, 3 by default as in GW-BASIC), sequential
//! input and output in GW-BASIC's format (CR LF line ends, a Ctrl-Z written at CLOSE;
//! reading accepts LF or CR LF and stops at Ctrl-Z), random-access records with FIELD,
//! GET and PUT, and the statements and functions on them (OPEN, CLOSE, KILL, NAME, FILES,
//! EOF, LOF, LOC).

use super::{Machine, Res};
use crate::compile::code::{CExpr, CLValue};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::syntax::ast::OpenMode;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// Highest file number allowed by default (GW-BASIC's /F:3).
pub const DEFAULT_MAX_FILES: u8 = 3;

/// The largest file a program may write: DOS 3's 32 MB volume. A file kept in memory past
/// it is "Disk full" instead of exhausting the host (`PUT #1, 16000000` on a long record).
const DISK_LIMIT: usize = 32 << 20;

#[derive(Debug)]
struct OpenFile {
    path: PathBuf,
    mode: OpenMode,
    /// Input: the whole file; output/append: what was written; random: the file image.
    data: Vec<u8>,
    pos: usize,
    col: u16,
    width: u16,
    reclen: usize,
    record: Vec<u8>,
    /// FIELD variables: scalar slot, offset, length.
    fields: Vec<(u32, usize, usize)>,
    last_record: usize,
}

/// The open-file table.
#[derive(Debug)]
pub struct Files {
    open: Vec<Option<OpenFile>>,
    pub max: u8,
}

impl Default for Files {
    fn default() -> Self {
        Files {
            open: (0..=15).map(|_| None).collect(),
            max: DEFAULT_MAX_FILES,
        }
    }
}

impl Files {
    fn get(&self, n: u8) -> Result<&OpenFile, ErrorCode> {
        self.open
            .get(n as usize)
            .and_then(|f| f.as_ref())
            .ok_or(ErrorCode::BadFileNumber)
    }

    fn get_mut(&mut self, n: u8) -> Result<&mut OpenFile, ErrorCode> {
        self.open
            .get_mut(n as usize)
            .and_then(|f| f.as_mut())
            .ok_or(ErrorCode::BadFileNumber)
    }

    pub fn column(&self, n: u8) -> u16 {
        self.get(n).map_or(0, |f| f.col)
    }

    pub fn width(&self, n: u8) -> u16 {
        self.get(n).map_or(255, |f| f.width)
    }

    pub fn set_width(&mut self, n: u8, w: u16) -> Res<()> {
        self.get_mut(n)?.width = w;
        Ok(())
    }

    pub fn check_output(&self, n: u8) -> Res<()> {
        match self.get(n)?.mode {
            OpenMode::Output | OpenMode::Append | OpenMode::Random => Ok(()),
            OpenMode::Input => Err(ErrorCode::BadFileMode.into()),
        }
    }

    /// Appends bytes to an output file, tracking the column for zones and wrapping.
    pub fn write(&mut self, n: u8, bytes: &[u8]) -> Res<()> {
        let f = self.get_mut(n)?;
        if f.mode == OpenMode::Input {
            return Err(ErrorCode::BadFileMode.into());
        }
        if f.data.len() + 2 * bytes.len() > DISK_LIMIT {
            return Err(ErrorCode::DiskFull.into());
        }
        for &c in bytes {
            if f.width < 255 && f.col >= f.width && c != b'\r' && c != b'\n' {
                f.data.extend_from_slice(b"\r\n");
                f.col = 0;
            }
            f.data.push(c);
            match c {
                b'\r' | b'\n' => f.col = 0,
                _ => f.col = f.col.saturating_add(1),
            }
        }
        Ok(())
    }

    /// Flushes and closes one file (Ctrl-Z at the end of sequential output).
    pub fn close(&mut self, n: u8) -> std::io::Result<()> {
        if let Some(Some(f)) = self.open.get_mut(n as usize).map(Option::take) {
            match f.mode {
                OpenMode::Output | OpenMode::Append => {
                    let mut data = f.data;
                    data.push(0x1A);
                    std::fs::write(&f.path, data)?;
                }
                OpenMode::Random => std::fs::write(&f.path, f.data)?,
                OpenMode::Input => {}
            }
        }
        Ok(())
    }

    pub fn close_all(&mut self) {
        for n in 0..self.open.len() {
            let _ = self.close(n as u8);
        }
    }

    pub fn is_open_path(&self, p: &Path) -> bool {
        self.open.iter().flatten().any(|f| f.path == p)
    }

    /// Reads one byte of an input file (None at the end or at Ctrl-Z).
    pub fn read_byte(&mut self, n: u8) -> Res<Option<u8>> {
        let f = self.get_mut(n)?;
        if f.mode != OpenMode::Input {
            return Err(ErrorCode::BadFileMode.into());
        }
        match f.data.get(f.pos) {
            Some(&0x1A) | None => Ok(None),
            Some(&c) => {
                f.pos += 1;
                Ok(Some(c))
            }
        }
    }

    fn peek_byte(&self, n: u8) -> Option<u8> {
        let f = self.get(n).ok()?;
        match f.data.get(f.pos) {
            Some(&0x1A) | None => None,
            Some(&c) => Some(c),
        }
    }

    /// EOF(n).
    pub fn eof(&self, n: u8) -> Res<bool> {
        let f = self.get(n)?;
        Ok(match f.mode {
            OpenMode::Input => matches!(f.data.get(f.pos), None | Some(&0x1A)),
            OpenMode::Random => f.last_record * f.reclen >= f.data.len(),
            _ => return Err(ErrorCode::BadFileMode.into()),
        })
    }

    /// LOF(n): bytes in the file.
    pub fn lof(&self, n: u8) -> Res<usize> {
        Ok(self.get(n)?.data.len())
    }

    /// LOC(n): 128-byte records passed (sequential) or the last record number (random).
    pub fn loc(&self, n: u8) -> Res<usize> {
        let f = self.get(n)?;
        Ok(match f.mode {
            OpenMode::Random => f.last_record,
            OpenMode::Input => f.pos / 128,
            _ => f.data.len() / 128,
        })
    }

    /// LSET/RSET on a FIELD variable also fills the record buffer.
    pub fn field_store(&mut self, target: &CLValue, bytes: &[u8]) {
        let CLValue::Scalar(slot) = target else {
            return;
        };
        for f in self.open.iter_mut().flatten() {
            if let Some(&(_, off, len)) = f.fields.iter().find(|(s, ..)| s == slot) {
                let n = len.min(bytes.len());
                if off + n <= f.record.len() {
                    f.record[off..off + n].copy_from_slice(&bytes[..n]);
                }
            }
        }
    }
}

impl Machine {
    /// `#n` as a file number 1..=max, else Bad file number.
    pub(crate) fn file_number(&mut self, e: &CExpr) -> Res<u8> {
        let n = self.eval_int(e)?;
        if n < 1 || n > i16::from(self.io.files.max) {
            return Err(ErrorCode::BadFileNumber.into());
        }
        Ok(n as u8)
    }

    fn file_name(&mut self, e: &CExpr) -> Res<PathBuf> {
        let s = self.eval_str(e)?;
        if s.is_empty() {
            return Err(ErrorCode::BadFileName.into());
        }
        Ok(PathBuf::from(
            String::from_utf8_lossy(&s).trim_end().to_string(),
        ))
    }

    /// OPEN name [FOR mode] AS #n [LEN=r].
    pub(super) fn exec_open(
        &mut self,
        name: &CExpr,
        mode: OpenMode,
        file: &CExpr,
        reclen: Option<&CExpr>,
    ) -> Res<()> {
        let path = self.file_name(name)?;
        let n = self.file_number(file)?;
        let reclen = match reclen {
            Some(e) => self.eval_int(e)?,
            None => 128,
        };
        self.open_file(n, path, mode, reclen)
    }

    /// OPEN "I"|"O"|"A"|"R", #n, name [, reclen].
    pub(super) fn exec_open_short(
        &mut self,
        mode: &CExpr,
        file: &CExpr,
        name: &CExpr,
        reclen: Option<&CExpr>,
    ) -> Res<()> {
        let m = self.eval_str(mode)?;
        let mode = match m.first().map(u8::to_ascii_uppercase) {
            Some(b'I') => OpenMode::Input,
            Some(b'O') => OpenMode::Output,
            Some(b'A') => OpenMode::Append,
            Some(b'R') => OpenMode::Random,
            _ => return Err(ErrorCode::BadFileMode.into()),
        };
        let n = self.file_number(file)?;
        let path = self.file_name(name)?;
        let reclen = match reclen {
            Some(e) => self.eval_int(e)?,
            None => 128,
        };
        self.open_file(n, path, mode, reclen)
    }

    fn open_file(&mut self, n: u8, path: PathBuf, mode: OpenMode, reclen: i16) -> Res<()> {
        if self.io.files.open[n as usize].is_some() {
            return Err(ErrorCode::FileAlreadyOpen.into());
        }
        if !(1..=32767).contains(&reclen) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let path = dos_path(&path);
        if mode != OpenMode::Input && self.io.files.is_open_path(&path) {
            return Err(ErrorCode::FileAlreadyOpen.into());
        }
        let data = match mode {
            OpenMode::Input => std::fs::read(&path).map_err(|e| io_error(&e))?,
            OpenMode::Output => {
                std::fs::write(&path, b"").map_err(|e| io_error(&e))?;
                Vec::new()
            }
            OpenMode::Append | OpenMode::Random => {
                let mut d = std::fs::read(&path).unwrap_or_default();
                if mode == OpenMode::Append
                    && let Some(z) = d.iter().position(|&c| c == 0x1A)
                {
                    d.truncate(z);
                }
                d
            }
        };
        let reclen = reclen as usize;
        self.io.files.open[n as usize] = Some(OpenFile {
            path,
            mode,
            data,
            pos: 0,
            col: 0,
            width: 255,
            reclen,
            record: vec![0; reclen],
            fields: Vec::new(),
            last_record: 0,
        });
        Ok(())
    }

    /// CLOSE [#n, ...]; no numbers closes all.
    pub(super) fn exec_close(&mut self, files: &[CExpr]) -> Res<()> {
        if files.is_empty() {
            self.io.files.close_all();
            return Ok(());
        }
        for f in files {
            let n = self.file_number(f)?;
            self.io.files.close(n).map_err(|e| io_error(&e))?;
        }
        Ok(())
    }

    pub(super) fn exec_kill(&mut self, e: &CExpr) -> Res<()> {
        let path = dos_path(&self.file_name(e)?);
        if self.io.files.is_open_path(&path) {
            return Err(ErrorCode::FileAlreadyOpen.into());
        }
        std::fs::remove_file(&path).map_err(|e| io_error(&e))?;
        Ok(())
    }

    pub(super) fn exec_name(&mut self, a: &CExpr, b: &CExpr) -> Res<()> {
        let from = dos_path(&self.file_name(a)?);
        let to = dos_path(&self.file_name(b)?);
        if !from.exists() {
            return Err(ErrorCode::FileNotFound.into());
        }
        if to.exists() {
            return Err(ErrorCode::FileAlreadyExists.into());
        }
        std::fs::rename(&from, &to).map_err(|e| io_error(&e))?;
        Ok(())
    }

    /// FILES [spec]: names in the current directory, as GW lists them.
    pub(super) fn exec_files(&mut self, spec: Option<&CExpr>) -> Res<()> {
        let pattern = match spec {
            Some(e) => String::from_utf8_lossy(&self.eval_str(e)?).to_uppercase(),
            None => "*.*".to_string(),
        };
        let mut entries: Vec<(String, bool)> = std::fs::read_dir(".")
            .map_err(|e| io_error(&e))?
            .flatten()
            .filter_map(|d| {
                let dir = d.file_type().is_ok_and(|t| t.is_dir());
                d.file_name().into_string().ok().map(|n| (n, dir))
            })
            .filter(|(n, _)| wildcard(&pattern, &n.to_uppercase()))
            .collect();
        // GW shows the current directory first; gwrun names it C:\ as a DOS machine would
        self.screen_write(b"C:\\");
        self.screen_newline();
        if entries.is_empty() {
            return Err(ErrorCode::FileNotFound.into());
        }
        entries.sort();
        for (name, dir) in entries {
            let entry = files_entry(&name, dir);
            if usize::from(self.io.screen.col) + entry.len() > usize::from(self.io.screen.width) {
                self.screen_newline();
            }
            self.screen_write(entry.as_bytes());
        }
        if self.io.screen.col != 0 {
            self.screen_newline();
        }
        // the free space of the disk holding the current directory, as DOS reported it
        let free = format!(" {} Bytes free", fs4::available_space(".").unwrap_or(0));
        self.screen_write(free.as_bytes());
        self.screen_newline();
        Ok(())
    }

    /// FIELD #n, w AS v$, ...
    pub(super) fn exec_field(&mut self, file: &CExpr, fields: &[(CExpr, CLValue)]) -> Res<()> {
        let n = self.file_number(file)?;
        let mut off = 0usize;
        let mut list = Vec::new();
        for (w, v) in fields {
            let w = self.eval_int(w)?;
            if !(0..=255).contains(&w) {
                return Err(ErrorCode::IllegalFunctionCall.into());
            }
            let CLValue::Scalar(slot) = v else {
                return Err(ErrorCode::TypeMismatch.into());
            };
            list.push((*slot, off, w as usize));
            off += w as usize;
        }
        let f = self.io.files.get_mut(n)?;
        if off > f.reclen {
            return Err(ErrorCode::FieldOverflow.into());
        }
        f.fields = list.clone();
        let record = f.record.clone();
        for (slot, o, l) in list {
            self.store_scalar(slot, Value::Str(Rc::from(&record[o..o + l])))?;
        }
        Ok(())
    }

    /// GET/PUT #n [, record].
    pub(super) fn exec_get_put(
        &mut self,
        file: &CExpr,
        record: Option<&CExpr>,
        put: bool,
    ) -> Res<()> {
        let n = self.file_number(file)?;
        let rec = match record {
            Some(e) => {
                let r = self.eval_num(e)?.to_f64();
                if !(1.0..=16_777_215.0).contains(&r) {
                    return Err(ErrorCode::BadRecordNumber.into());
                }
                r as usize
            }
            None => self.io.files.get(n)?.last_record + 1,
        };
        let f = self.io.files.get_mut(n)?;
        if f.mode != OpenMode::Random {
            return Err(ErrorCode::BadFileMode.into());
        }
        let start = (rec - 1) * f.reclen;
        f.last_record = rec;
        if put {
            if start + f.reclen > DISK_LIMIT {
                return Err(ErrorCode::DiskFull.into());
            }
            if f.data.len() < start + f.reclen {
                f.data.resize(start + f.reclen, 0);
            }
            let reclen = f.reclen;
            let rec_bytes = f.record.clone();
            f.data[start..start + reclen].copy_from_slice(&rec_bytes);
            return Ok(());
        }
        let mut buf = vec![0u8; f.reclen];
        for (k, b) in buf.iter_mut().enumerate() {
            *b = f.data.get(start + k).copied().unwrap_or(0);
        }
        f.record.copy_from_slice(&buf);
        let fields = f.fields.clone();
        for (slot, o, l) in fields {
            self.store_scalar(slot, Value::Str(Rc::from(&buf[o..o + l])))?;
        }
        Ok(())
    }

    /// Reads a line (up to CR LF or LF) from an input file, for LINE INPUT# and INPUT#.
    pub(crate) fn file_line(&mut self, n: u8) -> Res<Vec<u8>> {
        if self.io.files.peek_byte(n).is_none() {
            self.io.files.get(n)?;
            return Err(ErrorCode::InputPastEnd.into());
        }
        let mut line = Vec::new();
        while let Some(c) = self.io.files.read_byte(n)? {
            if c == b'\n' {
                break;
            }
            if c == b'\r' {
                if self.io.files.peek_byte(n) == Some(b'\n') {
                    self.io.files.read_byte(n)?;
                }
                break;
            }
            line.push(c);
        }
        Ok(line)
    }

    /// One INPUT# item: quoted string, or text up to a comma or line end (numbers also
    /// end at a blank).
    pub(crate) fn file_item(&mut self, n: u8, numeric: bool) -> Res<Vec<u8>> {
        while matches!(
            self.io.files.peek_byte(n),
            Some(b' ' | b'\r' | b'\n' | b'\t')
        ) {
            self.io.files.read_byte(n)?;
        }
        if self.io.files.peek_byte(n).is_none() {
            self.io.files.get(n)?;
            return Err(ErrorCode::InputPastEnd.into());
        }
        let mut item = Vec::new();
        if !numeric && self.io.files.peek_byte(n) == Some(b'"') {
            self.io.files.read_byte(n)?;
            while let Some(c) = self.io.files.read_byte(n)? {
                if c == b'"' {
                    break;
                }
                item.push(c);
            }
        } else {
            while let Some(c) = self.io.files.peek_byte(n) {
                if c == b',' || c == b'\r' || c == b'\n' || (numeric && c == b' ') {
                    break;
                }
                item.push(c);
                self.io.files.read_byte(n)?;
            }
            while item.last() == Some(&b' ') {
                item.pop();
            }
        }
        while matches!(self.io.files.peek_byte(n), Some(b' ')) {
            self.io.files.read_byte(n)?;
        }
        match self.io.files.peek_byte(n) {
            Some(b',') => {
                self.io.files.read_byte(n)?;
            }
            Some(b'\r') => {
                self.io.files.read_byte(n)?;
                if self.io.files.peek_byte(n) == Some(b'\n') {
                    self.io.files.read_byte(n)?;
                }
            }
            Some(b'\n') => {
                self.io.files.read_byte(n)?;
            }
            _ => {}
        }
        Ok(item)
    }

    /// INPUT$(n, #f) from a file.
    pub(crate) fn file_chars(&mut self, f: u8, count: usize) -> Res<Vec<u8>> {
        let mut out = Vec::with_capacity(count);
        for _ in 0..count {
            match self.io.files.read_byte(f)? {
                Some(c) => out.push(c),
                None => return Err(ErrorCode::InputPastEnd.into()),
            }
        }
        Ok(out)
    }
}

/// An I/O failure as a GW-BASIC error.
pub(crate) fn io_error(e: &std::io::Error) -> super::Halt {
    use std::io::ErrorKind as K;
    let code = match e.kind() {
        K::NotFound => ErrorCode::FileNotFound,
        K::PermissionDenied => ErrorCode::PermissionDenied,
        K::AlreadyExists => ErrorCode::FileAlreadyExists,
        K::StorageFull => ErrorCode::DiskFull,
        K::InvalidInput | K::InvalidFilename => ErrorCode::BadFileName,
        _ => ErrorCode::DeviceIoError,
    };
    code.into()
}

/// The host path of a DOS file name: names are case-insensitive, so an existing file is
/// found whatever its case; a new file gets an upper-case name, as DOS stores it (PC-BASIC
/// does the same: OPEN "out.txt" FOR OUTPUT creates OUT.TXT, SAVE "stars" STARS.BAS).
/// Directories are the host's and keep their case.
pub(crate) fn dos_path(p: &Path) -> PathBuf {
    if p.exists() {
        return p.to_path_buf();
    }
    let name = p.file_name().and_then(|n| n.to_str()).unwrap_or("");
    let dir = p
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    if let Ok(entries) = std::fs::read_dir(dir) {
        for e in entries.flatten() {
            if let Some(n) = e.file_name().to_str()
                && n.eq_ignore_ascii_case(name)
            {
                // the same spelling whether or not the file exists yet (no `./`)
                return p.with_file_name(n);
            }
        }
    }
    let mut new = p.to_path_buf();
    new.set_file_name(name.to_ascii_uppercase());
    new
}

/// One FILES entry as GW lays it out: an 8-character name, `.`, a 3-character extension,
/// then `<DIR>` for a directory, padded to 18 columns (four to an 80-column row).
fn files_entry(name: &str, dir: bool) -> String {
    let (stem, ext) = name
        .rsplit_once('.')
        .filter(|(s, _)| !s.is_empty())
        .unwrap_or((name, ""));
    let text = format!(
        "{:<8}.{:<3}{}",
        stem.to_uppercase(),
        ext.to_uppercase(),
        if dir { "<DIR>" } else { "" }
    );
    format!("{text:<18}")
}

/// DOS wildcard match (`*` and `?`).
fn wildcard(pat: &str, name: &str) -> bool {
    let (p, n): (Vec<char>, Vec<char>) = (pat.chars().collect(), name.chars().collect());
    fn m(p: &[char], n: &[char]) -> bool {
        match (p.first(), n.first()) {
            (None, None) => true,
            (Some('*'), _) => m(&p[1..], n) || (!n.is_empty() && m(p, &n[1..])),
            (Some('?'), Some(_)) => m(&p[1..], &n[1..]),
            (Some(a), Some(b)) => a == b && m(&p[1..], &n[1..]),
            (Some('.'), None) => m(&p[1..], n),
            _ => false,
        }
    }
    m(&p, &n) || (pat == "*.*")
}
