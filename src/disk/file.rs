//! An open host file as the engine's `HostFile`: positioned reads and writes on the
//! descriptor, appends through the descriptor's `O_APPEND` (the kernel puts each write
//! at the end of the file at that moment, whoever else writes), and the advisory locks
//! other processes see. On Linux those are open-file-description locks (`F_OFD_*`),
//! which belong to an open file as DOS's locks belonged to a handle, so two handles of
//! one process conflict as two processes do; elsewhere no locks are taken.

use super::fs_err;
use gwrun_core::host::fs::{FileId, FsError, HostFile};
use std::fs::File;
use std::io::Write;

/// How long an appender waits for another process's append to finish before the write
/// is Permission denied (each holds the lock for one write).
const APPEND_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

#[derive(Debug)]
pub(super) struct NativeFile {
    file: File,
    id: FileId,
}

impl NativeFile {
    pub(super) fn new(file: File) -> Result<NativeFile, FsError> {
        let meta = file.metadata().map_err(|e| fs_err(&e))?;
        Ok(NativeFile {
            file,
            id: super::file_id(&meta),
        })
    }
}

#[cfg(unix)]
fn read_at(f: &File, buf: &mut [u8], off: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::read_at(f, buf, off)
}

#[cfg(unix)]
fn write_at(f: &File, buf: &[u8], off: u64) -> std::io::Result<usize> {
    std::os::unix::fs::FileExt::write_at(f, buf, off)
}

#[cfg(windows)]
fn read_at(f: &File, buf: &mut [u8], off: u64) -> std::io::Result<usize> {
    std::os::windows::fs::FileExt::seek_read(f, buf, off)
}

#[cfg(windows)]
fn write_at(f: &File, buf: &[u8], off: u64) -> std::io::Result<usize> {
    std::os::windows::fs::FileExt::seek_write(f, buf, off)
}

/// Retries a call the system interrupted.
fn retry<T>(mut f: impl FnMut() -> std::io::Result<T>) -> Result<T, FsError> {
    loop {
        match f() {
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            r => return r.map_err(|e| fs_err(&e)),
        }
    }
}

impl HostFile for NativeFile {
    fn read_at(&mut self, buf: &mut [u8], at: u64) -> Result<usize, FsError> {
        retry(|| read_at(&self.file, buf, at))
    }

    fn write_at(&mut self, buf: &[u8], at: u64) -> Result<usize, FsError> {
        retry(|| write_at(&self.file, buf, at))
    }

    fn append(&mut self, buf: &[u8]) -> Result<(), FsError> {
        // one write call for the whole buffer: the kernel appends it in one piece
        (&self.file).write_all(buf).map_err(|e| fs_err(&e))
    }

    fn size(&self) -> Result<u64, FsError> {
        retry(|| self.file.metadata().map(|m| m.len()))
    }

    fn set_len(&mut self, len: u64) -> Result<(), FsError> {
        retry(|| self.file.set_len(len))
    }

    fn id(&self) -> FileId {
        self.id
    }

    fn range_free(&self, start: u64, len: u64) -> bool {
        os::free(&self.file, start, len)
    }

    fn lock(&self, exclusive: bool, start: u64, len: u64) -> bool {
        os::set(&self.file, exclusive, start, len)
    }

    fn unlock(&self, start: u64, len: u64) {
        os::unset(&self.file, start, len);
    }

    fn lock_wait(&self, start: u64, len: u64) -> bool {
        let until = std::time::Instant::now() + APPEND_WAIT;
        let mut pause = std::time::Duration::from_micros(50);
        loop {
            if os::set(&self.file, true, start, len) {
                return true;
            }
            if std::time::Instant::now() > until {
                return false;
            }
            std::thread::sleep(pause);
            pause = (pause * 2).min(std::time::Duration::from_millis(5));
        }
    }
}

#[cfg(target_os = "linux")]
mod os {
    use std::fs::File;
    use std::os::fd::AsRawFd;

    /// One open-file-description lock call; the `flock` record after it, or None.
    fn call(
        fd: &File,
        cmd: libc::c_int,
        kind: libc::c_short,
        start: u64,
        len: u64,
    ) -> Option<libc::flock> {
        // SAFETY: `flock` is plain data; zeroed is a valid value, and the fields set are
        // the ones fcntl reads. The descriptor is open for the duration of the call.
        let mut fl: libc::flock = unsafe { std::mem::zeroed() };
        fl.l_type = kind;
        fl.l_whence = libc::SEEK_SET as libc::c_short;
        fl.l_start = i64::try_from(start).ok()?;
        fl.l_len = i64::try_from(len).ok()?;
        fl.l_pid = 0;
        // SAFETY: F_OFD_GETLK/F_OFD_SETLK take a pointer to a live `flock`.
        let r = unsafe { libc::fcntl(fd.as_raw_fd(), cmd, &mut fl as *mut libc::flock) };
        (r != -1).then_some(fl)
    }

    /// No other open file description (another process) holds a lock on the range.
    pub fn free(fd: &File, start: u64, len: u64) -> bool {
        match call(
            fd,
            libc::F_OFD_GETLK,
            libc::F_WRLCK as libc::c_short,
            start,
            len,
        ) {
            Some(fl) => fl.l_type == libc::F_UNLCK as libc::c_short,
            // the OS cannot tell: do not invent a conflict
            None => true,
        }
    }

    /// Takes an exclusive (or, on a read-only descriptor, shared) lock.
    pub fn set(fd: &File, exclusive: bool, start: u64, len: u64) -> bool {
        let kind = if exclusive {
            libc::F_WRLCK
        } else {
            libc::F_RDLCK
        };
        call(fd, libc::F_OFD_SETLK, kind as libc::c_short, start, len).is_some()
            || std::io::Error::last_os_error().raw_os_error() == Some(libc::EINVAL)
    }

    pub fn unset(fd: &File, start: u64, len: u64) {
        let _ = call(
            fd,
            libc::F_OFD_SETLK,
            libc::F_UNLCK as libc::c_short,
            start,
            len,
        );
    }
}

#[cfg(not(target_os = "linux"))]
mod os {
    use std::fs::File;

    pub fn free(_: &File, _: u64, _: u64) -> bool {
        true
    }

    pub fn set(_: &File, _: bool, _: u64, _: u64) -> bool {
        true
    }

    pub fn unset(_: &File, _: u64, _: u64) {}
}
