//! Host files read and written the way GW-BASIC used DOS: sequential files through one
//! 128-byte sector buffer each (a writer sends the buffer to the host when it is full and
//! the next byte comes, so at most 128 bytes are ever outstanding; a reader fetches 128
//! bytes at a time, so a file of any size, or one that never ends, costs one sector of
//! memory), random files one record at a time at the record's offset. Every host call's
//! failure comes back as an `FsError` for the table to turn into GW's error at the
//! statement that caused it; a failed write keeps its bytes for a retry.

use crate::host::fs::{FsError, HostFile};

/// GW-BASIC's sector buffer size.
pub(crate) const SECTOR: usize = 128;

/// DOS's Ctrl-Z end-of-file mark.
pub(crate) const CTRL_Z: u8 = 0x1A;

/// The lock appenders of one file take around each write (an advisory lock between
/// gwrun processes, on a byte far beyond any DOS file and the sharing markers).
const APPEND_LOCK: (u64, u64) = ((1 << 50) + 16, 1);

/// Reads as much of `buf` as the file holds at `off`; the count read.
pub(crate) fn read_full(f: &mut dyn HostFile, buf: &mut [u8], off: u64) -> Result<usize, FsError> {
    let mut done = 0;
    while done < buf.len() {
        match f.read_at(&mut buf[done..], off + done as u64)? {
            0 => break,
            n => done += n,
        }
    }
    Ok(done)
}

/// Writes all of `buf` at `off`; on failure, how much was written and the error.
pub(crate) fn write_full(
    f: &mut dyn HostFile,
    buf: &[u8],
    off: u64,
) -> Result<(), (usize, FsError)> {
    let mut done = 0;
    while done < buf.len() {
        match f.write_at(&buf[done..], off + done as u64) {
            Ok(0) => return Err((done, FsError::DiskFull)),
            Ok(n) => done += n,
            Err(e) => return Err((done, e)),
        }
    }
    Ok(())
}

/// A sequential output file (OUTPUT, APPEND): one sector buffer.
///
/// An OUTPUT file's buffer goes to its place in the file. An APPEND file's buffer goes to
/// the end of the file as it is at the moment of the write (the host's append), so two
/// processes appending to one file never write over each other; a full buffer is written
/// up to its last line end, the rest of the line waiting for the next write, so records
/// stay whole between processes. Before the first write, and whenever the file's end is
/// not where this handle left it (another process wrote), a Ctrl-Z that a CLOSE left in
/// the file's last sector is cut off first, as GW-BASIC's APPEND starts at it; on a
/// SHARED file that check and the write happen under an advisory lock all gwrun
/// appenders take.
#[derive(Debug)]
pub(crate) struct Writer {
    pub file: Box<dyn HostFile>,
    /// Where the buffer goes in the file (APPEND: where it would go if nobody else
    /// wrote; LOF and the lock checks use it).
    at: u64,
    buf: Vec<u8>,
    /// APPEND: how appends are made.
    append: Option<Append>,
    /// Bytes GW-BASIC would have sent to the disk since OPEN (LOC counts their sectors):
    /// a full sector each time a byte follows it, and what a flush sends.
    gw_sent: u64,
    /// Bytes in GW-BASIC's own sector buffer.
    gw_fill: usize,
}

/// How an APPEND writer appends.
#[derive(Debug, Clone, Copy)]
struct Append {
    /// Other processes may append at the same time (SHARED): writes take the lock.
    shared: bool,
    /// The file's length after this handle's last write (None before the first).
    end: Option<u64>,
}

impl Writer {
    /// An OUTPUT writer starting at `at`.
    pub fn new(file: Box<dyn HostFile>, at: u64) -> Writer {
        Writer {
            file,
            at,
            buf: Vec::with_capacity(SECTOR),
            append: None,
            gw_sent: 0,
            gw_fill: 0,
        }
    }

    /// An APPEND writer on a file opened for appending; `at` is the file's logical end
    /// (`append_point`); `shared`: other processes may append too.
    pub fn appending(file: Box<dyn HostFile>, at: u64, shared: bool) -> Writer {
        let mut w = Writer::new(file, at);
        w.append = Some(Append { shared, end: None });
        w
    }

    /// The buffer is full: the next byte must wait for `flush`.
    pub fn full(&self) -> bool {
        self.buf.len() >= SECTOR
    }

    /// Adds a byte to a buffer with room.
    pub fn push(&mut self, c: u8) {
        if self.gw_fill == SECTOR {
            self.gw_sent += SECTOR as u64;
            self.gw_fill = 0;
        }
        self.gw_fill += 1;
        self.buf.push(c);
    }

    /// The byte range the next flush writes.
    pub fn pending(&self) -> (u64, u64) {
        (self.at, self.at + self.buf.len() as u64)
    }

