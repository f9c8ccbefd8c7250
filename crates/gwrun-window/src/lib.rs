//! gwrun's own window: GW-BASIC's screen, keyboard and speaker on the desktop
//! (`gwrun --interface=window`). The screen is drawn by gwrun-core's frame renderer
//! (`graphics::frame`, `graphics::scale`: the pixels of `--screenshot` and of the
//! browser's canvas), 4:3 and crisp at any size, full screen with Alt-Enter; keys are
//! the PC keyboard's as the BIOS reported them (gwrun-core's `keyboard::map`).
//!
//! Threads: winit wants the main thread for its event loop, so `run` keeps it for the
//! window and runs the interpreter on a thread of its own with a `WindowConsole`. The
//! two share a slot for the newest frame and a queue of keys, and never wait for each
//! other: a program that redraws all the time is shown at the display's rate, frames
//! the display had no time for are dropped, and the window stays responsive while the
//! program computes.
//!
//! Crates (docs/architecture.md): winit (windows and keyboard events on X11, Windows and
//! macOS; Wayland sessions through XWayland), softbuffer (a window's pixels from the
//! CPU, no GPU), arboard (the clipboard); all pure Rust, with the system's X11
//! libraries opened when a window is asked for, so a machine without a display builds
//! gwrun all the same.

mod app;
mod console;
mod keys;
mod text;

pub use console::{BreakHook, KeyWaiter, PromptSwitch, WindowConsole};

use winit::event_loop::EventLoop;

/// Opens a window titled `title` and runs `interpreter` with its console on a thread of
/// its own; returns the status `interpreter` returned when it ends (closing the window
/// ends it as Ctrl-Break then SYSTEM would), or why no window could be opened (no
/// display) before anything ran.
pub fn run<F>(title: &str, interpreter: F) -> Result<i32, String>
where
    F: FnOnce(WindowConsole) -> i32 + Send + 'static,
{
    let event_loop = EventLoop::<app::Wake>::with_user_event()
        .build()
        .map_err(|e| format!("cannot open a window: {e}"))?;
    let proxy = event_loop.create_proxy();
    let mut app = app::App::new(title.to_string(), Box::new(interpreter), proxy);
    let ran = event_loop.run_app(&mut app);
    if let Some(worker) = app.take_worker()
        && matches!(app.outcome, Some(Ok(_)))
        && worker.is_finished()
    {
        let _ = worker.join();
    }
    match (app.outcome.take(), ran) {
        (Some(outcome), _) => outcome,
        (None, Err(e)) => Err(format!("the window failed: {e}")),
        (None, Ok(())) => Err("the window closed before the program ran".to_string()),
    }
}
