//! `gwrun --interface=window` on a virtual X server (Xvfb, a display of its own per
//! test), as a person uses it: keys struck with xdotool, the window's pixels read back
//! from the X server, the window closed as a window manager closes it (the
//! WM_DELETE_WINDOW message), and what the programs wrote read from their files. The
//! expectations are GW-BASIC's (INKEY$'s codes for the arrows, ON KEY(1) for F1,
//! `Break in 20`, a file complete with its Ctrl-Z after the run was ended) and the
//! picture `--screenshot` writes at the window's size. Skipped, with a note, without
//! Xvfb or xdotool (`.ci/run` installs them).

#![cfg(unix)]

use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use x11rb::protocol::xproto::{ClientMessageEvent, ConnectionExt, EventMask, ImageFormat};

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

/// How long anything may take on a loaded machine before the test gives up.
const PATIENCE: Duration = Duration::from_secs(60);

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

/// A virtual X server of the test's own, 1600×1200 (room for the 1280×960 window).
struct Xvfb {
    server: Child,
    display: String,
    dir: PathBuf,
}

impl Xvfb {
    fn start(tag: &str) -> Option<Xvfb> {
        if !have("Xvfb") || !have("xdotool") {
            eprintln!("SKIPPED {tag}: Xvfb or xdotool is not installed");
            return None;
        }
        let mut server = Command::new("Xvfb")
            .args([
                "-displayfd",
                "1",
                "-screen",
                "0",
                "1600x1200x24",
                "-nolisten",
                "tcp",
                // no autorepeat within a test: on a loaded machine xdotool's release can
                // come later than the server's 660 ms repeat delay, a held key to the BIOS
                "-ardelay",
                "60000",
                // no reset when the last client leaves: the test's xdotool looking for
                // the window can be that client, and a reset refuses the connection
                // gwrun makes at that moment ("Failed to open connection to X server")
                "-noreset",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .ok()?;
        // Xvfb writes the display number it took once it accepts connections
        let mut line = String::new();
        let out = server.stdout.take()?;
        std::io::BufReader::new(out).read_line(&mut line).ok()?;
        let display = format!(":{}", line.trim());
        let dir = std::env::temp_dir().join(format!("gwrun-window-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).ok()?;
        Some(Xvfb {
            server,
            display,
            dir,
        })
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.dir.join(name), text.replace('\n', "\r\n")).unwrap();
    }

    fn read(&self, name: &str) -> Option<Vec<u8>> {
        std::fs::read(self.dir.join(name)).ok()
    }

    /// Starts gwrun on `program` in a window.
    fn gwrun(&self, args: &[&str]) -> Child {
        Command::new(BIN)
            .arg("--interface=window")
            .args(args)
            .current_dir(&self.dir)
            .env("DISPLAY", &self.display)
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    }

    fn xdotool(&self, args: &[&str]) -> String {
        let out = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .output()
            .unwrap();
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// The window titled `title`, once it is there, focused for the keys; a run that
    /// ends before its window appears fails the test with what it printed.
    fn window(&self, child: &mut Child, title: &str) -> u32 {
        let end = Instant::now() + PATIENCE;
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                let mut err = String::new();
                if let Some(mut e) = child.stderr.take() {
                    let _ = std::io::Read::read_to_string(&mut e, &mut err);
                }
                panic!("gwrun ended ({status}) before its window {title} appeared: {err}");
            }
            // once it is mapped: focus it, and the pointer on it (no window manager)
            let found = self.xdotool(&["search", "--onlyvisible", "--name", title]);
            let first = found
                .lines()
                .next()
                .and_then(|l| l.trim().parse::<u32>().ok());
            if let Some(id) = first {
                let id_text = id.to_string();
                self.xdotool(&["mousemove", "--window", &id_text, "20", "20"]);
                self.xdotool(&["windowfocus", "--sync", &id_text]);
                return id;
            }
            assert!(Instant::now() < end, "no window titled {title}");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits for a file the program writes when it is ready (or done).
    fn wait_file(&self, name: &str) -> Vec<u8> {
        let end = Instant::now() + PATIENCE;
        loop {
            if let Some(b) = self.read(name) {
                return b;
            }
            assert!(Instant::now() < end, "{name} was not written");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the window shows something in the top rows (text on a black
    /// screen: a message has appeared).
    fn wait_top_text(&self, window: u32) {
        let end = Instant::now() + PATIENCE;
        loop {
            let (w, _, px) = self.pixels(window);
            if px.iter().take(w * 40).any(|p| *p != [0, 0, 0]) {
                return;
            }
            assert!(Instant::now() < end, "nothing was shown");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the window shows anything but black: the program's first frame has
    /// been drawn, and the window takes keys from then on.
    fn wait_drawn(&self, window: u32) {
        let end = Instant::now() + PATIENCE;
        loop {
            let (_, _, px) = self.pixels(window);
            if px.iter().any(|p| *p != [0, 0, 0]) {
                return;
            }
            assert!(Instant::now() < end, "nothing was drawn");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// Waits until the window shows something other than `before` (its pixels then).
    fn wait_changed(&self, window: u32, before: &[[u8; 3]]) {
        let end = Instant::now() + PATIENCE;
        while self.pixels(window).2 == before {
            assert!(Instant::now() < end, "the window did not change");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    /// At the `Ok` prompt: types a line that writes the text of the screen's top five
    /// rows (20 columns) to a file with SCREEN() and ends gwrun, and returns that text.
    fn top_rows_at_ok(&self, child: Child) -> String {
        self.xdotool(&[
            "type",
            "--delay",
            "20",
            "OPEN \"S.TXT\" FOR OUTPUT AS 1:FOR R=1 TO 5:FOR C=1 TO 20:PRINT #1,CHR$(SCREEN(R,C));:NEXT:PRINT #1,:NEXT:CLOSE:SYSTEM",
        ]);
        self.keys(&["Return"]);
        assert_eq!(finish(child).0, Some(0));
        String::from_utf8_lossy(&self.read("S.TXT").unwrap()).into_owned()
    }

    /// Strikes keys (xdotool's names) in the focused window.
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["key", "--delay", "50"];
        args.extend_from_slice(keys);
        self.xdotool(&args);
    }

    /// The window's pixels as RGB, with its size.
    fn pixels(&self, window: u32) -> (usize, usize, Vec<[u8; 3]>) {
        let (conn, _) = x11rb::connect(Some(&self.display)).unwrap();
        let g = conn.get_geometry(window).unwrap().reply().unwrap();
        let image = conn
            .get_image(ImageFormat::Z_PIXMAP, window, 0, 0, g.width, g.height, !0)
            .unwrap()
            .reply()
            .unwrap();
        // depth 24 in 32-bit little-endian words: blue, green, red, unused
        let px = image
            .data
            .chunks_exact(4)
            .map(|b| [b[2], b[1], b[0]])
            .collect();
        (usize::from(g.width), usize::from(g.height), px)
    }

    /// Closes the window as a window manager does when its close button is clicked.
    fn close(&self, window: u32) {
        let (conn, _) = x11rb::connect(Some(&self.display)).unwrap();
        let atom = |name: &[u8]| conn.intern_atom(false, name).unwrap().reply().unwrap().atom;
        let protocols = atom(b"WM_PROTOCOLS");
        let delete = atom(b"WM_DELETE_WINDOW");
        let event = ClientMessageEvent::new(32, window, protocols, [delete, 0, 0, 0, 0]);
        conn.send_event(false, window, EventMask::NO_EVENT, event)
            .unwrap()
            .check()
            .unwrap();
    }
}

impl Drop for Xvfb {
    /// Ends the server as its user would (SIGTERM), so that it removes its lock file and
    /// socket before the display's claim is released.
    fn drop(&mut self) {
        let pid = self.server.id() as libc::pid_t;
        // SAFETY: kill(2) on our child, not yet reaped (it is ours until wait)
        unsafe { libc::kill(pid, libc::SIGTERM) };
        let end = Instant::now() + Duration::from_secs(10);
        while self.server.try_wait().ok().flatten().is_none() && Instant::now() < end {
            std::thread::sleep(Duration::from_millis(20));
        }
        let _ = self.server.kill();
        let _ = self.server.wait();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

/// Waits for gwrun to end; its exit status and what it wrote on stderr.
fn finish(mut child: Child) -> (Option<i32>, String) {
    let end = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut e, &mut err);
            }
            return (status.code(), err);
        }
        if Instant::now() > end {
            let _ = child.kill();
            let _ = child.wait();
            let mut err = String::new();
            if let Some(mut e) = child.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut e, &mut err);
            }
            panic!("gwrun did not end; its stderr:\n{err}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// The RGB pixels of a PNG file.
fn png_pixels(path: &Path) -> (usize, usize, Vec<[u8; 3]>) {
    let mut dec = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut r = dec.read_info().unwrap();
    let mut buf = vec![0; r.output_buffer_size().unwrap()];
    let info = r.next_frame(&mut buf).unwrap();
    let n = info.color_type.samples();
    let px = buf
        .chunks_exact(n)
        .take(info.width as usize * info.height as usize)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    (info.width as usize, info.height as usize, px)
}

/// A picture of SCREEN 1: a filled box, a circle and a line of text.
const PICTURE: &str = "10 SCREEN 1: COLOR 1, 0: KEY OFF\n\
    20 LINE (10,10)-(100,50),3,BF: CIRCLE (160,100),60,2: LOCATE 20,2: PRINT \"WINDOW 4:3\";\n";

#[test]
fn the_window_shows_the_pixels_of_the_screenshot() {
    let Some(x) = Xvfb::start("pixels") else {
        return;
    };
    x.write("REF.BAS", PICTURE);
    let made = Command::new(BIN)
        .args([
            "--screenshot=ref.png",
            "--screenshot-size=1280x960",
            "REF.BAS",
        ])
        .current_dir(&x.dir)
        .output()
        .unwrap();
    assert!(made.status.success());
    x.write(
        "PIC.BAS",
        &format!(
            "{PICTURE}30 OPEN \"READY\" FOR OUTPUT AS 1: CLOSE 1\n\
             40 IF INKEY$ = \"\" THEN 40\n50 SYSTEM\n"
        ),
    );
    let mut child = x.gwrun(&["PIC.BAS"]);
    let id = x.window(&mut child, "PIC.BAS - gwrun");
    x.wait_file("READY");
    let (rw, rh, want) = png_pixels(&x.dir.join("ref.png"));
    // the window is drawn when the display is ready: look until it shows the picture
    let end = Instant::now() + PATIENCE;
    let (far, size) = loop {
        let (w, h, got) = x.pixels(id);
        let far = if (w, h) == (rw, rh) {
            got.iter()
                .zip(&want)
                .filter(|(a, b)| (0..3).any(|k| a[k].abs_diff(b[k]) > 2))
                .count()
        } else {
            usize::MAX
        };
        if far == 0 || Instant::now() > end {
            break (far, (w, h));
        }
        std::thread::sleep(Duration::from_millis(200));
    };
    // the same renderer at the same size: every pixel within 2 of the screenshot's
    assert_eq!(size, (1280, 960), "the window's size");
    assert_eq!(far, 0, "{far} pixels differ from the screenshot");
    x.keys(&["space"]);
    assert_eq!(finish(child).0, Some(0));
}

#[test]
fn an_inkey_game_moves_with_the_arrow_keys() {
    let Some(x) = Xvfb::start("arrows") else {
        return;
    };
    x.write(
        "GAME.BAS",
        "10 CLS: X = 10: Y = 5: LOCATE Y, X: PRINT \"@\";\n\
         20 OPEN \"READY\" FOR OUTPUT AS 1: CLOSE 1\n\
         30 K$ = INKEY$: IF K$ = \"\" THEN 30\n\
         40 C = 0: IF LEN(K$) = 2 THEN C = ASC(MID$(K$, 2))\n\
         45 OPEN \"KEYS.TXT\" FOR APPEND AS 2: PRINT #2, C; ASC(K$): CLOSE 2\n\
         50 LOCATE Y, X: PRINT \" \";\n\
         60 IF C = 72 THEN Y = Y - 1 ELSE IF C = 80 THEN Y = Y + 1\n\
         70 IF C = 75 THEN X = X - 1 ELSE IF C = 77 THEN X = X + 1\n\
         80 LOCATE Y, X: PRINT \"@\";: IF K$ <> \"q\" THEN 30\n\
         90 OPEN \"POS.TXT\" FOR OUTPUT AS 1: PRINT #1, X; Y: CLOSE 1: SYSTEM\n",
    );
    let mut child = x.gwrun(&["GAME.BAS"]);
    let id = x.window(&mut child, "GAME.BAS - gwrun");
    x.wait_file("READY");
    x.wait_drawn(id);
    x.keys(&[
        "Right", "Right", "Right", "Down", "Down", "Left", "Up", "Down", "q",
    ]);
    assert_eq!(finish(child).0, Some(0));
    let keys = String::from_utf8_lossy(&x.read("KEYS.TXT").unwrap_or_default()).into_owned();
    assert_eq!(
        x.read("POS.TXT").unwrap(),
        b" 12  7 \r\n\x1a",
        "the keys the program read (scan code, first byte):\n{keys}"
    );
}

#[test]
fn f1_fires_on_key_1() {
    let Some(x) = Xvfb::start("onkey") else {
        return;
    };
    x.write(
        "TRAP.BAS",
        "10 ON KEY(1) GOSUB 100: KEY(1) ON\n\
         20 OPEN \"READY\" FOR OUTPUT AS 1: CLOSE 1\n\
         30 IF N = 0 THEN 30\n\
         40 OPEN \"FIRED.TXT\" FOR OUTPUT AS 1: PRINT #1, \"FIRED\"; N: CLOSE 1: SYSTEM\n\
         100 N = N + 1: RETURN\n",
    );
    let mut child = x.gwrun(&["TRAP.BAS"]);
    x.window(&mut child, "TRAP.BAS - gwrun");
    x.wait_file("READY");
    x.keys(&["F1"]);
    assert_eq!(finish(child).0, Some(0));
    assert_eq!(x.read("FIRED.TXT").unwrap(), b"FIRED 1 \r\n\x1a");
}

#[test]
fn ctrl_break_stops_a_loop_and_the_ok_prompt_takes_typed_lines() {
    let Some(x) = Xvfb::start("break") else {
        return;
    };
    x.write(
        "LOOP.BAS",
        "10 PRINT \"RUNNING\": OPEN \"READY\" FOR OUTPUT AS 1: CLOSE 1\n20 I = I + 1: GOTO 20\n",
    );
    let mut child = x.gwrun(&["LOOP.BAS"]);
    let id = x.window(&mut child, "LOOP.BAS - gwrun");
    x.wait_file("READY");
    // keys struck before the window's first frame can be lost: wait for it
    x.wait_drawn(id);
    let before = x.pixels(id).2;
    x.keys(&["ctrl+Pause"]);
    // Break's message appears; then at Ok a typed line writes the screen's text to a
    // file with SCREEN()
    x.wait_changed(id, &before);
    let screen = x.top_rows_at_ok(child);
    assert!(screen.contains("Break in 20"), "{screen}");
    assert!(screen.contains("Ok"), "{screen}");
}

/// Ctrl-Break inside SHELL's command (`--allow-shell`): the window hands it to the
/// engine's Interrupter, as SIGINT on a terminal, so the command is ended and the
/// program stops with `Break in 20` (a key alone would wait for the command's end,
/// ten minutes away).
#[test]
fn ctrl_break_ends_a_shell_command() {
    let Some(x) = Xvfb::start("shellbreak") else {
        return;
    };
    x.write(
        "SH.BAS",
        "10 PRINT \"RUNNING\"\n20 SHELL \"echo > STARTED; sleep 600\"\n30 PRINT \"AFTER\"\n",
    );
    let mut child = x.gwrun(&["--allow-shell", "SH.BAS"]);
    let id = x.window(&mut child, "SH.BAS - gwrun");
    x.wait_file("STARTED");
    // the window shows the program's text: it is drawn and takes keys
    x.wait_top_text(id);
    x.keys(&["ctrl+Pause"]);
    let screen = x.top_rows_at_ok(child);
    assert!(screen.contains("Break in 20"), "{screen}");
    assert!(!screen.contains("AFTER"), "{screen}");
}

#[test]
fn closing_the_window_leaves_the_file_complete() {
    let Some(x) = Xvfb::start("close") else {
        return;
    };
    x.write(
        "LOG.BAS",
        "10 OPEN \"LOG.TXT\" FOR OUTPUT AS 1\n\
         20 OPEN \"READY\" FOR OUTPUT AS 2: CLOSE 2\n\
         30 I = I + 1: PRINT #1, \"RECORD\"; I: GOTO 30\n",
    );
    let mut child = x.gwrun(&["LOG.BAS"]);
    let id = x.window(&mut child, "LOG.BAS - gwrun");
    x.wait_file("READY");
    std::thread::sleep(Duration::from_millis(500));
    x.close(id);
    let (status, err) = finish(child);
    assert_eq!(status, Some(0), "{err}");
    let log = x.read("LOG.TXT").unwrap();
    assert_eq!(log.last(), Some(&0x1A), "the file ends with its Ctrl-Z");
    let text = String::from_utf8_lossy(&log[..log.len() - 1]).into_owned();
    let lines: Vec<&str> = text.split_terminator("\r\n").collect();
    assert!(lines.len() > 10, "{} records", lines.len());
    for (i, l) in lines.iter().enumerate() {
        assert_eq!(*l, format!("RECORD {} ", i + 1), "record {}", i + 1);
    }
    assert!(text.ends_with("\r\n"), "the last record is whole");
}
