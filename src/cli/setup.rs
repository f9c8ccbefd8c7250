//! The session the options describe: the console (rustyline's terminal or stdin and
//! stdout), the compatibility switches, the devices (printer, sound, clock, drive
//! confinement), the options of listing and the keys typed ahead.

use super::args::{Args, Encoding, GraphicsOut, Interface};
use crate::front::{Front, Window};
use crate::stdio::StdConsole;
use crate::term::pixels;
use gwrun_core::console::{Console, OutputEncoding};
use gwrun_core::session::{Interrupter, Session};
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

/// The terminal of direct mode and INPUT when stdin and stdout are both terminals.
pub(super) type SharedTerm = Rc<RefCell<crate::repl_term::Term>>;

/// A session set up as the options say, and the front end's loop that drives it (with
/// the terminal when there is one, or `window`); a device that cannot be opened as asked
/// is an exit status.
pub(super) fn session(
    args: &Args,
    interrupter: &Interrupter,
    window: Option<Window>,
) -> Result<(Session, Front), i32> {
    let windowed = window.is_some();
    // temporary files of a SAVE that was killed half way
    crate::disk::clean_stale_temps(Path::new("."));
    let drives = match drives(args) {
        Ok(d) => d,
        Err(e) => {
            eprintln!("gwrun: {e}");
            return Err(2);
        }
    };
    let environment = match environment(&args.env) {
        Ok(e) => e,
        Err(e) => {
            eprintln!("gwrun: {e}");
            return Err(2);
        }
    };
    let encoding = args.output.map(|e| match e {
        Encoding::Raw => OutputEncoding::Raw,
        Encoding::Unicode => OutputEncoding::Unicode,
        Encoding::Dos => OutputEncoding::Dos,
    });
    // on a terminal, typed lines (direct mode and INPUT) go through rustyline
    // the Break flag every wait of the binary looks at (`waits`)
    let break_flag = interrupter.flag();
    let stdin = Rc::new(RefCell::new(crate::stdio::Stdin::new(break_flag.clone())));
    let term = (interactive() && !windowed && args.interface != Some(Interface::None))
        .then(|| crate::repl_term::Term::new(encoding, stdin.clone(), break_flag.clone()))
        .flatten();
    let term: Option<SharedTerm> = term.map(|t| Rc::new(RefCell::new(t)));
    let screen: crate::repl_term::SharedScreen = Rc::new(RefCell::new(None));
    let mut key_wait = None;
    let mut at_prompt = None;
    let console: Box<dyn Console> = match (window, &term) {
        (Some(w), _) => {
            key_wait = Some(w.wait_key);
            at_prompt = Some(w.at_prompt);
            w.console
        }
        (None, Some(t)) => Box::new(crate::repl_term::TermConsole::new(
            t.clone(),
            screen.clone(),
            match args.graphics {
                GraphicsOut::Auto => pixels::detect(|k| std::env::var(k).ok()),
                GraphicsOut::Kitty => Some(pixels::Protocol::Kitty),
                GraphicsOut::Sixel => Some(pixels::Protocol::Sixel),
                GraphicsOut::Text => None,
            },
        )),
        (None, None) => Box::new(StdConsole::new(encoding, stdin.clone(), break_flag.clone())),
    };
    let mut session = Session::with_interrupter(console, interrupter.clone());
    let clock = Rc::new(crate::host::SystemClock::new());
    let front = Front {
        term,
        stdin,
        screen,
        clock: clock.clone(),
        key_wait,
        at_prompt,
        interrupter: interrupter.clone(),
    };
    session.set_full_screen_direct(args.full_screen);
    {
        let m = session.machine_mut();
        m.set_host_clock(clock.clone());
        m.set_environment(environment);
        let compat = m.compat_mut();
        compat.pcbasic_next = args.pcbasic_next;
        compat.pcbasic_zero_trip = args.pcbasic_zero_trip;
        compat.pcbasic_math = args.pcbasic_math;
        m.set_max_files(args.max_files);
        m.set_max_reclen(args.max_reclen);
        m.set_file_system(Box::new(drives));
        if let Some(spec) = &args.lpt1 {
            match printer_stream(spec) {
                Ok(out) => m.attach_printer(1, out),
                Err(e) => {
                    eprintln!("gwrun: --lpt1={spec}: {e}");
                    return Err(2);
                }
            }
        }
        if args.live_sound
            && let Err(e) = m.set_live_sound(|origin| open_live_sound(clock.instant(origin)))
        {
            eprintln!("gwrun: --live-sound: {e}; the program runs without sound");
        }
        if let Some(start) = args.clock_start {
            m.set_clock(start);
        }
        if let Some(path) = &args.sound {
            match crate::host::FileRecording::create(path) {
                Ok(out) => m.record_sound(Box::new(out)),
                Err(e) => {
                    eprintln!("gwrun: --sound={}: {e}", path.display());
                    return Err(2);
                }
            }
        }
        if args.allow_shell {
            m.set_shell(Some(Box::new(crate::host::SystemShell::new(
                break_flag.clone(),
            ))));
        }
        m.set_text_encoding(args.text_encoding.unwrap_or_default());
    }
    if windowed || (!std::io::IsTerminal::is_terminal(&std::io::stdout()) && !stdout_is_stderr()) {
        // the transcript goes to a file or pipe, or the screen to a window: the user
        // still sees what went wrong (not twice when stderr goes to the same place, as
        // with `2>&1`)
        session.log_errors_to(Box::new(std::io::stderr()));
    }
    if windowed {
        // the window shows GW-BASIC's screen from the start
        session.machine_mut().want_full_screen();
    }
    if front.term.is_some() {
        quiet_control_echo();
    }
    session.set_hide_protected(args.hide_protected.unwrap_or(true));
    if let Some(n) = args
        .hide_listing
        .as_deref()
        .and_then(|v| v.trim().parse().ok())
    {
        session.set_hide_listing(n);
    }
    if let Some(spec) = &args.keys {
        session.type_keys(&gwrun_core::keyboard::parse_keys(spec));
    }
    Ok((session, front))
}

