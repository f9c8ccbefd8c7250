//! The file system as the engine sees it: DOS drives mapped by the front end to roots it
//! chooses, and the operations the disk layer (`dos`) needs beneath them.
//!
//! The engine never names a host path. It names a place on a drive (`HostPath`: the
//! drive letter and the host names of the directories below that drive's root, as the
//! disk layer found them) and asks a `FileSystem` to list, open, create, rename or
//! remove it. The front end decides what a drive is: the terminal binary maps each
//! letter to a host folder and resolves every path beneath it with race-free primitives
//! (`src/disk/` in the binary); tests and the browser use `MemFs` (`mem`), whose drives
//! live in memory and can be listed, exported and imported whole.
//!
//! Opening never blocks and never yields anything but a regular file: a directory, a
//! FIFO, a device node or a socket is `FsError::NotAFile`. Each open file is a
//! `HostFile`: positioned reads and writes, appends at the end as it is at the moment of
//! each write, and the advisory range locks other processes see (none in memory).

pub mod mem;

use std::fmt;

/// A name as the host spells it: on Unix the bytes of the OS name, in memory the bytes
/// stored. Never contains `/` or NUL.
pub type HostName = Vec<u8>;

/// One step of a host path below a drive's root.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum HostStep {
    /// An entry of the directory reached so far.
    Name(HostName),
    /// The parent directory: only on drives that are not confined (`DriveInfo`), where
    /// `..` may climb above the drive's root.
    Up,
}

/// A place on a drive: the drive (0 for `A:`) and the steps below its root (none: the
/// root itself).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct HostPath {
    pub drive: u8,
    pub steps: Vec<HostStep>,
}

impl HostPath {
    /// The root of a drive.
    pub fn root(drive: u8) -> HostPath {
        HostPath {
            drive,
            steps: Vec::new(),
        }
    }

    /// The entry `name` of this directory.
    pub fn join(&self, name: &[u8]) -> HostPath {
        let mut p = self.clone();
        p.steps.push(HostStep::Name(name.to_vec()));
        p
    }

    /// The last step's name, if the path ends in one.
    pub fn file_name(&self) -> Option<&[u8]> {
        match self.steps.last() {
            Some(HostStep::Name(n)) => Some(n),
            _ => None,
        }
    }

    /// The directory the last step is in (the path itself when it has no steps).
    pub fn parent(&self) -> HostPath {
        let mut p = self.clone();
        p.steps.pop();
        p
    }
}

/// What a drive letter is mapped to, as the disk layer needs to know it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DriveInfo {
    /// Nothing outside the drive's root can be reached: `..` at the root is refused by
    /// the disk layer, and the file system refuses any path that leaves the root (a
    /// symbolic link out of it) with `FsError::Outside`.
    pub confined: bool,
}

/// What an entry is (symbolic links followed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    File,
    Dir,
    /// A device node, FIFO or socket, or a link that leads nowhere or outside the drive:
    /// never a DOS file.
    Other,
}

/// An entry of a directory listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entry {
    pub name: HostName,
    pub kind: Kind,
}

/// The identity of a file (on Unix its device and inode): two handles on one file have
/// the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FileId(pub u64, pub u64);

/// What `FileSystem::stat` tells of an entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Meta {
    pub kind: Kind,
    pub id: FileId,
    pub len: u64,
}

/// A directory's state for the disk layer's cached index: any change of its entries (a
/// file made, removed or renamed, by this process or another) changes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp(pub [u64; 4]);

/// How to open a file.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct OpenHow {
    pub read: bool,
    pub write: bool,
    /// Make the file when it does not exist (with the name given).
    pub create: bool,
    /// Empty it.
    pub truncate: bool,
    /// Every `HostFile::append` goes to the end of the file at that moment.
    pub append: bool,
}

impl OpenHow {
    pub const READ: OpenHow = OpenHow {
        read: true,
        write: false,
        create: false,
        truncate: false,
        append: false,
    };
}

