//! The drives as DOS kept them: the current drive, a current directory per drive, and
//! the lookup of a parsed DOS specification (`names`) on the front end's file system
//! (`host::fs`). `C:` is the current drive. Each drive keeps its own current directory,
//! starting at its root; a path starting with `\` starts at the drive's root, `.` and
//! `..` work as in DOS. On a confined drive (every drive by default) `..` at the root is
//! Path not found, as MS-DOS's path canonicalisation refuses to back up past the root
//! (MACRO2.ASM SkipBack); on a drive the user left unconfined it climbs into the host's
//! parent directories. A name is matched without regard to case through the cached
//! directory index (`index`): first as typed, then by its 8.3 form; a new file gets the
//! upper-case 8.3 name DOS would have stored.

use super::fs_error;
use super::index::{DirIndexes, IndexStats};
use super::names::{DiskSpec, Name, Step, fcb_text, host_fcb};
use crate::error::ErrorCode;
use crate::host::fs::{FileSystem, FsError, HostName, HostPath, HostStep, Kind};

/// Where a disk specification leads: the drive, the directory the last component is in,
/// the host entry it names (if one exists) and the last component as parsed.
#[derive(Debug, Clone)]
pub struct Located {
    pub drive: u8,
    pub dir: HostPath,
    /// The host name and kind of an existing entry matching the last component.
    pub existing: Option<(HostName, Kind)>,
    pub name: Option<Name>,
}

impl Located {
    /// The named entry: the existing one, or a new upper-case 8.3 name (the directory
    /// itself when no name was given).
    pub fn path(&self) -> HostPath {
        match (&self.existing, &self.name) {
            (Some((e, _)), _) => self.dir.join(e),
            (None, Some(n)) => self.dir.join(n.dos().as_bytes()),
            (None, None) => self.dir.clone(),
        }
    }

    /// The kind of the existing entry, if there is one.
    pub fn kind(&self) -> Option<Kind> {
        self.existing.as_ref().map(|(_, k)| *k)
    }
}

/// The drives: the front end's file system, the directory indexes, a current directory
/// per drive, and the current drive.
#[derive(Debug)]
pub struct Disk {
    fs: Box<dyn FileSystem>,
    index: DirIndexes,
    cwd: Vec<Vec<HostStep>>,
    current: u8,
}

impl Disk {
    /// The drives of `fs`, `C:` current, every drive at its root.
    pub fn new(fs: Box<dyn FileSystem>) -> Disk {
        Disk {
            fs,
            index: DirIndexes::default(),
            cwd: vec![Vec::new(); 26],
            current: 2,
        }
    }

    pub fn current_drive(&self) -> u8 {
        self.current
    }

    /// The file system beneath the drives.
    pub fn fs(&mut self) -> &mut dyn FileSystem {
        self.fs.as_mut()
    }

    /// Directory listings made for name lookups so far.
    pub fn index_stats(&self) -> IndexStats {
        self.index.stats
    }

    fn confined(&self, drive: u8) -> Result<bool, ErrorCode> {
        self.fs
            .drive(drive)
            .map(|d| d.confined)
            .ok_or(ErrorCode::PathNotFound)
    }

    /// The entry of `dir` a DOS name refers to.
    fn lookup(&mut self, dir: &HostPath, n: &Name) -> Result<Option<(HostName, Kind)>, ErrorCode> {
        self.index
            .lookup(self.fs.as_mut(), dir, n)
            .map_err(|e| match e {
                FsError::Denied | FsError::Outside => ErrorCode::PathFileAccessError,
                _ => ErrorCode::PathNotFound,
            })
    }

    /// Finds the directory a specification is in and the entry it names.
    pub fn locate(&mut self, spec: &DiskSpec) -> Result<Located, ErrorCode> {
        let drive = spec.drive.unwrap_or(self.current);
        let confined = self.confined(drive)?;
        let mut dir = HostPath::root(drive);
        if !spec.absolute {
            dir.steps = self.cwd[usize::from(drive)].clone();
        }
        for s in &spec.dirs {
            match s {
                Step::Here => {}
                Step::Up => match dir.steps.last() {
                    Some(HostStep::Name(_)) => {
                        dir.steps.pop();
                    }
                    _ if confined => return Err(ErrorCode::PathNotFound),
                    _ => dir.steps.push(HostStep::Up),
                },
                Step::Dir(n) => match self.lookup(&dir, n)? {
                    Some((e, Kind::Dir)) => dir.steps.push(HostStep::Name(e)),
                    Some((e, Kind::Other)) => {
                        // a link that leaves the drive is refused as such
                        return Err(match self.fs.stat(&dir.join(&e)) {
                            Err(FsError::Outside | FsError::Denied) => {
                                ErrorCode::PathFileAccessError
                            }
                            _ => ErrorCode::PathNotFound,
                        });
                    }
                    _ => return Err(ErrorCode::PathNotFound),
                },
            }
        }
        let existing = match &spec.name {
            Some(n) => self.lookup(&dir, n)?,
            None => match self.fs.stat(&dir) {
                Ok(m) if m.kind == Kind::Dir => None,
                Err(FsError::Outside | FsError::Denied) => {
                    return Err(ErrorCode::PathFileAccessError);
                }
                _ => return Err(ErrorCode::PathNotFound),
            },
        };
        Ok(Located {
            drive,
            dir,
            existing,
            name: spec.name.clone(),
        })
    }

