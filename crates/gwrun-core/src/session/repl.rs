//! Direct mode: the `Ok` prompt (digest §11.1). A typed line with a number stores,
//! replaces or deletes a program line and prints nothing; any other line runs at once and
//! is followed by `Ok`, as is every error. EDIT n, and an untrapped Syntax error in a
//! program line, put the line up for editing (after `Ok` for the error); AUTO prompts
//! line numbers (`*` marks an existing line) until Ctrl-C. Lines come from a `Keyboard`:
//! rustyline on a terminal (`term`), echoed stdin lines otherwise (`keyboard::Piped`), so
//! a scripted session prints GW-BASIC's screen transcript.

mod keyboard;

pub use keyboard::{Keyboard, Piped, Prefill, ScreenKeys, Typed};

use crate::session::{Outcome, Request, Session};
use std::sync::atomic::{AtomicBool, Ordering};

/// The highest line number GW-BASIC accepts.
const MAX_LINE: u32 = 65529;

/// What the next typed line is for.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Mode {
    /// The `Ok` prompt.
    Direct,
    /// A line shown for editing, and the cursor's offset in it.
    Edit(Vec<u8>, usize),
    /// AUTO: the number to offer next and the step.
    Auto { line: u32, step: u32 },
}

/// Runs direct mode until SYSTEM or the end of input; returns the exit status (0).
/// `break_flag` is the Ctrl-C flag; a Ctrl-C left over from a finished run is dropped
/// before each line.
pub fn run(session: &mut Session, keyboard: &mut dyn Keyboard, break_flag: &AtomicBool) -> i32 {
    session.say_ok();
    lines(session, keyboard, break_flag, Mode::Direct)
}

/// Direct mode after a program ran (`gwrun --keys=... FILE`): what follows is what
/// follows a direct line that ran it: `Ok`, or the AUTO or EDIT it asked for, or the
/// line of its Syntax error put up for editing.
pub fn resume(
    session: &mut Session,
    keyboard: &mut dyn Keyboard,
    break_flag: &AtomicBool,
    outcome: &Outcome,
) -> i32 {
    let mode = after_direct(session, outcome);
    lines(session, keyboard, break_flag, mode)
}

/// The lines of direct mode, from `mode`, until SYSTEM or the end of input.
fn lines(
    session: &mut Session,
    keyboard: &mut dyn Keyboard,
    break_flag: &AtomicBool,
    mut mode: Mode,
) -> i32 {
    loop {
        let typed = keyboard.read(session, &prefill(session, &mode));
        let line = match typed {
            Typed::Eof => break,
            Typed::Interrupt => {
                if matches!(mode, Mode::Auto { .. }) {
                    session.say_ok();
                }
                mode = Mode::Direct;
                continue;
            }
            Typed::Line(mut line) => {
                // the screen editor hands over a line without its trailing blanks
                while line.last() == Some(&b' ') {
                    line.pop();
                }
                line
            }
        };
        break_flag.store(false, Ordering::Relaxed);
        let next = match mode {
            Mode::Auto { line: n, step } => auto_line(session, &line, n, step),
            _ => direct_line(session, &line),
        };
        match next {
            Some(m) => mode = m,
            None => break,
        }
    }
    if session.finish_screen() { 0 } else { 1 }
}

/// Direct mode on a scripted stdin (or any session console): lines are echoed.
pub fn run_piped(session: &mut Session, break_flag: &AtomicBool) -> i32 {
    run(session, &mut Piped, break_flag)
}

/// What the screen shows before the user types in this mode.
fn prefill(session: &Session, mode: &Mode) -> Prefill {
    match mode {
        Mode::Direct => Prefill::Empty,
        Mode::Edit(line, cursor) => Prefill::Edit(line.clone(), *cursor),
        Mode::Auto { line, .. } => {
            let mark = match u16::try_from(*line) {
                Ok(n) if session.has_line(n) => '*',
                _ => ' ',
            };
            Prefill::Prompt(format!("{line}{mark}").into_bytes())
        }
    }
}

