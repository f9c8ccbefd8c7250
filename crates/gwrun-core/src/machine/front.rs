//! The machine's side of the host seam: what the session and the front end hand it. At
//! the start, the clock (`--clock-start` or the host's), the file system the drives are
//! on, the printers' outputs and OPEN's highest file number; between slices of the run,
//! the slice's statement budget, a typed line (the reply a waiting statement wants, or
//! keys typed ahead), Ctrl-C, and the end of input.

use super::resume::{self, Wait};
use super::{Machine, clock};
use std::rc::Rc;
use std::sync::atomic::Ordering;

impl Machine {
    /// Starts the interpreter's clock at a given date and time (`--clock-start`).
    pub fn set_clock(&mut self, start: clock::ClockStart) {
        self.io.clock = clock::Clock::starting(self.io.clock.host().clone(), start);
    }

    /// The host's clock from now on: the interpreter's clock starts again at the host's
    /// local time, the sound clock at zero.
    pub fn set_host_clock(&mut self, host: Rc<dyn crate::host::Clock>) {
        self.io.clock = clock::Clock::on(host.clone());
        self.io.speaker.set_clock(host);
    }

    /// The drives the program's files are on: the front end's file system (an empty
    /// in-memory disk until one is given), every drive at its root, `C:` current.
    pub fn set_file_system(&mut self, fs: Box<dyn crate::host::fs::FileSystem>) {
        self.io.files.disk = crate::dos::Disk::new(fs);
    }

    /// Directory listings made for DOS name lookups so far.
    pub fn index_stats(&self) -> crate::dos::IndexStats {
        self.io.files.disk.index_stats()
    }

    /// Sends what the program prints on LPT`n`: to `out`.
    pub fn attach_printer(&mut self, n: u8, out: Option<Box<dyn std::io::Write>>) {
        self.io.files.printer_mut(n).attach(out);
    }

    /// Writes out what the printers still hold.
    pub fn flush_printers(&mut self) {
        for p in 1..=3 {
            self.io.files.printer_mut(p).flush();
        }
    }

    /// OPEN's highest file number.
    pub fn set_max_files(&mut self, n: u8) {
        self.io.files.max = n;
    }

    /// The longest record OPEN's LEN= accepts (GW-BASIC's /S:n; 128 by default).
    pub fn set_max_reclen(&mut self, n: u16) {
        self.io.files.max_reclen = n;
    }

    /// Why screen output stopped reaching its destination, if it did.
    pub fn output_failure(&self) -> Option<&crate::console::ConsoleError> {
        self.io.console.failure()
    }

    /// This slice of the run may take about `budget` more statements (`u64::MAX`: no
    /// limit).
    pub(crate) fn set_slice(&mut self, budget: u64) {
        self.config.slice = if budget == u64::MAX {
            u64::MAX
        } else {
            budget.max(1)
        };
    }

    /// A line the front end gives: the reply the machine waits for, or else keys typed
    /// ahead (with Enter).
    pub(crate) fn line_typed(&mut self, line: Vec<u8>) {
        if self.waiting_for() == Some(Wait::Line) {
            self.give_reply(resume::Reply::Line(line));
            return;
        }
        let keys: Vec<crate::keyboard::Key> = line
            .iter()
            .map(|&b| crate::keyboard::Key::Char(b))
            .chain(std::iter::once(crate::keyboard::Key::Char(b'\r')))
            .collect();
        self.io.kb.type_keys(&keys);
    }

    /// Ctrl-C while the front end's line editor had the line: the reply is abandoned
    /// (a Break at an INPUT), or else a Break is asked for.
    pub(crate) fn line_interrupted(&mut self) {
        if self.waiting_for() == Some(Wait::Line) {
            self.give_reply(resume::Reply::Interrupt);
        } else {
            self.ask_break();
        }
    }

    /// Ctrl-C from inside: the Break flag, and the statement loop's flag after it.
    pub(crate) fn ask_break(&mut self) {
        self.config.break_flag.store(true, Ordering::SeqCst);
        self.config.attention.store(true, Ordering::SeqCst);
    }

    /// The front end's input ended: the wait's answer.
    pub(crate) fn input_ended(&mut self) {
        if self.waiting_for().is_some() {
            self.give_reply(resume::Reply::End);
        }
    }
}
