//! The cached directory index behind DOS name lookup. DOS names are matched without
//! regard to case (and by their 8.3 form), which a host directory cannot answer by
//! itself: each directory the program uses is listed once, and its names kept in hash
//! maps (upper-cased as typed, and 8.3 form), so a lookup costs one hash probe, and in
//! sorted order for FILES and KILL patterns.
//!
//! An index stays valid while the directory's stamp (`FileSystem::dir_stamp`: on the
//! host its inode, modification and change times and size) is the one it was built
//! with; the program's own changes (a file made, removed or renamed) update the index
//! in place and take the new stamp, so creating N files costs N index insertions
//! (O(log N) each) and no listing. A change by another process changes the stamp and the
//! next lookup lists the directory again. One gap is left by the host's coarse clock: a
//! change made by another process within the same clock tick as the program's own may
//! keep the stamp; a lookup that misses therefore also asks the host for the name as
//! typed and for its upper-case 8.3 form (what gwrun and DOS create) before it says the
//! file is not there. The scans and entries read are counted (`IndexStats`), so tests
//! measure the work instead of the time.

use super::names::{Name, host_fcb};
use crate::host::fs::{FileSystem, FsError, HostName, HostPath, Kind, Stamp};
use std::collections::{BTreeMap, HashMap};
use std::hash::{BuildHasherDefault, Hasher};
use std::rc::Rc;

/// At most this many directories keep an index; more drop them all (a program walking
/// a whole tree gets no worse than listing each directory it looks into).
const MAX_INDEXES: usize = 64;

/// What the indexes have cost: directory listings and the entries they returned.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct IndexStats {
    pub scans: u64,
    pub entries: u64,
}

type Shared = Rc<[u8]>;

/// The hash of the indexes' keys (a directory's names, upper-cased or in 8.3 form):
/// eight bytes a step, multiplied and rotated, and mixed at the end so that every bit
/// reaches the bits the table picks its bucket by. std's SipHash, built to resist keys
/// chosen against it, was a third of indexing a folder; these keys are the names in
/// the program's own folders, so the worst a crafted set of names could do is slow
/// down the lookups of the program that made them.
#[derive(Default, Clone, Copy)]
struct NameHasher(u64);

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;

impl NameHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for NameHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            let mut w = [0; 8];
            w.copy_from_slice(c);
            self.add(u64::from_le_bytes(w));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut w = [0; 8];
            w[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(w));
        }
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        // the last step of MurmurHash3's 64-bit finaliser
        let h = self.0 ^ (self.0 >> 33);
        let h = h.wrapping_mul(0xff51_afd7_ed55_8ccd);
        h ^ (h >> 33)
    }
}

type NameHash = BuildHasherDefault<NameHasher>;

#[derive(Debug)]
struct DirIndex {
    stamp: Option<Stamp>,
    /// Host names in sorted order, with their kind and 8.3 form (None: hidden).
    entries: BTreeMap<Shared, (Kind, Option<[u8; 11]>)>,
    /// Names by their upper-cased spelling; each list sorted.
    by_upper: HashMap<Vec<u8>, Vec<Shared>, NameHash>,
    /// Names by their 8.3 form; each list sorted.
    by_fcb: HashMap<[u8; 11], Vec<Shared>, NameHash>,
}

fn insert_sorted(list: &mut Vec<Shared>, name: &Shared) {
    if let Err(k) = list.binary_search(name) {
        list.insert(k, name.clone());
    }
}

fn remove_sorted(list: &mut Vec<Shared>, name: &[u8]) {
    if let Ok(k) = list.binary_search_by(|n| (**n).cmp(name)) {
        list.remove(k);
    }
}

impl DirIndex {
    /// An empty index with room for `names` names.
    fn new(stamp: Option<Stamp>, names: usize) -> DirIndex {
        DirIndex {
            stamp,
            entries: BTreeMap::new(),
            by_upper: HashMap::with_capacity_and_hasher(names, NameHash::default()),
            by_fcb: HashMap::with_capacity_and_hasher(names, NameHash::default()),
        }
    }

