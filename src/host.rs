//! The engine's host on this machine's operating system (`gwrun_core::host`): the
//! system's clocks, SHELL through the system's command interpreter (with the program's
//! environment table on top of the process's), and the `--sound` file.

use gwrun_core::console::cp437_to_utf8;
use gwrun_core::host::clock::ClockStart;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The system's clocks: monotonic time from when the clock was made, and the local date
/// and time of the system's time zone.
#[derive(Debug)]
pub struct SystemClock {
    base: Instant,
}

impl SystemClock {
    pub fn new() -> SystemClock {
        SystemClock {
            base: Instant::now(),
        }
    }

    /// The instant a monotonic reading stands for.
    pub fn instant(&self, monotonic: Duration) -> Instant {
        self.base + monotonic
    }
}

impl Default for SystemClock {
    fn default() -> Self {
        SystemClock::new()
    }
}

impl gwrun_core::host::Clock for SystemClock {
    fn monotonic(&self) -> Duration {
        self.base.elapsed()
    }

    fn local(&self) -> ClockStart {
        use chrono::{Datelike, Timelike};
        let now = chrono::Local::now();
        ClockStart::from_calendar(
            (now.year(), now.month(), now.day()),
            (now.hour(), now.minute(), now.second(), now.nanosecond()),
        )
    }
}

/// SHELL through the system's command interpreter (`sh -c`, `cmd /C`), with the
/// terminal as it is: the command's output appears on it. Ctrl-C or a termination signal
/// (the Break flag) ends the command: on a terminal the command shares gwrun's process
/// group, so the terminal's Ctrl-C reaches it too, and the flag ends it by its process;
/// otherwise it gets a process group of its own, ended as a whole (what the command
/// started included).
#[derive(Debug)]
pub struct SystemShell {
    flag: Arc<AtomicBool>,
}

impl SystemShell {
    pub fn new(flag: Arc<AtomicBool>) -> SystemShell {
        SystemShell { flag }
    }
}

impl gwrun_core::host::Shell for SystemShell {
    fn run(
        &mut self,
        command: Option<&[u8]>,
        environment: &gwrun_core::host::Environment,
    ) -> Result<(), gwrun_core::host::ShellNotStarted> {
        let (shell, flag) = if cfg!(windows) {
            ("cmd", "/C")
        } else {
            ("sh", "-c")
        };
        let mut c = std::process::Command::new(shell);
        if let Some(text) = command {
            c.arg(flag).arg(cp437_to_utf8(text));
        }
        // the program's entries on top of the host's environment (a NUL cannot be passed)
        for (name, value) in environment.for_child() {
            if !name.contains(&0) && !value.contains(&0) {
                c.env(cp437_to_utf8(name), cp437_to_utf8(value));
            }
        }
        let own_group = !std::io::IsTerminal::is_terminal(&std::io::stdin());
        #[cfg(unix)]
        if own_group {
            std::os::unix::process::CommandExt::process_group(&mut c, 0);
        }
        let mut child = c.spawn().map_err(|_| gwrun_core::host::ShellNotStarted)?;
        match crate::waits::wait_child(&mut child, &self.flag, own_group) {
            // a command cut short: the machine sees the Break
            Ok(_) | Err(_) => Ok(()),
        }
    }
}

/// The `--sound` WAV file, written as the sound is made; its header is written again at
/// the end with the lengths (where the file can seek: a pipe keeps the first header,
/// which gives the longest lengths, as streamed WAV files do).
pub struct FileRecording {
    out: std::io::BufWriter<std::fs::File>,
}

impl FileRecording {
    pub fn create(path: &std::path::Path) -> std::io::Result<FileRecording> {
        Ok(FileRecording {
            out: std::io::BufWriter::with_capacity(1 << 16, std::fs::File::create(path)?),
        })
    }
}

impl gwrun_core::host::Recording for FileRecording {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        std::io::Write::write_all(&mut self.out, bytes)
    }

    fn finish(&mut self, header: &[u8; gwrun_core::sound::HEADER_LEN]) -> std::io::Result<()> {
        use std::io::{Seek, Write};
        self.out.flush()?;
        let file = self.out.get_mut();
        if file.seek(std::io::SeekFrom::Start(0)).is_ok() {
            file.write_all(header)?;
        }
        Ok(())
    }
}
