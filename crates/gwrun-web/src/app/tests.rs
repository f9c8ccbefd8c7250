//! The page's machine driven as the page drives it (slices, keys struck between them, a
//! clock that moves when told), without a browser. Expected screens are GW-BASIC's
//! (the statements' output as real GW-BASIC prints it).

use super::*;

/// 1990-01-01 10:00 local time, in ms since 1970.
const LOCAL: f64 = 631_188_000_000.0;

fn app() -> App {
    App::new(PageClock::new(0.0, LOCAL), b"").0
}

/// Runs slices until the machine waits for a key (sleeps are slept through on the
/// page clock); the status it stopped with.
fn settle(app: &mut App) -> Status {
    for _ in 0..10_000 {
        match app.run(5_000) {
            Status::Budget => {}
            Status::Sleeping => app.clock.advance(app.wake_ms()),
            s => return s,
        }
    }
    panic!("the machine never settled:\n{}", app.screen_text());
}

/// Types a line at the keyboard, key by key as a US keyboard types it, then Enter.
fn type_line(app: &mut App, line: &str) {
    for c in line.chars() {
        let (legend, shift) = gwrun_core::keyboard::map::legend_of(c)
            .or((c == ' ').then_some((' ', false)))
            .expect("a character of the US keyboard");
        let code = match legend {
            'a'..='z' => format!("Key{}", legend.to_ascii_uppercase()),
            '0'..='9' => format!("Digit{legend}"),
            ' ' => "Space".into(),
            _ => [
                ('`', "Backquote"),
                ('-', "Minus"),
                ('=', "Equal"),
                ('[', "BracketLeft"),
                (']', "BracketRight"),
                ('\\', "Backslash"),
                (';', "Semicolon"),
                ('\'', "Quote"),
                (',', "Comma"),
                ('.', "Period"),
                ('/', "Slash"),
            ]
            .iter()
            .find(|p| p.0 == legend)
            .map(|p| p.1.to_string())
            .expect("a legend"),
        };
        let held = Held(if shift { Held::SHIFT } else { 0 });
        assert!(app.key(&code, &c.to_string(), held), "{c}");
    }
    assert!(app.key("Enter", "Enter", Held(0)));
}

fn rows(app: &App) -> Vec<String> {
    app.screen_text().lines().map(str::to_string).collect()
}

#[test]
fn the_machine_starts_at_ok_on_the_full_screen() {
    let mut a = app();
    assert_eq!(settle(&mut a), Status::Waiting);
    assert_eq!(a.activity(), Activity::Prompt);
    let r = rows(&a);
    assert!(r[0].starts_with("gwrun "), "{r:?}");
    assert!(r[1].ends_with(" Bytes free"), "{r:?}");
    assert_eq!(r[2], "Ok");
    // the key bar on row 25, as GW-BASIC starts
    assert_eq!(r.len(), 25);
    assert!(r[24].starts_with(" 1LIST   2RUN←"), "{:?}", r[24]);
    assert!(a.render(640, 480));
    assert_eq!(a.rgba().len(), 640 * 480 * 4);
}

#[test]
fn a_program_typed_at_ok_is_listed_and_runs() {
    let mut a = app();
    settle(&mut a);
    for l in ["10 FOR I=1 TO 3", "20 PRINT I*I;", "30 NEXT", "RUN"] {
        type_line(&mut a, l);
    }
    assert_eq!(settle(&mut a), Status::Waiting);
    let r = rows(&a);
    let at = r
        .iter()
        .position(|l| l == "RUN")
        .unwrap_or_else(|| panic!("RUN echoed: {r:#?}"));
    assert_eq!(r[at + 1], " 1  4  9");
    assert_eq!(r[at + 2], "Ok");
    assert_eq!(
        a.program_text(),
        b"10 FOR I=1 TO 3\r\n20 PRINT I*I;\r\n30 NEXT\r\n"
    );
}

#[test]
fn input_is_answered_by_typed_keys() {
    let mut a = app();
    settle(&mut a);
    a.load_program(b"10 INPUT \"NAME\";N$\n20 PRINT N$;\" OK\"\n")
        .unwrap();
    a.start();
    assert_eq!(settle(&mut a), Status::Waiting);
    assert_eq!(a.activity(), Activity::Input);
    assert!(rows(&a).iter().any(|l| l == "NAME?"));
    type_line(&mut a, "ADA");
    settle(&mut a);
    assert!(rows(&a).iter().any(|l| l == "ADA OK"), "{:?}", rows(&a));
    assert_eq!(a.activity(), Activity::Prompt);
}

