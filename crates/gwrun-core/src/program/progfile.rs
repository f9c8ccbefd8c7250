//! Program files in GW-BASIC's three formats (digest §11.3): ASCII (LIST text, CR LF,
//! Ctrl-Z at the end; LF and no Ctrl-Z accepted when reading), tokenized (0xFF, then the
//! memory image: link, number, token bytes, 0; a 0x0000 end link; Ctrl-Z) and protected
//! (0xFE, the tokenized image enciphered).
//!
//! Bounded by GW-BASIC's memory: a program file is read only up to `MAX_FILE` bytes (an
//! endless file such as `/dev/zero` is refused at once), and the lines loaded stop with
//! "Out of memory" when they would not fit in the room GW's memory leaves them
//! (`PROGRAM_SPACE` at start; the session passes what its memory leaves now). Reading and
//! writing the files themselves is the disk layer's (`dos`), on the front end's drives.

use crate::error::ErrorCode;
use crate::program::{LoadError, Program};
use crate::text::lex;
use crate::text::list;
use crate::text::token::byte;

/// Bytes free for a program in GW-BASIC 3.23's data segment at start (`FRE(0)` of an
/// empty session, `machine::vars::FREE_AT_START`): a program's stored lines never take
/// more.
pub const PROGRAM_SPACE: usize = 60300;

/// The largest program file read: what could crunch into `PROGRAM_SPACE` with room to
/// spare. Every stored line takes at least 6 bytes and its ASCII form at most 257 (255
/// characters, CR LF): 10,050 lines of 257 bytes are 2.6 MB, so 4 MiB holds any ASCII
/// program GW-BASIC could load, and any tokenized one (at most 64 KB).
pub const MAX_FILE: usize = 4 << 20;

/// Stores a loaded line if the program's lines still take at most `room` bytes; false
/// (the program unchanged) when they would not.
fn store(program: &mut Program, number: u16, body: Vec<u8>, room: usize) -> bool {
    let old = program.get(number).map(<[u8]>::to_vec);
    program.insert(number, body);
    if program.byte_size() <= room {
        return true;
    }
    match old {
        Some(b) => program.insert(number, b),
        None => {
            program.remove(number);
        }
    }
    false
}

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

/// A program file as read: the lines that could be read, and the error that stopped the
/// reading, if any. GW-BASIC's LOAD keeps the lines read before a bad one (an ASCII line
/// without a number stops with "Direct statement in file" after the lines before it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Loaded {
    pub program: Program,
    pub protected: bool,
    pub error: Option<LoadError>,
    /// Literals too large for their type in an ASCII file (GW prints `Overflow` for each
    /// as the line is crunched).
    pub overflows: usize,
    /// The number of the last line an ASCII file entered (stored or deleted): it becomes
    /// the current line `.` as a typed line does [S GWMAIN.ASM EDENT: DOT]. A tokenised
    /// image enters no line.
    pub last_line: Option<u16>,
}

/// Reads a program file of any format; also says whether it was protected. Any error
/// makes the whole load fail (the CLI and `--convert` want all or nothing).
pub fn load(bytes: &[u8]) -> Result<(Program, bool), LoadError> {
    let l = load_partial(bytes);
    match l.error {
        Some(e) => Err(e),
        None => Ok((l.program, l.protected)),
    }
}

/// Reads a program file of any format, keeping what was read before an error.
pub fn load_partial(bytes: &[u8]) -> Loaded {
    load_within(bytes, PROGRAM_SPACE)
}

