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
//! (`locks`). The directory statements (KILL, NAME, MKDIR, CHDIR, RMDIR, FILES) and the
//! program files (LOAD, SAVE, BLOAD, BSAVE) are in `dirs`, beside this table, since they
//! must know which files are open.

mod dirs;
mod random;

pub use dirs::ProgramFile;

use super::drives::Disk;
use super::fs_error;
use super::locks::{self, FileKey, Holder, OsLocks, Range, Rw, Sharing};
use super::names::{self, Device, DiskSpec, Spec};
use super::stream::{self, CTRL_Z, Reader, SECTOR, Writer};
use crate::error::ErrorCode;
use crate::host::fs::{FileSystem, FsError, HostFile, HostPath, Kind, OpenHow};

/// GW-BASIC's default number of files (/F:3).
pub const DEFAULT_MAX_FILES: u8 = 3;
/// The longest record OPEN's LEN= accepts when GW-BASIC starts without /S: (the
/// GW-BASIC 3.23 User's Guide: /S: sets the maximum record size, 128 by default).
pub const DEFAULT_MAX_RECLEN: u16 = 128;

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
    Random(Box<dyn HostFile>),
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
    /// Longest record LEN= accepts (GW-BASIC's /S:, 128 unless raised).
    pub max_reclen: u16,
    pub disk: Disk,
    os: OsLocks,
    /// LPT1: to LPT3: (file number 0 is LPRINT's pseudo file on LPT1:).
    pub printers: [super::printer::Printer; 3],
    /// The record buffer a closed random file left in its file number's block: GW's
    /// buffers are fixed memory, so FIELD variables still show it, LSET writes it, and
    /// the next random file opened with that number starts from its bytes.
    kept: Vec<Vec<u8>>,
}

impl Default for Files {
    /// The drives of an empty in-memory disk (`MemFs`): what a session has until its
    /// front end gives it the host's.
    fn default() -> Self {
        Files::new(Disk::new(Box::new(crate::host::fs::mem::MemFs::new())))
    }
}

