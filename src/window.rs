//! `--interface=window`: the program and direct mode run in a window of gwrun's own
//! (crate gwrun-window), GW-BASIC's screen from the start, its full-screen editor at
//! the `Ok` prompt. As GW-BASIC did, a program's end leaves it at `Ok` in the window
//! (`--quit` ends gwrun with the program instead); Ctrl-Break or Ctrl-C while a program
//! runs asks the Interrupter for a Break, as SIGINT does on a terminal (so it ends a
//! SHELL command too); closing the window ends the run as Ctrl-Break then SYSTEM (every
//! file closed). The speaker plays on the sound card when
//! there is one (`live_sound`); errors are also written to stderr.

use crate::cli::Args;
use gwrun_core::session::Interrupter;

/// The window's title: the program's file name, then gwrun.
fn title(args: &Args) -> String {
    let name = args
        .file
        .as_ref()
        .or(args.load.as_ref())
        .and_then(|p| p.file_name())
        .map(|n| n.to_string_lossy().to_uppercase());
    match name {
        Some(n) => format!("{n} - gwrun"),
        None => "gwrun".to_string(),
    }
}

/// Runs the session in a window; the exit status is the run's, or 1 with a message when
/// no window can be opened (no display).
#[cfg(feature = "window")]
pub fn run(mut args: Args, interrupter: Interrupter) -> i32 {
    args.full_screen = true;
    args.stay = args.file.is_some();
    // the speaker plays on the sound card (silent, with a note, without one)
    args.live_sound = true;
    let title = title(&args);
    let started = gwrun_window::run(&title, move |console| {
        let wait = console.waiter();
        // Ctrl-Break while a program runs is SIGINT's Break: it acts inside SHELL's
        // command and any wait, not only when the engine reads its keys
        let brk = interrupter.clone();
        console.on_break(move || brk.interrupt());
        let prompt = console.prompt_switch();
        let window = crate::front::Window {
            console: Box::new(console),
            wait_key: Box::new(move |d| wait.wait(d)),
            at_prompt: Box::new(move |yes| prompt.set(yes)),
        };
        crate::cli::program_or_direct_mode(args, interrupter, Some(window))
    });
    match started {
        Ok(status) => status,
        Err(e) => {
            eprintln!("gwrun: --interface=window: {e}");
            1
        }
    }
}

/// Without the `window` feature there is no window to open.
#[cfg(not(feature = "window"))]
pub fn run(args: Args, _interrupter: Interrupter) -> i32 {
    let _ = title(&args);
    eprintln!(
        "gwrun: --interface=window: this gwrun was built without its window \
         (cargo build --features window)"
    );
    2
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_title_names_the_program() {
        let args = crate::cli::parse_from(&["gwrun".into(), "dir/ball.bas".into()]).unwrap();
        assert_eq!(title(&args), "BALL.BAS - gwrun");
        let args = crate::cli::parse_from(&["gwrun".into()]).unwrap();
        assert_eq!(title(&args), "gwrun");
    }
}