/// Why a file system operation failed; the disk layer turns it into GW-BASIC's error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FsError {
    NotFound,
    /// A directory on the way is missing or is not a directory.
    PathNotFound,
    AlreadyExists,
    /// A directory, device, FIFO or socket where a regular file was asked for.
    NotAFile,
    /// RMDIR of a directory that still has entries.
    NotEmpty,
    /// The host refuses (permissions).
    Denied,
    /// The path leaves the drive's root (a symbolic link out of it).
    Outside,
    /// A read-only file system (GW's write-protected disk).
    ReadOnly,
    DiskFull,
    /// A name the host cannot hold.
    BadName,
    /// Another process holds a lock that does not come free in time.
    Busy,
    /// The drive letter is mapped to nothing.
    NoDrive,
    /// Any other failure of the host.
    Io,
}

/// An open file.
pub trait HostFile: fmt::Debug {
    /// Reads at `at`; the count read (0 at the end).
    fn read_at(&mut self, buf: &mut [u8], at: u64) -> Result<usize, FsError>;
    /// Writes at `at`; the count written.
    fn write_at(&mut self, buf: &[u8], at: u64) -> Result<usize, FsError>;
    /// Writes all of `buf` at the end of the file as it is at this moment (another
    /// process's appends in between are not overwritten); only on a file opened with
    /// `OpenHow::append`.
    fn append(&mut self, buf: &[u8]) -> Result<(), FsError>;
    /// The file's length now.
    fn size(&self) -> Result<u64, FsError>;
    /// Cuts (or extends) the file to `len` bytes.
    fn set_len(&mut self, len: u64) -> Result<(), FsError>;
    fn id(&self) -> FileId;
    /// No other process holds an advisory lock on any of the `len` bytes at `start`.
    fn range_free(&self, _start: u64, _len: u64) -> bool {
        true
    }
    /// Takes an advisory lock (exclusive, or shared on a file open only for reading);
    /// false when another process holds any of the range.
    fn lock(&self, _exclusive: bool, _start: u64, _len: u64) -> bool {
        true
    }
    /// Releases a lock taken through this handle.
    fn unlock(&self, _start: u64, _len: u64) {}
    /// Takes an exclusive lock, waiting a bounded time for another process to release
    /// it (false when it does not).
    fn lock_wait(&self, _start: u64, _len: u64) -> bool {
        true
    }
}

/// The drives a front end gives the engine.
pub trait FileSystem: fmt::Debug {
    /// The drive a letter (0 for `A:`) is mapped to; None when it is not.
    fn drive(&self, drive: u8) -> Option<DriveInfo>;
    /// What is at a path (symbolic links followed within the drive).
    fn stat(&mut self, at: &HostPath) -> Result<Meta, FsError>;
    /// The entries of a directory (without `.` and `..`), in no particular order.
    fn read_dir(&mut self, at: &HostPath) -> Result<Vec<Entry>, FsError>;
    /// The state of a directory's entries now, or None when the host cannot tell (the
    /// disk layer then lists the directory on every lookup).
    fn dir_stamp(&mut self, at: &HostPath) -> Option<Stamp>;
    /// Opens a regular file (never blocking on a FIFO or device).
    fn open(&mut self, at: &HostPath, how: OpenHow) -> Result<Box<dyn HostFile>, FsError>;
    fn create_dir(&mut self, at: &HostPath) -> Result<(), FsError>;
    /// Removes an empty directory.
    fn remove_dir(&mut self, at: &HostPath) -> Result<(), FsError>;
    fn remove_file(&mut self, at: &HostPath) -> Result<(), FsError>;
    /// Renames within one drive.
    fn rename(&mut self, from: &HostPath, to: &HostPath) -> Result<(), FsError>;
    /// Bytes free on the drive (FILES shows them).
    fn free_space(&mut self, at: &HostPath) -> u64;
    /// Replaces a regular file's contents whole or not at all (SAVE): a failure leaves
    /// the old contents.
    fn replace(&mut self, at: &HostPath, bytes: &[u8]) -> Result<(), FsError>;
}
