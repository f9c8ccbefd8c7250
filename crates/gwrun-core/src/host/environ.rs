//! GW-BASIC's environment string table: the program's own `NAME=text` strings, which
//! ENVIRON changes, ENVIRON$ reads and SHELL's command inherits. It is never the host
//! process's environment (a program reads no host secrets through it): a session starts
//! with a DOS-like table (`DOS_DEFAULTS`), to which the front end adds the user's
//! entries (`gwrun --env NAME=VALUE`).
//!
//! The rules are those of the GW-BASIC User's Manual (ENVIRON, ENVIRON$; the published
//! assembly source has only the ADVERR stub for them) where PC-BASIC 2.0.8, which follows
//! 3.23 on the errors, agrees: the name is everything before the first blank or `=`,
//! upper-cased (as DOS's SET does; ENVIRON$ upper-cases the name it looks up too); the
//! text starts at the first byte after it that is neither a blank nor `=`; an entry
//! that is set again is deleted and added at the end; an empty text or a lone `;`
//! deletes the entry; no separator or an empty name is an Illegal function call. The
//! table is a DOS environment block: each entry takes its bytes and a NUL, the block a
//! final NUL, and it holds at most `CAPACITY` bytes (DOS's largest environment); past
//! that ENVIRON is Out of memory.

/// The largest DOS environment block (COMMAND.COM's `/E:32768`), in bytes.
pub const CAPACITY: usize = 32768;

/// The table a session starts with, as DOS 3.3's COMMAND.COM and AUTOEXEC.BAT left it on
/// a PC with a hard disk: the command interpreter, a search path (DOS's utilities, then
/// the root) and the usual prompt showing the current directory.
pub const DOS_DEFAULTS: [&[u8]; 3] = [
    b"COMSPEC=C:\\COMMAND.COM",
    b"PATH=C:\\DOS;C:\\",
    b"PROMPT=$P$G",
];

/// Why a string could not be put in the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EnvError {
    /// No blank or `=` after the name, or an empty name (Illegal function call).
    Malformed,
    /// The entry does not fit in `CAPACITY` bytes (Out of memory).
    Full,
}

/// The environment string table: entries `NAME=text` in their order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Environment {
    entries: Vec<Vec<u8>>,
}

impl Default for Environment {
    fn default() -> Self {
        Environment::dos()
    }
}

impl Environment {
    /// The DOS-like table a session starts with (`DOS_DEFAULTS`).
    pub fn dos() -> Environment {
        Environment {
            entries: DOS_DEFAULTS.iter().map(|e| e.to_vec()).collect(),
        }
    }

    /// A table with no entries.
    pub fn empty() -> Environment {
        Environment {
            entries: Vec::new(),
        }
    }

    /// ENVIRON's rule: sets, replaces or deletes the entry `text` names (`NAME=text` or
    /// `NAME text`). On an error the table is unchanged.
    pub fn set(&mut self, text: &[u8]) -> Result<(), EnvError> {
        let end = text
            .iter()
            .position(|&b| b == b' ' || b == b'=')
            .ok_or(EnvError::Malformed)?;
        if end == 0 {
            return Err(EnvError::Malformed);
        }
        let name = text[..end].to_ascii_uppercase();
        let value = &text[end..];
        let start = value
            .iter()
            .position(|&b| b != b' ' && b != b'=')
            .unwrap_or(value.len());
        let value = &value[start..];
        let old = self.position(&name);
        if value.is_empty() || value == b";" {
            if let Some(i) = old {
                self.entries.remove(i);
            }
            return Ok(());
        }
        let mut entry = name;
        entry.push(b'=');
        entry.extend_from_slice(value);
        let freed = old.map_or(0, |i| self.entries[i].len() + 1);
        if self.size() - freed + entry.len() + 1 > CAPACITY {
            return Err(EnvError::Full);
        }
        if let Some(i) = old {
            self.entries.remove(i);
        }
        self.entries.push(entry);
        Ok(())
    }

    /// ENVIRON$(name): the text of the entry `name` names (upper-cased), or "".
    pub fn value(&self, name: &[u8]) -> &[u8] {
        let name = name.to_ascii_uppercase();
        self.position(&name)
            .map_or(&[][..], |i| &self.entries[i][name.len() + 1..])
    }

    /// ENVIRON$(n): the n-th entry (1 is the first) as `NAME=text`, or "" past the end.
    pub fn entry(&self, n: usize) -> &[u8] {
        n.checked_sub(1)
            .and_then(|i| self.entries.get(i))
            .map_or(&[][..], |e| e.as_slice())
    }

