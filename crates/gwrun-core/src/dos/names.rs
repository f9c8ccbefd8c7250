//! DOS file specifications: how a program names files, drives and devices.
//!
//! A specification is parsed as GW-BASIC 3.23 and DOS parsed it: an optional device or
//! drive before the first `:` (`SCRN:`, `LPT1:`, `C:`), then a path of `\` or `/`
//! separated components, each an 8.3 name (longer parts are cut, letters are upper-cased,
//! control characters and `" + , : ; < = > [ ] |` are a Bad file name, `*` and `?` only
//! where a pattern is allowed). DOS's reserved names (`CON`, `PRN`, `AUX`, `NUL`, `COM1`..,
//! `LPT1`..) are devices in any directory and with any extension, never host files.
//!
//! Where a parsed specification leads on the drives is `drives`' business; how a host
//! name looks as a DOS name (`host_fcb`) is here, since FILES and lookups need it.

use crate::error::ErrorCode;

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

impl Device {
    /// Whether EOF, LOC and LOF may ask the device: SCRN: and the printers answer them
    /// with Bad file mode (S GIOSCN.ASM, GIOLPT.ASM: DERBFM in those dispatch entries).
    pub fn queried(self) -> Result<(), ErrorCode> {
        match self {
            Device::Screen | Device::Printer(_) => Err(ErrorCode::BadFileMode),
            _ => Ok(()),
        }
    }
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

/// `NAME    EXT` → `NAME.EXT`: each field without its padding; a blank inside a field is
/// part of the name (S GIO86.ASM NAMSCN: SCAN1 stores every character from the blank up
/// into FILNM, and DOS keeps the FCB's bytes), so `" A.TXT"` is ` A.TXT`, not `.TXT`.
pub(crate) fn fcb_text(fcb: &[u8; 11]) -> String {
    let trimmed = |f: &[u8]| -> Vec<u8> {
        let end = f.iter().rposition(|&c| c != b' ').map_or(0, |k| k + 1);
        f[..end].to_vec()
    };
    let stem = trimmed(&fcb[..8]);
    let ext = trimmed(&fcb[8..]);
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
    matches!(
        c,
        0..32 | b'"' | b'+' | b',' | b':' | b';' | b'<' | b'=' | b'>' | b'[' | b']' | b'|'
    )
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

/// GW-BASIC's PARDEV (GIO86.ASM): the device a string names before its first colon, as
/// WIDTH reads it. `Ok(None)` is a disk: no colon (the default device) or one drive
/// letter; an empty name before the colon, any other single character or a name that is
/// not a device is a Bad file name (DERIFN).
pub fn device_prefix(text: &[u8]) -> Result<Option<Device>, ErrorCode> {
    let Some(colon) = text.iter().position(|&c| c == b':') else {
        return Ok(None);
    };
    match &text[..colon] {
        [l] if l.is_ascii_alphabetic() || *l == b'@' => Ok(None),
        [] | [_] => Err(ErrorCode::BadFileName),
        prefix => device_name(prefix)
            .map(Some)
            .map_err(|_| ErrorCode::BadFileName),
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
        for (slot, &c) in f.iter_mut().zip(t.iter().filter(|&&c| c != b'.')) {
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
        assert_eq!(host_fcb(b" a.txt"), Some(*b" A      TXT"));
    }

    #[test]
    fn blanks_inside_a_name_are_kept() {
        for (typed, dos) in [
            (" a.txt", " A.TXT"),
            ("a b.txt", "A B.TXT"),
            ("e. txt", "E. TX"),
            ("d .txt", "D.TXT"),
        ] {
            let n = disk(typed).name.unwrap();
            assert_eq!(n.dos(), dos, "{typed:?}");
            assert_eq!(host_fcb(dos.as_bytes()), Some(n.fcb), "{typed:?}");
        }
    }
}