#[test]
fn inkey_reads_the_bios_codes_of_struck_keys() {
    let mut a = app();
    settle(&mut a);
    a.load_program(
        b"10 K$=INKEY$: IF K$=\"\" THEN 10\n20 PRINT LEN(K$);ASC(RIGHT$(K$,1))\n30 IF K$<>\"q\" THEN 10\n",
    )
    .unwrap();
    a.start();
    // the program polls: slices end by budget, never waiting
    for _ in 0..3 {
        assert_eq!(a.run(2_000), Status::Budget);
    }
    assert_eq!(a.activity(), Activity::Running);
    assert!(a.key("ArrowUp", "ArrowUp", Held(0)));
    assert!(a.key("End", "End", Held(Held::CTRL)));
    assert!(a.key("KeyQ", "q", Held(0)));
    settle(&mut a);
    let r = rows(&a);
    // Up is CHR$(0)+CHR$(72), Ctrl-End CHR$(0)+CHR$(117)
    let at = r.iter().position(|l| l == " 2  72").expect("Up read");
    assert_eq!(r[at + 1], " 2  117");
    assert_eq!(r[at + 2], " 1  113");
}

#[test]
fn break_stops_an_endless_loop_at_once() {
    let mut a = app();
    settle(&mut a);
    a.load_program(b"10 I=I+1: GOTO 10\n").unwrap();
    a.start();
    for _ in 0..3 {
        assert_eq!(a.run(10_000), Status::Budget);
    }
    a.press_break();
    assert_eq!(a.run(10_000), Status::Waiting);
    assert_eq!(a.activity(), Activity::Prompt);
    assert!(
        rows(&a).iter().any(|l| l == "Break in 10"),
        "{:?}",
        rows(&a)
    );
    // a Break at the prompt abandons the line, and the next RUN is not broken
    a.press_break();
    settle(&mut a);
    a.load_program(b"10 PRINT \"RAN\"\n").unwrap();
    a.start();
    settle(&mut a);
    assert!(rows(&a).iter().any(|l| l == "RAN"), "{:?}", rows(&a));
}

#[test]
fn ctrl_break_is_a_key_too() {
    let mut a = app();
    settle(&mut a);
    a.load_program(b"10 GOTO 10\n").unwrap();
    a.start();
    a.run(1_000);
    assert!(a.key("Pause", "Pause", Held(Held::CTRL)));
    settle(&mut a);
    assert!(rows(&a).iter().any(|l| l == "Break in 10"));
}

#[test]
fn loading_a_program_stops_the_one_running() {
    let mut a = app();
    settle(&mut a);
    a.load_program(b"10 GOTO 10\n").unwrap();
    a.start();
    a.run(1_000);
    a.load_program(b"10 PRINT 1+1\n").unwrap();
    assert_eq!(a.activity(), Activity::Prompt);
    a.start();
    settle(&mut a);
    assert!(rows(&a).iter().any(|l| l == " 2"), "{:?}", rows(&a));
}

#[test]
fn files_survive_in_the_drive_image() {
    let mut a = app();
    settle(&mut a);
    assert!(!a.drive_changed());
    a.load_program(
        b"10 OPEN \"SCORES.TXT\" FOR OUTPUT AS #1\n20 WRITE #1, \"HIGH\", 42\n30 CLOSE\n",
    )
    .unwrap();
    a.start();
    settle(&mut a);
    assert!(a.drive_changed());
    assert!(!a.drive_changed());
    // CLOSE ends a sequential file with Ctrl-Z
    assert_eq!(a.list_files(), vec![("SCORES.TXT".to_string(), 12)]);
    assert_eq!(
        a.get_file("scores.txt").as_deref(),
        Some(&b"\"HIGH\",42\r\n\x1a"[..])
    );
    let image = a.export_drive();
    let (mut b, readable) = App::new(PageClock::new(0.0, LOCAL), &image);
    assert!(readable);
    settle(&mut b);
    type_line(
        &mut b,
        "OPEN \"SCORES.TXT\" FOR INPUT AS #1: INPUT #1, A$, B: PRINT A$; B: CLOSE",
    );
    settle(&mut b);
    assert!(rows(&b).iter().any(|l| l == "HIGH 42"), "{:?}", rows(&b));
    type_line(&mut b, "KILL \"SCORES.TXT\"");
    settle(&mut b);
    assert!(b.list_files().is_empty());
    assert!(b.put_file("DATA\\UP.TXT", b"1\r\n"));
    assert!(!b.put_file("BAD:NAME", b""));
    assert!(b.remove_file("DATA\\UP.TXT"));
    assert!(!b.remove_file("DATA\\UP.TXT"));
    assert!(!App::new(PageClock::new(0.0, LOCAL), b"not a drive").1);
}

#[test]
fn sound_is_handed_over_on_the_page_clock() {
    let mut a = App::new(PageClock::new(1_000.0, LOCAL), b"").0;
    settle(&mut a);
    assert_eq!(a.take_tones(), None);
    a.load_program(b"10 SOUND 440, 18.2\n").unwrap();
    a.start();
    a.run(1_000);
    let tones = a.take_tones().expect("the queue changed");
    let first = tones.iter().find(|t| t[2] > 0.0).expect("a tone");
    assert_eq!(first[2], 440.0);
    // 18.2 ticks of 18.2 a second: one second, starting now on the page clock
    assert!((first[1] - 1000.0).abs() < 2.0, "{first:?}");
    assert!((first[0] - 1000.0).abs() < 2.0, "{first:?}");
}
