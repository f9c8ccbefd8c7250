//! The open-file table: file numbers 1..max (GW-BASIC's /F:, 3 by default), each an open
//! disk file or device with GW's mode, file column and width, and, for a random file, its
//! record buffer (the FIELD buffer) with the position PRINT#, WRITE# and INPUT# use in it.
//!
//! Sequential files stream through 128-byte sector buffers (`stream`); a random file
//! reads and writes one record at its offset at GET and PUT, and records never PUT are the
//! host's zero-filled holes. CLOSE writes the Ctrl-Z GW ends sequential output with, sends
//! the last sector, and only then takes the file out of the table: a CLOSE that fails
//! (Disk full) leaves the file open with its bytes, so a trapped error can be retried.
//! Every host failure is GW's error at the statement that caused it. Sharing modes and
//! record locks are checked on OPEN, LOCK, UNLOCK and on each host read or write
//! (`locks`). The directory statements (KILL, NAME, MKDIR, CHDIR, RMDIR, FILES) are here
//! too, since they must know which files are open.

use super::io_error;
use super::locks::{self, FileKey, Holder, OsLocks, Range, Rw, Sharing, WHOLE};
use super::names::{self, Device, Disk, DiskSpec, Spec};
use super::stream::{self, CTRL_Z, MAX_FILE, Reader, SECTOR, Writer};
use super::wildcard;
use crate::error::ErrorCode;
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};

/// GW-BASIC's default number of files (/F:3).
pub const DEFAULT_MAX_FILES: u8 = 3;

/// The highest record number GET, PUT and LOCK accept (the single-precision mantissa
/// GW computes record offsets with).
pub const MAX_RECORD: f64 = 33_554_432.0;

/// An OPEN mode.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Mode {
    Input,
    Output,
    Append,
    Random,
}

/// What OPEN asks for.
#[derive(Debug, Clone, Copy)]
pub struct OpenRequest {
    pub mode: Mode,
    /// The ACCESS clause (None: not given).
    pub access: Option<Rw>,
    pub sharing: Sharing,
    /// LEN= (random record length), 128 when not given.
    pub reclen: usize,
}

/// Where the bytes of an open file go or come from.
#[derive(Debug)]
enum Body {
    Input(Reader),
    Output(Writer),
    Random(File),
    Device(Device),
}

/// The disk side of an open file.
#[derive(Debug)]
struct DiskInfo {
    key: FileKey,
    /// The DOS name without directories: GW refuses a second OUTPUT or APPEND of a name
    /// whatever directory it is in.
    fcb: [u8; 11],
    access: Rw,
    sharing: Sharing,
    /// Byte ranges locked through this handle, as LOCK gave them.
    locks: Vec<Range>,
}

#[derive(Debug)]
struct Entry {
    mode: Mode,
    body: Body,
    disk: Option<DiskInfo>,
    /// The file column: bytes >= 32 since the last CR, as one byte (wraps 255 → 0).
    col: u8,
    /// WIDTH #n (255: no limit).
    width: u8,
    /// A byte INPUT# read one too far and put back.
    backed: Option<u8>,
    /// Random: record length, FIELD buffer, position in it, last record (LOC).
    reclen: usize,
    field: Vec<u8>,
    field_pos: usize,
    record: u32,
    /// The Ctrl-Z of CLOSE is in the buffer (a retried CLOSE must not add another).
    ended: bool,
}

/// Where output to a file number goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A disk file or the NUL device (this table writes it).
    File,
    /// SCRN: or CON: the screen.
    Screen,
    /// LPT1: ..: the printer.
    Printer(u8),
}

/// Where input from a file number comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Origin {
    File,
    Keyboard,
}

/// One line of FILES.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The current directory of the drive (`C:\`).
    pub header: String,
    /// `NAME    .EXT` with `<DIR>` or blanks: 17 bytes each.
    pub entries: Vec<String>,
    pub free: u64,
}

/// The open-file table and the drives.
#[derive(Debug)]
pub struct Files {
    slots: Vec<Option<Entry>>,
    /// Highest file number OPEN accepts.
    pub max: u8,
    pub disk: Disk,
    os: OsLocks,
    /// LPT1: to LPT3: (file number 0 is LPRINT's pseudo file on LPT1:).
    pub printers: [super::printer::Printer; 3],
    /// The last byte printed through SCRN: (GW's LSTCHR: a LF right after a CR is
    /// dropped).
    pub scrn_last: u8,
}

impl Default for Files {
    fn default() -> Self {
        Files::new(Disk::default())
    }
}

impl Files {
    pub fn new(disk: Disk) -> Files {
        Files {
            slots: (0..=15).map(|_| None).collect(),
            max: DEFAULT_MAX_FILES,
            disk,
            os: OsLocks::default(),
            printers: Default::default(),
            scrn_last: 0,
        }
    }