    /// CHDIR: the named directory becomes its drive's current directory.
    pub fn chdir(&mut self, spec: &DiskSpec) -> Result<(), ErrorCode> {
        let mut loc = self.locate(spec)?;
        if let Some(n) = &loc.name {
            if n.is_pattern() {
                return Err(ErrorCode::BadFileName);
            }
            match &loc.existing {
                Some((e, Kind::Dir)) => loc.dir.steps.push(HostStep::Name(e.clone())),
                _ => return Err(ErrorCode::PathNotFound),
            }
        }
        self.cwd[usize::from(loc.drive)] = loc.dir.steps;
        Ok(())
    }

    /// MKDIR: a new directory (an existing name is a Path/File access error).
    pub fn mkdir(&mut self, spec: &DiskSpec) -> Result<(), ErrorCode> {
        let loc = self.locate(spec)?;
        let Some(n) = &loc.name else {
            return Err(ErrorCode::PathFileAccessError);
        };
        if n.is_pattern() {
            return Err(ErrorCode::BadFileName);
        }
        if loc.existing.is_some() {
            return Err(ErrorCode::PathFileAccessError);
        }
        let path = loc.path();
        self.fs.create_dir(&path).map_err(fs_error)?;
        self.added(&path, Kind::Dir);
        Ok(())
    }

    /// RMDIR: removes an empty directory that is no drive's current directory.
    pub fn rmdir(&mut self, spec: &DiskSpec) -> Result<(), ErrorCode> {
        let loc = self.locate(spec)?;
        let (Some(_), Some((_, Kind::Dir))) = (&loc.name, &loc.existing) else {
            return Err(ErrorCode::PathNotFound);
        };
        let path = loc.path();
        if self.cwd[usize::from(loc.drive)].starts_with(&path.steps) {
            return Err(ErrorCode::PathFileAccessError);
        }
        self.fs.remove_dir(&path).map_err(|e| match fs_error(e) {
            ErrorCode::DeviceIoError | ErrorCode::FileNotFound => ErrorCode::PathFileAccessError,
            other => other,
        })?;
        self.removed(&path);
        Ok(())
    }

    /// The current directory of a drive as FILES shows it: `C:\` or `C:\DATA\OLD`.
    pub fn cwd_text(&self, drive: u8) -> String {
        let mut s = format!("{}:\\", char::from(b'A' + drive));
        let names: Vec<String> = self.cwd[usize::from(drive)]
            .iter()
            .map(|h| match h {
                HostStep::Name(n) => host_fcb(n)
                    .map_or_else(|| String::from_utf8_lossy(n).into_owned(), |f| fcb_text(&f)),
                HostStep::Up => "..".to_string(),
            })
            .collect();
        s.push_str(&names.join("\\"));
        s
    }

    /// Whether a located directory is its drive's root (DOS lists no `.` and `..` there).
    pub fn at_root(&self, loc: &Located) -> bool {
        loc.dir.steps.is_empty()
    }

    /// The visible entries of a directory in host-name order: 8.3 form, kind, host name.
    pub fn list(&mut self, dir: &HostPath) -> Result<Vec<([u8; 11], Kind, HostName)>, ErrorCode> {
        self.index
            .list(self.fs.as_mut(), dir)
            .map_err(|_| ErrorCode::PathNotFound)
    }

    /// The program made an entry: the directory index learns it.
    pub fn added(&mut self, path: &HostPath, kind: Kind) {
        self.index.added(self.fs.as_mut(), path, kind);
    }

    /// The program removed an entry: the directory index forgets it.
    pub fn removed(&mut self, path: &HostPath) {
        self.index.removed(self.fs.as_mut(), path);
    }
}