impl Files {
    pub fn new(disk: Disk) -> Files {
        Files {
            slots: (0..=15).map(|_| None).collect(),
            max: DEFAULT_MAX_FILES,
            max_reclen: DEFAULT_MAX_RECLEN,
            disk,
            os: OsLocks::default(),
            printers: Default::default(),
            kept: (0..=15).map(|_| Vec::new()).collect(),
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
        let field = if random {
            self.take_record_buffer(n, req.reclen)
        } else {
            Vec::new()
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
            field,
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
        if matches!(req.mode, Mode::Output | Mode::Append) && self.named_open(&fcb) {
            return Err(ErrorCode::FileAlreadyOpen);
        }
        let meta = match loc.existing {
            None => None,
            Some(_) => match self.disk.fs().stat(&path) {
                Ok(m) => Some(m),
                Err(FsError::NotFound) => None,
                Err(e) => return Err(fs_error(e)),
            },
        };
        if let Some(m) = &meta
            && m.kind != Kind::File
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
        let key = meta.as_ref().map(|m| m.id);
        let access = match key {
            Some(key) => {
                let holders = self.holders(key);
                self.attach(key, &path);
                let granted = tries.iter().copied().find(|&a| {
                    locks::share_allowed(
                        Holder {
                            access: a,
                            sharing: req.sharing,
                        },
                        &holders,
                    ) && self.os.share_claim(key, a, req.sharing)
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
        let opened = host_open(
            self.disk.fs(),
            &path,
            req.mode,
            access,
            tries,
            meta.is_some(),
        );
        let claimed = access;
        let (mut file, access) = match opened {
            Ok(x) => x,
            Err(e) => {
                if let Some(k) = key {
                    self.os.share_release(k, claimed, req.sharing);
                    self.os.detach(k);
                }
                return Err(e);
            }
        };
        if meta.is_none() {
            self.disk.added(&path, Kind::File);
        }
        // the markers held follow the file opened and the access the host granted
        let (key, held) = match key {
            Some(k) if k == file.id() => (k, Some(claimed)),
            other => {
                // a new file, or another file took the name between the look and the
                // open: the lock descriptor follows the file opened
                if let Some(k) = other {
                    self.os.share_release(k, claimed, req.sharing);
                    self.os.detach(k);
                }
                let k = file.id();
                self.attach(k, &path);
                (k, None)
            }
        };
        if held != Some(access) {
            if !self.os.share_claim(key, access, req.sharing) {
                if let Some(a) = held {
                    self.os.share_release(key, a, req.sharing);
                }
                self.os.detach(key);
                return Err(ErrorCode::PermissionDenied);
            }
            if let Some(a) = held {
                self.os.share_release(key, a, req.sharing);
            }
        }
        let body = match req.mode {
            Mode::Input => Body::Input(Reader::new(file)),
            Mode::Output => Body::Output(Writer::new(file, 0)),
            Mode::Append => {
                let at = stream::append_point(file.as_mut()).map_err(fs_error)?;
                // other processes may append at the same time unless this handle
                // denies them writing (compatibility mode denies it between processes)
                let shared = !matches!(
                    req.sharing,
                    Sharing::Compat | Sharing::LockWrite | Sharing::LockReadWrite
                );
                Body::Output(Writer::appending(file, at, shared))
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

    /// The process's lock descriptor for a file: opened for reading and writing, or for
    /// reading when the host refuses writing.
    fn attach(&mut self, key: FileKey, path: &HostPath) {
        let fs = self.disk.fs();
        self.os.attach(key, || {
            let rw = OpenHow {
                read: true,
                write: true,
                ..OpenHow::default()
            };
            match fs.open(path, rw) {
                Ok(f) => Some((f, true)),
                Err(_) => fs.open(path, OpenHow::READ).ok().map(|f| (f, false)),
            }
        });
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
            self.flush(n, true)?;
        }
        let Some(e) = self.slots[usize::from(n)].take() else {
            return Ok(());
        };
        self.keep_record_buffer(n, e.field);
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
                && let Err(e) = self.flush(n as u8, true)
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

    /// Sends a sequential file's buffer to the host (`whole`: all of it; else an APPEND
    /// file's up to its last line end).
    fn flush(&mut self, n: u8, whole: bool) -> Result<(), ErrorCode> {
        let range = match &self.entry(n)?.body {
            Body::Output(w) => w.pending(),
            _ => return Ok(()),
        };
        if range.0 == range.1 {
            return Ok(());
        }
        self.check_range(n, range)?;
        if let Body::Output(w) = &mut self.entry_mut(n)?.body {
            w.flush(whole).map_err(fs_error)?;
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
                    self.flush(n, false)?;
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
            Body::Input(r) => r.next().map_err(fs_error),
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

    // ---- EOF, LOC, LOF ----

    /// EOF(n).
    pub fn eof(&mut self, n: u8) -> Result<bool, ErrorCode> {
        let e = self.entry_mut(n)?;
        if e.backed.is_some() {
            return Ok(false);
        }
        match &mut e.body {
            Body::Input(r) => Ok(r.peek().map_err(fs_error)?.is_none()),
            Body::Output(_) => Err(ErrorCode::BadFileMode),
            Body::Random(f) => {
                let len = f.size().map_err(fs_error)?;
                Ok(u64::from(e.record) * e.reclen as u64 > len)
            }
            Body::Device(d) => d.queried().map(|()| *d == Device::Null),
        }
    }

    /// LOF(n): the file's length in bytes (counting what waits in the buffer).
    pub fn lof(&self, n: u8) -> Result<u64, ErrorCode> {
        let e = self.entry(n)?;
        let r = match &e.body {
            Body::Input(r) => r.file.size(),
            Body::Output(w) => w.len(),
            Body::Random(f) => f.size(),
            Body::Device(d) => return d.queried().map(|()| 0),
        };
        r.map_err(fs_error)
    }

    /// LOC(n): the last record (random), or 128-byte sectors read or written.
    pub fn loc(&self, n: u8) -> Result<u64, ErrorCode> {
        let e = self.entry(n)?;
        Ok(match &e.body {
            Body::Input(r) => r.taken().div_ceil(SECTOR as u64).max(1),
            Body::Output(w) => w.sectors(),
            Body::Random(_) => u64::from(e.record),
            Body::Device(d) => return d.queried().map(|()| 0),
        })
    }

    /// Whether a file of this DOS name (8.3 form, whatever directory) is open: GW
    /// refuses a second OUTPUT or APPEND of it, and SAVE, KILL and NAME of it.
    pub(crate) fn named_open(&self, fcb: &[u8; 11]) -> bool {
        self.slots
            .iter()
            .flatten()
            .any(|e| e.disk.as_ref().is_some_and(|d| &d.fcb == fcb))
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
    fs: &mut dyn FileSystem,
    path: &HostPath,
    mode: Mode,
    access: Rw,
    tries: &[Rw],
    exists: bool,
) -> Result<(Box<dyn HostFile>, Rw), ErrorCode> {
    let mut attempt = |a: Rw| -> Result<Box<dyn HostFile>, FsError> {
        let how = match mode {
            Mode::Input => OpenHow::READ,
            Mode::Output => OpenHow {
                write: true,
                create: true,
                truncate: true,
                ..OpenHow::default()
            },
            Mode::Append => OpenHow {
                read: true,
                write: true,
                create: true,
                append: true,
                ..OpenHow::default()
            },
            Mode::Random => {
                if !exists {
                    // a missing random file is created, even for reading only
                    let create = OpenHow {
                        write: true,
                        create: true,
                        ..OpenHow::default()
                    };
                    fs.open(path, create)?;
                }
                OpenHow {
                    read: a.read,
                    write: a.write,
                    ..OpenHow::default()
                }
            }
        };
        fs.open(path, how)
    };
    let mut last = None;
    let start = tries.iter().position(|&t| t == access).unwrap_or(0);
    for &a in &tries[start..] {
        match attempt(a) {
            Ok(f) => return Ok((f, a)),
            Err(e @ FsError::Denied) => last = Some(e),
            Err(e) => return Err(fs_error(e)),
        }
    }
    Err(last.map_or(ErrorCode::PathFileAccessError, fs_error))
}