    fn entry(&self, n: u8) -> Result<&Entry, ErrorCode> {
        self.slots
            .get(usize::from(n))
            .and_then(Option::as_ref)
            .ok_or(ErrorCode::BadFileNumber)
    }

    fn entry_mut(&mut self, n: u8) -> Result<&mut Entry, ErrorCode> {
        self.slots
            .get_mut(usize::from(n))
            .and_then(Option::as_mut)
            .ok_or(ErrorCode::BadFileNumber)
    }

    pub fn is_open(&self, n: u8) -> bool {
        self.entry(n).is_ok()
    }

    // ---- OPEN and CLOSE ----

    /// OPEN of file number `n` (already checked to be 1..max).
    pub fn open(&mut self, n: u8, name: &[u8], req: OpenRequest) -> Result<(), ErrorCode> {
        if usize::from(n) >= self.slots.len() || n == 0 {
            return Err(ErrorCode::BadFileNumber);
        }
        if self.is_open(n) {
            return Err(ErrorCode::FileAlreadyOpen);
        }
        if name.is_empty() {
            // GW-BASIC's answer to an empty name (as PC-BASIC found)
            return Err(ErrorCode::BadFileNumber);
        }
        let (body, disk) = match names::parse(name, false)? {
            Spec::Device(d) => (Body::Device(open_device(d, req.mode)?), None),
            Spec::Disk(spec) => {
                let (body, info) = self.open_disk(&spec, req)?;
                (body, Some(info))
            }
        };
        // KYBD: opened FOR RANDOM is an input file (GIOKYB.ASM KYBOPN)
        let mode = match body {
            Body::Device(Device::Keyboard) => Mode::Input,
            _ => req.mode,
        };
        let random = mode == Mode::Random;
        // a printer file starts at the device's column and width (LPTOPN)
        let (col, width) = match body {
            Body::Device(Device::Printer(p)) => {
                let p = self.printer(p);
                (p.col, p.width)
            }
            _ => (0, 255),
        };
        let Some(slot) = self.slots.get_mut(usize::from(n)) else {
            return Err(ErrorCode::BadFileNumber);
        };
        *slot = Some(Entry {
            mode,
            body,
            disk,
            col,
            width,
            backed: None,
            reclen: req.reclen,
            field: if random {
                vec![0; req.reclen]
            } else {
                Vec::new()
            },
            field_pos: 0,
            record: 0,
            ended: false,
        });
        Ok(())
    }

    /// The holders of a file the program has open.
    fn holders(&self, key: FileKey) -> Vec<Holder> {
        self.slots
            .iter()
            .flatten()
            .filter_map(|e| e.disk.as_ref())
            .filter(|d| d.key == key)
            .map(|d| Holder {
                access: d.access,
                sharing: d.sharing,
            })
            .collect()
    }

    fn open_disk(
        &mut self,
        spec: &DiskSpec,
        req: OpenRequest,
    ) -> Result<(Body, DiskInfo), ErrorCode> {
        let Some(name) = &spec.name else {
            return Err(ErrorCode::BadFileName);
        };
        let fcb = name.fcb;
        let loc = self.disk.locate(spec)?;
        let path = loc.path();
        if matches!(req.mode, Mode::Output | Mode::Append)
            && self
                .slots
                .iter()
                .flatten()
                .any(|e| e.disk.as_ref().is_some_and(|d| d.fcb == fcb))
        {
            return Err(ErrorCode::FileAlreadyOpen);
        }
        let meta = std::fs::metadata(&path).ok();
        if let Some(m) = &meta
            && !m.is_file()
        {
            // a directory, a device node, a pipe: not a DOS file
            return Err(ErrorCode::PathFileAccessError);
        }
        if meta.is_none() && req.mode == Mode::Input {
            return Err(ErrorCode::FileNotFound);
        }
        let tries: &[Rw] = match (req.mode, req.access) {
            (Mode::Input, _) => &[Rw::R],
            (Mode::Output, _) => &[Rw::W],
            (Mode::Append, _) => &[Rw::RW],
            (Mode::Random, Some(a)) => match a {
                Rw::R => &[Rw::R],
                Rw::W => &[Rw::W],
                _ => &[Rw::RW],
            },
            // GW asks DOS for reading and writing, then for either
            (Mode::Random, None) => &[Rw::RW, Rw::R, Rw::W],
        };
        // the sharing rules, before anything is truncated or created
        let key = meta.as_ref().map(locks::key_of);
        let access = match key {
            Some(key) => {
                let holders = self.holders(key);
                self.os.attach(key, &path);
                let granted = tries.iter().copied().find(|&a| {
                    locks::share_allowed(
                        Holder {
                            access: a,
                            sharing: req.sharing,
                        },
                        &holders,
                    ) && self.os.share_allowed(key, a, req.sharing)
                });
                match granted {
                    Some(a) => a,
                    None => {
                        self.os.detach(key);
                        return Err(ErrorCode::PermissionDenied);
                    }
                }
            }
            None => tries[0],
        };
        let opened = host_open(&path, req.mode, access, tries, meta.is_some());
        let (file, access) = match opened {
            Ok(x) => x,
            Err(e) => {
                if let Some(k) = key {
                    self.os.detach(k);
                }
                return Err(e);
            }
        };
        let key = match key {
            Some(k) => k,
            None => {
                let k = file
                    .metadata()
                    .map(|m| locks::key_of(&m))
                    .map_err(|e| io_error(&e))?;
                self.os.attach(k, &path);
                k
            }
        };
        self.os.share_hold(key, access, req.sharing);
        let body = match req.mode {
            Mode::Input => Body::Input(Reader::new(file)),
            Mode::Output => Body::Output(Writer::new(file, 0)),
            Mode::Append => {
                let at = stream::append_point(&file).map_err(|e| io_error(&e))?;
                Body::Output(Writer::new(file, at))
            }
            Mode::Random => Body::Random(file),
        };
        Ok((
            body,
            DiskInfo {
                key,
                fcb,
                access,
                sharing: req.sharing,
                locks: Vec::new(),
            },
        ))
    }

