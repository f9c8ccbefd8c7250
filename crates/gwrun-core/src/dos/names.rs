//! DOS file specifications and where they lead on the host.
//!
//! A specification is parsed as GW-BASIC 3.23 and DOS parsed it: an optional device or
//! drive before the first `:` (`SCRN:`, `LPT1:`, `C:`), then a path of `\` or `/`
//! separated components, each an 8.3 name (longer parts are cut, letters are upper-cased,
//! control characters and `" + , : ; < = > [ ] |` are a Bad file name, `*` and `?` only
//! where a pattern is allowed). DOS's reserved names (`CON`, `PRN`, `AUX`, `NUL`, `COM1`..,
//! `LPT1`..) are devices in any directory and with any extension, never host files.
//!
//! `Disk` holds the drives: each mounted letter is a host directory, with a current
//! directory per drive as DOS keeps one. `C:` is the directory gwrun starts in. A name is
//! looked up in its host directory without regard to case, first as typed and then by its
//! 8.3 form, so `OPEN "data.txt"` finds `Data.txt` and `LONGFILE.TXT` finds
//! `longfilename.txt`; a new file gets the upper-case 8.3 name DOS would have stored.
//! Unconfined (the default), `..` may climb above `C:\` into the host's parent directories
//! and symbolic links are followed anywhere; confined (`--confine`), `C:\` is a wall:
//! `..` at the root is Path not found and a path that leaves the root through a link is a
//! Path/File access error.

use crate::error::ErrorCode;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// A character device named by a file specification.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Device {
    /// `SCRN:`.
    Screen,
    /// `KYBD:`.
    Keyboard,
    /// `CON`: the screen for output, the keyboard for input.
    Console,
    /// `LPT1:`..`LPT3:` and `PRN` (1-based port).
    Printer(u8),
    /// `COM1:`.. and `AUX` (1-based port).
    Com(u8),
    /// `CAS1:`.
    Cassette,
    /// `NUL`.
    Null,
}

/// One component of a DOS path: an 8.3 name, as typed and in its FCB form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Name {
    /// The component as typed (trailing blanks removed).
    pub raw: Vec<u8>,
    /// Eight name and three extension bytes, upper case, blank padded; a pattern has `?`
    /// where `*` or `?` stood.
    pub fcb: [u8; 11],
}

impl Name {
    /// The name as DOS stores it: `NAME.EXT`, or `NAME` without an extension.
    pub fn dos(&self) -> String {
        fcb_text(&self.fcb)
    }

    /// Whether the name has wildcards.
    pub fn is_pattern(&self) -> bool {
        self.fcb.contains(&b'?')
    }
}

/// `NAME    EXT` → `NAME.EXT`.
pub(crate) fn fcb_text(fcb: &[u8; 11]) -> String {
    let stem: Vec<u8> = fcb[..8]
        .iter()
        .copied()
        .take_while(|&c| c != b' ')
        .collect();
    let ext: Vec<u8> = fcb[8..]
        .iter()
        .copied()
        .take_while(|&c| c != b' ')
        .collect();
    let mut s = String::from_utf8_lossy(&stem).into_owned();
    if !ext.is_empty() {
        s.push('.');
        s.push_str(&String::from_utf8_lossy(&ext));
    }
    s
}

/// A directory step of a path.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Step {
    /// `.`
    Here,
    /// `..`
    Up,
    Dir(Name),
}

/// A parsed disk file specification.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiskSpec {
    /// 0 for `A:`; None: the current drive.
    pub drive: Option<u8>,
    /// Starts at the drive's root (`\DATA`), not at its current directory.
    pub absolute: bool,
    pub dirs: Vec<Step>,
    /// The last component; None when the specification names a directory only (`C:`,
    /// `..`, `DATA\`).
    pub name: Option<Name>,
}

/// What a file specification names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spec {
    Device(Device),
    Disk(DiskSpec),
}

/// Characters DOS refuses in a name.
fn forbidden(c: u8) -> bool {
    c < 32 || b"\"+,:;<=>[]|".contains(&c)
}

