//! Program files in GW-BASIC's three formats (digest §11.3): ASCII (LIST text, CR LF,
//! Ctrl-Z at the end; LF and no Ctrl-Z accepted when reading), tokenized (0xFF, then the
//! memory image: link, number, token bytes, 0; a 0x0000 end link; Ctrl-Z) and protected
//! (0xFE, the tokenized image enciphered).

use crate::error::ErrorCode;
use crate::list;
use crate::program::{LoadError, Program};

/// Where GW-BASIC 3.23 puts the first program line (its link field) in its data segment;
/// the links written in a tokenized file are absolute addresses from here.
const FIRST_LINE_ADDRESS: u16 = 0x126E;

/// A program file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Ascii,
    Tokenized,
    Protected,
}

/// The format a file's first byte announces.
pub fn detect(bytes: &[u8]) -> Format {
    match bytes.first() {
        Some(0xFF) => Format::Tokenized,
        Some(0xFE) => Format::Protected,
        _ => Format::Ascii,
    }
}

/// Reads a program file of any format; also says whether it was protected.
pub fn load(bytes: &[u8]) -> Result<(Program, bool), LoadError> {
    match detect(bytes) {
        Format::Ascii => Program::from_ascii(bytes).map(|p| (p, false)),
        Format::Tokenized => from_image(&bytes[1..]).map(|p| (p, false)),
        Format::Protected => {
            let image = crate::protect::decode(&bytes[1..]);
            from_image(&image).map(|p| (p, true))
        }
    }
}

/// Parses a tokenized memory image (after the 0xFF byte). Link values are ignored (GW
/// recomputes them); a truncated file is a "Bad file mode"-class error as in GW.
fn from_image(img: &[u8]) -> Result<Program, LoadError> {
    let mut p = Program::new();
    let mut i = 0;
    let mut k = 0;
    loop {
        let bad = LoadError {
            code: ErrorCode::BadFileMode,
            line_index: k,
        };
        let link = img.get(i..i + 2).ok_or(bad)?;
        if link == [0, 0] {
            return Ok(p);
        }
        let num = img.get(i + 2..i + 4).ok_or(bad)?;
        let number = u16::from_le_bytes([num[0], num[1]]);
        let start = i + 4;
        let len = img
            .get(start..)
            .and_then(|r| r.iter().position(|&c| c == 0))
            .ok_or(bad)?;
        p.insert(number, img[start..start + len].to_vec());
        i = start + len + 1;
        k += 1;
    }
}

/// The tokenized memory image (without the leading 0xFF and trailing Ctrl-Z).
pub fn image(p: &Program) -> Vec<u8> {
    let mut out = Vec::with_capacity(p.byte_size() + 2);
    let mut addr = FIRST_LINE_ADDRESS;
    for (number, body) in p.iter() {
        let next = addr.wrapping_add(body.len() as u16 + 5);
        out.extend_from_slice(&next.to_le_bytes());
        out.extend_from_slice(&number.to_le_bytes());
        out.extend_from_slice(body);
        out.push(0);
        addr = next;
    }
    out.extend_from_slice(&[0, 0]);
    out
}

/// SAVE "f": 0xFF, the image, Ctrl-Z.
pub fn save_tokenized(p: &Program) -> Vec<u8> {
    let mut out = vec![0xFF];
    out.extend_from_slice(&image(p));
    out.push(0x1A);
    out
}

/// SAVE "f",P: 0xFE, the enciphered image, Ctrl-Z.
pub fn save_protected(p: &Program) -> Vec<u8> {
    let mut out = vec![0xFE];
    out.extend_from_slice(&crate::protect::encode(&image(p)));
    out.push(0x1A);
    out
}

/// SAVE "f",A: the LIST text, CR LF line ends, Ctrl-Z at the end.
pub fn save_ascii(p: &Program) -> Vec<u8> {
    let mut out = Vec::new();
    for (n, body) in p.iter() {
        out.extend_from_slice(&list::list_line(n, body));
        out.extend_from_slice(b"\r\n");
    }
    out.push(0x1A);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokenized_round_trip_and_digest_example_layout() {
        let src = b"0 ' line number 0\r\n1 ' x\r\n2 LIST \"TEST.ASC\"\r\n";
        let p = Program::from_ascii(src).unwrap();
        let bytes = save_tokenized(&p);
        assert_eq!(bytes[0], 0xFF);
        // first link: 0x126E + 4 + body + 1
        let body0 = p.get(0).unwrap();
        let link = u16::from_le_bytes([bytes[1], bytes[2]]);
        assert_eq!(link, FIRST_LINE_ADDRESS + body0.len() as u16 + 5);
        assert_eq!(*bytes.last().unwrap(), 0x1A);
        let (back, protected) = load(&bytes).unwrap();
        assert!(!protected);
        assert_eq!(back, p);
    }

    #[test]
    fn truncated_tokenized_file_is_an_error() {
        let p = Program::from_ascii(b"10 PRINT 1\r\n").unwrap();
        let bytes = save_tokenized(&p);
        assert!(load(&bytes[..6]).is_err());
    }

    #[test]
    fn ascii_save_is_list_text() {
        let p = Program::from_ascii(b"10 print 1\n20 goto 10\n").unwrap();
        assert_eq!(save_ascii(&p), b"10 PRINT 1\r\n20 GOTO 10\r\n\x1A".to_vec());
    }
}

/// Writes a file through a temporary file in the same directory and a rename, so a failed
/// write never leaves a half-written file in place of the old one.
pub fn write_atomic(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(std::path::Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let tmp = dir.join(format!(".{name}.gwrun-tmp"));
    std::fs::write(&tmp, bytes)?;
    std::fs::rename(&tmp, path).inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })
}