/// A line typed at `Ok` (or over an edited line). Returns the next mode, None to leave.
fn direct_line(session: &mut Session, line: &[u8]) -> Option<Mode> {
    let Some(first) = line.iter().find(|&&c| c != b' ' && c != b'\t') else {
        return Some(Mode::Direct);
    };
    let program_line = first.is_ascii_digit();
    let outcome = session.enter_bytes(line);
    if outcome == Outcome::Exit {
        return None;
    }
    if program_line {
        if matches!(outcome, Outcome::Error(_)) {
            session.say_ok();
        }
        return Some(Mode::Direct);
    }
    Some(after_direct(session, &outcome))
}

/// After a direct statement line: EDIT and AUTO take over the next line; otherwise
/// `Ok`, and after an untrapped Syntax error in a program line the line is shown for
/// editing [S GWMAIN.ASM READY → ERREDT; M gwbasic/syntax-error-prompt].
fn after_direct(session: &mut Session, outcome: &Outcome) -> Mode {
    match session.take_request() {
        Some(Request::Edit(n)) => {
            return session
                .listed_line(n)
                .map_or(Mode::Direct, |l| Mode::Edit(l, 0));
        }
        Some(Request::Auto { start, step }) => {
            return Mode::Auto {
                line: u32::from(start.unwrap_or(10)),
                step: u32::from(step.unwrap_or(10)),
            };
        }
        None => {}
    }
    session.say_ok();
    session
        .syntax_error_edit(outcome)
        .map_or(Mode::Direct, |(line, cursor)| Mode::Edit(line, cursor))
}

