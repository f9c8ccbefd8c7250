//! Random files and locks: the record buffer of a random file (FIELD's bytes, what
//! PRINT#, WRITE# and INPUT# use in it), GET and PUT of one record at its offset, and
//! LOCK and UNLOCK of record ranges (or of the whole file) against the program's other
//! handles and other processes (`locks`), and the checks every host read and write of an
//! open file passes (its ACCESS, the ranges others hold locked).

use super::{Body, DiskInfo, Entry, Files};
use crate::dos::fs_error;
use crate::dos::locks::{self, Range, WHOLE};
use crate::dos::stream::{self, MAX_FILE};
use crate::error::ErrorCode;

impl Files {
    // ---- random files ----

    pub(super) fn random(&self, n: u8) -> Result<&Entry, ErrorCode> {
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

    /// The record buffer of file number `n`: the open random file's, else the memory a
    /// random file closed on that number left (GW's buffers are fixed memory in the
    /// file's block: FIELD variables keep showing it after CLOSE). Bad file number when
    /// the number never had one.
    pub fn field(&self, n: u8) -> Result<&[u8], ErrorCode> {
        if let Ok(e) = self.random(n) {
            return Ok(&e.field);
        }
        match self.kept.get(usize::from(n)) {
            Some(k) if !k.is_empty() => Ok(k),
            _ => Err(ErrorCode::BadFileNumber),
        }
    }

    pub fn field_mut(&mut self, n: u8) -> Result<&mut [u8], ErrorCode> {
        if self.random(n).is_ok() {
            return Ok(&mut self.entry_mut(n)?.field);
        }
        match self.kept.get_mut(usize::from(n)) {
            Some(k) if !k.is_empty() => Ok(k),
            _ => Err(ErrorCode::BadFileNumber),
        }
    }

    /// The record buffer for a random file opening on number `n`: the block's memory as
    /// the last random file on that number left it, at least `reclen` bytes.
    pub(super) fn take_record_buffer(&mut self, n: u8, reclen: usize) -> Vec<u8> {
        let mut field = self
            .kept
            .get_mut(usize::from(n))
            .map(std::mem::take)
            .unwrap_or_default();
        if field.len() < reclen {
            field.resize(reclen, 0);
        }
        field
    }

    /// A closing file's record buffer stays in its number's block (none for files
    /// other than random ones).
    pub(super) fn keep_record_buffer(&mut self, n: u8, field: Vec<u8>) {
        if let Some(k) = self.kept.get_mut(usize::from(n))
            && !field.is_empty()
        {
            *k = field;
        }
    }

    /// Whether file number `n` has a record buffer (`field`).
    pub fn has_field(&self, n: u8) -> bool {
        self.field(n).is_ok()
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
        let len = f.size().map_err(fs_error)?;
        if at < len {
            self.check_range(n, (at, at + reclen))?;
        }
        let e = self.entry_mut(n)?;
        e.record = rec;
        e.field_pos = 0;
        e.backed = None;
        let Body::Random(f) = &mut e.body else {
            return Err(ErrorCode::BadFileMode);
        };
        let record = &mut e.field[..e.reclen];
        let got = if at < len {
            stream::read_full(f.as_mut(), record, at).map_err(fs_error)?
        } else {
            0
        };
        record[got..].fill(0);
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
        let Body::Random(f) = &mut e.body else {
            return Err(ErrorCode::BadFileMode);
        };
        stream::write_full(f.as_mut(), &e.field[..e.reclen], at).map_err(|(_, err)| fs_error(err))
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

    pub(super) fn disk_info(&self, n: u8) -> Result<&DiskInfo, ErrorCode> {
        self.entry(n)?
            .disk
            .as_ref()
            .ok_or(ErrorCode::PermissionDenied)
    }

    // ---- locks on host I/O ----

    /// Whether handle `n` may read or write `range` of its file: no other handle of the
    /// program, and no other process, holds a lock on any of it.
    pub(super) fn check_range(&self, n: u8, range: Range) -> Result<(), ErrorCode> {
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
    pub(super) fn check_access(&self, n: u8, write: bool) -> Result<(), ErrorCode> {
        if let Some(d) = self.entry(n)?.disk.as_ref() {
            let ok = if write { d.access.write } else { d.access.read };
            if !ok {
                return Err(ErrorCode::PathFileAccessError);
            }
        }
        Ok(())
    }
}
