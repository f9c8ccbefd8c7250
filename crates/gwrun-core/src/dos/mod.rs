//! The DOS layer below the machine: everything GW-BASIC asked of DOS about files, done on
//! the host. It owns how DOS file specifications (`C:\DATA\FILE.DAT`, `SCRN:`, `CON`) map
//! onto host paths and devices (`names`), FCB wildcard matching for FILES (`wildcard`),
//! the open-file table with GW's file modes, 128-byte buffered streaming, random records,
//! the FIELD buffer and the file column (`table`, `stream`), DOS sharing modes and record
//! locks, mirrored as advisory OS locks between processes (`locks`), and the INPUT# and
//! LINE INPUT# scanner (`scan`). It knows nothing of variables or statements: the machine's
//! `files` module evaluates operands and calls this API; errors are GW error codes.
//! docs/files.md describes the mapping and its limits.

pub(crate) mod locks;
pub(crate) mod names;
pub(crate) mod printer;
pub(crate) mod scan;
pub(crate) mod stream;
pub(crate) mod table;
pub(crate) mod wildcard;

pub use names::Disk;
pub use table::Files;

/// An I/O failure of the host as GW-BASIC's error.
pub(crate) fn io_error(e: &std::io::Error) -> crate::error::ErrorCode {
    use crate::error::ErrorCode as E;
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => E::FileNotFound,
        K::PermissionDenied => E::PathFileAccessError,
        K::AlreadyExists => E::FileAlreadyExists,
        K::StorageFull | K::QuotaExceeded | K::FileTooLarge => E::DiskFull,
        K::InvalidInput | K::InvalidFilename => E::BadFileName,
        // GW's answer to a write-protected disk
        K::ReadOnlyFilesystem => E::PermissionDenied,
        K::OutOfMemory => E::OutOfMemory,
        _ => match e.raw_os_error() {
            // ENOSPC, EDQUOT, EFBIG
            Some(28 | 122 | 27) => E::DiskFull,
            _ => E::DeviceIoError,
        },
    }
}
