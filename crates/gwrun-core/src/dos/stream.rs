//! Host files read and written the way GW-BASIC used DOS: sequential files through one
//! 128-byte sector buffer each (a writer sends the buffer to the host when it is full and
//! the next byte comes, so at most 128 bytes are ever outstanding; a reader fetches 128
//! bytes at a time, so a file of any size, or one that never ends, costs one sector of
//! memory), random files one record at a time at the record's offset. Every host call's
//! failure comes back as an `io::Error` for the table to turn into GW's error at the
//! statement that caused it; a failed write keeps its bytes for a retry.

use std::fs::File;
use std::io::{self, ErrorKind};

/// GW-BASIC's sector buffer size.
pub(crate) const SECTOR: usize = 128;

/// DOS's Ctrl-Z end-of-file mark.
pub(crate) const CTRL_Z: u8 = 0x1A;

#[cfg(unix)]
fn read_at(f: &File, buf: &mut [u8], off: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(f, buf, off)
}

#[cfg(unix)]
fn write_at(f: &File, buf: &[u8], off: u64) -> io::Result<usize> {
    std::os::unix::fs::FileExt::write_at(f, buf, off)
}

#[cfg(windows)]
fn read_at(f: &File, buf: &mut [u8], off: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(f, buf, off)
}

#[cfg(windows)]
fn write_at(f: &File, buf: &[u8], off: u64) -> io::Result<usize> {
    std::os::windows::fs::FileExt::seek_write(f, buf, off)
}

/// Reads as much of `buf` as the file holds at `off`; the count read.
pub(crate) fn read_full(f: &File, buf: &mut [u8], off: u64) -> io::Result<usize> {
    let mut done = 0;
    while done < buf.len() {
        match read_at(f, &mut buf[done..], off + done as u64) {
            Ok(0) => break,
            Ok(n) => done += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(done)
}

/// Writes all of `buf` at `off`; on failure, how much was written and the error.
pub(crate) fn write_full(f: &File, buf: &[u8], off: u64) -> Result<(), (usize, io::Error)> {
    let mut done = 0;
    while done < buf.len() {
        match write_at(f, &buf[done..], off + done as u64) {
            Ok(0) => return Err((done, io::Error::from(ErrorKind::StorageFull))),
            Ok(n) => done += n,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err((done, e)),
        }
    }
    Ok(())
}

/// A sequential output file (OUTPUT, APPEND): one sector buffer.
#[derive(Debug)]
pub(crate) struct Writer {
    pub file: File,
    /// Where the buffer goes in the file.
    at: u64,
    buf: Vec<u8>,
    /// Bytes sent to the host since OPEN (LOC counts their sectors).
    sent: u64,
}

impl Writer {
    pub fn new(file: File, at: u64) -> Writer {
        Writer {
            file,
            at,
            buf: Vec::with_capacity(SECTOR),
            sent: 0,
        }
    }

    /// The buffer is full: the next byte must wait for `flush`.
    pub fn full(&self) -> bool {
        self.buf.len() >= SECTOR
    }

    /// Adds a byte to a buffer with room.
    pub fn push(&mut self, c: u8) {
        self.buf.push(c);
    }

    /// The byte range the next flush writes.
    pub fn pending(&self) -> (u64, u64) {
        (self.at, self.at + self.buf.len() as u64)
    }

    /// Sends the buffer to the host; on failure the unwritten bytes stay for a retry.
    pub fn flush(&mut self) -> io::Result<()> {
        if self.buf.is_empty() {
            return Ok(());
        }
        let r = write_full(&self.file, &self.buf, self.at);
        let done = match &r {
            Ok(()) => self.buf.len(),
            Err((n, _)) => *n,
        };
        self.buf.drain(..done);
        self.at += done as u64;
        self.sent += done as u64;
        r.map_err(|(_, e)| e)
    }

    /// The file's length counting the buffer (LOF).
    pub fn len(&self) -> io::Result<u64> {
        let on_disk = self.file.metadata()?.len();
        Ok(on_disk.max(self.at + self.buf.len() as u64))
    }

    /// Sectors written since OPEN (LOC).
    pub fn sectors(&self) -> u64 {
        self.sent / SECTOR as u64
    }
}

/// A sequential input file: one sector at a time; Ctrl-Z or the host's end ends it.
#[derive(Debug)]
pub(crate) struct Reader {
    pub file: File,
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
    pub fn new(file: File) -> Reader {
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

    fn fill(&mut self) -> io::Result<()> {
        let n = read_full(&self.file, &mut self.buf[..], self.at)?;
        self.at += n as u64;
        self.start = 0;
        self.end = n;
        if n == 0 {
            self.ended = true;
        }
        Ok(())
    }

    /// The next byte without taking it; None at the end (a Ctrl-Z is the end).
    pub fn peek(&mut self) -> io::Result<Option<u8>> {
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
    pub fn next(&mut self) -> io::Result<Option<u8>> {
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
pub(crate) fn append_point(f: &File) -> io::Result<u64> {
    let len = f.metadata()?.len();
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

    fn temp(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("gwrun-stream-{}-{name}", std::process::id()));
        let _ = std::fs::remove_file(&d);
        d
    }

    #[test]
    fn writer_keeps_at_most_a_sector() {
        let p = temp("w");
        let f = File::create(&p).unwrap();
        let mut w = Writer::new(f, 0);
        for k in 0..300u32 {
            if w.full() {
                w.flush().unwrap();
            }
            w.push(b'a' + (k % 26) as u8);
            let on_disk = std::fs::metadata(&p).unwrap().len();
            assert!(u64::from(k) + 1 - on_disk <= SECTOR as u64);
        }
        assert_eq!(w.len().unwrap(), 300);
        w.flush().unwrap();
        assert_eq!(std::fs::read(&p).unwrap().len(), 300);
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn reader_stops_at_ctrl_z_for_good() {
        let p = temp("r");
        std::fs::write(&p, b"ab\x1acd").unwrap();
        let mut r = Reader::new(File::open(&p).unwrap());
        assert_eq!(r.next().unwrap(), Some(b'a'));
        assert_eq!(r.next().unwrap(), Some(b'b'));
        assert_eq!(r.peek().unwrap(), None);
        assert_eq!(r.next().unwrap(), None);
        assert_eq!(r.next().unwrap(), None);
        let _ = std::fs::remove_file(&p);
    }

    #[test]
    fn append_finds_the_logical_end() {
        let p = temp("a");
        std::fs::write(&p, b"line\r\n\x1a").unwrap();
        assert_eq!(append_point(&File::open(&p).unwrap()).unwrap(), 6);
        std::fs::write(&p, b"line\r\n").unwrap();
        assert_eq!(append_point(&File::open(&p).unwrap()).unwrap(), 6);
        let _ = std::fs::remove_file(&p);
    }
}