    /// CLOSE #n: Ctrl-Z and the last sector written, then the file leaves the table. A
    /// failure leaves it open, its bytes kept. An unopened number is no error.
    pub fn close(&mut self, n: u8) -> Result<(), ErrorCode> {
        let Ok(e) = self.entry(n) else {
            return Ok(());
        };
        if matches!(e.body, Body::Output(_)) {
            if !e.ended {
                self.put_byte(n, CTRL_Z)?;
                self.entry_mut(n)?.ended = true;
            }
            self.flush(n)?;
        }
        let Some(e) = self.slots[usize::from(n)].take() else {
            return Ok(());
        };
        if let Some(d) = e.disk {
            for r in &d.locks {
                self.os.unlock(d.key, *r);
            }
            self.os.share_release(d.key, d.access, d.sharing);
            self.os.detach(d.key);
        }
        Ok(())
    }

    /// CLOSE, RESET, END: every file; the first failure is returned, and the files that
    /// failed stay open.
    pub fn close_all(&mut self) -> Result<(), ErrorCode> {
        let mut first = Ok(());
        for n in 1..self.slots.len() {
            if let Err(e) = self.close(n as u8)
                && first.is_ok()
            {
                first = Err(e);
            }
        }
        first
    }

    /// Sends every sector buffer to the host (files stay open): after a Break or an
    /// error, and when the process is told to end.
    pub fn flush_all(&mut self) -> Result<(), ErrorCode> {
        let mut first = Ok(());
        for n in 1..self.slots.len() {
            if self.is_open(n as u8)
                && let Err(e) = self.flush(n as u8)
                && first.is_ok()
            {
                first = Err(e);
            }
        }
        first
    }

    /// Drops every file without writing (after a failure was reported, at exit).
    pub fn abandon_all(&mut self) {
        for n in 1..self.slots.len() {
            if let Some(e) = self.slots[n].take()
                && let Some(d) = e.disk
            {
                self.os.detach(d.key);
            }
        }
    }

    // ---- locks on host I/O ----

    /// Whether handle `n` may read or write `range` of its file: no other handle of the
    /// program, and no other process, holds a lock on any of it.
    fn check_range(&self, n: u8, range: Range) -> Result<(), ErrorCode> {
        let Some(d) = self.entry(n)?.disk.as_ref() else {
            return Ok(());
        };
        let key = d.key;
        let held_by_other = self.slots.iter().enumerate().any(|(k, e)| {
            k != usize::from(n)
                && e.as_ref().and_then(|e| e.disk.as_ref()).is_some_and(|o| {
                    o.key == key && o.locks.iter().any(|&r| locks::overlap(r, range))
                })
        });
        if held_by_other || !self.os.range_free(key, range) {
            return Err(ErrorCode::PermissionDenied);
        }
        Ok(())
    }

    /// The handle's ACCESS allows reading (or writing).
    fn check_access(&self, n: u8, write: bool) -> Result<(), ErrorCode> {
        if let Some(d) = self.entry(n)?.disk.as_ref() {
            let ok = if write { d.access.write } else { d.access.read };
            if !ok {
                return Err(ErrorCode::PathFileAccessError);
            }
        }
        Ok(())
    }