/// A line typed after AUTO's number `n`: stored (a bare number changes nothing), and
/// the next number is the typed number plus the step; past 65529 AUTO ends
/// [S GWMAIN.ASM MAIN/MAINBX/EDENT].
fn auto_line(session: &mut Session, line: &[u8], n: u32, step: u32) -> Option<Mode> {
    let Some((typed, len)) = crate::text::lex::read_line_number(line) else {
        // the number was erased: a direct statement; AUTO goes on
        return direct_line(session, line).map(|_| Mode::Auto { line: n, step });
    };
    let mut rest = &line[len..];
    let marked = u16::try_from(n).is_ok_and(|k| session.has_line(k));
    if marked && typed == n && rest.first() == Some(&b'*') {
        rest = &rest[1..];
    }
    let text = [typed.to_string().as_bytes(), rest].concat();
    match session.enter_auto_line(&text) {
        Outcome::Exit => return None,
        Outcome::Error(_) => session.say_ok(),
        _ => {}
    }
    let next = typed + step;
    Some(if next > MAX_LINE {
        Mode::Direct
    } else {
        Mode::Auto { line: next, step }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted direct-mode session over an in-memory console; returns the screen.
    fn session(input: &str) -> String {
        let mut s = Session::captured(input.as_bytes());
        let status = run_piped(&mut s, &AtomicBool::new(false));
        assert_eq!(status, 0);
        String::from_utf8_lossy(&s.take_output()).into_owned()
    }

    #[test]
    fn program_lines_print_nothing_direct_lines_print_ok() {
        assert_eq!(
            session("10 PRINT 1\n\nPRINT 2\n"),
            "Ok\n10 PRINT 1\n\nPRINT 2\n 2 \nOk\n"
        );
    }

    #[test]
    fn deleting_a_missing_line_is_an_error_followed_by_ok() {
        assert_eq!(session("10\n"), "Ok\n10\nUndefined line number\nOk\n");
    }

    #[test]
    fn syntax_error_puts_the_line_up_and_enter_accepts_it() {
        // GW model gwbasic/syntax-error-prompt: message, Ok, the line listed.
        let out = session("10 PRINT 1: X\nRUN\n\nLIST\n");
        assert_eq!(
            out,
            "Ok\n10 PRINT 1: X\nRUN\n 1 \nSyntax error in 10\nOk\n10 PRINT 1: X\nLIST\n10 PRINT 1: X\nOk\n"
        );
    }

    #[test]
    fn a_typed_line_replaces_the_edit_line() {
        let out = session("10 X\nRUN\nPRINT 5\nSYSTEM\n");
        assert_eq!(
            out,
            "Ok\n10 X\nRUN\nSyntax error in 10\nOk\n10 X\nPRINT 5\n 5 \nOk\nSYSTEM\n"
        );
    }

    #[test]
    fn a_bad_data_item_is_a_syntax_error_in_the_data_line_which_is_put_up() {
        // [S GWMAIN.ASM DATSNE: CURLIN = DATLIN before the Syntax error]; PC-BASIC
        // prints the message without the line and no edit line
        let out = session("10 READ A\n50 DATA 1x\nRUN\n\n");
        assert_eq!(
            out,
            "Ok\n10 READ A\n50 DATA 1x\nRUN\nSyntax error in 50\nOk\n50 DATA 1x\n"
        );
    }

    #[test]
    fn edit_of_a_protected_program_shows_only_the_number() {
        let mut s = Session::captured(b"EDIT 10\n");
        s.load_source(&crate::program::progfile::save_protected(
            &crate::program::progfile::from_ascii(b"10 PRINT 1\n").program,
        ))
        .unwrap();
        run_piped(&mut s, &AtomicBool::new(false));
        let out = String::from_utf8_lossy(&s.take_output()).into_owned();
        assert_eq!(out, "Ok\nEDIT 10\n10\nIllegal function call\nOk\n");
    }

    #[test]
    fn edit_shows_the_line_without_ok() {
        // GW model gwbasic/EDIT_prompt: `EDIT 20`, the line, no Ok; Enter re-enters it.
        let out = session("20 REM line to edit\nEDIT 20\n\nLIST\n");
        assert_eq!(
            out,
            "Ok\n20 REM line to edit\nEDIT 20\n20 REM line to edit\nLIST\n20 REM line to edit\nOk\n"
        );
    }

    #[test]
    fn auto_numbers_lines_marks_existing_ones_and_stops_on_ctrl_c() {
        // GW models gwbasic/AUTO and AUTO_star: `10 a`, `20*` kept on Enter, `30 `, ^C, Ok.
        let out = session("20 AUTO\nAUTO\na\n\n\x03\nLIST\n");
        assert_eq!(
            out,
            "Ok\n20 AUTO\nAUTO\n10 a\n20*\n30 \nOk\nLIST\n10 A\n20 AUTO\nOk\n"
        );
    }

    #[test]
    fn auto_with_start_and_step_skips_empty_lines() {
        // GW model gwbasic/AUTO_step: 10, 30, 50 with step 20 and Enter on each.
        let out = session("AUTO 10,20\n\n\n\x03\n");
        assert_eq!(out, "Ok\nAUTO 10,20\n10 \n30 \n50 \nOk\n");
    }

    #[test]
    fn auto_star_can_be_replaced() {
        let out = session("20 PRINT 2\nAUTO 20\nPRINT 3\n\x03\nLIST\n");
        assert_eq!(
            out,
            "Ok\n20 PRINT 2\nAUTO 20\n20*PRINT 3\n30 \nOk\nLIST\n20 PRINT 3\nOk\n"
        );
    }

    #[test]
    fn editing_makes_cont_impossible_and_clears_variables() {
        let out = session("10 A=5: STOP\n20 PRINT A\nRUN\n30 REM\nPRINT A\nCONT\n");
        assert_eq!(
            out,
            "Ok\n10 A=5: STOP\n20 PRINT A\nRUN\nBreak in 10\nOk\n30 REM\nPRINT A\n 0 \nOk\nCONT\nCan't continue\nOk\n"
        );
    }
}
