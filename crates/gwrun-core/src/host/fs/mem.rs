//! `MemFs`: drives held in memory, for tests and for a front end without a host file
//! system (the browser page). A `MemFs` is a handle: clones share the same disks, so the
//! front end keeps one to list, export and import the files while the engine runs on
//! another. Each volume is a tree of directories and files; every drive letter is mapped
//! to a volume (by default all 26 to volume 0, the way the terminal front end serves
//! every letter from the program's folder), and no path can leave a volume: drives are
//! always confined. A directory's stamp counts its changes exactly; a file removed while
//! open stays readable through its handles, as on Unix. Between processes there is
//! nothing to lock, so the lock calls always succeed.

use super::{
    DriveInfo, Entry, FileId, FileSystem, FsError, HostFile, HostPath, HostStep, Kind, Meta,
    OpenHow, Stamp,
};
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::rc::Rc;

/// The bytes a volume reports free (FILES): a 1980s hard disk's worth.
const FREE: u64 = 20 * 1024 * 1024;

#[derive(Debug)]
struct FileData {
    id: u64,
    bytes: Vec<u8>,
}

#[derive(Debug)]
enum Node {
    File(Rc<RefCell<FileData>>),
    Dir(DirNode),
}

#[derive(Debug, Default)]
struct DirNode {
    id: u64,
    /// Changes of the entries so far.
    changes: u64,
    entries: BTreeMap<Vec<u8>, Node>,
}

#[derive(Debug)]
struct Disks {
    volumes: Vec<DirNode>,
    letters: [Option<usize>; 26],
    next_id: u64,
}

impl Disks {
    fn id(&mut self) -> u64 {
        self.next_id += 1;
        self.next_id
    }

    fn volume(&self, drive: u8) -> Result<usize, FsError> {
        self.letters
            .get(usize::from(drive))
            .copied()
            .flatten()
            .ok_or(FsError::NoDrive)
    }

    /// The directory at `steps` of a drive.
    fn dir(&self, drive: u8, steps: &[HostStep]) -> Result<&DirNode, FsError> {
        let mut d = &self.volumes[self.volume(drive)?];
        for s in steps {
            let HostStep::Name(n) = s else {
                return Err(FsError::Outside);
            };
            match d.entries.get(n) {
                Some(Node::Dir(sub)) => d = sub,
                _ => return Err(FsError::PathNotFound),
            }
        }
        Ok(d)
    }

    fn dir_mut(&mut self, drive: u8, steps: &[HostStep]) -> Result<&mut DirNode, FsError> {
        let v = self.volume(drive)?;
        let mut d = &mut self.volumes[v];
        for s in steps {
            let HostStep::Name(n) = s else {
                return Err(FsError::Outside);
            };
            match d.entries.get_mut(n) {
                Some(Node::Dir(sub)) => d = sub,
                _ => return Err(FsError::PathNotFound),
            }
        }
        Ok(d)
    }

    /// The directory holding a path's last entry, and that entry's name.
    fn parent_mut<'a>(&mut self, at: &'a HostPath) -> Result<(&mut DirNode, &'a [u8]), FsError> {
        let Some((HostStep::Name(name), dirs)) = at.steps.split_last() else {
            return Err(FsError::Denied);
        };
        Ok((self.dir_mut(at.drive, dirs)?, name))
    }

    fn node(&self, at: &HostPath) -> Result<Option<&Node>, FsError> {
        let Some((HostStep::Name(name), dirs)) = at.steps.split_last() else {
            return Ok(None);
        };
        Ok(self.dir(at.drive, dirs)?.entries.get(name))
    }
}

/// Drives in memory (see the module's description).
#[derive(Debug, Clone)]
pub struct MemFs {
    disks: Rc<RefCell<Disks>>,
}

impl Default for MemFs {
    fn default() -> Self {
        MemFs::new()
    }
}

