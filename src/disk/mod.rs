//! The host's file system as the engine's drives (`gwrun_core::host::fs::FileSystem`),
//! for the terminal front end.
//!
//! Each drive letter is a host folder (`DriveMap`): every letter the user did not
//! `--mount` is the program's folder (the working directory when no program is given),
//! so `LOAD "B:MENU.BAS"` finds the program's own disk whatever letter it was on.
//!
//! **Confinement (the default).** A confined drive's folder is opened once as a
//! capability (`cap_std::fs::Dir`) and every path is resolved beneath it by cap-std: on
//! Linux 5.6 and later with one `openat2` call with `RESOLVE_BENEATH` (the kernel walks
//! the path and refuses `..` past the start, absolute symbolic links and links that
//! lead out, atomically: no rename or link swapped in by another process while the walk
//! runs can move it outside), elsewhere with cap-std's own walk of one component at a
//! time by `openat` with `O_NOFOLLOW`, following links itself from descriptors it holds.
//! Creating, removing and renaming go through the parent directory opened the same way,
//! then act on the last name relative to that descriptor. There is no check-then-use
//! window: the descriptor that is checked is the one used. A link that stays inside the
//! folder is followed; one that leads out is `FsError::Outside`.
//!
//! **Unconfined** (`--no-confine`, or a drive mapped to `/`): paths are joined to the
//! folder and handed to the OS as they are, so `..` climbs above it and links lead
//! anywhere, as gwrun did before it confined programs.
//!
//! Opening never blocks: files are opened with `O_NONBLOCK` and anything but a regular
//! file (a FIFO, a device node, a socket) is refused as `FsError::NotAFile`.

mod file;
mod save;

pub use save::{clean_stale_temps, read_program, write_atomic};

use cap_std::fs::Dir;
use gwrun_core::host::fs::{
    DriveInfo, Entry, FileId, FileSystem, FsError, HostFile, HostPath, HostStep, Kind, Meta,
    OpenHow, Stamp,
};
use std::path::{Path, PathBuf};

/// Where the drive letters lead.
#[derive(Debug, Clone)]
pub struct DriveMap {
    /// The folder of every letter not mounted: the program's folder, or the working
    /// directory when no program is given.
    pub home: PathBuf,
    /// Letters (0 for `A:`) mapped to folders of their own (`--mount=B:PATH`).
    pub mounts: Vec<(u8, PathBuf)>,
    /// Each drive is confined to its folder (off with `--no-confine`; a drive mapped to
    /// `/` is never confined: there is nothing outside it).
    pub confine: bool,
}

impl DriveMap {
    /// Parses PC-BASIC's `--mount` value: `B:PATH`, several separated by commas.
    pub fn parse_mounts(spec: &str) -> Result<Vec<(u8, PathBuf)>, String> {
        let mut out = Vec::new();
        for part in spec.split(',').filter(|p| !p.trim().is_empty()) {
            let Some((letter, path)) = part.split_once(':') else {
                return Err(format!(
                    "`{part}`: expected a drive letter, `:` and a folder"
                ));
            };
            let letter = letter.trim().as_bytes();
            let [l] = letter else {
                return Err(format!("`{part}`: the drive must be one letter"));
            };
            if !l.is_ascii_alphabetic() {
                return Err(format!("`{part}`: the drive must be a letter A to Z"));
            }
            if path.is_empty() {
                return Err(format!("`{part}`: no folder given"));
            }
            out.push((l.to_ascii_uppercase() - b'A', PathBuf::from(path)));
        }
        Ok(out)
    }
}

/// A drive's folder.
#[derive(Debug)]
enum Root {
    /// Confined: the folder as a capability.
    Beneath(Dir),
    /// Unconfined: the folder's path.
    Open(PathBuf),
}

/// The host's folders as the engine's drives (see the module's description).
#[derive(Debug)]
pub struct NativeFs {
    roots: Vec<Root>,
    letters: [Option<usize>; 26],
}

/// A path on a drive, ready for the OS.
enum Place<'a> {
    /// Relative to a confined drive's folder.
    Beneath(&'a Dir, PathBuf),
    /// A host path (unconfined).
    Open(PathBuf),
}

#[cfg(unix)]
fn os_name(n: &[u8]) -> &std::ffi::OsStr {
    use std::os::unix::ffi::OsStrExt;
    std::ffi::OsStr::from_bytes(n)
}

#[cfg(not(unix))]
fn os_name(n: &[u8]) -> std::ffi::OsString {
    String::from_utf8_lossy(n).into_owned().into()
}