/// `load_partial` with `room` bytes for the program's lines (`Program::byte_size`): the
/// space between TXTTAB and FRETOP less the program's end link. An ASCII file's lines
/// are entered one by one as typed lines are, each checked (`enter_ascii`); a tokenized
/// or protected image is read whole and must leave 86 bytes below FRETOP, or the
/// program is wiped out and the load is Out of memory [S GIO86.ASM FSTLOD: "leave a
/// little breathing room", INPBLK: the data must end before that many bytes are read,
/// OUTLOD: SCRTCH, OMERR] (in `room`'s terms: the file after its first byte, Ctrl-Z
/// included, under `room` - 84 bytes).
pub fn load_within(bytes: &[u8], room: usize) -> Loaded {
    let (program, protected, error) = match detect(bytes) {
        Format::Ascii => return from_ascii_within(bytes, room),
        Format::Tokenized => {
            let (p, e) = from_image(&bytes[1..], room);
            (p, false, e)
        }
        Format::Protected => {
            let (p, e) = from_image(&crate::program::protect::decode(&bytes[1..]), room);
            (p, true, e)
        }
    };
    Loaded {
        program,
        protected,
        error,
        overflows: 0,
        last_line: None,
    }
}

/// Parses an ASCII program (reading stops at Ctrl-Z). Lines are read as GW-BASIC's LOAD
/// reads them (SCNEDT.ASM DSKCHI): a CR ends a line (unless it follows an LF), an LF at
/// the start of a line is dropped and any other LF belongs to the line (it may sit in a
/// string), and the line's text ends at a NUL [M unsorted/LITERALS]. A file without any
/// CR is read with LF line ends (gwrun's own corpus is written so). A line without a
/// number is "Direct statement in file", one longer than 255 characters "Line buffer
/// overflow"; later duplicates replace earlier lines, as typing them would; blank lines
/// are skipped.
pub fn from_ascii(text: &[u8]) -> Loaded {
    from_ascii_within(text, PROGRAM_SPACE)
}

fn from_ascii_within(text: &[u8], room: usize) -> Loaded {
    let mut program = Program::new();
    let Entered {
        error,
        overflows,
        last_line,
        ..
    } = enter_ascii(&mut program, text, room, false);
    Loaded {
        program,
        protected: false,
        error,
        overflows,
        last_line,
    }
}

/// What entering an ASCII file's lines into a program came to (`enter_ascii`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entered {
    /// The error that stopped the reading; the lines before it stay entered.
    pub error: Option<LoadError>,
    /// Literals too large for their type (GW prints `Overflow` for each).
    pub overflows: usize,
    /// The number of the last line entered (stored or deleted): the current line `.`.
    pub last_line: Option<u16>,
    /// A line was stored or deleted (GW then clears the variables and the error trap:
    /// S GWMAIN.ASM EDENT → FINI → RUNC).
    pub changed: bool,
}

/// Enters an ASCII file's lines into `program` in the file's order, each as a typed
/// line is (LOAD reads into an empty program, MERGE and CHAIN MERGE into the one there):
/// a number alone deletes its line, a line replaces the one with its number, and a line
/// that would make the program's lines take more than `room` bytes is not stored and
/// stops the reading with Out of memory [S GWMAIN.ASM EDENT: BLTU's REASON].
/// `trapping`: ON ERROR is armed, so until a line has been stored or deleted (which
/// clears the trap) a literal too large is the trappable Overflow that stops the
/// reading, not a message [S MATH1.ASM $OVFLS → TRAPER: ONELIN not 0 → OVERR].
pub fn enter_ascii(program: &mut Program, text: &[u8], room: usize, trapping: bool) -> Entered {
    let mut overflows = 0;
    let mut changed = false;
    let text = match text.iter().position(|&c| c == 0x1A) {
        Some(end) => &text[..end],
        None => text,
    };
    let mut error = None;
    let mut last_line = None;
    for (i, raw) in ascii_lines(text).iter().enumerate() {
        let too_long = raw.len() > 255;
        let line = match raw.iter().position(|&c| c == 0) {
            Some(nul) => &raw[..nul],
            None => &raw[..],
        };
        if !too_long && line.iter().all(|c| c.is_ascii_whitespace()) {
            continue;
        }
        let code = if too_long {
            ErrorCode::LineBufferOverflow
        } else {
            match lex::crunch_file_line(line) {
                Ok(c) if trapping && !changed && c.overflows > 0 => ErrorCode::Overflow,
                Err(e) if trapping && !changed && e.overflows() > 0 => ErrorCode::Overflow,
                Ok(c) => {
                    overflows += usize::from(c.overflows);
                    if c.number.is_some() {
                        last_line = c.number;
                    }
                    match c.number {
                        // a number alone deletes its line, as typed; a line that is
                        // not there stops the load
                        Some(n) if c.body.iter().all(|&b| b == b' ') => {
                            if program.remove(n) {
                                changed = true;
                                continue;
                            }
                            ErrorCode::UndefinedLineNumber
                        }
                        Some(n) if store(program, n, c.body, room) => {
                            changed = true;
                            continue;
                        }
                        Some(_) => ErrorCode::OutOfMemory,
                        None => ErrorCode::DirectStatementInFile,
                    }
                }
                Err(e) => {
                    // the literals read before the error printed their Overflow
                    overflows += usize::from(e.overflows());
                    e.code()
                }
            }
        };
        error = Some(LoadError {
            code,
            line_index: i,
        });
        break;
    }
    Entered {
        error,
        overflows,
        last_line,
        changed,
    }
}

