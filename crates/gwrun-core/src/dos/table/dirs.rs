//! The statements on names and directories (KILL, NAME, MKDIR, CHDIR, RMDIR, FILES) and
//! the program files (LOAD, RUN, MERGE, CHAIN, SAVE, LIST to a file, BLOAD, BSAVE): they
//! live beside the open-file table because GW refuses to remove, rename or overwrite a
//! file that is open.
//!
//! A program file is only ever a regular file: a directory is File not found (as PC-BASIC
//! answers), a FIFO, device or socket a Path/File access error, as OPEN refuses it, so
//! LOAD, RUN, MERGE, CHAIN and SAVE never wait on a pipe or read a device forever.

use super::{Files, Listing};
use crate::dos::drives::Located;
use crate::dos::names::{self, DiskSpec, Spec, Step};
use crate::dos::{fs_error, wildcard};
use crate::error::ErrorCode;
use crate::host::fs::{FsError, HostPath, Kind, OpenHow};

/// A program file named as GW-BASIC names programs: where it is, and its DOS name.
#[derive(Debug, Clone)]
pub struct ProgramFile {
    path: HostPath,
    fcb: [u8; 11],
    exists: bool,
}

impl Files {
    fn disk_spec(name: &[u8], pattern: bool) -> Result<DiskSpec, ErrorCode> {
        match names::parse(name, pattern)? {
            Spec::Disk(d) => Ok(d),
            Spec::Device(_) => Err(ErrorCode::BadFileName),
        }
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
        let mut doomed: Vec<([u8; 11], HostPath)> = Vec::new();
        if n.is_pattern() {
            for (fcb, kind, host) in self.disk.list(&loc.dir)? {
                if kind != Kind::Dir && wildcard::matches(&n.fcb, &fcb) {
                    doomed.push((fcb, loc.dir.join(&host)));
                }
            }
        } else if let Some((e, kind)) = &loc.existing
            && *kind != Kind::Dir
        {
            doomed.push((n.fcb, loc.dir.join(e)));
        }
        if doomed.is_empty() {
            return Err(ErrorCode::FileNotFound);
        }
        if doomed.iter().any(|(fcb, _)| self.named_open(fcb)) {
            return Err(ErrorCode::FileAlreadyOpen);
        }
        for (_, p) in doomed {
            self.disk.fs().remove_file(&p).map_err(fs_error)?;
            self.disk.removed(&p);
        }
        Ok(())
    }