#[cfg(unix)]
fn name_bytes(n: &std::ffi::OsStr) -> Vec<u8> {
    use std::os::unix::ffi::OsStrExt;
    n.as_bytes().to_vec()
}

#[cfg(not(unix))]
fn name_bytes(n: &std::ffi::OsStr) -> Vec<u8> {
    n.to_string_lossy().into_owned().into_bytes()
}

impl NativeFs {
    /// The drives of a map; a folder that cannot be opened is an error naming it.
    pub fn new(map: &DriveMap) -> Result<NativeFs, String> {
        let mut folders: Vec<PathBuf> = Vec::new();
        let mut letters = [None; 26];
        let mut folder = |p: &Path| -> Result<usize, String> {
            let canon = std::fs::canonicalize(p).map_err(|e| format!("{}: {e}", p.display()))?;
            if !canon.is_dir() {
                return Err(format!("{}: not a folder", p.display()));
            }
            Ok(match folders.iter().position(|f| *f == canon) {
                Some(k) => k,
                None => {
                    folders.push(canon);
                    folders.len() - 1
                }
            })
        };
        let home = folder(&map.home)?;
        letters.iter_mut().for_each(|l| *l = Some(home));
        for (letter, path) in &map.mounts {
            let k = folder(path)?;
            if let Some(l) = letters.get_mut(usize::from(*letter)) {
                *l = Some(k);
            }
        }
        let mut roots = Vec::new();
        for f in folders {
            roots.push(if map.confine && f.parent().is_some() {
                let dir = Dir::open_ambient_dir(&f, cap_std::ambient_authority())
                    .map_err(|e| format!("{}: {e}", f.display()))?;
                Root::Beneath(dir)
            } else {
                Root::Open(f)
            });
        }
        Ok(NativeFs { roots, letters })
    }

    fn root(&self, drive: u8) -> Result<&Root, FsError> {
        self.letters
            .get(usize::from(drive))
            .copied()
            .flatten()
            .map(|k| &self.roots[k])
            .ok_or(FsError::NoDrive)
    }

    fn place(&self, at: &HostPath) -> Result<Place<'_>, FsError> {
        Ok(match self.root(at.drive)? {
            Root::Beneath(dir) => {
                let mut rel = PathBuf::new();
                for s in &at.steps {
                    match s {
                        HostStep::Name(n) => rel.push(os_name(n)),
                        HostStep::Up => return Err(FsError::Outside),
                    }
                }
                if rel.as_os_str().is_empty() {
                    rel.push(".");
                }
                Place::Beneath(dir, rel)
            }
            Root::Open(p) => {
                let mut abs = p.clone();
                for s in &at.steps {
                    match s {
                        HostStep::Name(n) => abs.push(os_name(n)),
                        HostStep::Up => abs.push(".."),
                    }
                }
                Place::Open(abs)
            }
        })
    }
}

/// What the engine needs of a host entry's metadata.
struct Info {
    kind: Kind,
    id: FileId,
    len: u64,
    stamp: Stamp,
}

macro_rules! info_of {
    ($m:expr) => {{
        let m = $m;
        let t = m.file_type();
        let kind = if t.is_file() {
            Kind::File
        } else if t.is_dir() {
            Kind::Dir
        } else {
            Kind::Other
        };
        #[cfg(unix)]
        let (id, stamp) = {
            let ns = |s: i64, n: i64| {
                (s as u64)
                    .wrapping_mul(1_000_000_000)
                    .wrapping_add(n as u64)
            };
            (
                FileId(m.dev(), m.ino()),
                Stamp([
                    m.ino() ^ m.dev().rotate_left(32),
                    ns(m.mtime(), m.mtime_nsec()),
                    ns(m.ctime(), m.ctime_nsec()),
                    m.size() ^ m.nlink().rotate_left(40),
                ]),
            )
        };
        #[cfg(not(unix))]
        let (id, stamp) = (FileId(m.len(), 0), Stamp([m.len(), 0, 0, 0]));
        Info {
            kind,
            id,
            len: m.len(),
            stamp,
        }
    }};
}

