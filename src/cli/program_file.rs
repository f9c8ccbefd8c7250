//! A program file named on the command line: found as LOAD finds it (`.BAS` added, any
//! case), read within the program size cap, and loaded into the session; every failure
//! a message on stderr and exit status 1.

use gwrun_core::session::Session;
use std::path::{Path, PathBuf};

/// Loads a program file into the session (a message and exit status 1 when it cannot).
pub(super) fn load_file(session: &mut Session, path: &Path) -> Result<(), i32> {
    let (path, bytes) = read_program_file(path)?;
    if let Err(e) = session.load_source(&bytes) {
        eprintln!("gwrun: {}: {e}", path.display());
        return Err(1);
    }
    Ok(())
}

/// A program file found as LOAD finds it and read within the program size cap (a
/// message and exit status 1 when it cannot be).
pub(super) fn read_program_file(path: &Path) -> Result<(PathBuf, Vec<u8>), i32> {
    let Some(found) = find_program(path) else {
        eprintln!(
            "gwrun: {}: no such program (nor with .BAS added, in any case)",
            path.display()
        );
        return Err(1);
    };
    match gwrun_core::program::progfile::read_program(&found) {
        Ok(b) => Ok((found, b)),
        Err(e) => {
            eprintln!("gwrun: cannot read {}: {e}", found.display());
            Err(1)
        }
    }
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