    /// Sends a sequential file's buffer to the host.
    fn flush(&mut self, n: u8) -> Result<(), ErrorCode> {
        let range = match &self.entry(n)?.body {
            Body::Output(w) => w.pending(),
            _ => return Ok(()),
        };
        if range.0 == range.1 {
            return Ok(());
        }
        self.check_range(n, range)?;
        if let Body::Output(w) = &mut self.entry_mut(n)?.body {
            w.flush().map_err(|e| io_error(&e))?;
        }
        Ok(())
    }

    // ---- output ----

    /// Where output to file `n` goes; Bad file mode for a file opened for input.
    pub fn output_target(&self, n: u8) -> Result<Target, ErrorCode> {
        let e = self.entry(n)?;
        if e.mode == Mode::Input {
            return Err(ErrorCode::BadFileMode);
        }
        Ok(match e.body {
            Body::Device(Device::Screen | Device::Console) => Target::Screen,
            Body::Device(Device::Printer(p)) => Target::Printer(p),
            _ => Target::File,
        })
    }

    /// Where input from file `n` comes from; Bad file mode for output files.
    pub fn input_origin(&self, n: u8) -> Result<Origin, ErrorCode> {
        let e = self.entry(n)?;
        if matches!(e.mode, Mode::Output | Mode::Append) {
            return Err(ErrorCode::BadFileMode);
        }
        Ok(match e.body {
            Body::Device(Device::Keyboard | Device::Console) => Origin::Keyboard,
            _ => Origin::File,
        })
    }

    /// One byte out, as GW's disk output routine: a sequential file's full sector goes to
    /// the host first; a random file's byte goes into the record buffer (Field overflow at
    /// its end). The file column follows.
    fn put_byte(&mut self, n: u8, c: u8) -> Result<(), ErrorCode> {
        let e = self.entry_mut(n)?;
        if let Body::Device(Device::Printer(p)) = e.body {
            let random = e.mode == Mode::Random;
            let (mut col, width) = (e.col, e.width);
            self.printer_mut(p).put_file(&mut col, width, random, c);
            self.entry_mut(n)?.col = col;
            return Ok(());
        }
        let e = self.entry_mut(n)?;
        match &mut e.body {
            Body::Output(w) => {
                if w.full() {
                    self.flush(n)?;
                }
                let e = self.entry_mut(n)?;
                if let Body::Output(w) = &mut e.body {
                    w.push(c);
                }
            }
            Body::Random(_) => {
                if e.field_pos >= e.reclen {
                    return Err(ErrorCode::FieldOverflow);
                }
                e.field[e.field_pos] = c;
                e.field_pos += 1;
            }
            Body::Input(_) => return Err(ErrorCode::BadFileMode),
            Body::Device(_) => {}
        }
        let e = self.entry_mut(n)?;
        advance(&mut e.col, c);
        Ok(())
    }

    /// Printer `p` (1..=3).
    pub fn printer(&self, p: u8) -> &super::printer::Printer {
        &self.printers[usize::from(p).clamp(1, 3) - 1]
    }

    pub fn printer_mut(&mut self, p: u8) -> &mut super::printer::Printer {
        &mut self.printers[usize::from(p).clamp(1, 3) - 1]
    }

    /// Writes bytes to file `n` (0: LPRINT's pseudo file on LPT1:).
    pub fn write(&mut self, n: u8, bytes: &[u8]) -> Result<(), ErrorCode> {
        if n == 0 {
            for &c in bytes {
                self.printers[0].put(c);
            }
            return Ok(());
        }
        for &c in bytes {
            self.put_byte(n, c)?;
        }
        Ok(())
    }

    /// The file column of `n` (0-based).
    pub fn column(&self, n: u8) -> u8 {
        if n == 0 {
            return self.printers[0].col;
        }
        self.entry(n).map_or(0, |e| e.col)
    }

    /// Whether file `n` is open on SCRN: (GW's screen device, which prints through the
    /// machine's screen with the file's width).
    pub fn is_scrn(&self, n: u8) -> bool {
        matches!(
            self.entry(n).map(|e| &e.body),
            Ok(Body::Device(Device::Screen))
        )
    }

    /// WIDTH #n.
    pub fn width(&self, n: u8) -> u8 {
        if n == 0 {
            return self.printers[0].width;
        }
        self.entry(n).map_or(255, |e| e.width)
    }

    pub fn set_width(&mut self, n: u8, w: u8) -> Result<(), ErrorCode> {
        self.entry_mut(n)?.width = w;
        Ok(())
    }

    // ---- input ----

