//! gwrun on a real terminal, driven through tmux: keys go in with `send-keys`, the screen
//! comes back with `capture-pane`. A menu drawn with LOCATE and COLOR, an INKEY$ loop,
//! a LISTed line changed in place and entered again with the full-screen editor, and
//! Ctrl-C in running programs (line mode and full screen), each ending with the
//! terminal given back to the shell. The expectations are GW-BASIC's screen rules
//! (positions from LOCATE, the editor's Enter taking the line under the cursor, `Break
//! in NNN`), not gwrun's output. Skipped, with a note, when tmux is not installed.

#![cfg(unix)]

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

/// A tmux server of our own (its own socket) with one 80×25 window running `sh`.
struct Tmux {
    socket: String,
    dir: PathBuf,
}

impl Tmux {
    /// None (and a SKIPPED note) when tmux cannot run.
    fn start(name: &str) -> Option<Tmux> {
        let ok = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|o| o.status.success());
        if !ok {
            eprintln!("SKIPPED {name}: tmux is not installed");
            return None;
        }
        let dir = std::env::temp_dir().join(format!("gwrun-tmux-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).ok()?;
        let t = Tmux {
            socket: format!("gwrun-test-{name}-{}", std::process::id()),
            dir,
        };
        let data = t.dir.join("data");
        let status = Command::new("tmux")
            .args(["-L", &t.socket, "-f", "/dev/null", "new-session", "-d"])
            .args(["-x", "80", "-y", "25", "-c"])
            .arg(&t.dir)
            .arg(format!(
                "env -i PATH=/usr/bin:/bin TERM=xterm-256color HOME={d} XDG_DATA_HOME={d} PS1='$ ' sh",
                d = data.display()
            ))
            .status()
            .ok()?;
        if !status.success() {
            eprintln!("SKIPPED {name}: tmux could not start a session");
            return None;
        }
        t.tmux(&["set-option", "-g", "status", "off"]);
        Some(t)
    }

    fn tmux(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .args(["-L", &self.socket])
            .args(args)
            .output()
            .expect("tmux");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Types text (literally) into the pane.
    fn type_text(&self, text: &str) {
        self.tmux(&["send-keys", "-l", text]);
    }

    /// Presses named keys (Enter, Up, C-c...).
    fn keys(&self, keys: &[&str]) {
        let mut args = vec!["send-keys"];
        args.extend_from_slice(keys);
        self.tmux(&args);
    }

    /// The visible screen, row by row.
    fn screen(&self) -> Vec<String> {
        self.tmux(&["capture-pane", "-p"])
            .lines()
            .map(str::to_string)
            .collect()
    }

    /// The screen and the scrollback.
    fn history(&self) -> String {
        self.tmux(&["capture-pane", "-p", "-S", "-200"])
    }

    /// Waits until `pred` holds for the screen; panics with the screen after 30 s (a loaded machine is slow).
    fn wait_for(&self, what: &str, pred: impl Fn(&[String]) -> bool) -> Vec<String> {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let s = self.screen();
            if pred(&s) {
                return s;
            }
            if Instant::now() > end {
                panic!("timed out waiting for {what}; screen:\n{}", s.join("\n"));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits until the scrollback shows `text`.
    fn wait_history(&self, text: &str) -> String {
        self.wait_history_times(text, 1)
    }

    /// Waits until the scrollback shows `text` at least `times` times (a second run's
    /// status line, not the first one's again).
    fn wait_history_times(&self, text: &str, times: usize) -> String {
        let end = Instant::now() + Duration::from_secs(30);
        loop {
            let h = self.history();
            if h.matches(text).count() >= times {
                return h;
            }
            if Instant::now() > end {
                panic!("timed out waiting for {text:?}; screen:\n{h}");
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    fn write(&self, name: &str, text: &str) {
        std::fs::write(self.dir.join(name), text).expect("write program");
    }

    /// Runs gwrun with `args` in the shell, followed by its exit status.
    fn run_gwrun(&self, args: &str) {
        self.type_text(&format!("{} {args}; echo EXIT-$?", gwrun().display()));
        self.keys(&["Enter"]);
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .args(["-L", &self.socket, "kill-server"])
            .status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}

fn gwrun() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_gwrun"))
}

/// The text at row `r`, column `c` (1-based) of a captured screen.
fn at(screen: &[String], r: usize, c: usize) -> String {
    screen
        .get(r - 1)
        .map(|l| l.chars().skip(c - 1).collect())
        .unwrap_or_default()
}

#[test]
fn a_menu_drawn_with_locate_and_color() {
    let Some(t) = Tmux::start("menu") else {
        return;
    };
    t.write(
        "MENU.BAS",
        "10 CLS: KEY OFF\n\
         20 COLOR 14, 1: LOCATE 3, 30: PRINT \" MAIN MENU \";\n\
         30 COLOR 7, 0: LOCATE 6, 32: PRINT \"1. Play\";\n\
         40 LOCATE 7, 32: PRINT \"2. Quit\";\n\
         50 LOCATE 10, 32: PRINT \"Choice? \";\n\
         60 K$ = INKEY$: IF K$ <> \"1\" AND K$ <> \"2\" THEN 60\n\
         70 LOCATE 12, 32: PRINT \"You chose \"; K$;\n\
         80 IF K$ = \"1\" THEN 60\n\
         90 LOCATE 14, 32: PRINT \"Bye\"\n",
    );
    t.run_gwrun("MENU.BAS");
    let s = t.wait_for("the menu", |s| at(s, 10, 32).starts_with("Choice?"));
    assert!(at(&s, 3, 30).starts_with(" MAIN MENU"), "{s:?}");
    assert!(at(&s, 6, 32).starts_with("1. Play"));
    assert!(at(&s, 7, 32).starts_with("2. Quit"));
    // the rows above the menu were cleared by CLS
    assert!(s[0].trim().is_empty() && s[1].trim().is_empty());
    t.type_text("1");
    t.wait_for("the first choice", |s| {
        at(s, 12, 32).starts_with("You chose 1")
    });
    t.type_text("2");
    // the program ends: the terminal is given back, the final screen is in the
    // scrollback, and the shell runs the next command
    let h = t.wait_history("EXIT-0");
    assert!(h.contains("You chose 2"), "{h}");
    assert!(h.contains("Bye"), "{h}");
}

#[test]
fn an_inkey_loop_sees_each_key() {
    let Some(t) = Tmux::start("inkey") else {
        return;
    };
    t.write(
        "KEYS.BAS",
        "10 CLS: PRINT \"press keys, q ends\"\n\
         20 K$ = INKEY$: IF K$ = \"\" THEN 20\n\
         30 IF LEN(K$) = 2 THEN PRINT \"EXT\"; ASC(MID$(K$, 2)) ELSE PRINT \"KEY\"; ASC(K$)\n\
         40 IF K$ <> \"q\" THEN 20\n",
    );
    t.run_gwrun("KEYS.BAS");
    t.wait_for("the prompt", |s| s[0].starts_with("press keys"));
    t.type_text("a");
    t.wait_for("a", |s| s.iter().any(|l| l.starts_with("KEY 97")));
    t.keys(&["Up"]);
    t.wait_for("Up", |s| s.iter().any(|l| l.starts_with("EXT 72")));
    t.keys(&["F1"]);
    // F1 types its text, LIST and a space, one key at a time
    t.wait_for("F1", |s| s.iter().any(|l| l.starts_with("KEY 76")));
    t.type_text("q");
    t.wait_history("EXIT-0");
}

#[test]
fn a_listed_line_is_changed_in_place_and_entered() {
    let Some(t) = Tmux::start("edit") else {
        return;
    };
    t.run_gwrun("--full-screen");
    t.wait_for("Ok", |s| s.iter().any(|l| l.starts_with("Ok")));
    t.type_text("10 PRINT \"HELLO\"");
    t.keys(&["Enter"]);
    t.type_text("LIST");
    t.keys(&["Enter"]);
    // the listing's row is two above the cursor (under it: Ok)
    let s = t.wait_for("the listing", |s| {
        s.iter()
            .filter(|l| l.starts_with("10 PRINT \"HELLO\""))
            .count()
            == 2
    });
    let listed = s
        .iter()
        .rposition(|l| l.starts_with("10 PRINT \"HELLO\""))
        .expect("listed line");
    t.keys(&["Up", "Up"]);
    for _ in 0..10 {
        t.keys(&["Right"]);
    }
    t.type_text("WORLD");
    t.wait_for("the change", |s| {
        s[listed].starts_with("10 PRINT \"WORLD\"")
    });
    t.keys(&["Enter"]);
    t.keys(&["Down", "Down"]);
    t.type_text("RUN");
    t.keys(&["Enter"]);
    t.wait_for("the run", |s| s.iter().any(|l| l.trim_end() == "WORLD"));
    t.type_text("SYSTEM");
    t.keys(&["Enter"]);
    t.wait_history("EXIT-0");
}

#[test]
fn ctrl_c_breaks_a_running_program() {
    let Some(t) = Tmux::start("break") else {
        return;
    };
    // a program that only prints: the terminal stays in line mode, Ctrl-C is a signal
    t.write("LOOP.BAS", "10 PRINT \"running\"\n20 GOTO 20\n");
    t.run_gwrun("LOOP.BAS");
    t.wait_for("the program", |s| s.iter().any(|l| l.ends_with("running")));
    t.keys(&["C-c"]);
    let h = t.wait_history("EXIT-130");
    assert!(h.contains("Break in 20"), "{h}");
    // a program that uses the screen: raw keys, Ctrl-C read from the terminal
    t.write(
        "SCREEN.BAS",
        "10 CLS: LOCATE 5, 5: PRINT \"full screen\"\n20 GOTO 20\n",
    );
    t.run_gwrun("SCREEN.BAS");
    t.wait_for("the screen", |s| at(s, 5, 5).starts_with("full screen"));
    t.keys(&["C-c"]);
    let h = t.wait_history_times("EXIT-130", 2);
    assert!(h.contains("Break in 20"), "{h}");
    // the terminal was given back: the shell echoes what is typed, line by line
    t.type_text("echo back-to-normal");
    t.keys(&["Enter"]);
    t.wait_history("\nback-to-normal");
}

#[test]
fn a_program_cannot_retitle_clear_or_query_the_terminal() {
    let Some(t) = Tmux::start("escapes") else {
        return;
    };
    // an OSC title, a clear-screen and a device-attributes query, printed in line mode;
    // GW-BASIC drew ESC as the arrow ← and the rest as text. A query reaching tmux would
    // have its answer (ESC [ ? 1 ; 2 c) typed into the INPUT.
    t.write(
        "ESC.BAS",
        "10 PRINT \"BEFORE\"\n\
         20 PRINT CHR$(27);\"]0;PWNED\";CHR$(7)\n\
         30 PRINT CHR$(27);\"[2J\";CHR$(3);CHR$(4);CHR$(5);CHR$(6)\n\
         40 PRINT CHR$(27);\"[c\";: INPUT A$\n\
         50 PRINT \"GOT[\";A$;\"]\"\n",
    );
    t.run_gwrun("ESC.BAS");
    // the INPUT's prompt after the query (the command line itself holds a `?`)
    t.wait_history("←[c?");
    t.type_text("ok");
    t.keys(&["Enter"]);
    let h = t.wait_history("EXIT-0");
    assert!(h.contains("BEFORE"), "the screen was cleared:\n{h}");
    assert!(h.contains("←]0;PWNED"), "{h}");
    assert!(h.contains("←[2J♥♦♣♠"), "{h}");
    assert!(
        h.contains("GOT[ok]"),
        "a terminal's answer reached INPUT:\n{h}"
    );
    let title = t.tmux(&["display-message", "-p", "#{pane_title}"]);
    assert!(!title.contains("PWNED"), "the title became {title:?}");
    // the same through the full screen (the program took the terminal over)
    t.write(
        "ESC2.BAS",
        "10 CLS: PRINT CHR$(27);\"]0;PWNED2\";CHR$(7);CHR$(27);\"[2J\";CHR$(3)\n\
         20 LOCATE 5, 1: PRINT \"DONE\": A$=INPUT$(1)\n",
    );
    t.run_gwrun("ESC2.BAS");
    let s = t.wait_for("the full screen", |s| at(s, 5, 1).starts_with("DONE"));
    assert!(at(&s, 1, 1).starts_with("←]0;PWNED2"), "{s:?}");
    t.type_text("x");
    t.wait_history_times("EXIT-0", 2);
    let title = t.tmux(&["display-message", "-p", "#{pane_title}"]);
    assert!(!title.contains("PWNED"), "the title became {title:?}");
}

#[test]
fn function_keys_at_the_ok_prompt_and_on_key_in_a_program() {
    let Some(t) = Tmux::start("fkeys") else {
        return;
    };
    t.write(
        "TRAP.BAS",
        "10 ON KEY(1) GOSUB 100: KEY(1) ON\n\
         20 IF N = 0 THEN 20\n\
         30 PRINT \"TRAPPED\"; N\n\
         40 END\n\
         100 N = N + 1: RETURN\n",
    );
    // F1 in a running program fires ON KEY(1) (the program takes the keys as they are
    // struck); F2 at the Ok prompt types RUN and Enter
    t.run_gwrun("");
    t.wait_history("Ok");
    t.type_text("LOAD \"TRAP\"");
    t.keys(&["Enter"]);
    t.wait_history_times("Ok", 2);
    t.keys(&["F2"]);
    std::thread::sleep(Duration::from_millis(300));
    t.keys(&["F1"]);
    let h = t.wait_history("TRAPPED 1");
    assert!(h.contains("RUN"), "F2 typed its text:\n{h}");
    // F1's text (LIST and a space) goes in at the cursor: LIST 10 lists line 10
    t.wait_history_times("Ok", 3);
    t.keys(&["F1"]);
    t.type_text("10");
    t.keys(&["Enter"]);
    let h = t.wait_history("10 ON KEY(1) GOSUB 100");
    assert!(h.contains("LIST 10"), "{h}");
    t.type_text("SYSTEM");
    t.keys(&["Enter"]);
    t.wait_history("EXIT-0");
}
