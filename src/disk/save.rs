//! Files written whole or not at all (SAVE, LIST to a file, BSAVE, `convert`), and the
//! program file the command line names.
//!
//! A file is written through a temporary file in the same directory, flushed to the
//! disk, then renamed over the target: a failed write never leaves a half-written file
//! in place of the old one (the temporary file is removed). A symbolic link is followed
//! to the file it names (the link stays; on a confined drive only within the drive); the
//! replaced file's permission bits (and, where allowed, owner) are kept; a read-only file
//! is refused (as DOS refuses to write over a read-only file); anything but a regular
//! file (a FIFO, a device) is refused rather than written in place, so a SAVE never
//! blocks. Temporary files that an interrupted write left in the directory are removed
//! first (`clean_stale_temps`).

use super::{Place, fs_err};
use gwrun_core::host::fs::FsError;
use gwrun_core::program::progfile::MAX_FILE;
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};

/// The end of the names of the temporary files (`.NAME.PID.gwrun-tmp`).
const TEMP_SUFFIX: &str = ".gwrun-tmp";

/// A target that is not a regular file.
#[derive(Debug)]
struct NotRegular;

impl std::fmt::Display for NotRegular {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("not a regular file")
    }
}

impl std::error::Error for NotRegular {}

/// A program file's bytes for the command line (`gwrun FILE`, `--load`, `--dump`,
/// `convert`), refused past `MAX_FILE` (`ErrorKind::FileTooLarge`) without reading
/// further: memory stays bounded whatever the file is.
pub fn read_program(path: &Path) -> io::Result<Vec<u8>> {
    let f = std::fs::File::open(path)?;
    if f.metadata()?.is_dir() {
        return Err(io::Error::new(
            io::ErrorKind::IsADirectory,
            "is a directory",
        ));
    }
    let mut bytes = Vec::new();
    f.take(MAX_FILE as u64 + 1).read_to_end(&mut bytes)?;
    if bytes.len() > MAX_FILE {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!(
                "more than {MAX_FILE} bytes, larger than any program GW-BASIC's 64 KB \
                 of memory could hold"
            ),
        ));
    }
    Ok(bytes)
}

/// Writes a host file whole or not at all (see the module's description).
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    replace_io(&Place::Open(path.to_path_buf()), bytes)
}

/// Replaces a drive's file whole or not at all.
pub(super) fn replace(place: &Place<'_>, bytes: &[u8]) -> Result<(), FsError> {
    replace_io(place, bytes).map_err(|e| {
        if e.get_ref().is_some_and(|r| r.is::<NotRegular>()) {
            FsError::NotAFile
        } else {
            fs_err(&e)
        }
    })
}

/// The permission bits and owner of a file being replaced.
struct Perm {
    is_file: bool,
    readonly: bool,
    #[cfg(unix)]
    mode: u32,
    #[cfg(unix)]
    owner: (u32, u32),
}

macro_rules! perm_of {
    ($m:expr) => {{
        let m = $m;
        Perm {
            is_file: m.is_file(),
            readonly: m.permissions().readonly(),
            #[cfg(unix)]
            mode: m.mode(),
            #[cfg(unix)]
            owner: (m.uid(), m.gid()),
        }
    }};
}

impl Place<'_> {
    fn clone_at(&self, p: PathBuf) -> Place<'_> {
        match self {
            Place::Beneath(d, _) => Place::Beneath(d, p),
            Place::Open(_) => Place::Open(p),
        }
    }

    fn path(&self) -> &Path {
        match self {
            Place::Beneath(_, p) | Place::Open(p) => p,
        }
    }

    fn perm(&self) -> io::Result<Perm> {
        #[cfg(unix)]
        use cap_std::fs::MetadataExt as _;
        #[cfg(unix)]
        use std::os::unix::fs::MetadataExt as _;
        Ok(match self {
            Place::Beneath(d, p) => perm_of!(d.metadata(p)?),
            Place::Open(p) => perm_of!(std::fs::metadata(p)?),
        })
    }

    fn is_link(&self) -> bool {
        match self {
            Place::Beneath(d, p) => d
                .symlink_metadata(p)
                .is_ok_and(|m| m.file_type().is_symlink()),
            Place::Open(p) => {
                std::fs::symlink_metadata(p).is_ok_and(|m| m.file_type().is_symlink())
            }
        }
    }

    fn read_link(&self) -> io::Result<PathBuf> {
        match self {
            Place::Beneath(d, p) => {
                let to = d.read_link_contents(p)?;
                if to.is_absolute() {
                    // cap-std's own words for a path that leads out
                    return Err(io::Error::new(
                        io::ErrorKind::PermissionDenied,
                        "a path led outside of the filesystem",
                    ));
                }
                Ok(to)
            }
            Place::Open(p) => std::fs::read_link(p),
        }
    }

    /// Opens for writing (with `create`: a new file with `mode`), without blocking.
    fn open_write(&self, create: bool, mode: u32) -> io::Result<std::fs::File> {
        let _ = mode;
        match self {
            Place::Beneath(d, p) => {
                let mut o = cap_std::fs::OpenOptions::new();
                o.write(true).create(create).truncate(create);
                #[cfg(unix)]
                {
                    cap_std::fs::OpenOptionsExt::mode(&mut o, mode);
                    cap_std::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NONBLOCK);
                }
                d.open_with(p, &o).map(cap_std::fs::File::into_std)
            }
            Place::Open(p) => {
                let mut o = std::fs::OpenOptions::new();
                o.write(true).create(create).truncate(create);
                #[cfg(unix)]
                {
                    std::os::unix::fs::OpenOptionsExt::mode(&mut o, mode);
                    std::os::unix::fs::OpenOptionsExt::custom_flags(&mut o, libc::O_NONBLOCK);
                }
                o.open(p)
            }
        }
    }
}