    fn add(&mut self, name: &[u8], kind: Kind) {
        let shared: Shared = Rc::from(name);
        let fcb = host_fcb(name);
        if self.entries.insert(shared.clone(), (kind, fcb)).is_some() {
            return;
        }
        insert_sorted(
            self.by_upper.entry(name.to_ascii_uppercase()).or_default(),
            &shared,
        );
        if let Some(f) = fcb {
            insert_sorted(self.by_fcb.entry(f).or_default(), &shared);
        }
    }

    fn remove(&mut self, name: &[u8]) {
        let Some((_, fcb)) = self.entries.remove(name) else {
            return;
        };
        let up = name.to_ascii_uppercase();
        if let Some(list) = self.by_upper.get_mut(&up) {
            remove_sorted(list, name);
            if list.is_empty() {
                self.by_upper.remove(&up);
            }
        }
        if let Some(f) = fcb
            && let Some(list) = self.by_fcb.get_mut(&f)
        {
            remove_sorted(list, name);
            if list.is_empty() {
                self.by_fcb.remove(&f);
            }
        }
    }

    /// The entry a DOS name refers to: the name as typed in any case (the first in
    /// sorted order among spellings that differ only in case), else the first whose 8.3
    /// form is the name's.
    fn find(&self, name: &Name) -> Option<(HostName, Kind)> {
        let hit = self
            .by_upper
            .get(&name.raw.to_ascii_uppercase())
            .and_then(|l| l.first())
            .or_else(|| self.by_fcb.get(&name.fcb).and_then(|l| l.first()))?;
        let (kind, _) = self.entries.get(hit)?;
        Some((hit.to_vec(), *kind))
    }
}

/// The indexes of the directories in use.
#[derive(Debug, Default)]
pub(crate) struct DirIndexes {
    map: HashMap<HostPath, DirIndex>,
    pub stats: IndexStats,
}

impl DirIndexes {
    /// The index of `dir`, listed again when its stamp changed (or cannot be known).
    fn fresh(&mut self, fs: &mut dyn FileSystem, dir: &HostPath) -> Result<(), FsError> {
        let stamp = fs.dir_stamp(dir);
        if stamp.is_none() {
            // no stamp: the directory is missing, or the host cannot tell
            self.map.remove(dir);
        } else if self.map.get(dir).is_some_and(|i| i.stamp == stamp) {
            return Ok(());
        }
        self.rescan(fs, dir, stamp)
    }

    fn rescan(
        &mut self,
        fs: &mut dyn FileSystem,
        dir: &HostPath,
        stamp: Option<Stamp>,
    ) -> Result<(), FsError> {
        let list = fs.read_dir(dir)?;
        self.stats.scans += 1;
        self.stats.entries += list.len() as u64;
        let mut index = DirIndex::new(stamp, list.len());
        for e in list {
            index.add(&e.name, e.kind);
        }
        if self.map.len() >= MAX_INDEXES && !self.map.contains_key(dir) {
            self.map.clear();
        }
        self.map.insert(dir.clone(), index);
        Ok(())
    }

    /// The entry of `dir` a DOS name refers to (see `DirIndex::find`), with its kind.
    pub fn lookup(
        &mut self,
        fs: &mut dyn FileSystem,
        dir: &HostPath,
        name: &Name,
    ) -> Result<Option<(HostName, Kind)>, FsError> {
        self.fresh(fs, dir)?;
        let found = self.map.get(dir).and_then(|i| i.find(name));
        if found.is_some() || name.is_pattern() {
            return Ok(found);
        }
        // a miss: is the name there after all, made by another process within the
        // clock tick of the stamp?
        let probes = [name.raw.clone(), name.dos().into_bytes()];
        let stale = probes.iter().any(|p| fs.stat(&dir.join(p)).is_ok());
        if !stale {
            return Ok(None);
        }
        let stamp = fs.dir_stamp(dir);
        self.rescan(fs, dir, stamp)?;
        Ok(self.map.get(dir).and_then(|i| i.find(name)))
    }