    /// Sends the buffer to the host (`whole`: all of it; else an APPEND writer sends up
    /// to the last line end); on failure the unwritten bytes stay for a retry.
    pub fn flush(&mut self, whole: bool) -> Result<(), FsError> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let r = match self.append {
            None => {
                let r = write_full(self.file.as_mut(), &self.buf, self.at);
                let done = match &r {
                    Ok(()) => self.buf.len(),
                    Err((n, _)) => *n,
                };
                self.sent(done);
                r.map_err(|(_, e)| e)
            }
            Some(a) => {
                let n = match self.buf.iter().rposition(|&c| c == b'\n') {
                    Some(k) if !whole => k + 1,
                    _ => self.buf.len(),
                };
                let r = self.append_part(a, n);
                if r.is_ok() {
                    self.sent(n);
                }
                r
            }
        };
        if whole && r.is_ok() {
            self.gw_sent += self.gw_fill as u64;
            self.gw_fill = 0;
        }
        r
    }

    fn sent(&mut self, n: usize) {
        self.buf.drain(..n);
        self.at += n as u64;
    }

    /// Appends the first `n` bytes of the buffer (see the type's description).
    fn append_part(&mut self, a: Append, n: usize) -> Result<(), FsError> {
        let (start, len) = APPEND_LOCK;
        if a.shared && !self.file.lock_wait(start, len) {
            return Err(FsError::Busy);
        }
        let r = (|| {
            let mut end = self.file.size()?;
            if a.end != Some(end) {
                let logical = logical_end(self.file.as_mut(), end)?;
                if logical < end {
                    self.file.set_len(logical)?;
                    end = logical;
                }
            }
            self.file.append(&self.buf[..n])?;
            Ok(end + n as u64)
        })();
        if a.shared {
            self.file.unlock(start, len);
        }
        let end = r?;
        self.append = Some(Append {
            shared: a.shared,
            end: Some(end),
        });
        Ok(())
    }

    /// The file's length counting the buffer (LOF).
    pub fn len(&self) -> Result<u64, FsError> {
        let on_disk = self.file.size()?;
        Ok(on_disk.max(self.at + self.buf.len() as u64))
    }

    /// Sectors written since OPEN (LOC).
    pub fn sectors(&self) -> u64 {
        self.gw_sent / SECTOR as u64
    }
}

/// A sequential input file: one sector at a time; Ctrl-Z or the host's end ends it.
#[derive(Debug)]
pub(crate) struct Reader {
    pub file: Box<dyn HostFile>,
    buf: Box<[u8; SECTOR]>,
    start: usize,
    end: usize,
    /// File offset of `buf[end]`.
    at: u64,
    /// The end was met (physical end, or a Ctrl-Z read): every later read is the end.
    ended: bool,
    /// Bytes taken by the program.
    taken: u64,
}

impl Reader {
    pub fn new(file: Box<dyn HostFile>) -> Reader {
        Reader {
            file,
            buf: Box::new([0; SECTOR]),
            start: 0,
            end: 0,
            at: 0,
            ended: false,
            taken: 0,
        }
    }

    /// Whether the next byte needs a sector from the host (the range it reads).
    pub fn needs_fill(&self) -> Option<(u64, u64)> {
        (self.start == self.end && !self.ended).then_some((self.at, self.at + SECTOR as u64))
    }

    fn fill(&mut self) -> Result<(), FsError> {
        let n = read_full(self.file.as_mut(), &mut self.buf[..], self.at)?;
        self.at += n as u64;
        self.start = 0;
        self.end = n;
        if n == 0 {
            self.ended = true;
        }
        Ok(())
    }

    /// The next byte without taking it; None at the end (a Ctrl-Z is the end).
    pub fn peek(&mut self) -> Result<Option<u8>, FsError> {
        if self.ended {
            return Ok(None);
        }
        if self.start == self.end {
            self.fill()?;
            if self.ended {
                return Ok(None);
            }
        }
        let c = self.buf[self.start];
        Ok((c != CTRL_Z).then_some(c))
    }

    /// Takes the next byte; None at the end, which is then final.
    pub fn next(&mut self) -> Result<Option<u8>, FsError> {
        match self.peek()? {
            Some(c) => {
                self.start += 1;
                self.taken += 1;
                Ok(Some(c))
            }
            None => {
                self.ended = true;
                Ok(None)
            }
        }
    }

    /// Bytes taken so far.
    pub fn taken(&self) -> u64 {
        self.taken
    }
}

/// The offset past which no file grows: FAT's 2 GB (a PUT beyond is Disk full, so a
/// record number cannot make a terabyte-sized file).
pub(crate) const MAX_FILE: u64 = 1 << 31;

/// Where APPEND writes: at the first Ctrl-Z of the file's last sector, else at its end
/// (GW-BASIC reads the last sector to find the logical end).
pub(crate) fn append_point(f: &mut dyn HostFile) -> Result<u64, FsError> {
    let len = f.size()?;
    logical_end(f, len)
}

