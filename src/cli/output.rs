//! What follows a run: the exit status the console's failure decides, the cost report
//! (`--stats`, `--profile`), the screenshot (`--screenshot`), and the devices' end (the
//! printer flushed, the `--sound` WAV finished, a note when pixels could not be shown).

use super::EXIT_BROKEN_PIPE;
use super::args::{Args, GotoModelArg, ProfileFormat};
use super::commands::stream_name;
use crate::front::Front;
use gwrun_core::console::ConsoleError;
use gwrun_core::session::Session;
use gwrun_core::sound::{MAX_SECONDS, RecordingEnd};
use std::io::Write;

/// The exit status once the session is over: the console's failure, if it had one,
/// decides it (the reader going away ends quietly; a failed write is reported with the
/// file stdout went to).
pub(super) fn output_status(session: &Session, status: i32) -> i32 {
    match session.machine().output_failure() {
        None => status,
        Some(ConsoleError::Closed) => EXIT_BROKEN_PIPE,
        Some(ConsoleError::Abandoned) => {
            let _ = writeln!(
                std::io::stderr(),
                "gwrun: {} was not being read when the run was stopped; what it could not \
                 take was dropped",
                stream_name(1, "stdout")
            );
            match super::TERMINATED.load(std::sync::atomic::Ordering::Relaxed) {
                0 => 130,
                signal => 128 + signal,
            }
        }
        Some(ConsoleError::Write(e)) => {
            let _ = writeln!(
                std::io::stderr(),
                "gwrun: cannot write {}: {e}",
                stream_name(1, "stdout")
            );
            1
        }
    }
}

/// `--stats` and `--profile` after a run (on stderr, so the program's output stays
/// clean); the exit status of writing them (1 when stderr's file cannot take them).
pub(super) fn print_cost(session: &Session, args: &Args) -> i32 {
    if !args.stats && args.profile.is_none() {
        return 0;
    }
    let model = match args.goto_model {
        GotoModelArg::Gw => gwrun_core::cost::GotoModel::Gw,
        GotoModelArg::Naive => gwrun_core::cost::GotoModel::Naive,
    };
    let mut report = session.cost_report(model);
    report.clock_mhz = args.clock;
    let mut text = String::new();
    if args.stats {
        text.push_str(&report.stats_text());
    }
    match args.profile {
        Some(ProfileFormat::Text) => text.push_str(&report.profile_text()),
        Some(ProfileFormat::Json) => text.push_str(&report.profile_json()),
        None => {}
    }
    let mut err = std::io::stderr().lock();
    match err.write_all(text.as_bytes()).and_then(|()| err.flush()) {
        Ok(()) => 0,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => EXIT_BROKEN_PIPE,
        Err(_) => 1,
    }
}

/// `--screenshot FILE`: the final screen as a PNG.
pub(super) fn write_screenshot(session: &Session, args: &Args) -> Result<(), i32> {
    let Some(path) = &args.screenshot else {
        return Ok(());
    };
    let png = session.machine().screenshot_png(args.screenshot_size.0);
    std::fs::write(path, png).map_err(|e| {
        eprintln!("gwrun: cannot write {}: {e}", path.display());
        1
    })
}

/// At the end: the music played live heard out (Ctrl-C cuts it short), the printer's
/// stream flushed, the `--sound` WAV written.
pub(super) fn finish_devices(session: &mut Session, args: &Args, front: &mut Front) {
    front.hear_out_music(session);
    let m = session.machine_mut();
    m.flush_printers();
    if let Some(path) = &args.sound {
        match m.finish_sound_recording() {
            Some(Err(e)) => eprintln!("gwrun: --sound: cannot write {}: {e}", path.display()),
            Some(Ok(RecordingEnd {
                cut_from: Some(ran),
                ..
            })) => eprintln!(
                "gwrun: --sound: the sound ran {ran:.0} s; {} holds its first {MAX_SECONDS:.0} s \
                 (the longest recording)",
                path.display()
            ),
            _ => {}
        }
    }
    if let Some(((cols, rows), (width, height))) = crate::term::clipped() {
        eprintln!(
            "gwrun: the terminal was {cols}x{rows}, smaller than GW-BASIC's {width}x{height} \
             screen: its right columns or bottom rows were not shown. Enlarge the terminal \
             (or use --screenshot=FILE.png to see the whole screen)."
        );
    }
    if m.pixels_missed() {
        eprintln!(
            "gwrun: the program drew in a graphics mode; this terminal was shown its text \
             only (no pixel protocol known for it). Try --graphics=sixel or \
             --graphics=kitty if the terminal has one, or --screenshot=FILE.png."
        );
    }
}