/// A file of a volume, as `MemFs::export` lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MemFile {
    /// The names of the directories and the file below the volume's root.
    pub path: Vec<Vec<u8>>,
    pub bytes: Vec<u8>,
}

impl MemFs {
    /// One empty volume, every drive letter mapped to it.
    pub fn new() -> MemFs {
        MemFs {
            disks: Rc::new(RefCell::new(Disks {
                volumes: vec![DirNode::default()],
                letters: [Some(0); 26],
                next_id: 1,
            })),
        }
    }

    /// A new empty volume, mapped to `drive` (0 for `A:`); its index.
    pub fn mount_new(&self, drive: u8) -> usize {
        let mut d = self.disks.borrow_mut();
        let id = d.id();
        d.volumes.push(DirNode {
            id,
            ..DirNode::default()
        });
        let v = d.volumes.len() - 1;
        if let Some(slot) = d.letters.get_mut(usize::from(drive)) {
            *slot = Some(v);
        }
        v
    }

    /// Maps `drive` to nothing: the disk layer finds no such drive.
    pub fn unmount(&self, drive: u8) {
        if let Some(slot) = self.disks.borrow_mut().letters.get_mut(usize::from(drive)) {
            *slot = None;
        }
    }

    /// Every file of volume `v` with its path, in path order (directories with no files
    /// are left out): what a page stores to keep the disk.
    pub fn export(&self, v: usize) -> Vec<MemFile> {
        fn walk(d: &DirNode, path: &mut Vec<Vec<u8>>, out: &mut Vec<MemFile>) {
            for (name, node) in &d.entries {
                path.push(name.clone());
                match node {
                    Node::File(f) => out.push(MemFile {
                        path: path.clone(),
                        bytes: f.borrow().bytes.clone(),
                    }),
                    Node::Dir(sub) => walk(sub, path, out),
                }
                path.pop();
            }
        }
        let mut out = Vec::new();
        if let Some(root) = self.disks.borrow().volumes.get(v) {
            walk(root, &mut Vec::new(), &mut out);
        }
        out
    }

    /// Puts a file into volume `v`, making the directories on its way (an entry of the
    /// same name is replaced).
    pub fn import(&self, v: usize, file: &MemFile) -> Result<(), FsError> {
        let Some((name, dirs)) = file.path.split_last() else {
            return Err(FsError::BadName);
        };
        let mut d = self.disks.borrow_mut();
        let id = d.id();
        let mut ids: Vec<u64> = Vec::new();
        for _ in dirs {
            ids.push(d.id());
        }
        let mut dir = d.volumes.get_mut(v).ok_or(FsError::NoDrive)?;
        for (n, did) in dirs.iter().zip(ids) {
            if !matches!(dir.entries.get(n), Some(Node::Dir(_))) {
                dir.changes += 1;
                dir.entries.insert(
                    n.clone(),
                    Node::Dir(DirNode {
                        id: did,
                        ..DirNode::default()
                    }),
                );
            }
            let Some(Node::Dir(sub)) = dir.entries.get_mut(n) else {
                return Err(FsError::PathNotFound);
            };
            dir = sub;
        }
        dir.changes += 1;
        dir.entries.insert(
            name.clone(),
            Node::File(Rc::new(RefCell::new(FileData {
                id,
                bytes: file.bytes.clone(),
            }))),
        );
        Ok(())
    }

    /// The bytes of the file at `path` of volume `v`, if there is one.
    pub fn read(&self, v: usize, path: &[&[u8]]) -> Option<Vec<u8>> {
        let d = self.disks.borrow();
        let mut dir = d.volumes.get(v)?;
        let (name, dirs) = path.split_last()?;
        for n in dirs {
            match dir.entries.get(*n)? {
                Node::Dir(sub) => dir = sub,
                Node::File(_) => return None,
            }
        }
        match dir.entries.get(*name)? {
            Node::File(f) => Some(f.borrow().bytes.clone()),
            Node::Dir(_) => None,
        }
    }
}