    /// The next byte of file `n` for INPUT#, LINE INPUT# and INPUT$: None at the end (a
    /// random file reads its record buffer: Field overflow at its end).
    pub fn read_byte(&mut self, n: u8) -> Result<Option<u8>, ErrorCode> {
        let e = self.entry_mut(n)?;
        if let Some(c) = e.backed.take() {
            return Ok(Some(c));
        }
        let fill = match &e.body {
            Body::Input(r) => r.needs_fill(),
            Body::Random(_) => {
                if e.field_pos >= e.reclen {
                    return Err(ErrorCode::FieldOverflow);
                }
                let c = e.field[e.field_pos];
                e.field_pos += 1;
                return Ok(Some(c));
            }
            Body::Output(_) => return Err(ErrorCode::BadFileMode),
            Body::Device(_) => return Ok(None),
        };
        if let Some(range) = fill {
            self.check_range(n, range)?;
        }
        match &mut self.entry_mut(n)?.body {
            Body::Input(r) => r.next().map_err(|e| io_error(&e)),
            _ => Ok(None),
        }
    }

    /// Puts back the byte INPUT# read one too far.
    /// The byte put back into file `n`, taken.
    pub fn take_backed(&mut self, n: u8) -> Option<u8> {
        self.entry_mut(n).ok().and_then(|e| e.backed.take())
    }

    pub fn back(&mut self, n: u8, c: u8) {
        if let Ok(e) = self.entry_mut(n) {
            e.backed = Some(c);
        }
    }

    // ---- random files ----

    fn random(&self, n: u8) -> Result<&Entry, ErrorCode> {
        let e = self.entry(n)?;
        match e.body {
            Body::Random(_) => Ok(e),
            _ => Err(ErrorCode::BadFileMode),
        }
    }

    /// Whether file `n` is a random file.
    pub fn is_random(&self, n: u8) -> bool {
        self.random(n).is_ok()
    }

    /// The record buffer of random file `n`.
    pub fn field(&self, n: u8) -> Result<&[u8], ErrorCode> {
        Ok(&self.random(n)?.field)
    }

    pub fn field_mut(&mut self, n: u8) -> Result<&mut [u8], ErrorCode> {
        self.random(n)?;
        Ok(&mut self.entry_mut(n)?.field)
    }

    /// The bytes left in a random file's record buffer after the PRINT#/WRITE# position
    /// (None for other files).
    pub fn field_room(&self, n: u8) -> Option<usize> {
        self.random(n).ok().map(|e| e.reclen - e.field_pos)
    }

    /// The record length of random file `n`.
    pub fn reclen(&self, n: u8) -> Result<usize, ErrorCode> {
        Ok(self.random(n)?.reclen)
    }

    /// GET #n [, record]: the record into the buffer (zeros past the end of the file).
    pub fn get(&mut self, n: u8, record: Option<u32>) -> Result<(), ErrorCode> {
        let e = self.random(n)?;
        let rec = record.unwrap_or(e.record.saturating_add(1));
        self.check_access(n, false)?;
        let reclen = e.reclen as u64;
        let at = u64::from(rec - 1) * reclen;
        let Body::Random(f) = &e.body else {
            return Err(ErrorCode::BadFileMode);
        };
        let len = f.metadata().map_err(|e| io_error(&e))?.len();
        if at < len {
            self.check_range(n, (at, at + reclen))?;
        }
        let e = self.entry_mut(n)?;
        e.record = rec;
        e.field_pos = 0;
        e.backed = None;
        let Body::Random(f) = &e.body else {
            return Err(ErrorCode::BadFileMode);
        };
        let got = if at < len {
            stream::read_full(f, &mut e.field, at).map_err(|e| io_error(&e))?
        } else {
            0
        };
        e.field[got..].fill(0);
        Ok(())
    }

    /// PUT #n [, record]: the buffer to the record (the buffer is kept).
    pub fn put(&mut self, n: u8, record: Option<u32>) -> Result<(), ErrorCode> {
        let e = self.random(n)?;
        let rec = record.unwrap_or(e.record.saturating_add(1));
        let reclen = e.reclen as u64;
        let at = u64::from(rec - 1) * reclen;
        self.check_access(n, true)?;
        if at + reclen > MAX_FILE {
            return Err(ErrorCode::DiskFull);
        }
        self.check_range(n, (at, at + reclen))?;
        let e = self.entry_mut(n)?;
        e.record = rec;
        e.field_pos = 0;
        let Body::Random(f) = &e.body else {
            return Err(ErrorCode::BadFileMode);
        };
        stream::write_full(f, &e.field, at).map_err(|(_, err)| io_error(&err))
    }

    // ---- EOF, LOC, LOF ----

    /// EOF(n).
    pub fn eof(&mut self, n: u8) -> Result<bool, ErrorCode> {
        let e = self.entry_mut(n)?;
        if e.backed.is_some() {
            return Ok(false);
        }
        match &mut e.body {
            Body::Input(r) => Ok(r.peek().map_err(|e| io_error(&e))?.is_none()),
            Body::Output(_) => Err(ErrorCode::BadFileMode),
            Body::Random(f) => {
                let len = f.metadata().map_err(|e| io_error(&e))?.len();
                Ok(u64::from(e.record) * e.reclen as u64 > len)
            }
            Body::Device(Device::Null) => Ok(true),
            Body::Device(_) => Ok(false),
        }
    }