    /// NAME's first half: the old file must exist and not be open (checked before the
    /// new name is even read, as GW does). A directory is no file here: S GIODSK.ASM
    /// NAME searches with C_SEAR on the plain FCB FILFCB made, which DOS matches against
    /// normal files only, so a directory's name is NA_FNF (File not found), as for KILL.
    pub fn name_source(&mut self, old: &[u8]) -> Result<Located, ErrorCode> {
        let spec = Self::disk_spec(old, false)?;
        let loc = self
            .disk
            .locate(&spec)
            .map_err(|_| ErrorCode::FileNotFound)?;
        if !matches!(loc.kind(), Some(Kind::File)) {
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
    pub fn rename(&mut self, old: &Located, new: &[u8]) -> Result<(), ErrorCode> {
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
        let (from, to, kind) = (old.path(), to.path(), old.kind().unwrap_or(Kind::File));
        self.disk.fs().rename(&from, &to).map_err(fs_error)?;
        self.disk.removed(&from);
        self.disk.added(&to, kind);
        Ok(())
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
    pub fn files(&mut self, pattern: Option<&[u8]>) -> Result<Listing, ErrorCode> {
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
        let ends_in_dot = matches!(spec.dirs.last(), Some(Step::Here | Step::Up))
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
            for (fcb, kind, _) in self.disk.list(&loc.dir)? {
                if wildcard::matches(&mask, &fcb) {
                    if kind == Kind::Dir {
                        dirs.push(entry_text(&fcb, true));
                    } else {
                        files.push(entry_text(&fcb, false));
                    }
                }
            }
            entries.extend(dirs);
            entries.extend(files);
        }
        let free = self.disk.fs().free_space(&loc.dir);
        Ok(Listing {
            header,
            entries,
            free,
        })
    }

    /// A file named as GW-BASIC names programs (LOAD, SAVE, MERGE, CHAIN, RUN, LIST to a
    /// file, BSAVE, BLOAD): `.BAS` added when the name has no extension and no dot
    /// [M unsorted/LIST, gwbasic/line-number-pointers].
    pub fn program_file(&mut self, name: &[u8]) -> Result<ProgramFile, ErrorCode> {
        let mut spec = Self::disk_spec(name, false)?;
        if let Some(n) = spec.name.as_mut()
            && !n.raw.contains(&b'.')
            && n.fcb[8] == b' '
        {
            n.fcb[8..].copy_from_slice(b"BAS");
            n.raw.extend_from_slice(b".BAS");
        }
        let Some(fcb) = spec.name.as_ref().map(|n| n.fcb) else {
            return Err(ErrorCode::BadFileName);
        };
        let loc = self.disk.locate(&spec)?;
        Ok(ProgramFile {
            path: loc.path(),
            fcb,
            exists: loc.existing.is_some(),
        })
    }

    /// A program file's DOS name is open in the program (SAVE and LIST to a file are
    /// then File already open, as OPEN for output would be).
    pub fn program_open(&self, f: &ProgramFile) -> bool {
        self.named_open(&f.fcb)
    }

    /// What is at a program file's place, as the errors of reading and writing it need:
    /// a directory is File not found, anything else but a file a Path/File access error.
    fn program_kind(&mut self, f: &ProgramFile) -> Result<(), ErrorCode> {
        match self.disk.fs().stat(&f.path) {
            Ok(m) if m.kind == Kind::Dir => Err(ErrorCode::FileNotFound),
            Ok(m) if m.kind == Kind::Other => Err(ErrorCode::PathFileAccessError),
            Err(FsError::NotFound) | Ok(_) => Ok(()),
            Err(e) => Err(program_error(e)),
        }
    }

    /// A program file's bytes (LOAD, RUN, MERGE, CHAIN, BLOAD), refused past `max` bytes
    /// (Out of memory) without reading further.
    pub fn read_program(&mut self, f: &ProgramFile, max: usize) -> Result<Vec<u8>, ErrorCode> {
        if !f.exists {
            return Err(ErrorCode::FileNotFound);
        }
        self.program_kind(f)?;
        let mut file = self
            .disk
            .fs()
            .open(&f.path, OpenHow::READ)
            .map_err(program_error)?;
        let mut bytes = Vec::new();
        let mut chunk = [0u8; 4096];
        loop {
            let n = file
                .read_at(&mut chunk, bytes.len() as u64)
                .map_err(program_error)?;
            if n == 0 {
                return Ok(bytes);
            }
            bytes.extend_from_slice(&chunk[..n]);
            if bytes.len() > max {
                return Err(ErrorCode::OutOfMemory);
            }
        }
    }

    /// Writes a program file whole or not at all (SAVE, LIST to a file, BSAVE): a failed
    /// write leaves the old file as it was.
    pub fn write_program(&mut self, f: &ProgramFile, bytes: &[u8]) -> Result<(), ErrorCode> {
        self.program_kind(f)?;
        self.disk
            .fs()
            .replace(&f.path, bytes)
            .map_err(program_error)?;
        if !f.exists {
            self.disk.added(&f.path, Kind::File);
        }
        Ok(())
    }
}

/// The GW-BASIC error for a program file that cannot be read or written: a missing
/// directory is Path not found, a full disk Disk full, a refused write Permission
/// denied, a non-file Path/File access error, other failures Device I/O error.
fn program_error(e: FsError) -> ErrorCode {
    match e {
        FsError::NotFound => ErrorCode::FileNotFound,
        FsError::PathNotFound | FsError::NoDrive => ErrorCode::PathNotFound,
        FsError::DiskFull => ErrorCode::DiskFull,
        FsError::Denied | FsError::ReadOnly | FsError::Busy => ErrorCode::PermissionDenied,
        FsError::NotAFile | FsError::Outside => ErrorCode::PathFileAccessError,
        FsError::BadName => ErrorCode::BadFileName,
        FsError::AlreadyExists | FsError::NotEmpty | FsError::Io => ErrorCode::DeviceIoError,
    }
}

/// A FILES entry: `NAME    .EXT` (a blank for the dot when there is no extension) and
/// `<DIR>` or five blanks.
fn entry_text(fcb: &[u8; 11], dir: bool) -> String {
    let stem = String::from_utf8_lossy(&fcb[..8]);
    let ext = String::from_utf8_lossy(&fcb[8..]);
    let dot = if fcb[8] != b' ' { '.' } else { ' ' };
    format!("{stem}{dot}{ext}{}", if dir { "<DIR>" } else { "     " })
}
