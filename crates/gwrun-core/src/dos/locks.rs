//! DOS file sharing and record locking, within one program and between programs.
//!
//! Within the program, the rules are DOS SHARE's as GW-BASIC 3.23 met them: a handle
//! opened without SHARED or LOCK (DOS's compatibility mode) may share a file only with
//! other such handles, never with one that named a sharing mode; between handles that
//! named one, a handle is refused when it asks for an access another denies, or denies an
//! access another has. LOCK takes a byte range of records (the whole file for LOCK #n
//! without records and for any sequential file); a range that overlaps any lock on the
//! file, the handle's own included, is Permission denied, and UNLOCK must name exactly a
//! range that was locked. Reading and writing through another handle of the file inside a
//! locked range is Permission denied too.
//!
//! Between processes the same facts are advisory OS locks (Linux open-file-description
//! locks, which belong to an open file as DOS's locks belonged to a handle): each process
//! keeps one lock descriptor per file it has open, holds read locks on four marker bytes
//! far beyond any data for the accesses it has and denies, and a write (exclusive) lock on
//! each record range it LOCKs. A program asking for an access another process denies, or
//! touching a record another process locked, gets Permission denied. On a compatibility
//! mode open, the process denies writing when it only reads and everything when it
//! writes, as DOS did between machines on a network. The locks are the front end's
//! (`host::fs::HostFile`): the terminal binary's on Linux, none in memory.

use crate::host::fs::{FileId, HostFile};
use std::collections::HashMap;

/// Read and write access (or denial).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Rw {
    pub read: bool,
    pub write: bool,
}

impl Rw {
    pub const NONE: Rw = Rw {
        read: false,
        write: false,
    };
    pub const R: Rw = Rw {
        read: true,
        write: false,
    };
    pub const W: Rw = Rw {
        read: false,
        write: true,
    };
    pub const RW: Rw = Rw {
        read: true,
        write: true,
    };

    /// Whether the two have an access in common.
    pub fn meets(self, o: Rw) -> bool {
        (self.read && o.read) || (self.write && o.write)
    }
}

/// OPEN's sharing clause.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sharing {
    /// No clause: DOS compatibility mode.
    Compat,
    Shared,
    LockRead,
    LockWrite,
    LockReadWrite,
}

impl Sharing {
    /// What the handle denies other handles (compatibility mode: see `os_deny`).
    pub fn denies(self) -> Rw {
        match self {
            Sharing::Compat | Sharing::Shared => Rw::NONE,
            Sharing::LockRead => Rw::R,
            Sharing::LockWrite => Rw::W,
            Sharing::LockReadWrite => Rw::RW,
        }
    }

    /// What the handle denies other processes.
    fn os_deny(self, access: Rw) -> Rw {
        match self {
            Sharing::Compat if access.write => Rw::RW,
            Sharing::Compat => Rw::W,
            s => s.denies(),
        }
    }
}

/// The identity of a host file.
pub type FileKey = FileId;

/// A locked byte range, `[start, end)`.
pub type Range = (u64, u64);

/// LOCK of a whole file: every byte a DOS file can have (the OS marker bytes lie above).
pub const WHOLE: Range = (0, 1 << 40);

pub fn overlap(a: Range, b: Range) -> bool {
    a.0 < b.1 && b.0 < a.1
}

/// One open handle of a file, as the sharing rules see it.
#[derive(Debug, Clone, Copy)]
pub struct Holder {
    pub access: Rw,
    pub sharing: Sharing,
}

/// Whether a new handle may join the handles the program already has on the file.
pub fn share_allowed(new: Holder, others: &[Holder]) -> bool {
    others.iter().all(|o| {
        let compat = (new.sharing == Sharing::Compat, o.sharing == Sharing::Compat);
        match compat {
            (true, true) => true,
            (false, false) => {
                !(new.access.meets(o.sharing.denies()) || new.sharing.denies().meets(o.access))
            }
            _ => false,
        }
    })
}

/// The OS side: one lock descriptor per file the process has open.
#[derive(Debug, Default)]
pub struct OsLocks {
    files: HashMap<FileKey, OsFile>,
}

#[derive(Debug)]
struct OsFile {
    fd: Box<dyn HostFile>,
    writable: bool,
    refs: u32,
    /// How many handles hold each marker: access R, access W, deny R, deny W.
    holds: [u32; 4],
}

/// Marker bytes: far beyond any DOS file, so no record range reaches them.
const MARK: u64 = 1 << 50;

fn marks(access: Rw, deny: Rw) -> [bool; 4] {
    [access.read, access.write, deny.read, deny.write]
}

impl OsLocks {
    /// A handle of a file opens: the process's lock descriptor for it, opened by
    /// `open` (a handle for reading and writing, or for reading only: whether it writes)
    /// when the process has none yet.
    pub fn attach(
        &mut self,
        key: FileKey,
        open: impl FnOnce() -> Option<(Box<dyn HostFile>, bool)>,
    ) {
        if let Some(f) = self.files.get_mut(&key) {
            f.refs += 1;
            return;
        }
        let Some((fd, writable)) = open() else {
            return;
        };
        self.files.insert(
            key,
            OsFile {
                fd,
                writable,
                refs: 1,
                holds: [0; 4],
            },
        );
    }