    /// LOF(n): the file's length in bytes (counting what waits in the buffer).
    pub fn lof(&self, n: u8) -> Result<u64, ErrorCode> {
        let e = self.entry(n)?;
        let r = match &e.body {
            Body::Input(r) => r.file.metadata().map(|m| m.len()),
            Body::Output(w) => w.len(),
            Body::Random(f) => f.metadata().map(|m| m.len()),
            Body::Device(_) => Ok(0),
        };
        r.map_err(|e| io_error(&e))
    }

    /// LOC(n): the last record (random), or 128-byte sectors read or written.
    pub fn loc(&self, n: u8) -> Result<u64, ErrorCode> {
        let e = self.entry(n)?;
        Ok(match &e.body {
            Body::Input(r) => r.taken().div_ceil(SECTOR as u64).max(1),
            Body::Output(w) => w.sectors(),
            Body::Random(_) => u64::from(e.record),
            Body::Device(_) => 0,
        })
    }

    // ---- LOCK and UNLOCK ----

    /// The byte range of LOCK #n [, [first] TO last]: records of a random file, the whole
    /// file otherwise or without records.
    fn lock_range(&self, n: u8, records: Option<(u32, u32)>) -> Result<Range, ErrorCode> {
        let e = self.entry(n)?;
        if e.disk.is_none() {
            return Err(ErrorCode::PermissionDenied);
        }
        Ok(match (records, &e.body) {
            (Some((a, b)), Body::Random(_)) => {
                let r = e.reclen as u64;
                let (a, b) = (u64::from(a.min(b)), u64::from(a.max(b)));
                ((a - 1) * r, (b * r).min(WHOLE.1))
            }
            _ => WHOLE,
        })
    }

    /// LOCK: Permission denied when any of the range is locked, by this handle too.
    pub fn lock(&mut self, n: u8, records: Option<(u32, u32)>) -> Result<(), ErrorCode> {
        let range = self.lock_range(n, records)?;
        let key = self.disk_info(n)?.key;
        let taken = self
            .slots
            .iter()
            .flatten()
            .filter_map(|e| e.disk.as_ref())
            .any(|d| d.key == key && d.locks.iter().any(|&r| locks::overlap(r, range)));
        if taken || !self.os.lock(key, range) {
            return Err(ErrorCode::PermissionDenied);
        }
        if let Some(d) = self.entry_mut(n)?.disk.as_mut() {
            d.locks.push(range);
        }
        Ok(())
    }

    /// UNLOCK: the range must be one LOCK gave.
    pub fn unlock(&mut self, n: u8, records: Option<(u32, u32)>) -> Result<(), ErrorCode> {
        let range = self.lock_range(n, records)?;
        let key = self.disk_info(n)?.key;
        let Some(d) = self.entry_mut(n)?.disk.as_mut() else {
            return Err(ErrorCode::PermissionDenied);
        };
        let Some(k) = d.locks.iter().position(|&r| r == range) else {
            return Err(ErrorCode::PermissionDenied);
        };
        d.locks.remove(k);
        self.os.unlock(key, range);
        Ok(())
    }

    fn disk_info(&self, n: u8) -> Result<&DiskInfo, ErrorCode> {
        self.entry(n)?
            .disk
            .as_ref()
            .ok_or(ErrorCode::PermissionDenied)
    }

    // ---- directories and names ----

    fn disk_spec(name: &[u8], pattern: bool) -> Result<DiskSpec, ErrorCode> {
        match names::parse(name, pattern)? {
            Spec::Disk(d) => Ok(d),
            Spec::Device(_) => Err(ErrorCode::BadFileName),
        }
    }

    fn named_open(&self, fcb: &[u8; 11]) -> bool {
        self.slots
            .iter()
            .flatten()
            .any(|e| e.disk.as_ref().is_some_and(|d| &d.fcb == fcb))
    }

    /// KILL: the files matching a name or pattern (File not found when none; File
    /// already open when one is open; nothing is deleted then).
    pub fn kill(&mut self, name: &[u8]) -> Result<(), ErrorCode> {
        let spec = Self::disk_spec(name, true)?;
        let Some(n) = &spec.name else {
            return Err(ErrorCode::BadFileName);
        };
        let loc = self
            .disk
            .locate(&spec)
            .map_err(|_| ErrorCode::FileNotFound)?;
        let mut doomed: Vec<([u8; 11], PathBuf)> = Vec::new();
        if n.is_pattern() {
            for (fcb, is_dir, host) in names::list_dir_named(&loc.dir)? {
                if !is_dir && wildcard::matches(&n.fcb, &fcb) {
                    doomed.push((fcb, loc.dir.join(host)));
                }
            }
        } else if let Some(e) = &loc.existing {
            let p = loc.dir.join(e);
            if !p.is_dir() {
                doomed.push((n.fcb, p));
            }
        }
        if doomed.is_empty() {
            return Err(ErrorCode::FileNotFound);
        }
        if doomed.iter().any(|(fcb, _)| self.named_open(fcb)) {
            return Err(ErrorCode::FileAlreadyOpen);
        }
        for (_, p) in doomed {
            std::fs::remove_file(&p).map_err(|e| io_error(&e))?;
        }
        Ok(())
    }

