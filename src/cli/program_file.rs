//! A program file named on the command line: found as LOAD finds it (`.BAS` added, any
//! case) or read from standard input (`-`), read within the program size cap, and loaded
//! into the session; every failure a message on stderr and exit status 1 (a directory, a
//! missing file, data that is no program at all each said in words). An error GW-BASIC
//! itself reports while loading (Direct statement in file, Line buffer overflow) is also
//! on the screen transcript, as GW showed it.

use gwrun_core::session::Session;
use std::path::{Path, PathBuf};

/// Loads a program file into the session (a message and exit status 1 when it cannot).
pub(super) fn load_file(session: &mut Session, path: &Path) -> Result<(), i32> {
    let (path, bytes) = read_program_file(path)?;
    if let Err(e) = session.load_source(&bytes) {
        match not_a_program(&bytes) {
            Some(why) => eprintln!("gwrun: {}: not a GW-BASIC program ({why})", path.display()),
            None => {
                // GW-BASIC loads a program named on its command line as RUN "file" does:
                // an error in the file stops the load with its message on the screen and
                // the program does not run; a transcript shows the message too
                if !std::io::IsTerminal::is_terminal(&std::io::stdout()) {
                    session.screen_write(e.to_string().as_bytes());
                    session.screen_newline();
                    session.finish_screen();
                }
                eprintln!("gwrun: {}: {e}", path.display());
            }
        }
        return Err(1);
    }
    Ok(())
}

/// A program file found as LOAD finds it (or standard input for `-`) and read within the
/// program size cap (a message and exit status 1 when it cannot be).
pub(super) fn read_program_file(path: &Path) -> Result<(PathBuf, Vec<u8>), i32> {
    if is_stdio(path) {
        return match read_stdin_program() {
            Ok(b) => Ok((PathBuf::from("(standard input)"), b)),
            Err(e) => {
                eprintln!("gwrun: cannot read the program from standard input: {e}");
                Err(1)
            }
        };
    }
    if path.is_dir() {
        eprintln!(
            "gwrun: {}: is a directory, not a program (name a .BAS file in it)",
            path.display()
        );
        return Err(1);
    }
    let Some(found) = find_program(path) else {
        eprintln!(
            "gwrun: {}: no such program (nor with .BAS added, in any case)",
            path.display()
        );
        return Err(1);
    };
    match crate::disk::read_program(&found) {
        Ok(b) => Ok((found, b)),
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", found.display());
            Err(1)
        }
    }
}

/// `-` where a file is expected: standard input or output.
pub(super) fn is_stdio(path: &Path) -> bool {
    path.as_os_str() == "-"
}

/// A program from standard input: an ASCII one up to its end or a Ctrl-Z (where LOAD
/// stops reading; what follows stays for the program's INPUT), a tokenised or protected
/// one to the end; never more than `MAX_FILE` bytes.
fn read_stdin_program() -> std::io::Result<Vec<u8>> {
    use gwrun_core::program::progfile::MAX_FILE;
    use std::io::{BufRead, Read};
    // read by the descriptor as the console reads it; what was read past the program
    // is handed back to the console (the program's INPUT)
    let mut input = std::io::BufReader::new(crate::waits::Stdin::new(Default::default()));
    let binary = matches!(input.fill_buf()?.first(), Some(0xFE | 0xFF));
    let mut bytes = Vec::new();
    let mut limited = (&mut input).take(MAX_FILE as u64 + 1);
    if binary {
        limited.read_to_end(&mut bytes)?;
    } else {
        limited.read_until(0x1A, &mut bytes)?;
    }
    crate::waits::put_back(input.buffer());
    if bytes.len() > MAX_FILE {
        return Err(std::io::Error::new(
            std::io::ErrorKind::FileTooLarge,
            format!("more than {MAX_FILE} bytes, larger than any program GW-BASIC could hold"),
        ));
    }
    Ok(bytes)
}

/// Why bytes that failed to load are not a program at all: they are neither one of GW's
/// binary formats (whose first byte is FF or FE) nor text (a control code other than a
/// tab, line end, form feed or Ctrl-Z near the start). None when they are text: GW's own
/// error then says what is wrong.
pub(super) fn not_a_program(bytes: &[u8]) -> Option<String> {
    if matches!(bytes.first(), Some(0xFE | 0xFF)) {
        return None;
    }
    let head = &bytes[..bytes.len().min(512)];
    let at = head
        .iter()
        .position(|&b| b < 0x20 && !matches!(b, b'\t' | b'\n' | b'\r' | 0x0C | 0x1A))?;
    Some(format!(
        "byte {:02X} at offset {at}: neither text nor a tokenised or protected program, \
         which start with byte FF or FE",
        head[at]
    ))
}

/// A program file as LOAD finds it: the name as given if it exists, else with `.BAS`
/// added when it has no extension, the name's case not mattering (DOS names).
pub fn find_program(path: &Path) -> Option<PathBuf> {
    if path.exists() && !path.is_dir() {
        return Some(path.to_path_buf());
    }
    let name = path.file_name()?.to_str()?;
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let with_ext = if Path::new(name).extension().is_none() && !name.ends_with('.') {
        format!("{name}.BAS")
    } else {
        name.to_string()
    };
    // the exact spelling first, then any case
    let exact = dir.join(&with_ext);
    if exact.is_file() {
        return Some(path.with_file_name(with_ext));
    }
    let found = std::fs::read_dir(dir)
        .ok()?
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.eq_ignore_ascii_case(&with_ext))
        .min()?;
    let candidate = path.with_file_name(found);
    candidate.is_file().then_some(candidate)
}