/// Parses a file specification; `pattern` allows `*` and `?` in the last component.
pub fn parse(text: &[u8], pattern: bool) -> Result<Spec, ErrorCode> {
    let mut text = text;
    while let [rest @ .., b' '] = text {
        text = rest;
    }
    if text.is_empty() {
        return Err(ErrorCode::BadFileName);
    }
    let mut drive = None;
    if let Some(colon) = text.iter().position(|&c| c == b':') {
        let prefix = &text[..colon];
        match prefix {
            [] => return Err(ErrorCode::BadFileName),
            [l] if l.is_ascii_alphabetic() => {
                drive = Some(l.to_ascii_uppercase() - b'A');
                text = &text[colon + 1..];
            }
            _ => return device_name(prefix).map(Spec::Device),
        }
    }
    let absolute = matches!(text.first(), Some(b'\\' | b'/'));
    let mut pieces: Vec<&[u8]> = text.split(|&c| c == b'\\' || c == b'/').collect();
    if absolute {
        pieces.remove(0);
    }
    let last = pieces.pop().unwrap_or(&[]);
    let mut dirs = Vec::with_capacity(pieces.len());
    for p in pieces {
        dirs.push(step(p)?);
    }
    let name = match last {
        [] => None,
        b"." | b".." => {
            dirs.push(step(last)?);
            None
        }
        _ => {
            let n = parse_name(last, pattern)?;
            if let Some(d) = reserved_device(&n) {
                return Ok(Spec::Device(d));
            }
            Some(n)
        }
    };
    Ok(Spec::Disk(DiskSpec {
        drive,
        absolute,
        dirs,
        name,
    }))
}

fn step(p: &[u8]) -> Result<Step, ErrorCode> {
    match p {
        [] => Err(ErrorCode::PathNotFound),
        b"." => Ok(Step::Here),
        b".." => Ok(Step::Up),
        _ => Ok(Step::Dir(parse_name(p, false)?)),
    }
}

/// The devices GW-BASIC names with a colon.
fn device_name(prefix: &[u8]) -> Result<Device, ErrorCode> {
    let up = prefix.to_ascii_uppercase();
    Ok(match up.as_slice() {
        b"SCRN" => Device::Screen,
        b"KYBD" => Device::Keyboard,
        b"LPT1" => Device::Printer(1),
        b"LPT2" => Device::Printer(2),
        b"LPT3" => Device::Printer(3),
        b"COM1" => Device::Com(1),
        b"COM2" => Device::Com(2),
        b"CAS1" => Device::Cassette,
        // an unknown device: GW answers Bad file number (as PC-BASIC found)
        _ => return Err(ErrorCode::BadFileNumber),
    })
}

/// DOS's reserved names: devices whatever the directory and extension.
fn reserved_device(n: &Name) -> Option<Device> {
    Some(match &n.fcb[..8] {
        b"CON     " => Device::Console,
        b"PRN     " | b"LPT1    " => Device::Printer(1),
        b"LPT2    " => Device::Printer(2),
        b"LPT3    " => Device::Printer(3),
        b"AUX     " | b"COM1    " => Device::Com(1),
        b"COM2    " => Device::Com(2),
        b"COM3    " => Device::Com(3),
        b"COM4    " => Device::Com(4),
        b"NUL     " => Device::Null,
        _ => return None,
    })
}

/// One 8.3 component: at most one dot, a name before it, forbidden characters refused;
/// the name part is cut to 8 bytes and the extension to 3, as DOS does.
pub(crate) fn parse_name(p: &[u8], pattern: bool) -> Result<Name, ErrorCode> {
    let mut p = p;
    while let [rest @ .., b' '] = p {
        p = rest;
    }
    if p.is_empty() {
        return Err(ErrorCode::BadFileName);
    }
    for &c in p {
        if forbidden(c) || (!pattern && (c == b'*' || c == b'?')) {
            return Err(ErrorCode::BadFileName);
        }
    }
    let (stem, ext) = match p.iter().position(|&c| c == b'.') {
        Some(dot) => (&p[..dot], &p[dot + 1..]),
        None => (p, &[][..]),
    };
    if stem.is_empty() || ext.contains(&b'.') {
        return Err(ErrorCode::BadFileName);
    }
    let mut fcb = [b' '; 11];
    fill_field(&mut fcb[..8], stem);
    fill_field(&mut fcb[8..], ext);
    Ok(Name {
        raw: p.to_vec(),
        fcb,
    })
}

/// Fills one FCB field: upper case, cut to the field; `*` turns the rest into `?`.
fn fill_field(field: &mut [u8], text: &[u8]) {
    for (k, slot) in field.iter_mut().enumerate() {
        match text.get(k) {
            Some(b'*') => {
                for s in &mut field[k..] {
                    *s = b'?';
                }
                return;
            }
            Some(&c) => *slot = c.to_ascii_uppercase(),
            None => return,
        }
    }
}