/// The printer stream `--lpt1` names: `FILE:name` or `STDIO:` (PC-BASIC's syntax).
pub(super) fn printer_stream(spec: &str) -> Result<Option<Box<dyn std::io::Write>>, String> {
    let upper = spec.to_ascii_uppercase();
    if upper.starts_with("STDIO:") {
        // a terminal is shown text, never the program's control bytes
        if std::io::IsTerminal::is_terminal(&std::io::stdout()) {
            return Ok(Some(Box::new(
                crate::stdio::TerminalText(std::io::stdout()),
            )));
        }
        return Ok(Some(Box::new(std::io::stdout())));
    }
    if upper.starts_with("FILE:") {
        let f = std::fs::File::create(&spec[5..]).map_err(|e| e.to_string())?;
        return Ok(Some(Box::new(std::io::BufWriter::new(f))));
    }
    if upper.is_empty() || upper.starts_with("PRINTER:") {
        return Ok(None);
    }
    Err("expected FILE:name or STDIO:".to_string())
}

/// Opens the sound card for `--live-sound`, from the sound clock's zero.
fn open_live_sound(
    origin: std::time::Instant,
) -> Result<Box<dyn gwrun_core::sound::LivePlayer>, String> {
    Ok(Box::new(crate::live_sound::Live::open(origin)?))
}

/// Both stdin and stdout are terminals: line editing is possible.
pub(super) fn interactive() -> bool {
    use std::io::IsTerminal;
    std::io::stdin().is_terminal() && std::io::stdout().is_terminal()
}

/// stdout and stderr are one open file (`2>&1`): same device and inode.
#[cfg(unix)]
fn stdout_is_stderr() -> bool {
    let stat = |fd| {
        // SAFETY: fstat fills the struct it is given; a closed fd is an error returned.
        let mut st: libc::stat = unsafe { std::mem::zeroed() };
        (unsafe { libc::fstat(fd, &mut st) } == 0).then_some((st.st_dev, st.st_ino))
    };
    matches!((stat(1), stat(2)), (Some(a), Some(b)) if a == b)
}

