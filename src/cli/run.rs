//! Running a program or direct mode once the session is set up: a program given as FILE
//! runs and gwrun ends with it (or direct mode follows: `--stay`, `--keys`, the
//! full-screen editor, keys left in the buffer), PC-BASIC's launch sequence (`--load`,
//! `--exec`, `--quit`), and the exit status of the run.

use super::TERMINATED;
use super::args::Args;
use super::output::{finish_devices, output_status, print_cost, write_screenshot};
use super::program_file::{load_file, not_a_program, read_program_file};
use crate::front::{Front, Window};
use gwrun_core::session::{Interrupter, Session, Stop};
use std::path::Path;
use std::sync::atomic::Ordering;

/// A program run or direct mode, as the options say, on `window`'s console when one is
/// given (`--interface=window`: the window's thread calls this); the exit status (see
/// `cli::run`).
pub fn program_or_direct_mode(args: Args, interrupter: Interrupter, window: Option<Window>) -> i32 {
    let windowed = window.is_some();
    let (mut session, mut front) = match super::setup::session(&args, &interrupter, window) {
        Ok(s) => s,
        Err(status) => return status,
    };
    if args.exec.is_some() || args.quit == Some(true) {
        let status = launch(&mut session, &args, &mut front);
        finish_devices(&mut session, &args, &mut front);
        return status;
    }
    // a program runs and gwrun ends with it, unless keys are typed, the full-screen
    // editor is asked for or --stay: then direct mode follows, as on GW-BASIC
    let to_direct_mode = args.keys.is_some() || args.full_screen || args.stay;
    let mut ran = None;
    if let Some(path) = &args.file {
        let (outcome, cost) = match run_file(&mut session, path, &args, &mut front) {
            Ok(o) => o,
            Err(status) => return status,
        };
        // keys the program left in the keyboard buffer (poked into the BIOS ring) are
        // read by direct mode, as on GW-BASIC [M unsorted/KEYPOKE]
        let keys_left = session.machine_mut().has_typed_keys();
        if !(to_direct_mode || keys_left)
            || outcome == Stop::Exit
            || session.machine().output_failure().is_some()
        {
            let written = session.finish_screen();
            if let Err(status) = write_screenshot(&session, &args) {
                return status;
            }
            session.machine_mut().leave_full_screen();
            finish_devices(&mut session, &args, &mut front);
            return output_status(&session, status_of(&outcome, written).max(cost));
        }
        ran = Some(outcome);
    } else if let Some(path) = &args.load
        && let Err(status) = load_file(&mut session, path)
    {
        return status;
    }
    if args.full_screen {
        // direct mode starts on GW's screen
        session.machine_mut().want_full_screen();
    }
    if ((front.term.is_some() && !args.full_screen) || windowed)
        && ran.is_none()
        && args.load.is_none()
    {
        banner(&mut session);
    }
    let status = direct_mode(&mut session, &mut front, ran.as_ref());
    session.machine_mut().leave_full_screen();
    finish_devices(&mut session, &args, &mut front);
    if let Err(s) = write_screenshot(&session, &args) {
        return s;
    }
    output_status(&session, status)
}

/// Direct mode, fresh or after a program's run (`ran`: how it ended), until SYSTEM or
/// the end of the input; the exit status (1 when a file could not be written).
fn direct_mode(session: &mut Session, front: &mut Front, ran: Option<&Stop>) -> i32 {
    session.start_direct_mode(ran);
    front.drive(session);
    if session.finish_screen() { 0 } else { 1 }
}