/// The FCB form of a host name (for matching and listing): None for names DOS could not
/// show (hidden dot files, empty names).
pub(crate) fn host_fcb(name: &[u8]) -> Option<[u8; 11]> {
    if name.is_empty() || name[0] == b'.' {
        return None;
    }
    let (stem, ext) = match name.iter().rposition(|&c| c == b'.') {
        Some(dot) => (&name[..dot], &name[dot + 1..]),
        None => (name, &[][..]),
    };
    let mut fcb = [b' '; 11];
    let clean = |t: &[u8], f: &mut [u8]| {
        for (slot, &c) in f
            .iter_mut()
            .zip(t.iter().filter(|&&c| c != b'.' && c != b' '))
        {
            *slot = if c == b'*' || c == b'?' || forbidden(c) {
                b'_'
            } else {
                c.to_ascii_uppercase()
            };
        }
    };
    clean(stem, &mut fcb[..8]);
    clean(ext, &mut fcb[8..]);
    Some(fcb)
}

#[cfg(unix)]
fn os_bytes(s: &std::ffi::OsStr) -> &[u8] {
    use std::os::unix::ffi::OsStrExt;
    s.as_bytes()
}

#[cfg(not(unix))]
fn os_bytes(s: &std::ffi::OsStr) -> &[u8] {
    s.to_str().map_or(&[], str::as_bytes)
}

/// A step of a drive's current directory on the host.
#[derive(Debug, Clone, PartialEq, Eq)]
enum HostStep {
    Name(OsString),
    /// Above the drive's root (unconfined only).
    Up,
}

/// Where a disk specification leads: the host directory it is in, the drive, the path of
/// that directory below the drive's root, and the entry named (if any).
#[derive(Debug, Clone)]
pub struct Located {
    pub drive: u8,
    pub dir: PathBuf,
    steps: Vec<HostStep>,
    /// The host name of an existing entry matching the last component.
    pub existing: Option<OsString>,
    /// The last component as parsed.
    pub name: Option<Name>,
}

impl Located {
    /// The host path of the named entry: the existing one, or a new upper-case 8.3 name.
    pub fn path(&self) -> PathBuf {
        match (&self.existing, &self.name) {
            (Some(e), _) => self.dir.join(e),
            (None, Some(n)) => self.dir.join(n.dos()),
            (None, None) => self.dir.clone(),
        }
    }
}

/// The drives: host directories with a current directory each, and the current drive.
#[derive(Debug, Clone)]
pub struct Disk {
    roots: Vec<Option<PathBuf>>,
    cwd: Vec<Vec<HostStep>>,
    current: u8,
    confined: bool,
}

impl Default for Disk {
    fn default() -> Self {
        Disk::new(PathBuf::from("."), false)
    }
}

impl Disk {
    /// `C:` is `root`, the current drive, at its root directory.
    pub fn new(root: PathBuf, confined: bool) -> Disk {
        let mut roots = vec![None; 26];
        roots[2] = Some(root);
        Disk {
            roots,
            cwd: vec![Vec::new(); 26],
            current: 2,
            confined,
        }
    }

    pub fn current_drive(&self) -> u8 {
        self.current
    }

    /// The host directory of a drive's root.
    fn root(&self, drive: u8) -> Result<&Path, ErrorCode> {
        self.roots
            .get(usize::from(drive))
            .and_then(|r| r.as_deref())
            .ok_or(ErrorCode::PathNotFound)
    }

    fn host_dir(&self, drive: u8, steps: &[HostStep]) -> Result<PathBuf, ErrorCode> {
        let mut p = self.root(drive)?.to_path_buf();
        for s in steps {
            match s {
                HostStep::Name(n) => p.push(n),
                HostStep::Up => p.push(".."),
            }
        }
        Ok(p)
    }

    /// Finds the directory a specification is in and the entry it names.
    pub fn locate(&self, spec: &DiskSpec) -> Result<Located, ErrorCode> {
        let drive = spec.drive.unwrap_or(self.current);
        self.root(drive)?;
        let mut steps = if spec.absolute {
            Vec::new()
        } else {
            self.cwd[usize::from(drive)].clone()
        };
        for s in &spec.dirs {
            match s {
                Step::Here => {}
                Step::Up => self.up(&mut steps)?,
                Step::Dir(n) => {
                    let dir = self.host_dir(drive, &steps)?;
                    match find_entry(&dir, n) {
                        Some(e) if dir.join(&e).is_dir() => steps.push(HostStep::Name(e)),
                        _ => return Err(ErrorCode::PathNotFound),
                    }
                }
            }
        }
        let dir = self.host_dir(drive, &steps)?;
        if !dir.is_dir() {
            return Err(ErrorCode::PathNotFound);
        }
        let existing = spec.name.as_ref().and_then(|n| find_entry(&dir, n));
        let loc = Located {
            drive,
            dir,
            steps,
            existing,
            name: spec.name.clone(),
        };
        self.check_confined(&loc)?;
        Ok(loc)
    }

