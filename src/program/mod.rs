//! The program as GW-BASIC stores it: numbered lines of crunched bytes, in order. Editing,
//! ranges, size in memory (for FRE), and reading an ASCII program file. `Workspace` is
//! the program a session edits and runs: the lines, whether they came from a protected
//! file, and an edit counter that tells when the compiled form is out of date.

pub mod progfile;
pub mod protect;
pub mod renum;

use crate::error::ErrorCode;
use std::collections::BTreeMap;

/// The stored program.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Program {
    lines: BTreeMap<u16, Vec<u8>>,
    /// Bytes the lines take in GW's memory (kept up to date by every edit).
    bytes: usize,
}

/// The program a session edits and runs.
#[derive(Debug, Clone, Default)]
pub struct Workspace {
    pub program: Program,
    /// The program came from a protected file: LIST, EDIT, MERGE into it and plain SAVE
    /// are refused.
    pub protected: bool,
    /// Counts edits; the compiled code records the count it was made from.
    pub epoch: u64,
}

impl Workspace {
    /// The program was changed.
    pub fn edited(&mut self) {
        self.epoch += 1;
    }

    /// A new program replaces the old one.
    pub fn replace(&mut self, program: Program, protected: bool) {
        self.program = program;
        self.protected = protected;
        self.edited();
    }
}

impl Program {
    pub fn new() -> Program {
        Program::default()
    }

    pub fn is_empty(&self) -> bool {
        self.lines.is_empty()
    }

    pub fn len(&self) -> usize {
        self.lines.len()
    }

    /// Store or replace a line.
    pub fn insert(&mut self, number: u16, body: Vec<u8>) {
        self.bytes += line_bytes(&body);
        if let Some(old) = self.lines.insert(number, body) {
            self.bytes -= line_bytes(&old);
        }
    }

    /// Delete a line; false if it did not exist.
    pub fn remove(&mut self, number: u16) -> bool {
        match self.lines.remove(&number) {
            Some(old) => {
                self.bytes -= line_bytes(&old);
                true
            }
            None => false,
        }
    }

    pub fn get(&self, number: u16) -> Option<&[u8]> {
        self.lines.get(&number).map(Vec::as_slice)
    }

    pub fn contains(&self, number: u16) -> bool {
        self.lines.contains_key(&number)
    }

    /// Lines in order.
    pub fn iter(&self) -> impl Iterator<Item = (u16, &[u8])> {
        self.lines.iter().map(|(n, b)| (*n, b.as_slice()))
    }

    /// Lines with numbers in `from..=to`.
    pub fn range(&self, from: u16, to: u16) -> impl Iterator<Item = (u16, &[u8])> {
        self.lines
            .range(from..=to.max(from))
            .map(|(n, b)| (*n, b.as_slice()))
    }

    pub fn first_number(&self) -> Option<u16> {
        self.lines.keys().next().copied()
    }

    pub fn last_number(&self) -> Option<u16> {
        self.lines.keys().next_back().copied()
    }

    pub fn clear(&mut self) {
        self.lines.clear();
        self.bytes = 0;
    }

    /// Bytes the program takes in GW-BASIC's memory: per line a 2-byte link, a 2-byte
    /// number, the body and a 0 terminator.
    pub fn byte_size(&self) -> usize {
        self.bytes
    }

    /// Replace the whole set of lines (RENUM).
    pub fn replace_all(&mut self, lines: BTreeMap<u16, Vec<u8>>) {
        self.bytes = lines.values().map(|b| line_bytes(b)).sum();
        self.lines = lines;
    }

    /// Parses an ASCII program (CR LF or LF line ends, optional Ctrl-Z end), all or
    /// nothing: see `progfile::from_ascii`.
    pub fn from_ascii(text: &[u8]) -> Result<Program, LoadError> {
        let l = crate::program::progfile::from_ascii(text);
        match l.error {
            Some(e) => Err(e),
            None => Ok(l.program),
        }
    }
}

/// Bytes one line takes in GW's memory: link, number, body, terminator.
fn line_bytes(body: &[u8]) -> usize {
    body.len() + 5
}

/// Why a program file could not be loaded, and at which text line (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadError {
    pub code: ErrorCode,
    pub line_index: usize,
}