/// The logical end of a file of `len` bytes: its last sector's first Ctrl-Z, else `len`.
fn logical_end(f: &mut dyn HostFile, len: u64) -> Result<u64, FsError> {
    if len == 0 {
        return Ok(0);
    }
    let last = (len - 1) / SECTOR as u64 * SECTOR as u64;
    let mut buf = [0u8; SECTOR];
    let n = read_full(f, &mut buf, last)?;
    Ok(match buf[..n].iter().position(|&c| c == CTRL_Z) {
        Some(z) => last + z as u64,
        None => len,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::fs::mem::MemFs;
    use crate::host::fs::{FileSystem, HostPath, OpenHow};

    fn open(fs: &mut MemFs, name: &str, how: OpenHow) -> Box<dyn HostFile> {
        fs.open(&HostPath::root(2).join(name.as_bytes()), how)
            .unwrap()
    }

    const CREATE: OpenHow = OpenHow {
        read: true,
        write: true,
        create: true,
        truncate: false,
        append: false,
    };

    fn bytes(fs: &MemFs, name: &str) -> Vec<u8> {
        fs.read(0, &[name.as_bytes()]).unwrap_or_default()
    }

    #[test]
    fn writer_keeps_at_most_a_sector() {
        let mut fs = MemFs::new();
        let mut w = Writer::new(open(&mut fs, "W", CREATE), 0);
        for k in 0..300u32 {
            if w.full() {
                w.flush(false).unwrap();
            }
            w.push(b'a' + (k % 26) as u8);
            let on_disk = bytes(&fs, "W").len() as u64;
            assert!(u64::from(k) + 1 - on_disk <= SECTOR as u64);
        }
        assert_eq!(w.len().unwrap(), 300);
        assert_eq!(w.sectors(), 2);
        w.flush(true).unwrap();
        assert_eq!(w.sectors(), 2);
        assert_eq!(bytes(&fs, "W").len(), 300);
    }

    #[test]
    fn reader_stops_at_ctrl_z_for_good() {
        let mut fs = MemFs::new();
        open(&mut fs, "R", CREATE).write_at(b"ab\x1acd", 0).unwrap();
        let mut r = Reader::new(open(&mut fs, "R", OpenHow::READ));
        assert_eq!(r.next().unwrap(), Some(b'a'));
        assert_eq!(r.next().unwrap(), Some(b'b'));
        assert_eq!(r.peek().unwrap(), None);
        assert_eq!(r.next().unwrap(), None);
        assert_eq!(r.next().unwrap(), None);
    }

    #[test]
    fn append_finds_the_logical_end() {
        let mut fs = MemFs::new();
        let mut f = open(&mut fs, "A", CREATE);
        f.write_at(b"line\r\n\x1a", 0).unwrap();
        assert_eq!(append_point(f.as_mut()).unwrap(), 6);
        f.set_len(6).unwrap();
        assert_eq!(append_point(f.as_mut()).unwrap(), 6);
    }

    /// Two appenders interleave whole lines, and the Ctrl-Z one CLOSE leaves is cut
    /// before the other's next write.
    #[test]
    fn appenders_keep_whole_lines_and_one_ctrl_z() {
        let mut fs = MemFs::new();
        let how = OpenHow {
            read: true,
            write: true,
            create: true,
            truncate: false,
            append: true,
        };
        let mut a = Writer::appending(open(&mut fs, "LOG", how), 0, true);
        let mut b = Writer::appending(open(&mut fs, "LOG", how), 0, true);
        let line = |w: &mut Writer, text: &[u8]| {
            for &c in text.iter().chain(b"\r\n") {
                if w.full() {
                    w.flush(false).unwrap();
                }
                w.push(c);
            }
        };
        for k in 0..50 {
            line(
                &mut a,
                format!("A{k:03} aaaaaaaaaaaaaaaaaaaaaaaa").as_bytes(),
            );
            line(
                &mut b,
                format!("B{k:03} bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb").as_bytes(),
            );
        }
        a.push(CTRL_Z);
        a.flush(true).unwrap();
        line(&mut b, b"B-last");
        b.push(CTRL_Z);
        b.flush(true).unwrap();
        let all = bytes(&fs, "LOG");
        assert_eq!(all.iter().filter(|&&c| c == CTRL_Z).count(), 1);
        assert_eq!(all.last(), Some(&CTRL_Z));
        let text = String::from_utf8_lossy(&all[..all.len() - 1]).into_owned();
        let lines: Vec<&str> = text.split_terminator("\r\n").collect();
        assert_eq!(lines.len(), 101);
        assert!(lines.iter().all(|l| l.starts_with('A') && l.len() == 29
            || l.starts_with('B') && (l.len() == 40 || *l == "B-last")));
    }
}
