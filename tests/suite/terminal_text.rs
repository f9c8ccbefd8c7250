//! Screen output is text, never terminal commands: whatever bytes a program prints, what
//! reaches a terminal (or a `--output unicode` stream) holds no control character but
//! the line ends and BEL (GW-BASIC beeps for it), and no C1 control, so no escape,
//! control or device-query sequence can form; the control codes show as the glyphs
//! GW-BASIC's screen drew (♥ for CHR$(3), ← for ESC). The terminal case runs gwrun on a
//! pseudo-terminal (util-linux `script`, skipped without it), the printer's stream on it
//! too (`--lpt1=STDIO:`), and reads every byte the terminal received.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

/// Every byte, a few sequences terminals act on, and 20,000 random bytes.
const PROGRAM: &str = "10 FOR I=0 TO 255: PRINT CHR$(I);: NEXT: PRINT\n\
    20 PRINT CHR$(27);\"]0;T\";CHR$(7);CHR$(27);\"[2J\";CHR$(27);\"[c\";CHR$(155);\"6n\"\n\
    30 RANDOMIZE 7: FOR I=1 TO 20000: PRINT CHR$(INT(RND*256));: NEXT: PRINT\n\
    40 FOR I=0 TO 255: LPRINT CHR$(I);: NEXT: LPRINT CHR$(27);\"]0;P\";CHR$(7)\n\
    50 PRINT \"END\"\n";

/// The characters of `text` a terminal would act on.
fn controls(text: &str) -> Vec<char> {
    text.chars()
        .filter(|&c| {
            (c.is_control() && !matches!(c, '\n' | '\r' | '\x07'))
                || ('\u{80}'..='\u{9f}').contains(&c)
        })
        .collect()
}

fn scratch(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gwrun-text-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("B.BAS"), PROGRAM).unwrap();
    dir
}

#[test]
fn a_unicode_stream_carries_glyphs_not_controls() {
    let dir = scratch("unicode");
    let out = Command::new(BIN)
        .args(["--output", "unicode", "B.BAS"])
        .current_dir(&dir)
        .output()
        .unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    assert_eq!(controls(&text), Vec::<char>::new());
    assert!(text.contains("←]0;T\x07←[2J←[c¢6n"), "{text}");
    assert!(text.contains(" ☺☻♥♦♣♠\x07◘ "), "{text}");
    assert!(text.ends_with("END\n"));
}

#[test]
fn a_terminal_receives_no_control_sequence_from_a_program() {
    let have_script = Command::new("sh")
        .args(["-c", "command -v script"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !have_script {
        eprintln!("skipped: util-linux script is not installed");
        return;
    }
    let dir = scratch("pty");
    // the program uses no screen statement: gwrun writes its stream to the terminal
    let status = Command::new("timeout")
        .args([
            "60",
            "script",
            "-qfec",
            &format!("{BIN} --lpt1=STDIO: B.BAS"),
            "typescript",
        ])
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "{status}");
    let seen = std::fs::read(dir.join("typescript")).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let text = String::from_utf8(seen).expect("the terminal got UTF-8");
    assert_eq!(controls(&text), Vec::<char>::new());
    assert!(text.contains("←]0;T"), "{text}");
    // the printer's stream on the terminal too
    assert!(text.contains("←]0;P"), "{text}");
    assert!(text.contains("END"));
}
