//! The DOS layer below the machine: everything GW-BASIC asked of DOS about files, done on
//! the front end's file system (`host::fs`). It owns how DOS file specifications
//! (`C:\DATA\FILE.DAT`, `SCRN:`, `CON`) are parsed (`names`), the drives with their
//! current directories (`drives`) and the cached directory index that matches DOS names
//! to host names (`index`), FCB wildcard matching for FILES (`wildcard`),
//! the open-file table with GW's file modes, 128-byte buffered streaming, random records,
//! the FIELD buffer and the file column (`table`, `stream`), DOS sharing modes and record
//! locks, mirrored as advisory OS locks between processes (`locks`), and the INPUT# and
//! LINE INPUT# scanner (`scan`). It knows nothing of variables or statements: the machine's
//! `files` module evaluates operands and calls this API; errors are GW error codes.
//! docs/files.md describes the mapping and its limits.

pub(crate) mod drives;
pub(crate) mod index;
pub(crate) mod locks;
pub(crate) mod names;
pub(crate) mod printer;
pub(crate) mod scan;
pub(crate) mod stream;
pub(crate) mod table;
pub(crate) mod wildcard;

pub use drives::Disk;
pub use index::IndexStats;
pub use table::{Files, ProgramFile};

use crate::error::ErrorCode;
use crate::host::fs::FsError;

/// A failure of the front end's file system as GW-BASIC's error.
pub(crate) fn fs_error(e: FsError) -> ErrorCode {
    use ErrorCode as E;
    match e {
        FsError::NotFound => E::FileNotFound,
        FsError::PathNotFound | FsError::NoDrive => E::PathNotFound,
        FsError::AlreadyExists => E::FileAlreadyExists,
        FsError::NotAFile | FsError::NotEmpty | FsError::Denied | FsError::Outside => {
            E::PathFileAccessError
        }
        // GW's answer to a write-protected disk, and to a lock held elsewhere
        FsError::ReadOnly | FsError::Busy => E::PermissionDenied,
        FsError::DiskFull => E::DiskFull,
        FsError::BadName => E::BadFileName,
        FsError::Io => E::DeviceIoError,
    }
}