impl Place<'_> {
    fn join(&self, name: &std::ffi::OsStr) -> Place<'_> {
        match self {
            Place::Beneath(d, p) => Place::Beneath(d, p.join(name)),
            Place::Open(p) => Place::Open(p.join(name)),
        }
    }

    /// The entry's metadata, links followed (within the drive when confined).
    fn info(&self) -> std::io::Result<Info> {
        #[cfg(unix)]
        use cap_std::fs::MetadataExt as _;
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt as _;
        Ok(match self {
            Place::Beneath(d, p) => info_of!(d.metadata(p)?),
            Place::Open(p) => info_of!(std::fs::metadata(p)?),
        })
    }

    /// The entries of a directory, links resolved to what they lead to (`Other` when
    /// that is nothing or outside the drive).
    fn read_dir(&self) -> std::io::Result<Vec<Entry>> {
        let mut out = Vec::new();
        let mut push = |name: std::ffi::OsString, t: std::io::Result<Kind>| {
            let kind = match t {
                Ok(k) => k,
                Err(_) => self.join(&name).info().map_or(Kind::Other, |i| i.kind),
            };
            out.push(Entry {
                name: name_bytes(&name),
                kind,
            });
        };
        // a link (or an entry whose type the OS does not say) is looked at through it
        let kind_of = |is_file: bool, is_dir: bool, is_link: bool| -> std::io::Result<Kind> {
            if is_link {
                Err(std::io::ErrorKind::Other.into())
            } else if is_file {
                Ok(Kind::File)
            } else if is_dir {
                Ok(Kind::Dir)
            } else {
                Ok(Kind::Other)
            }
        };
        match self {
            Place::Beneath(d, p) => {
                for e in d.read_dir(p)? {
                    let e = e?;
                    let t = e
                        .file_type()
                        .and_then(|t| kind_of(t.is_file(), t.is_dir(), t.is_symlink()));
                    push(e.file_name(), t);
                }
            }
            Place::Open(p) => {
                for e in std::fs::read_dir(p)? {
                    let e = e?;
                    let t = e
                        .file_type()
                        .and_then(|t| kind_of(t.is_file(), t.is_dir(), t.is_symlink()));
                    push(e.file_name(), t);
                }
            }
        }
        Ok(out)
    }

    /// Opens a regular file as `how` says, without blocking.
    fn open(&self, how: OpenHow) -> Result<std::fs::File, FsError> {
        // never open a FIFO or device node, even without blocking: opening some has
        // effects of its own
        match self.info() {
            Ok(i) if i.kind != Kind::File => return Err(FsError::NotAFile),
            Err(e) if !(how.create && e.kind() == std::io::ErrorKind::NotFound) => {
                return Err(fs_err(&e));
            }
            _ => {}
        }
        let file = match self {
            Place::Beneath(d, p) => {
                let mut o = cap_std::fs::OpenOptions::new();
                o.read(how.read)
                    .write(how.write)
                    .create(how.create)
                    .truncate(how.truncate)
                    .append(how.append);
                #[cfg(unix)]
                cap_std::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NONBLOCK);
                d.open_with(p, &o).map(cap_std::fs::File::into_std)
            }
            Place::Open(p) => {
                let mut o = std::fs::OpenOptions::new();
                o.read(how.read)
                    .write(how.write)
                    .create(how.create)
                    .truncate(how.truncate)
                    .append(how.append);
                #[cfg(unix)]
                std::os::unix::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NONBLOCK);
                o.open(p)
            }
        }
        .map_err(|e| fs_err(&e))?;
        // the file opened is the one checked: another process may have swapped the name
        match file.metadata() {
            Ok(m) if m.is_file() => Ok(file),
            Ok(_) => Err(FsError::NotAFile),
            Err(e) => Err(fs_err(&e)),
        }
    }

    fn create_dir(&self) -> std::io::Result<()> {
        match self {
            Place::Beneath(d, p) => d.create_dir(p),
            Place::Open(p) => std::fs::create_dir(p),
        }
    }

    fn remove_dir(&self) -> std::io::Result<()> {
        match self {
            Place::Beneath(d, p) => d.remove_dir(p),
            Place::Open(p) => std::fs::remove_dir(p),
        }
    }

    fn remove_file(&self) -> std::io::Result<()> {
        match self {
            Place::Beneath(d, p) => d.remove_file(p),
            Place::Open(p) => std::fs::remove_file(p),
        }
    }

    fn rename(&self, to: &Place<'_>) -> std::io::Result<()> {
        match (self, to) {
            (Place::Beneath(d, p), Place::Beneath(d2, q)) => d.rename(p, d2, q),
            (Place::Open(p), Place::Open(q)) => std::fs::rename(p, q),
            _ => Err(std::io::ErrorKind::CrossesDevices.into()),
        }
    }

    /// Bytes free on the file system the place is on.
    fn free_space(&self) -> u64 {
        let dir = match self {
            Place::Beneath(d, p) => d.open_dir(p).map(|d| d.into_std_file()),
            Place::Open(p) => std::fs::File::open(p),
        };
        dir.map_or(0, |f| free_of(&f))
    }
}