    /// A handle closes; the last one releases the process's locks on the file.
    pub fn detach(&mut self, key: FileKey) {
        if let Some(f) = self.files.get_mut(&key) {
            f.refs = f.refs.saturating_sub(1);
            if f.refs == 0 {
                self.files.remove(&key);
            }
        }
    }

    /// Whether another process denies an access asked for or has an access denied.
    fn share_allowed(&self, key: FileKey, access: Rw, sharing: Sharing) -> bool {
        let Some(f) = self.files.get(&key) else {
            return true;
        };
        let deny = sharing.os_deny(access);
        // asking for an access: nobody may deny it; denying one: nobody may have it
        let probe = [deny.read, deny.write, access.read, access.write];
        probe
            .iter()
            .enumerate()
            .all(|(k, &p)| !p || f.fd.range_free(MARK + k as u64, 1))
    }

    /// Holds the markers of a handle's access and denial, then checks that no other
    /// process denies an access asked for or has an access denied; on a conflict the
    /// markers are released and the answer is false. Holding before looking closes the
    /// race of two processes opening at once: the later one sees the earlier, or each
    /// sees the other and both are refused (Permission denied, which a program retries).
    pub fn share_claim(&mut self, key: FileKey, access: Rw, sharing: Sharing) -> bool {
        self.share_hold(key, access, sharing);
        if self.share_allowed(key, access, sharing) {
            return true;
        }
        self.share_release(key, access, sharing);
        false
    }

    /// Holds the markers of a handle's access and denial.
    fn share_hold(&mut self, key: FileKey, access: Rw, sharing: Sharing) {
        let deny = sharing.os_deny(access);
        if let Some(f) = self.files.get_mut(&key) {
            for (k, on) in marks(access, deny).into_iter().enumerate() {
                if on {
                    if f.holds[k] == 0 {
                        f.fd.lock(false, MARK + k as u64, 1);
                    }
                    f.holds[k] += 1;
                }
            }
        }
    }

    /// Releases a handle's markers.
    pub fn share_release(&mut self, key: FileKey, access: Rw, sharing: Sharing) {
        let deny = sharing.os_deny(access);
        if let Some(f) = self.files.get_mut(&key) {
            for (k, on) in marks(access, deny).into_iter().enumerate() {
                if on && f.holds[k] > 0 {
                    f.holds[k] -= 1;
                    if f.holds[k] == 0 {
                        f.fd.unlock(MARK + k as u64, 1);
                    }
                }
            }
        }
    }

    /// Whether no other process has locked any byte of the range.
    pub fn range_free(&self, key: FileKey, r: Range) -> bool {
        match self.files.get(&key) {
            Some(f) => f.fd.range_free(r.0, r.1 - r.0),
            None => true,
        }
    }

    /// Locks a range for this process; false if another process holds any of it.
    pub fn lock(&mut self, key: FileKey, r: Range) -> bool {
        match self.files.get(&key) {
            Some(f) => f.fd.range_free(r.0, r.1 - r.0) && f.fd.lock(f.writable, r.0, r.1 - r.0),
            None => true,
        }
    }

    pub fn unlock(&mut self, key: FileKey, r: Range) {
        if let Some(f) = self.files.get(&key) {
            f.fd.unlock(r.0, r.1 - r.0);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn h(access: Rw, sharing: Sharing) -> Holder {
        Holder { access, sharing }
    }

    #[test]
    fn compatibility_and_sharing_modes_do_not_mix() {
        let locked = [h(Rw::RW, Sharing::LockRead)];
        assert!(!share_allowed(h(Rw::RW, Sharing::Compat), &locked));
        assert!(!share_allowed(h(Rw::R, Sharing::Compat), &locked));
        let plain = [h(Rw::RW, Sharing::Compat)];
        assert!(share_allowed(h(Rw::RW, Sharing::Compat), &plain));
        assert!(!share_allowed(h(Rw::RW, Sharing::Shared), &plain));
    }

    #[test]
    fn access_against_denial() {
        let others = [h(Rw::RW, Sharing::Shared)];
        assert!(share_allowed(h(Rw::R, Sharing::Shared), &others));
        assert!(!share_allowed(h(Rw::R, Sharing::LockWrite), &others));
        let others = [h(Rw::R, Sharing::LockWrite)];
        assert!(share_allowed(h(Rw::R, Sharing::Shared), &others));
        assert!(!share_allowed(h(Rw::W, Sharing::Shared), &others));
        assert!(!share_allowed(h(Rw::R, Sharing::LockReadWrite), &others));
    }

    #[test]
    fn ranges() {
        assert!(overlap((0, 10), (9, 12)));
        assert!(!overlap((0, 10), (10, 12)));
        assert!(overlap(WHOLE, (1000, 1001)));
    }
}
