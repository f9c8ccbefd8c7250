//! The engine driven through its slice API alone (`Session::run`, `Session::input`, a
//! fake clock), as a window or a browser page drives it: a program with INPUT, INPUT$
//! inside an expression, INKEY$ polled in a loop and music played live is run by
//! feeding the line and the keys when the engine asks (or, for INKEY$, while it spins)
//! and by moving the clock over its sleeps. Its screen text and the file it writes must
//! be those of the terminal run (`gwrun PROG.BAS` with the same keys on stdin), and the
//! music must hold the program for exactly its length on the fake clock.

use crate::support::Scratch;
use gwrun_core::console::Console;
use gwrun_core::host::Clock;
use gwrun_core::host::clock::ManualClock;
use gwrun_core::keyboard::Key;
use gwrun_core::session::{Input, Session, Stop};
use gwrun_core::sound::{LivePlayer, Tone};
use std::cell::RefCell;
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

/// The program: every kind of wait, and a file written along the way. Line 40 prints
/// before its INPUT$ and line 80 draws RND before its INPUT$: resumed, neither may be
/// done twice. PLAY in music foreground with full-length notes (ML) at the default
/// tempo: five sixteenths of a quarter second each, so the program goes on when the
/// fifth starts, 4/16 s after the first.
const PROGRAM: &[u8] = b"10 OPEN \"OUT.TXT\" FOR OUTPUT AS #1
20 INPUT \"NAME\";N$
30 PRINT \"HI \";N$: PRINT #1, N$
40 PRINT \"KEY? \";INPUT$(1)
50 PLAY \"MFMLL16CDEFG\"
60 K$=INKEY$: IF K$=\"\" THEN 60
70 PRINT \"GOT \";K$: PRINT #1, K$
80 X=RND+ASC(INPUT$(1)): PRINT X: PRINT #1, X
90 PRINT RND: CLOSE: END
";

/// What is typed: the INPUT's line, INPUT$'s key, the key INKEY$ finds, the key of
/// line 80's INPUT$.
const LINE: &[u8] = b"BOB";
const KEYS: [u8; 3] = [b'x', b'Z', b'q'];

/// The screen as a plain stream, with typed replies echoed (as on a redirected stdin).
struct Transcript(Rc<RefCell<Vec<u8>>>);

impl Console for Transcript {
    fn write(&mut self, bytes: &[u8]) {
        self.0.borrow_mut().extend_from_slice(bytes);
    }
    fn inkey(&mut self) -> Option<u8> {
        None
    }
    fn echoes_input(&self) -> bool {
        true
    }
}

/// A sound card that plays nothing (the engine waits for the music as if it did).
struct Silent;

impl LivePlayer for Silent {
    fn update(&self, _tones: Vec<Tone>) {}
}

#[test]
fn a_program_driven_through_slices_shows_and_writes_what_the_terminal_run_does() {
    let dir = Scratch::new("slices-engine");
    let screen = Rc::new(RefCell::new(Vec::new()));
    let mut s = Session::new(
        Box::new(Transcript(screen.clone())),
        Arc::new(AtomicBool::new(false)),
    );
    let clock = Rc::new(ManualClock::default());
    s.machine_mut().set_host_clock(clock.clone());
    let drives = gwrun::disk::NativeFs::new(&gwrun::disk::DriveMap {
        home: dir.0.clone(),
        mounts: Vec::new(),
        confine: true,
    })
    .expect("the drives");
    s.machine_mut().set_file_system(Box::new(drives));
    s.machine_mut()
        .set_live_sound(|_| Ok(Box::new(Silent)))
        .expect("a live player");
    s.load_source(PROGRAM).expect("the program loads");
    s.start_program();

    let mut keys = KEYS.iter();
    let (mut lines, mut key_waits, mut budgets) = (0, 0, 0);
    let mut sleeps = Vec::new();
    let stop = loop {
        match s.run(2048) {
            Stop::Budget => {
                budgets += 1;
                if budgets == 3 {
                    // the INKEY$ loop has spun through three slices: a key is struck
                    s.input(Input::Key(Key::Char(*keys.next().expect("a key left"))));
                }
            }
            Stop::Line => {
                lines += 1;
                s.input(Input::Line(LINE.to_vec()));
            }
            Stop::Key => {
                key_waits += 1;
                s.input(Input::Key(Key::Char(*keys.next().expect("a key left"))));
            }
            Stop::Sleep(t) => {
                sleeps.push(t);
                clock.set(t);
            }
            other => break other,
        }
    };
    assert_eq!(stop, Stop::Ended);
    assert_eq!((lines, key_waits), (1, 2), "one INPUT, two INPUT$ waits");
    assert!(budgets >= 3, "the INKEY$ loop spun through slices");
    assert!(keys.next().is_none());
    // the music held the program until its fifth note started, on the fake clock only
    assert_eq!(sleeps, vec![Duration::from_millis(500)]);
    assert_eq!(clock.monotonic(), Duration::from_millis(500));
    s.finish_screen();
    let engine_screen = screen.borrow().clone();
    let engine_file = std::fs::read(dir.join("OUT.TXT")).expect("OUT.TXT written");

    // the same program on the terminal front end, the same keys on stdin
    let term = Scratch::new("slices-terminal");
    term.write("PROG.BAS", PROGRAM);
    let mut child = Command::new(env!("CARGO_BIN_EXE_gwrun"))
        .arg("PROG.BAS")
        .current_dir(&term.0)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gwrun runs");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("stdin");
        let typed = [LINE, b"\n", &KEYS].concat();
        stdin.write_all(&typed).expect("keys typed");
    }
    let out = child.wait_with_output().expect("gwrun ends");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let terminal_file = std::fs::read(term.join("OUT.TXT")).expect("OUT.TXT written");

    assert_eq!(
        String::from_utf8_lossy(&engine_screen),
        String::from_utf8_lossy(&out.stdout)
    );
    assert_eq!(engine_file, terminal_file);
    // and what that is: each wait answered once, nothing shown twice
    let text = String::from_utf8_lossy(&engine_screen);
    assert!(
        text.starts_with("NAME? BOB\nHI BOB\nKEY? x\nGOT Z\n"),
        "{text}"
    );
    assert_eq!(text.matches("KEY?").count(), 1);
}