/// PC-BASIC's launch sequence (`--load`, `--exec`, `--quit`): the program (`--load`, or
/// FILE) is loaded, the commands run as direct-mode lines, FILE (when not `--load`) runs,
/// and then gwrun quits (after FILE or with `--quit`) or goes on in direct mode.
fn launch(session: &mut Session, args: &Args, front: &mut Front) -> i32 {
    let program = args.load.as_ref().or(args.file.as_ref());
    let run = args.load.is_none() && args.file.is_some();
    if let Some(path) = program {
        let (found, bytes) = match read_program_file(path) {
            Ok(read) => read,
            Err(status) => return status,
        };
        if let Err(e) = session.load_source(&bytes) {
            if let Some(why) = not_a_program(&bytes) {
                eprintln!("gwrun: {}: not a GW-BASIC program ({why})", found.display());
                return 1;
            }
            session.screen_write(e.to_string().as_bytes());
            session.screen_newline();
        }
    }
    // the worst end of a command: a failed one (a SAVE refused, a Syntax error) makes
    // the run's status non-zero, though the commands after it still run, as typed
    let mut failed = 0;
    for cmd in split_commands(args.exec.as_deref().unwrap_or_default()) {
        session.start_line(cmd.as_bytes());
        let outcome = front.drive(session);
        if outcome == Stop::Exit {
            session.finish_screen();
            return output_status(session, failed);
        }
        failed = failed.max(launch_status(&outcome));
    }
    if run {
        session.start_program();
        let outcome = front.drive(session);
        session.finish_screen();
        let cost = print_cost(session, args);
        let status = launch_status(&outcome).max(failed);
        if let Err(s) = write_screenshot(session, args) {
            return s;
        }
        return output_status(session, status.max(cost));
    }
    if args.quit == Some(true) {
        session.finish_screen();
        let status = write_screenshot(session, args).err().unwrap_or(0);
        return output_status(session, status.max(failed));
    }
    if args.full_screen {
        session.machine_mut().want_full_screen();
    }
    let status = direct_mode(session, front, None);
    session.machine_mut().leave_full_screen();
    if let Err(s) = write_screenshot(session, args) {
        return s;
    }
    status
}

/// The exit status a command or the launched program ended with: 0 after an end or
/// SYSTEM, 1 after an untrapped error, 130 after a Break.
fn launch_status(outcome: &Stop) -> i32 {
    match outcome {
        Stop::Error(_) => 1,
        Stop::Break { .. } => 130,
        _ => 0,
    }
}

/// `--exec`'s commands: split at `:` outside double quotes (PC-BASIC's rule), blank
/// ones dropped.
pub fn split_commands(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '"' => {
                quoted = !quoted;
                cur.push(c);
            }
            ':' if !quoted => out.push(std::mem::take(&mut cur)),
            _ => cur.push(c),
        }
    }
    out.push(cur);
    out.retain(|c| !c.trim().is_empty());
    out
}

/// The greeting of direct mode on a terminal (a scripted session starts with `Ok` only,
/// like PC-BASIC's transcripts).
fn banner(session: &mut Session) {
    let text = format!(
        "gwrun {} - GW-BASIC 3.23 direct mode (SYSTEM or Ctrl-D leaves)",
        env!("CARGO_PKG_VERSION")
    );
    session.screen_write(text.as_bytes());
    session.screen_newline();
    let free = format!("{} Bytes free", session.machine().free_memory());
    session.screen_write(free.as_bytes());
    session.screen_newline();
}

/// Loads and runs a program; the cost report follows the run (its status: 1 when stderr
/// could not take it).
fn run_file(
    session: &mut Session,
    path: &Path,
    args: &Args,
    front: &mut Front,
) -> Result<(Stop, i32), i32> {
    load_file(session, path)?;
    if let Some(start) = args.clock_start {
        // the clock reads START as the program starts, however long loading took
        session.machine_mut().set_clock(start);
    }
    session.start_program();
    let outcome = front.drive(session);
    let cost = print_cost(session, args);
    Ok((outcome, cost))
}

/// The exit status after a program run: 128 + the signal that stopped it, 1 after an
/// error or when a file could not be written, 130 after a Break.
fn status_of(outcome: &Stop, written: bool) -> i32 {
    let signal = TERMINATED.load(Ordering::Relaxed);
    if signal != 0 {
        return 128 + signal;
    }
    match outcome {
        Stop::Break { .. } => 130,
        Stop::Error(_) => 1,
        _ if written => 0,
        _ => 1,
    }
}