fn meta_of(node: &Node) -> Meta {
    match node {
        Node::File(f) => {
            let f = f.borrow();
            Meta {
                kind: Kind::File,
                id: FileId(0, f.id),
                len: f.bytes.len() as u64,
            }
        }
        Node::Dir(d) => Meta {
            kind: Kind::Dir,
            id: FileId(0, d.id),
            len: 0,
        },
    }
}

impl FileSystem for MemFs {
    fn drive(&self, drive: u8) -> Option<DriveInfo> {
        self.disks
            .borrow()
            .volume(drive)
            .ok()
            .map(|_| DriveInfo { confined: true })
    }

    fn stat(&mut self, at: &HostPath) -> Result<Meta, FsError> {
        let d = self.disks.borrow();
        if at.steps.is_empty() {
            let root = &d.volumes[d.volume(at.drive)?];
            return Ok(Meta {
                kind: Kind::Dir,
                id: FileId(0, root.id),
                len: 0,
            });
        }
        d.node(at)?.map(meta_of).ok_or(FsError::NotFound)
    }

    fn read_dir(&mut self, at: &HostPath) -> Result<Vec<Entry>, FsError> {
        let d = self.disks.borrow();
        let dir = d.dir(at.drive, &at.steps)?;
        Ok(dir
            .entries
            .iter()
            .map(|(name, node)| Entry {
                name: name.clone(),
                kind: match node {
                    Node::File(_) => Kind::File,
                    Node::Dir(_) => Kind::Dir,
                },
            })
            .collect())
    }

    fn dir_stamp(&mut self, at: &HostPath) -> Option<Stamp> {
        let d = self.disks.borrow();
        let dir = d.dir(at.drive, &at.steps).ok()?;
        Some(Stamp([dir.id, dir.changes, 0, 0]))
    }

    fn open(&mut self, at: &HostPath, how: OpenHow) -> Result<Box<dyn HostFile>, FsError> {
        let mut d = self.disks.borrow_mut();
        let id = d.id();
        let (dir, name) = d.parent_mut(at).map_err(|e| match e {
            FsError::Denied => FsError::NotAFile,
            e => e,
        })?;
        let data = match dir.entries.get(name) {
            Some(Node::File(f)) => f.clone(),
            Some(Node::Dir(_)) => return Err(FsError::NotAFile),
            None if how.create => {
                let f = Rc::new(RefCell::new(FileData {
                    id,
                    bytes: Vec::new(),
                }));
                dir.changes += 1;
                dir.entries.insert(name.to_vec(), Node::File(f.clone()));
                f
            }
            None => return Err(FsError::NotFound),
        };
        if how.truncate {
            data.borrow_mut().bytes.clear();
        }
        Ok(Box::new(MemHandle {
            data,
            read: how.read,
            write: how.write || how.append,
        }))
    }

    fn create_dir(&mut self, at: &HostPath) -> Result<(), FsError> {
        let mut d = self.disks.borrow_mut();
        let id = d.id();
        let (dir, name) = d.parent_mut(at)?;
        if dir.entries.contains_key(name) {
            return Err(FsError::AlreadyExists);
        }
        dir.changes += 1;
        dir.entries.insert(
            name.to_vec(),
            Node::Dir(DirNode {
                id,
                ..DirNode::default()
            }),
        );
        Ok(())
    }

    fn remove_dir(&mut self, at: &HostPath) -> Result<(), FsError> {
        let mut d = self.disks.borrow_mut();
        let (dir, name) = d.parent_mut(at)?;
        match dir.entries.get(name) {
            Some(Node::Dir(sub)) if !sub.entries.is_empty() => return Err(FsError::NotEmpty),
            Some(Node::Dir(_)) => {}
            Some(Node::File(_)) => return Err(FsError::PathNotFound),
            None => return Err(FsError::NotFound),
        }
        dir.changes += 1;
        dir.entries.remove(name);
        Ok(())
    }