    /// Every entry as (name, text), in the table's order.
    pub fn pairs(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        self.entries.iter().map(|e| {
            let eq = e.iter().position(|&b| b == b'=').unwrap_or(e.len());
            (&e[..eq], e.get(eq + 1..).unwrap_or(&[]))
        })
    }

    /// The entries a command SHELL starts should see on top of the host's own
    /// environment: every entry but the DOS defaults a session starts with, kept as they
    /// were (a DOS `PATH` would hide the host's commands from it).
    pub fn for_child(&self) -> impl Iterator<Item = (&[u8], &[u8])> {
        self.entries
            .iter()
            .zip(self.pairs())
            .filter(|(e, _)| !DOS_DEFAULTS.contains(&e.as_slice()))
            .map(|(_, p)| p)
    }

    /// The bytes the table takes as a DOS environment block.
    pub fn size(&self) -> usize {
        self.entries.iter().map(|e| e.len() + 1).sum::<usize>() + 1
    }

    fn position(&self, name: &[u8]) -> Option<usize> {
        self.entries
            .iter()
            .position(|e| e.len() > name.len() && e[name.len()] == b'=' && e.starts_with(name))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_are_set_replaced_at_the_end_and_deleted() {
        let mut t = Environment::empty();
        t.set(b"PATH=A:\\").unwrap();
        t.set(b"COMSPEC A:\\COMMAND.COM").unwrap();
        assert_eq!(t.entry(1), b"PATH=A:\\");
        assert_eq!(t.entry(2), b"COMSPEC=A:\\COMMAND.COM");
        assert_eq!(t.entry(3), b"");
        assert_eq!(t.entry(0), b"");
        // the manual's example: set again, it moves to the end
        t.set(b"PATH=A:\\SALES;A:\\ACCOUNTING").unwrap();
        assert_eq!(t.entry(1), b"COMSPEC=A:\\COMMAND.COM");
        assert_eq!(t.value(b"path"), b"A:\\SALES;A:\\ACCOUNTING");
        t.set(b"COMSPEC=;").unwrap();
        assert_eq!(t.entry(1), b"PATH=A:\\SALES;A:\\ACCOUNTING");
        t.set(b"PATH=").unwrap();
        assert_eq!(t.size(), 1);
        // deleting what is not there is no error
        t.set(b"NONE ").unwrap();
    }

    #[test]
    fn the_name_ends_at_the_first_blank_or_equal_sign() {
        let mut t = Environment::empty();
        t.set(b"a b=c").unwrap();
        assert_eq!(t.entry(1), b"A=b=c");
        t.set(b"X = = Y").unwrap();
        assert_eq!(t.value(b"X"), b"Y");
        assert_eq!(t.set(b"NOSEPARATOR"), Err(EnvError::Malformed));
        assert_eq!(t.set(b"=X"), Err(EnvError::Malformed));
        assert_eq!(t.set(b" X"), Err(EnvError::Malformed));
        assert_eq!(t.set(b""), Err(EnvError::Malformed));
        // a name that is a prefix of another's is a different name
        t.set(b"XY=1").unwrap();
        assert_eq!(t.value(b"X"), b"Y");
        assert_eq!(t.value(b"XY"), b"1");
    }

    #[test]
    fn a_full_block_refuses_and_keeps_the_table() {
        let mut t = Environment::empty();
        let long = [b'V'; 250];
        let mut n = 0;
        loop {
            let mut e = format!("N{n}=").into_bytes();
            e.extend_from_slice(&long);
            match t.set(&e) {
                Ok(()) => n += 1,
                Err(err) => {
                    assert_eq!(err, EnvError::Full);
                    break;
                }
            }
        }
        assert!(t.size() <= CAPACITY);
        assert!(t.size() + 256 > CAPACITY, "stopped at {} bytes", t.size());
        // replacing an entry frees its bytes first
        let before = t.clone();
        let mut e = b"N0=".to_vec();
        e.extend_from_slice(&long);
        t.set(&e).unwrap();
        assert_eq!(t.size(), before.size());
        assert_eq!(t.entry(n), e.as_slice());
    }

    #[test]
    fn a_child_sees_what_the_program_and_user_set() {
        let mut t = Environment::dos();
        assert_eq!(t.for_child().count(), 0);
        t.set(b"GWTEST=1").unwrap();
        t.set(b"PATH=C:\\BIN").unwrap();
        let child: Vec<_> = t.for_child().collect();
        assert_eq!(
            child,
            vec![(&b"GWTEST"[..], &b"1"[..]), (&b"PATH"[..], &b"C:\\BIN"[..])]
        );
    }
}