    fn up(&self, steps: &mut Vec<HostStep>) -> Result<(), ErrorCode> {
        match steps.last() {
            Some(HostStep::Name(_)) => {
                steps.pop();
                Ok(())
            }
            _ if self.confined => Err(ErrorCode::PathNotFound),
            _ => {
                steps.push(HostStep::Up);
                Ok(())
            }
        }
    }

    /// Confined: the entry (through any links) must stay below its drive's root.
    fn check_confined(&self, loc: &Located) -> Result<(), ErrorCode> {
        if !self.confined {
            return Ok(());
        }
        let root = self
            .root(loc.drive)?
            .canonicalize()
            .map_err(|_| ErrorCode::PathNotFound)?;
        let target = match &loc.existing {
            Some(e) => loc.dir.join(e),
            None => loc.dir.clone(),
        };
        let real = target
            .canonicalize()
            .map_err(|_| ErrorCode::PathFileAccessError)?;
        if real.starts_with(&root) {
            Ok(())
        } else {
            Err(ErrorCode::PathFileAccessError)
        }
    }

    /// CHDIR: the named directory becomes its drive's current directory.
    pub fn chdir(&mut self, spec: &DiskSpec) -> Result<(), ErrorCode> {
        let mut loc = self.locate(spec)?;
        if let Some(n) = &loc.name {
            if n.is_pattern() {
                return Err(ErrorCode::BadFileName);
            }
            match &loc.existing {
                Some(e) if loc.dir.join(e).is_dir() => loc.steps.push(HostStep::Name(e.clone())),
                _ => return Err(ErrorCode::PathNotFound),
            }
        }
        self.cwd[usize::from(loc.drive)] = loc.steps;
        Ok(())
    }

    /// MKDIR: a new directory (an existing name is a Path/File access error).
    pub fn mkdir(&self, spec: &DiskSpec) -> Result<(), ErrorCode> {
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
        std::fs::create_dir(loc.path()).map_err(|e| super::io_error(&e))
    }

    /// RMDIR: removes an empty directory that is no drive's current directory.
    pub fn rmdir(&self, spec: &DiskSpec) -> Result<(), ErrorCode> {
        let loc = self.locate(spec)?;
        let (Some(_), Some(e)) = (&loc.name, &loc.existing) else {
            return Err(ErrorCode::PathNotFound);
        };
        let path = loc.dir.join(e);
        if !path.is_dir() {
            return Err(ErrorCode::PathNotFound);
        }
        let mut steps = loc.steps.clone();
        steps.push(HostStep::Name(e.clone()));
        if self.cwd[usize::from(loc.drive)].starts_with(&steps) {
            return Err(ErrorCode::PathFileAccessError);
        }
        std::fs::remove_dir(&path).map_err(|e| match super::io_error(&e) {
            ErrorCode::DeviceIoError | ErrorCode::FileNotFound => ErrorCode::PathFileAccessError,
            other => other,
        })
    }

    /// The current directory of a drive as FILES shows it: `C:\` or `C:\DATA\OLD`.
    pub fn cwd_text(&self, drive: u8) -> String {
        let mut s = format!("{}:\\", char::from(b'A' + drive));
        let names: Vec<String> = self.cwd[usize::from(drive)]
            .iter()
            .map(|h| match h {
                HostStep::Name(n) => host_fcb(os_bytes(n))
                    .map_or_else(|| n.to_string_lossy().into_owned(), |f| fcb_text(&f)),
                HostStep::Up => "..".to_string(),
            })
            .collect();
        s.push_str(&names.join("\\"));
        s
    }

    /// Whether a drive's current directory is its root (DOS lists no `.` and `..` there).
    pub fn at_root(&self, loc: &Located) -> bool {
        loc.steps.is_empty()
    }
}

