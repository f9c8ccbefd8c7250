//! Output of the research commands, whole or not at all: reports and charts go to a
//! temporary file beside their target and are renamed over it, so an interrupted or
//! failed command never leaves half a file. And the Ctrl-C exit of the commands that do
//! not poll the Break flag themselves (`gwrun claims`, `lab claims`, `lab exact`): a
//! watcher thread that waits for any write in progress, says what was written, and ends
//! the process with status 130. (`lab deal` and `lab riffle` poll the flag in their
//! workers instead and report the deals done.)

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The files written so far; held while a write is in progress.
static WRITTEN: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn written() -> MutexGuard<'static, Vec<PathBuf>> {
    WRITTEN.lock().unwrap_or_else(|e| e.into_inner())
}

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it, synced,
/// then renamed over it (removed again when anything fails).
pub fn write_whole(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let mut done = written();
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(".{name}.{}.gwrun-tmp", std::process::id()));
    let r = std::fs::File::create(&tmp)
        .and_then(|mut f| f.write_all(bytes).and_then(|()| f.sync_all()))
        .and_then(|()| std::fs::rename(&tmp, path));
    if r.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    r?;
    done.push(path.to_path_buf());
    Ok(())
}

/// Writes `bytes` to stdout in one piece; a reader that stopped early (`| head`) is not
/// an error.
pub fn write_stdout(bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write as _;
    let _done = written();
    let mut out = std::io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => r,
    }
}

/// What an interrupted command had written, for its last message.
fn interrupted_message(who: &str, files: &[PathBuf]) -> String {
    if files.is_empty() {
        format!("{who}: interrupted (Ctrl-C); nothing written")
    } else {
        let names: Vec<String> = files.iter().map(|p| p.display().to_string()).collect();
        format!(
            "{who}: interrupted (Ctrl-C) after writing {}",
            names.join(", ")
        )
    }
}

/// Once Ctrl-C sets `flag`: wait for a write in progress, report, exit with status 130.
pub fn exit_on_break(flag: Arc<AtomicBool>, who: &'static str) {
    std::thread::spawn(move || {
        loop {
            if flag.load(Ordering::Relaxed) {
                let files = written();
                eprintln!("{}", interrupted_message(who, &files));
                std::process::exit(130);
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_message_names_what_was_written() {
        assert_eq!(
            interrupted_message("gwrun claims", &[]),
            "gwrun claims: interrupted (Ctrl-C); nothing written"
        );
        assert_eq!(
            interrupted_message("gwrun lab", &[PathBuf::from("a.md")]),
            "gwrun lab: interrupted (Ctrl-C) after writing a.md"
        );
    }

    #[test]
    fn a_whole_write_replaces_the_file() {
        let dir = std::env::temp_dir().join(format!("gwrun-output-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("x.md");
        std::fs::write(&p, "old").unwrap();
        write_whole(&p, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&p).unwrap(), "new");
        // nothing else left beside it
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