/// The lines of an ASCII program file (see `from_ascii`), without their line ends.
fn ascii_lines(text: &[u8]) -> Vec<Vec<u8>> {
    if !text.contains(&b'\r') {
        return text.split(|&c| c == b'\n').map(<[u8]>::to_vec).collect();
    }
    let mut lines = Vec::new();
    let mut line = Vec::new();
    for &c in text {
        match c {
            b'\n' if line.is_empty() => {}
            b'\r' if line.last() == Some(&b'\n') => {}
            b'\r' => lines.push(std::mem::take(&mut line)),
            _ => line.push(c),
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// Parses a tokenized memory image (after the 0xFF byte) as GW-BASIC's LOAD does: the file
/// is read into memory and relinked (GWMAIN.ASM LINKER/CHEAD), and the memory after the
/// file's last byte reads as zeros. Link values are ignored (GW recomputes them); the
/// program ends at a zero link. So a file that stops after a complete line ends there; one
/// that stops inside a line keeps that line, its text running on to the first 0 after the
/// file [M gwbasic/truncated_code lists `20 GOTO` and more]; a Ctrl-Z where a link
/// belongs makes one more, empty, line 0 (link 1A 00, number 0) [M gwbasic/tokens].
fn from_image(img: &[u8], room: usize) -> (Program, Option<LoadError>) {
    let at = |k: usize| img.get(k).copied().unwrap_or(0);
    let mut p = Program::new();
    // INPBLK reads at most FRETOP - 86 - TXTTAB bytes and the file fits only when its
    // data ends before that many are read
    if img.len() >= room.saturating_sub(84) {
        let code = ErrorCode::OutOfMemory;
        let line_index = 0;
        return (p, Some(LoadError { code, line_index }));
    }
    let mut i = 0;
    let mut k = 0;
    loop {
        if at(i) == 0 && at(i + 1) == 0 {
            return (p, None);
        }
        let number = u16::from_le_bytes([at(i + 2), at(i + 3)]);
        let start = i + 4;
        let end = line_end(img, start);
        // GW's LOAD reads the image into memory without looking at line lengths (its
        // crunch buffer makes lines of up to 314 bytes, and a file can hold longer ones;
        // LIST shows the first 255 characters, GWLIST.ASM BUFLIN); a line longer than
        // any GW-BASIC could have crunched by a wide margin is refused, so that no
        // nesting in it can exhaust the host's stack.
        if end - start > MAX_BODY {
            let code = ErrorCode::LineBufferOverflow;
            return (
                p,
                Some(LoadError {
                    code,
                    line_index: k,
                }),
            );
        }
        let body: Vec<u8> = (start..end).map(at).collect();
        p.push(number, body);
        i = end + 1;
        k += 1;
    }
}

/// The longest line body a loaded file may hold (GW-BASIC crunches at most 314 bytes).
const MAX_BODY: usize = 1024;

/// Where the zero byte ending the line that starts at `start` is. Embedded constants are
/// skipped whole, since their bytes may be zero (`GOTO 10` is 0x0E 0x0A 0x00), as GW's
/// CHEAD does when it relinks a loaded program [S GWMAIN.ASM CHEAD/CZLOOP]; past the
/// image's end memory reads as zeros.
fn line_end(img: &[u8], start: usize) -> usize {
    let mut i = start;
    loop {
        let step = match img.get(i).copied().unwrap_or(0) {
            0 => return i,
            byte::OCT | byte::HEX | byte::LINE_PTR | byte::LINE_NUM | byte::INT2 => 3,
            byte::INT1 => 2,
            byte::SNG => 5,
            byte::DBL => 9,
            _ => 1,
        };
        i += step;
    }
}

/// The tokenized memory image (without the leading 0xFF and trailing Ctrl-Z).
pub fn image(p: &Program) -> Vec<u8> {
    let mut out = Vec::with_capacity(p.byte_size() + 2);
    let mut addr = FIRST_LINE_ADDRESS;
    for (number, body) in p.iter() {
        let next = addr.wrapping_add((body.len() as u16).wrapping_add(5));
        out.extend_from_slice(&next.to_le_bytes());
        out.extend_from_slice(&number.to_le_bytes());
        out.extend_from_slice(body);
        out.push(0);
        addr = next;
    }
    out.extend_from_slice(&[0, 0]);
    out
}

/// The bytes that follow line `number`'s ending 0 in GW's memory: the later lines as
/// `image` lays them out, the program's 00 00 end, then zeros (the variables are not
/// modelled). What LIST reads when a line ends in a prefix byte (`list::detokenize_in`).
pub fn image_after(p: &Program, number: u16) -> Vec<u8> {
    // the lines up to this one in memory order (a loaded file may hold them out of order)
    let mut skip = 0;
    for (n, body) in p.iter() {
        skip += body.len() + 5;
        if n == number {
            break;
        }
    }
    let mut out = image(p).get(skip..).unwrap_or_default().to_vec();
    out.extend_from_slice(&[0; 2]);
    out
}

/// Line `number` as LIST shows it, with the program's memory after it.
pub fn listed_line(p: &Program, number: u16, body: &[u8]) -> Vec<u8> {
    list::list_line_in(number, body, &|| image_after(p, number))
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
    out.extend_from_slice(&crate::program::protect::encode(&image(p)));
    out.push(0x1A);
    out
}

/// SAVE "f",A: the LIST text, CR LF line ends, Ctrl-Z at the end.
pub fn save_ascii(p: &Program) -> Vec<u8> {
    save_ascii_upto(p, u16::MAX)
}

/// SAVE "f",A as GW-BASIC writes it: the lines up to the first above `last` (GW lists
/// line 65530 and hides those above), each as LIST shows it, in the program's order.
pub fn save_ascii_upto(p: &Program, last: u16) -> Vec<u8> {
    let mut out = Vec::new();
    for (n, body) in p.iter().take_while(|(n, _)| *n <= last) {
        push_listed(&mut out, &listed_line(p, n, body));
    }
    out.push(0x1A);
    out
}

/// A listed line in a file, as LIST's output routine writes it: a line feed inside the
/// line is followed by a carriage return (GWLIST.ASM LISPRT → OUTCH1), and the line ends
/// with CR LF.
pub fn push_listed(out: &mut Vec<u8>, line: &[u8]) {
    for &c in line {
        out.push(c);
        if c == b'\n' {
            out.push(b'\r');
        }
    }
    out.extend_from_slice(b"\r\n");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ascii(text: &[u8]) -> Program {
        let l = from_ascii(text);
        assert_eq!(l.error, None);
        l.program
    }

    #[test]
    fn tokenized_round_trip_and_digest_example_layout() {
        let p = ascii(b"0 ' line number 0\r\n1 ' x\r\n2 LIST \"TEST.ASC\"\r\n");
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
    fn truncated_tokenized_file_runs_on_into_zeroed_memory() {
        // GW reads the file into memory and relinks it; after the file memory reads as
        // zeros [M gwbasic/truncated_code, gwbasic/tokens]
        let p = ascii(b"10 PRINT 1\r\n20 PRINT 2\r\n");
        let bytes = save_tokenized(&p);
        // cut inside line 20: the line keeps the text before the cut, no error
        let cut = load_partial(&bytes[..15]);
        assert_eq!(cut.error, None);
        let lines: Vec<(u16, Vec<u8>)> = cut.program.iter().map(|(n, b)| (n, b.to_vec())).collect();
        assert_eq!(lines[1], (20, vec![0x91, b' ']));
        assert_eq!(lines.len(), 2);
        // cut inside line 10's first byte of text
        let first = load(&bytes[..6]).unwrap().0;
        assert_eq!(first.get(10), Some(&[0x91][..]));
        // a file that just lacks the end link is complete
        let end = bytes.len() - 3;
        assert_eq!(load(&bytes[..end]).unwrap().0, p);
        // a Ctrl-Z where the end link belongs is read as a link: one more, empty, line 0
        let mut ctrl_z = bytes[..end].to_vec();
        ctrl_z.push(0x1A);
        let with_zero = load(&ctrl_z).unwrap().0;
        let last = with_zero.iter().last().map(|(n, b)| (n, b.to_vec()));
        assert_eq!(last, Some((0, vec![])));
        assert_eq!(with_zero.len(), 3);
    }

    #[test]
    fn memory_after_a_line_is_the_next_lines_image_then_zeros() {
        let mut p = Program::new();
        p.push(10, vec![0xFD]);
        p.push(20, vec![0x91]);
        // line 20 sits at &H126E + 6 and links to &H126E + 12
        assert_eq!(
            image_after(&p, 10),
            vec![0x7A, 0x12, 20, 0, 0x91, 0, 0, 0, 0, 0]
        );
        assert_eq!(image_after(&p, 20), vec![0, 0, 0, 0]);
    }

    #[test]
    fn ascii_stops_at_a_direct_statement_keeping_the_lines_before() {
        let l = load_partial(b"10 PRINT 1\n20 X\nPRINT 2\n30 END\n");
        assert_eq!(
            l.program.iter().map(|(n, _)| n).collect::<Vec<_>>(),
            vec![10, 20]
        );
        assert_eq!(
            l.error.map(|e| (e.code, e.line_index)),
            Some((ErrorCode::DirectStatementInFile, 2))
        );
    }

    #[test]
    fn ascii_accepts_lf_crlf_ctrl_z_and_blank_lines() {
        let a = ascii(b"10 PRINT 1\r\n\r\n20 END\r\n\x1A garbage");
        let b = ascii(b"10 PRINT 1\n20 END");
        assert_eq!(a, b);
    }

    #[test]
    fn crlf_text_keeps_a_bare_lf_and_stops_a_line_at_nul() {
        // [M unsorted/LITERALS]: GW's LOAD ends a line at CR only; an LF CR pair does not
        // end it, an LF at a line's start is dropped, and the text ends at a NUL
        let p = ascii(b"10 A$=\"x\ny\"\r\n20 PRINT \"ab\x00cd\"\r\n30 A=1\n\r:B=2\r\n");
        let body = |n: u16| p.iter().find(|(k, _)| *k == n).map(|(_, b)| b.to_vec());
        assert_eq!(
            body(10),
            Some(crate::text::lex::crunch(b"A$=\"x\ny\"").unwrap().body)
        );
        assert_eq!(
            body(20),
            Some(crate::text::lex::crunch(b"PRINT \"ab").unwrap().body)
        );
        assert_eq!(
            body(30),
            Some(crate::text::lex::crunch(b"A=1\n:B=2").unwrap().body)
        );
    }

    #[test]
    fn ascii_save_is_list_text() {
        let p = ascii(b"10 print 1\n20 goto 10\n");
        assert_eq!(save_ascii(&p), b"10 PRINT 1\r\n20 GOTO 10\r\n\x1A".to_vec());
    }

    #[test]
    fn protected_round_trip() {
        let p = ascii(b"10 PRINT \"SECRET\"\n20 GOTO 10\n");
        let bytes = save_protected(&p);
        assert_eq!(bytes[0], 0xFE);
        assert_ne!(&bytes[1..bytes.len() - 1], image(&p).as_slice());
        assert_eq!(load(&bytes).unwrap(), (p, true));
    }
}