    /// NAME's first half: the old file must exist and not be open (checked before the
    /// new name is even read, as GW does).
    pub fn name_source(&self, old: &[u8]) -> Result<names::Located, ErrorCode> {
        let spec = Self::disk_spec(old, false)?;
        let loc = self
            .disk
            .locate(&spec)
            .map_err(|_| ErrorCode::FileNotFound)?;
        if loc.existing.is_none() {
            return Err(ErrorCode::FileNotFound);
        }
        if let Some(n) = &loc.name
            && self.named_open(&n.fcb)
        {
            return Err(ErrorCode::FileAlreadyOpen);
        }
        Ok(loc)
    }

    /// NAME old AS new: another drive letter is Rename across disks; an existing new
    /// name is File already exists.
    pub fn rename(&mut self, old: &names::Located, new: &[u8]) -> Result<(), ErrorCode> {
        let spec = Self::disk_spec(new, false)?;
        let drive = spec.drive.unwrap_or(self.disk.current_drive());
        if drive != old.drive {
            return Err(ErrorCode::RenameAcrossDisks);
        }
        let Some(n) = &spec.name else {
            return Err(ErrorCode::BadFileName);
        };
        if self.named_open(&n.fcb) {
            return Err(ErrorCode::FileAlreadyOpen);
        }
        let to = self.disk.locate(&spec)?;
        if to.existing.is_some() {
            return Err(ErrorCode::FileAlreadyExists);
        }
        std::fs::rename(old.path(), to.path()).map_err(|e| io_error(&e))
    }

    pub fn mkdir(&mut self, name: &[u8]) -> Result<(), ErrorCode> {
        self.disk.mkdir(&Self::disk_spec(name, false)?)
    }

    pub fn chdir(&mut self, name: &[u8]) -> Result<(), ErrorCode> {
        let spec = Self::disk_spec(name, false)?;
        self.disk.chdir(&spec)
    }

    pub fn rmdir(&mut self, name: &[u8]) -> Result<(), ErrorCode> {
        self.disk.rmdir(&Self::disk_spec(name, false)?)
    }

    /// FILES [pattern]: the entries matching, directories first. A bad path is File not
    /// found, as in GW-BASIC; no match is File not found after the header.
    pub fn files(&self, pattern: Option<&[u8]>) -> Result<Listing, ErrorCode> {
        let spec = match pattern {
            None => DiskSpec {
                drive: None,
                absolute: false,
                dirs: Vec::new(),
                name: None,
            },
            Some(p) => match names::parse(p, true) {
                Ok(Spec::Disk(d)) => d,
                Ok(Spec::Device(_)) => return Err(ErrorCode::FileNotFound),
                Err(ErrorCode::BadFileName) => return Err(ErrorCode::BadFileName),
                Err(_) => return Err(ErrorCode::FileNotFound),
            },
        };
        let drive = spec.drive.unwrap_or(self.disk.current_drive());
        let header = self.disk.cwd_text(drive);
        let ends_in_dot = matches!(spec.dirs.last(), Some(names::Step::Here | names::Step::Up))
            && spec.name.is_none()
            && pattern.is_some();
        let loc = self
            .disk
            .locate(&spec)
            .map_err(|_| ErrorCode::FileNotFound)?;
        let mut entries = Vec::new();
        if ends_in_dot {
            // GW shows one `.` for FILES "." and FILES ".."
            let mut dot = [b' '; 11];
            dot[0] = b'.';
            entries.push(entry_text(&dot, true));
        } else {
            let mask = spec.name.as_ref().map_or([b'?'; 11], |n| n.fcb);
            let mut dirs = Vec::new();
            let mut files = Vec::new();
            if !self.disk.at_root(&loc) {
                for dot in [".", ".."] {
                    let mut fcb = [b' '; 11];
                    fcb[..dot.len()].copy_from_slice(dot.as_bytes());
                    if wildcard::matches(&mask, &fcb) {
                        dirs.push(entry_text(&fcb, true));
                    }
                }
            }
            for (fcb, is_dir, _) in names::list_dir_named(&loc.dir)? {
                if wildcard::matches(&mask, &fcb) {
                    if is_dir {
                        dirs.push(entry_text(&fcb, true));
                    } else {
                        files.push(entry_text(&fcb, false));
                    }
                }
            }
            entries.extend(dirs);
            entries.extend(files);
        }
        let free = fs4::available_space(&loc.dir).unwrap_or(0);
        Ok(Listing {
            header,
            entries,
            free,
        })
    }