    fn remove_file(&mut self, at: &HostPath) -> Result<(), FsError> {
        let mut d = self.disks.borrow_mut();
        let (dir, name) = d.parent_mut(at)?;
        match dir.entries.get(name) {
            Some(Node::File(_)) => {}
            Some(Node::Dir(_)) => return Err(FsError::NotAFile),
            None => return Err(FsError::NotFound),
        }
        dir.changes += 1;
        dir.entries.remove(name);
        Ok(())
    }

    fn rename(&mut self, from: &HostPath, to: &HostPath) -> Result<(), FsError> {
        let mut d = self.disks.borrow_mut();
        if d.volume(from.drive)? != d.volume(to.drive)? {
            return Err(FsError::Io);
        }
        // a directory cannot move into itself
        if to.steps.len() > from.steps.len() && to.steps.starts_with(&from.steps) {
            return Err(FsError::Denied);
        }
        if d.node(to)?.is_some() {
            return Err(FsError::AlreadyExists);
        }
        d.dir(to.drive, &to.parent().steps)?;
        let (dir, name) = d.parent_mut(from)?;
        let node = dir.entries.remove(name).ok_or(FsError::NotFound)?;
        dir.changes += 1;
        let (dir, name) = d.parent_mut(to)?;
        dir.changes += 1;
        dir.entries.insert(name.to_vec(), node);
        Ok(())
    }

    fn free_space(&mut self, _at: &HostPath) -> u64 {
        FREE
    }

    fn replace(&mut self, at: &HostPath, bytes: &[u8]) -> Result<(), FsError> {
        let how = OpenHow {
            write: true,
            create: true,
            truncate: true,
            ..OpenHow::default()
        };
        let mut f = self.open(at, how)?;
        f.write_at(bytes, 0).map(|_| ())
    }
}

/// An open file in memory.
#[derive(Debug)]
struct MemHandle {
    data: Rc<RefCell<FileData>>,
    read: bool,
    write: bool,
}

impl HostFile for MemHandle {
    fn read_at(&mut self, buf: &mut [u8], at: u64) -> Result<usize, FsError> {
        if !self.read {
            return Err(FsError::Denied);
        }
        let d = self.data.borrow();
        let Ok(at) = usize::try_from(at) else {
            return Ok(0);
        };
        let have = d.bytes.get(at..).unwrap_or(&[]);
        let n = have.len().min(buf.len());
        buf[..n].copy_from_slice(&have[..n]);
        Ok(n)
    }

    fn write_at(&mut self, buf: &[u8], at: u64) -> Result<usize, FsError> {
        if !self.write {
            return Err(FsError::Denied);
        }
        let at = usize::try_from(at).map_err(|_| FsError::DiskFull)?;
        let end = at.checked_add(buf.len()).ok_or(FsError::DiskFull)?;
        if end as u64 > FREE * 4 {
            return Err(FsError::DiskFull);
        }
        let mut d = self.data.borrow_mut();
        if d.bytes.len() < end {
            d.bytes.resize(end, 0);
        }
        d.bytes[at..end].copy_from_slice(buf);
        Ok(buf.len())
    }

    fn append(&mut self, buf: &[u8]) -> Result<(), FsError> {
        let at = self.data.borrow().bytes.len() as u64;
        self.write_at(buf, at).map(|_| ())
    }

    fn size(&self) -> Result<u64, FsError> {
        Ok(self.data.borrow().bytes.len() as u64)
    }

    fn set_len(&mut self, len: u64) -> Result<(), FsError> {
        if !self.write {
            return Err(FsError::Denied);
        }
        let len = usize::try_from(len).map_err(|_| FsError::DiskFull)?;
        self.data.borrow_mut().bytes.resize(len, 0);
        Ok(())
    }

