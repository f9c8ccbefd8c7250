//! The native drives on real folders: confinement through links and `..`, FIFOs refused
//! without blocking, whole-or-nothing writes, and OS locks between handles.

use super::*;
use gwrun_core::host::fs::FileSystem;

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("gwrun-disk-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch");
    d
}

fn drives(home: &Path, confine: bool) -> NativeFs {
    NativeFs::new(&DriveMap {
        home: home.to_path_buf(),
        mounts: Vec::new(),
        confine,
    })
    .expect("drives")
}

fn at(names: &[&str]) -> HostPath {
    HostPath {
        drive: 2,
        steps: names
            .iter()
            .map(|n| match *n {
                ".." => HostStep::Up,
                n => HostStep::Name(n.as_bytes().to_vec()),
            })
            .collect(),
    }
}

#[cfg(unix)]
#[test]
fn confined_paths_never_leave_the_folder() {
    let top = scratch("confine");
    let home = top.join("home");
    std::fs::create_dir_all(home.join("SUB")).unwrap();
    std::fs::write(top.join("SECRET"), b"secret").unwrap();
    std::fs::write(home.join("SUB").join("IN"), b"in").unwrap();
    std::os::unix::fs::symlink(top.join("SECRET"), home.join("ABS")).unwrap();
    std::os::unix::fs::symlink("../SECRET", home.join("REL")).unwrap();
    std::os::unix::fs::symlink("..", home.join("UPDIR")).unwrap();
    std::os::unix::fs::symlink("SUB/IN", home.join("INSIDE")).unwrap();
    let mut fs = drives(&home, true);
    assert_eq!(fs.drive(2).map(|d| d.confined), Some(true));
    for p in [
        at(&["ABS"]),
        at(&["REL"]),
        at(&["UPDIR", "SECRET"]),
        at(&["..", "SECRET"]),
    ] {
        assert_eq!(
            fs.open(&p, OpenHow::READ).unwrap_err(),
            FsError::Outside,
            "{p:?}"
        );
    }
    let write = OpenHow {
        write: true,
        create: true,
        ..OpenHow::default()
    };
    assert_eq!(
        fs.open(&at(&["UPDIR", "NEW"]), write).unwrap_err(),
        FsError::Outside
    );
    assert!(!top.join("NEW").exists());
    assert_eq!(
        fs.replace(&at(&["REL"]), b"x").unwrap_err(),
        FsError::Outside
    );
    assert_eq!(std::fs::read(top.join("SECRET")).unwrap(), b"secret");
    // a link that stays inside is followed
    let mut f = fs.open(&at(&["INSIDE"]), OpenHow::READ).unwrap();
    let mut buf = [0u8; 8];
    assert_eq!(f.read_at(&mut buf, 0).unwrap(), 2);
    // the listing says what the links lead to
    let mut kinds: Vec<(String, Kind)> = fs
        .read_dir(&at(&[]))
        .unwrap()
        .into_iter()
        .map(|e| (String::from_utf8(e.name).unwrap(), e.kind))
        .collect();
    kinds.sort_by(|a, b| a.0.cmp(&b.0));
    assert_eq!(
        kinds,
        vec![
            ("ABS".into(), Kind::Other),
            ("INSIDE".into(), Kind::File),
            ("REL".into(), Kind::Other),
            ("SUB".into(), Kind::Dir),
            ("UPDIR".into(), Kind::Other),
        ]
    );
    // unconfined, the same names reach outside
    let mut open = drives(&home, false);
    assert!(open.open(&at(&["REL"]), OpenHow::READ).is_ok());
    assert!(open.open(&at(&["..", "SECRET"]), OpenHow::READ).is_ok());
    let _ = std::fs::remove_dir_all(&top);
}