#[cfg(unix)]
fn free_of(f: &std::fs::File) -> u64 {
    use std::os::fd::AsRawFd;
    // SAFETY: `statvfs` is plain data, zeroed is a valid value; fstatvfs fills it from a
    // descriptor that stays open for the call.
    let mut st: libc::statvfs = unsafe { std::mem::zeroed() };
    // SAFETY: a live descriptor and a pointer to a live `statvfs`.
    if unsafe { libc::fstatvfs(f.as_raw_fd(), &mut st) } != 0 {
        return 0;
    }
    // fsblkcnt_t and c_ulong are 32 bits on some systems
    #[allow(clippy::useless_conversion)]
    u64::from(st.f_bavail).saturating_mul(u64::from(st.f_frsize))
}

#[cfg(not(unix))]
fn free_of(_: &std::fs::File) -> u64 {
    0
}

/// The identity of a host file.
fn file_id(m: &std::fs::Metadata) -> FileId {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        FileId(m.dev(), m.ino())
    }
    #[cfg(not(unix))]
    {
        FileId(m.len(), 0)
    }
}

/// A host failure as the engine's.
fn fs_err(e: &std::io::Error) -> FsError {
    use std::io::ErrorKind as K;
    match e.kind() {
        K::NotFound => FsError::NotFound,
        // cap-std's answer to a path that leads out of the folder
        K::PermissionDenied if e.get_ref().is_some() => FsError::Outside,
        K::PermissionDenied => FsError::Denied,
        K::AlreadyExists => FsError::AlreadyExists,
        K::NotADirectory => FsError::PathNotFound,
        K::IsADirectory => FsError::NotAFile,
        K::DirectoryNotEmpty => FsError::NotEmpty,
        K::ReadOnlyFilesystem => FsError::ReadOnly,
        K::StorageFull | K::QuotaExceeded | K::FileTooLarge => FsError::DiskFull,
        K::InvalidInput | K::InvalidFilename => FsError::BadName,
        _ => match e.raw_os_error() {
            #[cfg(unix)]
            Some(libc::ENOSPC | libc::EDQUOT | libc::EFBIG) => FsError::DiskFull,
            // a link loop, a path the kernel refused to resolve beneath the folder
            #[cfg(unix)]
            Some(libc::ELOOP | libc::EXDEV) => FsError::Outside,
            // a FIFO without a reader, a device without its hardware
            #[cfg(unix)]
            Some(libc::ENXIO | libc::ENODEV) => FsError::NotAFile,
            _ => FsError::Io,
        },
    }
}

impl FileSystem for NativeFs {
    fn drive(&self, drive: u8) -> Option<DriveInfo> {
        self.root(drive).ok().map(|r| DriveInfo {
            confined: matches!(r, Root::Beneath(_)),
        })
    }

    fn stat(&mut self, at: &HostPath) -> Result<Meta, FsError> {
        let i = self.place(at)?.info().map_err(|e| fs_err(&e))?;
        Ok(Meta {
            kind: i.kind,
            id: i.id,
            len: i.len,
        })
    }

    fn read_dir(&mut self, at: &HostPath) -> Result<Vec<Entry>, FsError> {
        self.place(at)?.read_dir().map_err(|e| fs_err(&e))
    }

    fn dir_stamp(&mut self, at: &HostPath) -> Option<Stamp> {
        let i = self.place(at).ok()?.info().ok()?;
        (i.kind == Kind::Dir).then_some(i.stamp)
    }

    fn open(&mut self, at: &HostPath, how: OpenHow) -> Result<Box<dyn HostFile>, FsError> {
        let f = self.place(at)?.open(how)?;
        Ok(Box::new(file::NativeFile::new(f)?))
    }

    fn create_dir(&mut self, at: &HostPath) -> Result<(), FsError> {
        self.place(at)?.create_dir().map_err(|e| fs_err(&e))
    }

    fn remove_dir(&mut self, at: &HostPath) -> Result<(), FsError> {
        self.place(at)?.remove_dir().map_err(|e| fs_err(&e))
    }

    fn remove_file(&mut self, at: &HostPath) -> Result<(), FsError> {
        self.place(at)?.remove_file().map_err(|e| fs_err(&e))
    }

    fn rename(&mut self, from: &HostPath, to: &HostPath) -> Result<(), FsError> {
        let (a, b) = (self.place(from)?, self.place(to)?);
        a.rename(&b).map_err(|e| fs_err(&e))
    }

    fn free_space(&mut self, at: &HostPath) -> u64 {
        self.place(at).map_or(0, |p| p.free_space())
    }

    fn replace(&mut self, at: &HostPath, bytes: &[u8]) -> Result<(), FsError> {
        save::replace(&self.place(at)?, bytes)
    }
}

#[cfg(test)]
mod tests;