    /// The host path of a file GW-BASIC names as it names programs (LOAD, SAVE, MERGE,
    /// CHAIN, RUN, LIST to a file, BSAVE, BLOAD): `.BAS` added when the name has no
    /// extension and no dot [M unsorted/LIST, gwbasic/line-number-pointers].
    pub fn program_path(&self, name: &[u8]) -> Result<PathBuf, ErrorCode> {
        let spec = match names::parse(name, false)? {
            Spec::Disk(d) => d,
            Spec::Device(_) => return Err(ErrorCode::BadFileName),
        };
        let mut spec = spec;
        if let Some(n) = spec.name.as_mut()
            && !n.raw.contains(&b'.')
            && n.fcb[8] == b' '
        {
            n.fcb[8..].copy_from_slice(b"BAS");
            n.raw.extend_from_slice(b".BAS");
        }
        if spec.name.is_none() {
            return Err(ErrorCode::BadFileName);
        }
        Ok(self.disk.locate(&spec)?.path())
    }

    /// A file of this host name is open: the test GW's OPEN for output makes (the DOS
    /// name, whatever directory), which SAVE and LIST to a file make too.
    pub fn is_open_path(&self, p: &Path) -> bool {
        let Some(fcb) = p
            .file_name()
            .and_then(|n| names::host_fcb(n.as_encoded_bytes()))
        else {
            return false;
        };
        self.slots
            .iter()
            .flatten()
            .any(|e| e.disk.as_ref().is_some_and(|d| d.fcb == fcb))
    }
}

/// The file column after a byte: CR returns to 0, a byte >= 32 moves it on (a byte: 255
/// wraps to 0), control characters leave it.
pub(crate) fn advance(col: &mut u8, c: u8) {
    if c == b'\r' {
        *col = 0;
    } else if c >= b' ' {
        *col = col.wrapping_add(1);
    }
}

/// A device opened in a mode: the screen and printer only write, the keyboard only reads.
fn open_device(d: Device, mode: Mode) -> Result<Device, ErrorCode> {
    let out = matches!(mode, Mode::Output | Mode::Append);
    match d {
        Device::Screen | Device::Printer(_) if out => Ok(d),
        Device::Keyboard if matches!(mode, Mode::Input | Mode::Random) => Ok(d),
        Device::Console if mode != Mode::Random => Ok(d),
        Device::Null => Ok(d),
        Device::Com(_) | Device::Cassette => Err(ErrorCode::DeviceUnavailable),
        _ => Err(ErrorCode::BadFileMode),
    }
}

/// Opens the host file for a mode and an access (a random file without ACCESS falls back
/// to reading or writing only when the host refuses both).
fn host_open(
    path: &Path,
    mode: Mode,
    access: Rw,
    tries: &[Rw],
    exists: bool,
) -> Result<(File, Rw), ErrorCode> {
    let attempt = |a: Rw| -> std::io::Result<File> {
        let mut o = OpenOptions::new();
        match mode {
            Mode::Input => o.read(true),
            Mode::Output => o.write(true).create(true).truncate(true),
            Mode::Append => o.read(true).write(true).create(true),
            Mode::Random => {
                if !exists {
                    // a missing random file is created, even for reading only
                    OpenOptions::new()
                        .write(true)
                        .create(true)
                        .truncate(false)
                        .open(path)?;
                }
                o.read(a.read).write(a.write)
            }
        };
        o.open(path)
    };
    let mut last = None;
    let start = tries.iter().position(|&t| t == access).unwrap_or(0);
    for &a in &tries[start..] {
        match attempt(a) {
            Ok(f) => return Ok((f, a)),
            Err(e) if e.kind() == std::io::ErrorKind::PermissionDenied => last = Some(e),
            Err(e) => return Err(io_error(&e)),
        }
    }
    Err(last.map_or(ErrorCode::PathFileAccessError, |e| io_error(&e)))
}

/// A FILES entry: `NAME    .EXT` (a blank for the dot when there is no extension) and
/// `<DIR>` or five blanks.
fn entry_text(fcb: &[u8; 11], dir: bool) -> String {
    let stem = String::from_utf8_lossy(&fcb[..8]);
    let ext = String::from_utf8_lossy(&fcb[8..]);
    let dot = if fcb[8] != b' ' { '.' } else { ' ' };
    format!("{stem}{dot}{ext}{}", if dir { "<DIR>" } else { "     " })
}
