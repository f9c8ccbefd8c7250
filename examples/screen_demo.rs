//! A small demonstration of the GW screen engines on a real terminal (and the harness the
//! tmux tests of the front end will drive): a coloured menu drawn with LOCATE and COLOR,
//! then direct-mode line entry with the full-screen editor. Typed lines are answered:
//! `MENU` redraws the menu, `KEYS` shows what INKEY$ returns for each key until Esc,
//! `INPUT` asks a question at an INPUT prompt, `CLS` clears, `SYSTEM` quits; any other
//! line is echoed. The function keys type their GW texts (F1 "LIST ", F2 "RUN"+Enter...).
//!
//!     cargo run --example screen_demo [-- --keys='menu\rsystem\r']
//!
//! With stdout not a terminal (or `--keys` given) nothing is drawn live: the keys are
//! typed and the final screen is printed as text. `--panic` panics after drawing the
//! menu (the terminal must come back all the same).

use gwrun::term::{Input, Terminal};
use gwrun_core::console::CursorShow;
use gwrun_core::editor::{Edit, LineEditor};
use gwrun_core::keyboard::{Key, Keyboard, parse_keys};
use gwrun_core::screen::Screen;
use std::io::IsTerminal;
use std::time::Duration;

/// Where keys come from and where the screen goes.
enum Front {
    Live(Terminal),
    Script,
}

impl Front {
    /// The next key: from the keyboard buffer, else from the terminal (waiting).
    fn key(&mut self, kb: &mut Keyboard, s: &Screen, show: CursorShow) -> Option<Key> {
        loop {
            if let Some(k) = kb.read_key() {
                return Some(k);
            }
            match self {
                Front::Script => return None,
                Front::Live(t) => {
                    t.draw(s, show).ok()?;
                    match t.poll(Duration::from_millis(100)).ok()? {
                        Some(Input::Key(k)) => kb.press_stroke(k),
                        Some(Input::Resized) | None => {}
                    }
                }
            }
        }
    }

    fn sync(&mut self, s: &mut Screen) {
        if let Front::Live(t) = self {
            for _ in 0..s.take_bells() {
                let _ = t.beep();
            }
            let _ = t.draw(s, CursorShow::Hidden);
        }
    }
}

fn menu(s: &mut Screen) {
    s.color(&[Some(15), Some(1)]).ok();
    s.cls(None).ok();
    s.color(&[Some(14), Some(1)]).ok();
    s.locate([Some(3), Some(30), None, None, None]).ok();
    s.write(b"\xc9\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xbb");
    s.locate([Some(4), Some(30), None, None, None]).ok();
    s.write(b"\xba  GW-BASIC demo  \xba");
    s.locate([Some(5), Some(30), None, None, None]).ok();
    s.write(b"\xc8\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xcd\xbc");
    s.color(&[Some(7), Some(1)]).ok();
    for (i, t) in [
        &b"MENU   this screen"[..],
        b"KEYS   show INKEY$ codes",
        b"INPUT  an INPUT prompt",
        b"SYSTEM quit",
    ]
    .iter()
    .enumerate()
    {
        s.locate([Some(8 + i as i32), Some(25), None, None, None])
            .ok();
        s.write(t);
    }
    s.locate([Some(14), Some(1), None, None, None]).ok();
    s.show_key_bar(true).ok();
}

/// Reads a line with the full-screen editor; None when the keys ran out.
fn read_line(
    front: &mut Front,
    kb: &mut Keyboard,
    s: &mut Screen,
    prompt: &[u8],
    input: bool,
) -> Option<Edit> {
    let mut ed = LineEditor::start(s, prompt, input, true);
    loop {
        let show = if ed.insert_mode() {
            CursorShow::Block
        } else {
            CursorShow::Line
        };
        let k = front.key(kb, s, show)?;
        match ed.key(s, k) {
            Edit::Pending => {}
            done => return Some(done),
        }
    }
}

fn run(front: &mut Front, kb: &mut Keyboard, s: &mut Screen) {
    menu(s);
    loop {
        s.ok_prompt();
        front.sync(s);
        let line = match read_line(front, kb, s, b"", false) {
            None => return,
            Some(Edit::Line(l)) => l,
            Some(_) => continue,
        };
        let cmd = String::from_utf8_lossy(&line).trim().to_ascii_uppercase();
        match cmd.as_str() {
            "" => {}
            "SYSTEM" => return,
            "MENU" => menu(s),
            "CLS" => {
                s.cls(None).ok();
            }
            "INPUT" => match read_line(front, kb, s, b"Your name? ", true) {
                Some(Edit::Line(name)) => {
                    s.write(b"Hello, ");
                    s.write(&name);
                    s.write(b"\r");
                }
                Some(Edit::Break) => s.error_message(b"Break", true),
                _ => return,
            },
            "KEYS" => {
                s.write_line(b"Press keys; Esc ends.");
                loop {
                    front.sync(s);
                    let Some(k) = front.key(kb, s, CursorShow::Hidden) else {
                        return;
                    };
                    let (b, n) = k.bytes();
                    let text = match n {
                        1 => format!("CHR$({})", b[0]),
                        _ => format!("CHR$(0)+CHR$({})", b[1]),
                    };
                    s.write_line(text.as_bytes());
                    if k == Key::Char(27) {
                        break;
                    }
                }
            }
            _ => {
                s.write(b"You typed: ");
                s.write_line(&line);
            }
        }
    }
}

fn main() {
    let keys = std::env::args().find_map(|a| a.strip_prefix("--keys=").map(str::to_owned));
    let mut kb = Keyboard::new();
    let mut s = Screen::new();
    for n in 1..=10 {
        let text = kb.macro_text(n).to_vec();
        s.set_key_label(n, &text);
    }
    let scripted = keys.is_some() || !std::io::stdout().is_terminal();
    if let Some(k) = &keys {
        kb.type_keys(&parse_keys(k));
    }
    let mut front = if scripted {
        Front::Script
    } else {
        match Terminal::open() {
            Ok(t) => Front::Live(t),
            Err(e) => {
                eprintln!("screen_demo: no terminal: {e}");
                std::process::exit(1);
            }
        }
    };
    if std::env::args().any(|a| a == "--panic") {
        // the panic path of the terminal restore (for the tmux tests)
        menu(&mut s);
        front.sync(&mut s);
        panic!("screen_demo: --panic");
    }
    run(&mut front, &mut kb, &mut s);
    match front {
        Front::Live(t) => t.close(Some(&s), None),
        Front::Script => {
            for r in 1..=25 {
                let text: String = s
                    .row_text(r)
                    .iter()
                    .map(|&b| gwrun::term::glyph(b))
                    .collect();
                println!("{}", text.trim_end());
            }
        }
    }
}