    /// The visible entries of `dir` in host-name order: 8.3 form, kind, host name.
    pub fn list(
        &mut self,
        fs: &mut dyn FileSystem,
        dir: &HostPath,
    ) -> Result<Vec<([u8; 11], Kind, HostName)>, FsError> {
        self.fresh(fs, dir)?;
        Ok(self.map.get(dir).map_or_else(Vec::new, |i| {
            i.entries
                .iter()
                .filter_map(|(n, (kind, fcb))| fcb.map(|f| (f, *kind, n.to_vec())))
                .collect()
        }))
    }

    /// The program made `path` (a file or directory): its directory's index learns it
    /// and takes the directory's new stamp.
    pub fn added(&mut self, fs: &mut dyn FileSystem, path: &HostPath, kind: Kind) {
        let Some(name) = path.file_name() else {
            return;
        };
        let dir = path.parent();
        if let Some(i) = self.map.get_mut(&dir) {
            i.add(name, kind);
            i.stamp = fs.dir_stamp(&dir);
        }
    }

    /// The program removed `path`: its directory's index forgets it, and the indexes of
    /// the directories below it (a removed or renamed directory) are dropped.
    pub fn removed(&mut self, fs: &mut dyn FileSystem, path: &HostPath) {
        let Some(name) = path.file_name() else {
            return;
        };
        let dir = path.parent();
        if let Some(i) = self.map.get_mut(&dir) {
            i.remove(name);
            i.stamp = fs.dir_stamp(&dir);
        }
        self.map
            .retain(|k, _| !(k.drive == path.drive && k.steps.starts_with(&path.steps)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dos::names::parse_name;
    use crate::host::fs::mem::MemFs;
    use crate::host::fs::{FileSystem, OpenHow};

    fn name(s: &str) -> Name {
        parse_name(s.as_bytes(), false).unwrap()
    }

    fn create(fs: &mut MemFs, n: &str) {
        let how = OpenHow {
            write: true,
            create: true,
            ..OpenHow::default()
        };
        fs.open(&HostPath::root(2).join(n.as_bytes()), how).unwrap();
    }

    #[test]
    fn lookups_by_spelling_and_8_3_form() {
        let mut fs = MemFs::new();
        for n in [
            "Data.txt",
            "DATA.TXT",
            "longfilename.txt",
            "longfile.txt.bak",
        ] {
            create(&mut fs, n);
        }
        let mut ix = DirIndexes::default();
        let root = HostPath::root(2);
        let hit = |ix: &mut DirIndexes, fs: &mut MemFs, s: &str| {
            ix.lookup(fs, &root, &name(s))
                .unwrap()
                .map(|(n, _)| String::from_utf8(n).unwrap())
        };
        // the first in sorted order among spellings of one name
        assert_eq!(
            hit(&mut ix, &mut fs, "data.txt").as_deref(),
            Some("DATA.TXT")
        );
        assert_eq!(
            hit(&mut ix, &mut fs, "LONGFILE.TXT").as_deref(),
            Some("longfilename.txt")
        );
        assert_eq!(hit(&mut ix, &mut fs, "NONE"), None);
        assert_eq!(ix.stats.scans, 1);
    }

    #[test]
    fn own_changes_update_in_place_and_others_are_seen() {
        let mut fs = MemFs::new();
        let mut ix = DirIndexes::default();
        let root = HostPath::root(2);
        assert_eq!(ix.lookup(&mut fs, &root, &name("A")).unwrap(), None);
        for k in 0..100 {
            let n = format!("F{k}");
            create(&mut fs, &n);
            ix.added(&mut fs, &root.join(n.as_bytes()), Kind::File);
        }
        assert!(ix.lookup(&mut fs, &root, &name("f42")).unwrap().is_some());
        assert_eq!(ix.stats.scans, 1, "no listing after the first");
        // another handle on the disk (another process) adds a file in a subdirectory
        let mut other = fs.clone();
        create(&mut other, "OTHER");
        assert!(ix.lookup(&mut fs, &root, &name("other")).unwrap().is_some());
        assert_eq!(ix.stats.scans, 2);
        fs.remove_file(&root.join(b"F1")).unwrap();
        ix.removed(&mut fs, &root.join(b"F1"));
        assert_eq!(ix.list(&mut fs, &root).unwrap().len(), 100);
        assert_eq!(ix.stats.scans, 2);
    }
}