#[cfg(unix)]
#[test]
fn fifos_are_refused_without_blocking() {
    let home = scratch("fifo");
    let fifo = home.join("PIPE");
    let c = std::ffi::CString::new(fifo.as_os_str().as_encoded_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o644) }, 0);
    for confine in [true, false] {
        let mut fs = drives(&home, confine);
        assert_eq!(fs.stat(&at(&["PIPE"])).unwrap().kind, Kind::Other);
        for how in [
            OpenHow::READ,
            OpenHow {
                write: true,
                create: true,
                truncate: true,
                ..OpenHow::default()
            },
        ] {
            assert_eq!(fs.open(&at(&["PIPE"]), how).unwrap_err(), FsError::NotAFile);
        }
        assert_eq!(
            fs.replace(&at(&["PIPE"]), b"10 END").unwrap_err(),
            FsError::NotAFile
        );
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn replace_is_whole_or_nothing() {
    let home = scratch("replace");
    std::fs::write(home.join("OLD.BAS"), b"old").unwrap();
    let mut fs = drives(&home, true);
    fs.replace(&at(&["OLD.BAS"]), b"new").unwrap();
    assert_eq!(std::fs::read(home.join("OLD.BAS")).unwrap(), b"new");
    assert_eq!(
        fs.replace(&at(&["NODIR", "X.BAS"]), b"x").unwrap_err(),
        FsError::NotFound
    );
    let leftovers: Vec<_> = std::fs::read_dir(&home)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert_eq!(leftovers, vec![std::ffi::OsString::from("OLD.BAS")]);
    let _ = std::fs::remove_dir_all(&home);
}

/// Two lock handles on one file conflict as two processes do.
#[cfg(target_os = "linux")]
#[test]
fn os_locks_between_handles() {
    let home = scratch("locks");
    std::fs::write(home.join("DATA"), [0u8; 512]).unwrap();
    let mut fs = drives(&home, true);
    let rw = OpenHow {
        read: true,
        write: true,
        ..OpenHow::default()
    };
    let a = fs.open(&at(&["DATA"]), rw).unwrap();
    let b = fs.open(&at(&["DATA"]), rw).unwrap();
    assert_eq!(a.id(), b.id());
    assert!(a.lock(true, 128, 128));
    assert!(!b.range_free(200, 1));
    assert!(b.range_free(0, 128));
    assert!(!b.lock(true, 0, 512));
    a.unlock(128, 128);
    assert!(b.lock(true, 0, 512));
    b.unlock(0, 512);
    assert!(a.lock_wait(0, 1));
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn mounts_parse_as_pcbasic_writes_them() {
    assert_eq!(
        DriveMap::parse_mounts("b:/data,Z:.").unwrap(),
        vec![(1, PathBuf::from("/data")), (25, PathBuf::from("."))]
    );
    for bad in ["B", "BB:/x", "1:/x", "B:"] {
        assert!(DriveMap::parse_mounts(bad).is_err(), "{bad}");
    }
}

#[test]
fn mounted_letters_and_the_root_folder() {
    let home = scratch("mounts");
    let other = home.join("OTHER");
    std::fs::create_dir_all(&other).unwrap();
    std::fs::write(other.join("X"), b"x").unwrap();
    let mut fs = NativeFs::new(&DriveMap {
        home: home.clone(),
        mounts: vec![(1, other.clone()), (3, PathBuf::from("/"))],
        confine: true,
    })
    .unwrap();
    let b = HostPath::root(1).join(b"X");
    assert_eq!(fs.stat(&b).unwrap().kind, Kind::File);
    assert_eq!(fs.stat(&at(&["OTHER", "X"])).unwrap().kind, Kind::File);
    // A: is the program's folder too; D: is the whole host, not confined
    assert_eq!(
        fs.stat(&HostPath::root(0).join(b"OTHER")).unwrap().kind,
        Kind::Dir
    );
    assert_eq!(fs.drive(3).map(|d| d.confined), Some(false));
    assert_eq!(fs.drive(1).map(|d| d.confined), Some(true));
    let _ = std::fs::remove_dir_all(&home);
}