    fn id(&self) -> FileId {
        FileId(0, self.data.borrow().id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(names: &[&str]) -> HostPath {
        HostPath {
            drive: 2,
            steps: names
                .iter()
                .map(|n| HostStep::Name(n.as_bytes().to_vec()))
                .collect(),
        }
    }

    #[test]
    fn files_and_directories() {
        let mut fs = MemFs::new();
        let how = OpenHow {
            write: true,
            create: true,
            ..OpenHow::default()
        };
        fs.create_dir(&p(&["SUB"])).unwrap();
        let mut f = fs.open(&p(&["SUB", "A.TXT"]), how).unwrap();
        f.write_at(b"hello", 0).unwrap();
        assert_eq!(fs.stat(&p(&["SUB", "A.TXT"])).unwrap().len, 5);
        assert_eq!(fs.open(&p(&["SUB"]), how).unwrap_err(), FsError::NotAFile);
        assert_eq!(fs.remove_dir(&p(&["SUB"])), Err(FsError::NotEmpty));
        fs.rename(&p(&["SUB", "A.TXT"]), &p(&["B.TXT"])).unwrap();
        assert_eq!(fs.read(0, &[b"B.TXT"]).as_deref(), Some(&b"hello"[..]));
        // the open handle still reaches the file under its new name
        f.append(b"!").unwrap();
        assert_eq!(fs.read(0, &[b"B.TXT"]).as_deref(), Some(&b"hello!"[..]));
        fs.remove_dir(&p(&["SUB"])).unwrap();
        assert_eq!(
            fs.export(0),
            vec![MemFile {
                path: vec![b"B.TXT".to_vec()],
                bytes: b"hello!".to_vec()
            }]
        );
    }

    #[test]
    fn stamps_count_changes_and_letters_share_a_volume() {
        let mut fs = MemFs::new();
        let root = HostPath::root(2);
        let before = fs.dir_stamp(&root);
        fs.create_dir(&p(&["X"])).unwrap();
        assert_ne!(fs.dir_stamp(&root), before);
        // B: serves the same volume as C:
        assert_eq!(
            fs.stat(&HostPath::root(1).join(b"X")).unwrap().kind,
            Kind::Dir
        );
        fs.mount_new(1);
        assert_eq!(
            fs.stat(&HostPath::root(1).join(b"X")),
            Err(FsError::NotFound)
        );
        fs.unmount(0);
        assert_eq!(fs.drive(0), None);
    }

    /// A front end gives a session its disk, runs a program, and keeps what it wrote: a
    /// program imported before the run is LOADed by name from a drive letter.
    #[test]
    fn a_session_runs_on_an_imported_disk() {
        let disk = MemFs::new();
        let prog = b"10 OPEN \"B:OUT.TXT\" FOR OUTPUT AS 1: PRINT #1, \"hi\": CLOSE\r\n";
        disk.import(
            0,
            &MemFile {
                path: vec![b"GAME".to_vec(), b"PART2.BAS".to_vec()],
                bytes: prog.to_vec(),
            },
        )
        .unwrap();
        let mut s = crate::session::Session::captured(b"");
        s.machine_mut().set_file_system(Box::new(disk.clone()));
        s.load_source(b"10 RUN \"A:\\GAME\\PART2\"\r\n").unwrap();
        s.run_program();
        assert_eq!(s.take_output(), b"");
        assert_eq!(
            disk.read(0, &[b"OUT.TXT"]).as_deref(),
            Some(&b"hi\r\n\x1a"[..])
        );
        assert_eq!(disk.export(0).len(), 2);
    }

    #[test]
    fn import_makes_directories() {
        let fs = MemFs::new();
        let f = MemFile {
            path: vec![b"D".to_vec(), b"E".to_vec(), b"F.BAS".to_vec()],
            bytes: b"10 END\r\n".to_vec(),
        };
        fs.import(0, &f).unwrap();
        assert_eq!(fs.export(0), vec![f]);
    }
}
