//! The program as GW-BASIC stores it: numbered lines of crunched bytes, in order. Editing,
//! ranges, size in memory (for FRE), and reading an ASCII program file. `Workspace` is
//! the program a session edits and runs: the lines, whether they came from a protected
//! file, and an edit counter that tells when the compiled form is out of date.

pub mod progfile;
pub mod protect;
pub mod renum;
pub mod textenc;

use crate::error::ErrorCode;
use std::collections::BTreeMap;

/// The stored program: lines in memory order, as GW-BASIC keeps them. Typed and ASCII
/// lines go where GW's line search (FNDLIN: the first line whose number is at least
/// the one sought) puts them, so they stay in order; a tokenized file is taken as it
/// is, and may hold lines out of order or twice [M gwbasic/line_number_out_of_order],
/// which LIST and SAVE then show in memory order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Program {
    lines: Vec<(u16, Vec<u8>)>,
    /// Line numbers strictly increase (so FNDLIN can search by halves).
    sorted: bool,
    /// Bytes the lines take in GW's memory (kept up to date by every edit).
    bytes: usize,
}

impl Default for Program {
    fn default() -> Self {
        Program {
            lines: Vec::new(),
            sorted: true,
            bytes: 0,
        }
    }
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

    /// GW's FNDLIN: the index of the first line whose number is at least `n` (the
    /// length when there is none).
    fn find(&self, n: u16) -> usize {
        if self.sorted {
            self.lines.partition_point(|(m, _)| *m < n)
        } else {
            self.lines
                .iter()
                .position(|(m, _)| *m >= n)
                .unwrap_or(self.lines.len())
        }
    }

    /// The index of line `n` as FNDLIN finds it (exactly), if it does.
    fn find_exact(&self, n: u16) -> Option<usize> {
        let i = self.find(n);
        (self.lines.get(i)?.0 == n).then_some(i)
    }

    /// Store or replace a line (where the line search puts it).
    pub fn insert(&mut self, number: u16, body: Vec<u8>) {
        self.bytes += line_bytes(&body);
        let i = self.find(number);
        match self.lines.get_mut(i) {
            Some(line) if line.0 == number => {
                let old = std::mem::replace(&mut line.1, body);
                self.bytes -= line_bytes(&old);
            }
            _ => self.lines.insert(i, (number, body)),
        }
    }

    /// Append a line after the last, whatever its number (a tokenized file's lines).
    pub fn push(&mut self, number: u16, body: Vec<u8>) {
        if self.lines.last().is_some_and(|(m, _)| *m >= number) {
            self.sorted = false;
        }
        self.bytes += line_bytes(&body);
        self.lines.push((number, body));
    }

    /// Delete a line; false if the line search does not find it.
    pub fn remove(&mut self, number: u16) -> bool {
        match self.find_exact(number) {
            Some(i) => {
                let (_, old) = self.lines.remove(i);
                self.bytes -= line_bytes(&old);
                true
            }
            None => false,
        }
    }

    pub fn get(&self, number: u16) -> Option<&[u8]> {
        self.find_exact(number).map(|i| self.lines[i].1.as_slice())
    }

    pub fn contains(&self, number: u16) -> bool {
        self.find_exact(number).is_some()
    }

    /// Lines in memory order.
    pub fn iter(&self) -> impl Iterator<Item = (u16, &[u8])> {
        self.lines.iter().map(|(n, b)| (*n, b.as_slice()))
    }

    /// Lines as LIST walks a range: from the line the search finds for `from`, on while
    /// the numbers are at most `to` (none when `to` is below the line found: GWLIST.ASM
    /// LIST4 stops before printing a line above the range's end) [M unsorted/LIST].
    pub fn range(&self, from: u16, to: u16) -> impl Iterator<Item = (u16, &[u8])> {
        self.lines[self.find(from)..]
            .iter()
            .take_while(move |(n, _)| *n <= to)
            .map(|(n, b)| (*n, b.as_slice()))
    }

    pub fn last_number(&self) -> Option<u16> {
        self.lines.last().map(|l| l.0)
    }

    pub fn clear(&mut self) {
        *self = Program::default();
    }

    /// Bytes the program takes in GW-BASIC's memory: per line a 2-byte link, a 2-byte
    /// number, the body and a 0 terminator.
    pub fn byte_size(&self) -> usize {
        self.bytes
    }

    /// Replace the whole set of lines (RENUM).
    pub fn replace_all(&mut self, lines: BTreeMap<u16, Vec<u8>>) {
        self.bytes = lines.values().map(|b| line_bytes(b)).sum();
        self.lines = lines.into_iter().collect();
        self.sorted = true;
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
pub(crate) fn line_bytes(body: &[u8]) -> usize {
    body.len() + 5
}

/// Why a program file could not be loaded, and at which text line (0-based).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoadError {
    pub code: ErrorCode,
    pub line_index: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn numbers(p: &Program) -> Vec<u16> {
        p.iter().map(|(n, _)| n).collect()
    }

    #[test]
    fn typed_lines_keep_order_and_replace() {
        let mut p = Program::new();
        for n in [30, 10, 20, 10] {
            p.insert(n, b"X".to_vec());
        }
        assert_eq!(numbers(&p), vec![10, 20, 30]);
        assert_eq!(p.byte_size(), 3 * 6);
        assert!(p.remove(20) && !p.remove(20));
        assert_eq!(p.range(0, 65529).count(), 2);
    }

    #[test]
    fn a_tokenized_files_order_is_kept_and_searched_as_gw_does() {
        // [M gwbasic/line_number_out_of_order]: lines 5, 2573, 8265, 20, 25 in memory
        let mut p = Program::new();
        for n in [5, 2573, 8265, 20, 25] {
            p.push(n, vec![b'A' + (n % 26) as u8]);
        }
        assert_eq!(numbers(&p), vec![5, 2573, 8265, 20, 25]);
        // LIST walks memory order from the first line at or past the start
        let listed: Vec<u16> = p.range(0, 65530).map(|(n, _)| n).collect();
        assert_eq!(listed, vec![5, 2573, 8265, 20, 25]);
        // ... and stops at the first line past the end
        let listed: Vec<u16> = p.range(0, 3000).map(|(n, _)| n).collect();
        assert_eq!(listed, vec![5, 2573]);
        // FNDLIN stops at 2573 when looking for 20: line 20 is not found
        assert!(!p.contains(20));
        assert!(p.contains(2573));
        // a typed line goes where the search puts it
        p.insert(10, b"T".to_vec());
        assert_eq!(numbers(&p), vec![5, 10, 2573, 8265, 20, 25]);
    }
}