#[cfg(not(unix))]
fn stdout_is_stderr() -> bool {
    false
}

/// The terminal's settings before `quiet_control_echo`, put back as the process exits.
#[cfg(unix)]
static SAVED_TERMIOS: std::sync::OnceLock<libc::termios> = std::sync::OnceLock::new();

/// While gwrun runs on a terminal, the terminal does not echo Ctrl-C as `^C` (ECHOCTL
/// off): `Break in 30` then starts its own line, as on GW-BASIC's screen, instead of
/// following the echo. The setting is restored when the process exits.
#[cfg(unix)]
fn quiet_control_echo() {
    extern "C" fn restore() {
        if let Some(t) = SAVED_TERMIOS.get() {
            // SAFETY: tcsetattr on stdin with settings tcgetattr gave.
            unsafe {
                libc::tcsetattr(0, libc::TCSANOW, t);
            }
        }
    }
    // SAFETY: tcgetattr fills the struct; failure (not a terminal) is returned.
    let mut t: libc::termios = unsafe { std::mem::zeroed() };
    if unsafe { libc::tcgetattr(0, &mut t) } != 0 || t.c_lflag & libc::ECHOCTL == 0 {
        return;
    }
    if SAVED_TERMIOS.set(t).is_err() {
        return;
    }
    t.c_lflag &= !libc::ECHOCTL;
    // SAFETY: the settings just read, one flag changed; atexit takes a plain C function.
    unsafe {
        libc::tcsetattr(0, libc::TCSANOW, &t);
        libc::atexit(restore);
    }
}

#[cfg(not(unix))]
fn quiet_control_echo() {}

/// The program's drives: every letter the program's folder (the working directory
/// without a program, or for one read from standard input), `--mount` letters their
/// folders, confined unless `--no-confine`.
fn drives(args: &Args) -> Result<crate::disk::NativeFs, String> {
    let program = (args
        .file
        .as_ref()
        .or(args.run.as_ref())
        .or(args.load.as_ref()))
    .filter(|p| !super::program_file::is_stdio(p));
    let home = program
        .map(|p| super::program_file::find_program(p).unwrap_or_else(|| p.clone()))
        .and_then(|p| p.parent().map(Path::to_path_buf))
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or_else(|| PathBuf::from("."));
    let mut mounts = Vec::new();
    for m in &args.mount {
        mounts.extend(crate::disk::DriveMap::parse_mounts(m).map_err(|e| format!("--mount: {e}"))?);
    }
    crate::disk::NativeFs::new(&crate::disk::DriveMap {
        home,
        mounts,
        confine: !args.no_confine,
    })
    .map_err(|e| format!("cannot use the folder {e}"))
}

/// The program's environment table: DOS's, with each `--env NAME=VALUE` applied as
/// ENVIRON applies its string (code page 437 text of at most 255 bytes, a string's
/// length).
fn environment(entries: &[String]) -> Result<gwrun_core::host::Environment, String> {
    use gwrun_core::host::environ::EnvError;
    let mut table = gwrun_core::host::Environment::dos();
    for e in entries {
        let bytes: Option<Vec<u8>> = e.chars().map(gwrun_core::keyboard::to_cp437).collect();
        let Some(bytes) = bytes else {
            return Err(format!(
                "--env {e}: a character code page 437 does not have"
            ));
        };
        if bytes.len() > 255 {
            return Err(format!("--env {e}: longer than 255 bytes, a string's most"));
        }
        table.set(&bytes).map_err(|err| match err {
            EnvError::Malformed => format!("--env {e}: not NAME=VALUE"),
            EnvError::Full => format!(
                "--env {e}: the environment table is full ({} bytes)",
                gwrun_core::host::environ::CAPACITY
            ),
        })?;
    }
    Ok(table)
}