/// The file a place names once symbolic links are followed (the last link's target,
/// whether or not it exists yet; up to 40 links, as the system allows).
fn follow_links<'a>(place: &'a Place<'a>) -> io::Result<Place<'a>> {
    let mut p = place.clone_at(place.path().to_path_buf());
    for _ in 0..40 {
        if !p.is_link() {
            return Ok(p);
        }
        let to = p.read_link()?;
        let next = match p.path().parent() {
            Some(dir) if to.is_relative() => dir.join(to),
            _ => to,
        };
        p = place.clone_at(next);
    }
    Err(io::Error::other("too many levels of symbolic links"))
}

fn replace_io(place: &Place<'_>, bytes: &[u8]) -> io::Result<()> {
    let target = follow_links(place)?;
    let existing = match target.perm() {
        Ok(m) => Some(m),
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    if let Some(m) = &existing {
        if !m.is_file {
            return Err(io::Error::other(NotRegular));
        }
        if m.readonly {
            return Err(io::Error::new(
                io::ErrorKind::ReadOnlyFilesystem,
                "the file is read-only",
            ));
        }
        // a file someone else owns and we may not write (the directory may allow the
        // rename): refused as writing it would be
        target.open_write(false, 0o666)?;
    }
    let dir = target
        .path()
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let dir_place = target.clone_at(dir.to_path_buf());
    clean_temps(&dir_place);
    let name = target
        .path()
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = target.clone_at(dir.join(format!(".{name}.{}{TEMP_SUFFIX}", std::process::id())));
    let written = create_like(&tmp, existing.as_ref()).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    let done = written.and_then(|()| rename(&tmp, &target));
    if done.is_err() {
        let _ = remove(&tmp);
    }
    done
}

fn rename(from: &Place<'_>, to: &Place<'_>) -> io::Result<()> {
    match (from, to) {
        (Place::Beneath(d, p), Place::Beneath(_, q)) => d.rename(p, d, q),
        (Place::Open(p), Place::Open(q)) => std::fs::rename(p, q),
        _ => Err(io::ErrorKind::CrossesDevices.into()),
    }
}

fn remove(p: &Place<'_>) -> io::Result<()> {
    match p {
        Place::Beneath(d, p) => d.remove_file(p),
        Place::Open(p) => std::fs::remove_file(p),
    }
}

/// A new temporary file with the replaced file's permission bits and owner (where the
/// system allows), or the default mode for a new file.
fn create_like(tmp: &Place<'_>, like: Option<&Perm>) -> io::Result<std::fs::File> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        if let Some(m) = like {
            // never more open than the file it replaces, even for a moment
            let f = tmp.open_write(true, m.mode & 0o777)?;
            let _ = std::os::unix::fs::fchown(&f, Some(m.owner.0), Some(m.owner.1));
            // the umask may have taken bits away; the owner change may have cleared
            // set-id bits: the mode is set last
            f.set_permissions(std::fs::Permissions::from_mode(m.mode & 0o7777))?;
            return Ok(f);
        }
    }
    #[cfg(not(unix))]
    let _ = like;
    tmp.open_write(true, 0o666)
}

/// Removes the temporary files of writes that never finished (their process was
/// killed) from `dir`: those whose process is gone. Only where the system lists its
/// processes (`/proc`); elsewhere nothing is removed.
pub fn clean_stale_temps(dir: &Path) {
    clean_temps(&Place::Open(dir.to_path_buf()));
}

fn clean_temps(dir: &Place<'_>) {
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = dir.read_dir() else {
        return;
    };
    for e in entries {
        let Some(pid) = std::str::from_utf8(&e.name).ok().and_then(temp_owner) else {
            continue;
        };
        let alive = Path::new("/proc").join(pid.to_string()).exists();
        if !alive && e.kind == gwrun_core::host::fs::Kind::File {
            let name = String::from_utf8_lossy(&e.name).into_owned();
            let _ = remove(&dir.clone_at(dir.path().join(name)));
        }
    }
}

/// The process id in a temporary file's name `.NAME.PID.gwrun-tmp`.
fn temp_owner(name: &str) -> Option<u32> {
    let stem = name.strip_prefix('.')?.strip_suffix(TEMP_SUFFIX)?;
    let (_, pid) = stem.rsplit_once('.')?;
    pid.parse().ok()
}