/// The host entry of `dir` a DOS name refers to: the name as typed, any case; else the
/// first (in sorted order) whose 8.3 form is the name's.
pub(crate) fn find_entry(dir: &Path, name: &Name) -> Option<OsString> {
    let entries = std::fs::read_dir(dir).ok()?;
    let mut best: Option<OsString> = None;
    for e in entries.flatten() {
        let n = e.file_name();
        let b = os_bytes(&n);
        if b.eq_ignore_ascii_case(&name.raw) {
            return Some(n);
        }
        if host_fcb(b) == Some(name.fcb) && best.as_ref().is_none_or(|x| n < *x) {
            best = Some(n);
        }
    }
    best
}

/// The host entries of a directory with their 8.3 forms, whether each is a directory, and
/// their host names (hidden dot files left out), sorted by host name.
pub(crate) fn list_dir_named(dir: &Path) -> Result<Vec<([u8; 11], bool, OsString)>, ErrorCode> {
    let entries = std::fs::read_dir(dir).map_err(|_| ErrorCode::PathNotFound)?;
    let mut out: Vec<([u8; 11], bool, OsString)> = Vec::new();
    for e in entries.flatten() {
        let n = e.file_name();
        if let Some(f) = host_fcb(os_bytes(&n)) {
            let is_dir = e.path().is_dir();
            out.push((f, is_dir, n));
        }
    }
    out.sort_by(|a, b| a.2.cmp(&b.2));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn disk(s: &str) -> DiskSpec {
        match parse(s.as_bytes(), false) {
            Ok(Spec::Disk(d)) => d,
            other => panic!("{s}: {other:?}"),
        }
    }

    #[test]
    fn names_are_cut_to_8_3_and_upper_cased() {
        let d = disk("longfilename.text");
        assert_eq!(
            d.name.as_ref().map(Name::dos).as_deref(),
            Some("LONGFILE.TEX")
        );
        assert_eq!(disk("a").name.map(|n| n.dos()).as_deref(), Some("A"));
    }

    #[test]
    fn bad_names() {
        for s in [
            "", "   ", "\0", "A+B", "X.Y.Z", ".TXT", "A*B", "A?", "a<b", "C:A|B",
        ] {
            assert_eq!(
                parse(s.as_bytes(), false),
                Err(ErrorCode::BadFileName),
                "{s:?}"
            );
        }
        assert_eq!(parse(b"XYZ:FOO", false), Err(ErrorCode::BadFileNumber));
        assert_eq!(parse(b":FOO", false), Err(ErrorCode::BadFileName));
    }

    #[test]
    fn devices() {
        assert_eq!(parse(b"scrn:", false), Ok(Spec::Device(Device::Screen)));
        assert_eq!(parse(b"LPT1:", false), Ok(Spec::Device(Device::Printer(1))));
        assert_eq!(parse(b"con", false), Ok(Spec::Device(Device::Console)));
        assert_eq!(parse(b"CON.TXT", false), Ok(Spec::Device(Device::Console)));
        assert_eq!(parse(b"DIR\\NUL", false), Ok(Spec::Device(Device::Null)));
        assert_eq!(
            parse(b"COM1:9600,N,8", false),
            Ok(Spec::Device(Device::Com(1)))
        );
    }

    #[test]
    fn paths() {
        let d = disk("C:\\DATA\\..\\x.dat");
        assert_eq!(d.drive, Some(2));
        assert!(d.absolute);
        assert_eq!(d.dirs.len(), 2);
        assert_eq!(d.dirs[1], Step::Up);
        let d = disk("..");
        assert_eq!(d.dirs, vec![Step::Up]);
        assert!(d.name.is_none());
        let d = disk("z:");
        assert_eq!(d.drive, Some(25));
        assert!(d.name.is_none());
    }

    #[test]
    fn patterns_fill_fields() {
        let Ok(Spec::Disk(d)) = parse(b"*.B*", true) else {
            panic!()
        };
        assert_eq!(&d.name.unwrap().fcb, b"????????B??");
        let Ok(Spec::Disk(d)) = parse(b"A*B*C*.*", true) else {
            panic!()
        };
        assert_eq!(&d.name.unwrap().fcb, b"A??????????");
    }

    #[test]
    fn host_names_in_fcb_form() {
        assert_eq!(host_fcb(b"data.txt"), Some(*b"DATA    TXT"));
        assert_eq!(host_fcb(b"longfilename.text"), Some(*b"LONGFILETEX"));
        assert_eq!(host_fcb(b".hidden"), None);
        assert_eq!(host_fcb(b"a.b.c"), Some(*b"AB      C  "));
    }
}
