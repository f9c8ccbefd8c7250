//! Direct mode: the `Ok` prompt (digest §11.1), a state of the session. A typed line
//! with a number stores, replaces or deletes a program line and prints nothing; any
//! other line runs at once and is followed by `Ok`, as is every error. EDIT n, and an
//! untrapped Syntax error in a program line, put the line up for editing (after `Ok` for
//! the error); AUTO prompts line numbers (`*` marks an existing line) until Ctrl-C.
//!
//! Lines come through GW-BASIC's full-screen editor when the terminal shows the full
//! screen or keys were typed (`--keys`): then the session waits for keys (`Stop::Key`)
//! or, on a plain stream, for lines typed as keys. Otherwise the front end is asked for
//! a whole line (`Stop::Line`): a line editor of its own shows it (rustyline; the screen
//! model is told what it showed), or it is a line of a redirected stdin, which the
//! session echoes, so a scripted session prints GW-BASIC's screen transcript (a 0x03
//! byte in it is Ctrl-C; an empty line accepts a line put up for editing).

use super::{Activity, Input, Request, Session, Stop, Then};
use crate::editor::{Edit, LineEditor};
use crate::machine::{Halt, Wait};
use std::sync::atomic::Ordering;

/// The highest line number GW-BASIC accepts.
const MAX_LINE: u32 = 65529;

/// Ctrl-C typed into a scripted session: a 0x03 byte in a line.
const CTRL_C: u8 = 0x03;

/// What the next typed line is for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Mode {
    /// The `Ok` prompt.
    Direct,
    /// A line shown for editing, and the cursor's offset in it.
    Edit(Vec<u8>, usize),
    /// AUTO: the number to offer next and the step.
    Auto { line: u32, step: u32 },
}

/// Where direct mode is.
#[derive(Debug)]
pub(super) enum Direct {
    /// A line is wanted in this mode.
    Prompt(Mode),
    /// The front end was asked for a line (`Stop::Line`) and its answer is awaited.
    Asked(Mode),
    /// A line being entered with the full-screen editor.
    Editing(Mode, LineEditor),
    /// Direct mode is over (SYSTEM, the end of the input).
    Exited,
}

/// A typed line, Ctrl-C, or the end of input.
enum Typed {
    Line(Vec<u8>),
    Interrupt,
    Eof,
}

impl Session {
    /// One step of direct mode: the next activity, or the wait to hand back (with where
    /// direct mode stays).
    pub(super) fn direct_step(&mut self, d: Direct) -> Result<Activity, (Direct, Stop)> {
        match d {
            Direct::Prompt(mode) => self.prompt(mode),
            Direct::Asked(mode) => Err((Direct::Asked(mode), Stop::Line)),
            Direct::Editing(mode, mut ed) => loop {
                let typed = match self.machine.entry_key(&mut ed) {
                    Err(Halt::Wait) => {
                        let stop = match self.machine.waiting_for() {
                            Some(Wait::Line) => Stop::Line,
                            _ => Stop::Key,
                        };
                        return Err((Direct::Editing(mode, ed), stop));
                    }
                    Err(_) | Ok(None) => Typed::Eof,
                    Ok(Some(Edit::Pending)) => continue,
                    Ok(Some(Edit::Line(line))) => Typed::Line(line),
                    Ok(Some(Edit::Break)) => Typed::Interrupt,
                };
                self.machine.wait_over();
                return Ok(self.carry_out(mode, typed));
            },
            Direct::Exited => Err((Direct::Exited, Stop::Exit)),
        }
    }

    /// Asks for the next line: through the full-screen editor when keys were typed or
    /// the terminal shows the full screen, otherwise from the front end, with what the
    /// screen shows before the user types (AUTO's number; an edit line on a plain
    /// stream).
    fn prompt(&mut self, mode: Mode) -> Result<Activity, (Direct, Stop)> {
        let m = &mut self.machine;
        if self.full_screen_direct {
            m.want_full_screen();
        } else if m.is_full_screen() && !m.has_typed_keys() {
            // the line editor with its history works on the normal screen again
            m.leave_full_screen();
        }
        let auto_prompt = match &mode {
            Mode::Auto { line, .. } => {
                let mark = match u16::try_from(*line) {
                    Ok(n) if self.workspace.program.contains(n) => '*',
                    _ => ' ',
                };
                format!("{line}{mark}").into_bytes()
            }
            _ => Vec::new(),
        };
        let m = &mut self.machine;
        if !m.uses_editor() {
            match &mode {
                Mode::Auto { .. } => m.screen_write(&auto_prompt),
                Mode::Edit(line, _) if m.echoes_input() => m.screen_write(line),
                _ => {}
            }
            m.flush_console();
            return Err((Direct::Asked(mode), Stop::Line));
        }
        if let Mode::Edit(line, cursor) = &mode {
            m.show_for_editing(line, *cursor);
        }
        let ed = m.begin_entry(&auto_prompt, true, false, true);
        Ok(Activity::Direct(Direct::Editing(mode, ed)))
    }

    /// The front end's answer to `Stop::Line` in direct mode: what its line editor
    /// showed goes into the screen model, or an echoed line of the plain stream is
    /// shown as GW's screen would show it.
    pub(super) fn typed(&mut self, mode: Mode, input: Input) -> Activity {
        let typed = if !self.machine.echoes_input() {
            match input {
                Input::Line(line) => {
                    self.machine.typed_elsewhere(&line);
                    Typed::Line(self.with_auto_prompt(&mode, &line))
                }
                Input::Interrupt => {
                    self.machine.typed_elsewhere(b"");
                    Typed::Interrupt
                }
                Input::End => {
                    self.machine.typed_elsewhere(b"");
                    Typed::Eof
                }
                Input::Key(k) => {
                    self.machine.key_typed(k);
                    return Activity::Direct(Direct::Asked(mode));
                }
                Input::Stroke(s) => {
                    self.machine.key_struck(s);
                    return Activity::Direct(Direct::Asked(mode));
                }
            }
        } else {
            match input {
                Input::Line(raw) => {
                    let (text, interrupted) = match raw.iter().position(|&c| c == CTRL_C) {
                        Some(i) => (&raw[..i], true),
                        None => (&raw[..], false),
                    };
                    let mut accepted = None;
                    if let Mode::Edit(line, _) = &mode {
                        self.machine.screen_newline();
                        if text.is_empty() && !interrupted {
                            accepted = Some(line.clone());
                        }
                    }
                    match accepted {
                        Some(line) => Typed::Line(line),
                        None => {
                            self.machine.screen_write(text);
                            self.machine.screen_newline();
                            if interrupted {
                                Typed::Interrupt
                            } else {
                                Typed::Line(self.with_auto_prompt(&mode, text))
                            }
                        }
                    }
                }
                Input::Interrupt => Typed::Interrupt,
                Input::End => Typed::Eof,
                Input::Key(k) => {
                    self.machine.key_typed(k);
                    return Activity::Direct(Direct::Asked(mode));
                }
                Input::Stroke(s) => {
                    self.machine.key_struck(s);
                    return Activity::Direct(Direct::Asked(mode));
                }
            }
        };
        self.carry_out(mode, typed)
    }

    /// A line typed after AUTO's offered number is that number and the text.
    fn with_auto_prompt(&self, mode: &Mode, text: &[u8]) -> Vec<u8> {
        match mode {
            Mode::Auto { line, .. } => {
                let mark = match u16::try_from(*line) {
                    Ok(n) if self.workspace.program.contains(n) => "*",
                    _ => " ",
                };
                [format!("{line}{mark}").as_bytes(), text].concat()
            }
            _ => text.to_vec(),
        }
    }

    /// A typed line, Ctrl-C or the end of input, in `mode`.
    fn carry_out(&mut self, mode: Mode, typed: Typed) -> Activity {
        match typed {
            Typed::Eof => Activity::Direct(Direct::Exited),
            Typed::Interrupt => {
                if matches!(mode, Mode::Auto { .. }) {
                    self.say_ok();
                }
                Activity::Direct(Direct::Prompt(Mode::Direct))
            }
            Typed::Line(mut line) => {
                // the screen editor hands over a line without its trailing blanks
                while line.last() == Some(&b' ') {
                    line.pop();
                }
                // a Ctrl-C left over from a finished run is dropped
                self.interrupter.brk.store(false, Ordering::Relaxed);
                match mode {
                    Mode::Auto { line: n, step } => self.auto_line(&line, n, step),
                    _ => self.direct_line(&line, None),
                }
            }
        }
    }

    /// A line typed at `Ok` (or over an edited line; or in AUTO mode with its number
    /// erased: `auto`, where AUTO goes on).
    fn direct_line(&mut self, line: &[u8], auto: Option<(u32, u32)>) -> Activity {
        let Some(first) = line.iter().find(|&&c| !crate::num::is_blank(c)) else {
            return Activity::Direct(Direct::Prompt(resume_auto(Mode::Direct, auto)));
        };
        let program_line = first.is_ascii_digit();
        match self.begin_line(line) {
            None => Activity::Running(Then::Direct { auto }),
            Some(stop) => Activity::Direct(self.after_line(&stop, program_line, auto)),
        }
    }

    /// After a direct statement line that ran.
    pub(super) fn after_direct_run(&mut self, stop: &Stop, auto: Option<(u32, u32)>) -> Direct {
        self.after_line(stop, false, auto)
    }

    /// After a typed line: SYSTEM leaves; an error in a program line is followed by
    /// `Ok`; after a direct statement `after_direct`.
    fn after_line(&mut self, stop: &Stop, program_line: bool, auto: Option<(u32, u32)>) -> Direct {
        if *stop == Stop::Exit {
            return Direct::Exited;
        }
        let mode = if program_line {
            if matches!(stop, Stop::Error(_)) {
                self.say_ok();
            }
            Mode::Direct
        } else {
            self.after_direct(stop)
        };
        Direct::Prompt(resume_auto(mode, auto))
    }

    /// After a direct statement line: EDIT and AUTO take over the next line; otherwise
    /// `Ok`, and after an untrapped Syntax error in a program line the line is shown for
    /// editing [S GWMAIN.ASM READY → ERREDT; M gwbasic/syntax-error-prompt].
    pub(super) fn after_direct(&mut self, stop: &Stop) -> Mode {
        match self.request.take() {
            Some(Request::Edit(n)) => {
                return self
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
        self.say_ok();
        self.syntax_error_edit(stop)
            .map_or(Mode::Direct, |(line, cursor)| Mode::Edit(line, cursor))
    }

    /// A line typed after AUTO's number `n`: stored (a bare number changes nothing), and
    /// the next number is the typed number plus the step; past 65529 AUTO ends, and it
    /// ends before the line is entered, so a bare number on that last line is one typed
    /// at `Ok`: it deletes the line, or is Undefined line number when there is none
    /// [S GWMAIN.ASM MAIN/MAINBX/EDENT: AUTRES clears AUTFLG before FNDLIN, and the
    /// null-input exits test AUTFLG].
    fn auto_line(&mut self, line: &[u8], n: u32, step: u32) -> Activity {
        let Some((typed, len)) = crate::text::lex::read_line_number(line) else {
            // the number was erased: a direct statement; AUTO goes on
            return self.direct_line(line, Some((n, step)));
        };
        let mut rest = &line[len..];
        let marked = u16::try_from(n).is_ok_and(|k| self.workspace.program.contains(k));
        // the `*` after the number is skipped when AUTO showed one, whatever number is
        // typed before it; LINGET stopped at it, so digits after it are the line's text
        // [S GWMAIN.ASM MAINBX/NTASTC]
        let crunched = match u16::try_from(typed) {
            Ok(number) if marked && rest.first() == Some(&b'*') => {
                rest = &rest[1..];
                crate::text::lex::crunch_numbered(number, rest)
            }
            _ => crate::text::lex::crunch(&[typed.to_string().as_bytes(), rest].concat()),
        };
        let next = typed + step;
        let stop = if next > MAX_LINE {
            self.begin_crunched(crunched).unwrap_or_else(|| {
                self.machine.drop_direct();
                Stop::Ended
            })
        } else {
            self.enter_auto_line(crunched)
        };
        match stop {
            Stop::Exit => return Activity::Direct(Direct::Exited),
            Stop::Error(_) => self.say_ok(),
            _ => {}
        }
        Activity::Direct(Direct::Prompt(if next > MAX_LINE {
            Mode::Direct
        } else {
            Mode::Auto { line: next, step }
        }))
    }

    /// A line typed in AUTO mode: like a line at `Ok`, except that a line number with
    /// nothing after it leaves the program alone (GW neither deletes the line nor
    /// complains) [S GWMAIN.ASM EDENT: null input in AUTO mode].
    fn enter_auto_line(
        &mut self,
        crunched: Result<crate::text::lex::Crunched, crate::text::lex::CrunchError>,
    ) -> Stop {
        match crunched {
            Ok(c) if c.number.is_some() && c.body.iter().all(|&b| b == b' ') => {
                // the number is `.` [S GWMAIN.ASM EDENT: DOT before FNDLIN], and still a
                // pass through FINI: variables are cleared
                self.take_error_dot();
                self.current_line = c.number;
                self.program_changed(crate::machine::OpenFiles::Close);
                Stop::Ended
            }
            crunched => self.begin_crunched(crunched).unwrap_or_else(|| {
                // a numbered line never runs
                self.machine.drop_direct();
                Stop::Ended
            }),
        }
    }
}

/// The mode after a line typed in AUTO mode with its number erased: AUTO again.
fn resume_auto(mode: Mode, auto: Option<(u32, u32)>) -> Mode {
    match auto {
        Some((line, step)) => Mode::Auto { line, step },
        None => mode,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A scripted direct-mode session over an in-memory console; returns the screen.
    fn session(input: &str) -> String {
        let mut s = Session::captured(input.as_bytes());
        let status = s.run_direct_mode();
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
        s.run_direct_mode();
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
    fn new_forgets_the_current_line() {
        // PC-BASIC 2.0.8 on the same keys: after NEW, AUTO . starts at line 0
        let out = session("10 REM\nLIST 10\nNEW\nAUTO .\n\x03\n");
        assert_eq!(
            out,
            "Ok\n10 REM\nLIST 10\n10 REM\nOk\nNEW\nOk\nAUTO .\n0 \nOk\n"
        );
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
    fn auto_ends_before_its_last_line_is_entered() {
        // S GWMAIN.ASM EDENT: the next number passing 65529 (AUTRES, also on a carry)
        // clears AUTFLG before FNDLIN, so Enter on that last line is a bare number typed
        // at Ok: an existing line is erased (ERAINS), a missing one Undefined line number
        let out = session("10 PRINT 1\nAUTO 10,65525\n\nAUTO 65520,20000\n\nLIST\n");
        assert_eq!(
            out,
            "Ok\n10 PRINT 1\nAUTO 10,65525\n10*\nAUTO 65520,20000\n65520 \n\
             Undefined line number\nOk\nLIST\nOk\n"
        );
        // before the last line, Enter keeps the line (the null-input exits test AUTFLG)
        let out = session("10 PRINT 1\nAUTO 10,65519\n\n\x03\nLIST\n");
        assert_eq!(
            out,
            "Ok\n10 PRINT 1\nAUTO 10,65519\n10*\n65529 \nOk\nLIST\n10 PRINT 1\nOk\n"
        );
    }

    #[test]
    fn auto_with_a_comma_first_starts_at_line_0() {
        // S GWMAIN.ASM AUTO: 10 only when the statement ends after AUTO; otherwise LINSPC
        // falls into LINGET, which reads no digit as 0 (and MAIN keeps the blank after
        let out = session("AUTO ,5\n\n\x03\n");
        assert_eq!(out, "Ok\nAUTO ,5\n0 \n5 \nOk\n");
    }

    #[test]
    fn a_numbered_line_is_the_current_line_before_it_is_looked_for() {
        // S GWMAIN.ASM EDENT: `MOV DOT,DX` before FNDLIN, so a bare number of a missing
        // line (USERR) and Enter on an AUTO line that stays empty set `.` too
        let out = session("10 PRINT 1\n20\nLIST .\nAUTO 30\n\x03\nAUTO 50\n\n\x03\nAUTO .\n\x03\n");
        assert_eq!(
            out,
            "Ok\n10 PRINT 1\n20\nUndefined line number\nOk\nLIST .\nOk\nAUTO 30\n30 \nOk\n\
             AUTO 50\n50 \n60 \nOk\nAUTO .\n50 \nOk\n"
        );
    }

    #[test]
    fn auto_star_stops_the_line_number() {
        // S GWMAIN.ASM MAINBX/NTASTC: LINGET stops at AUTO's `*`, which is skipped, then
        // one blank; digits typed after it are the line's text, not more of its number
        let out = session("20 PRINT 2\nAUTO 20\n20 PRINT 22\n\x03\nLIST\n");
        assert_eq!(
            out,
            "Ok\n20 PRINT 2\nAUTO 20\n20*20 PRINT 22\n30 \nOk\nLIST\n20 20 PRINT 22\nOk\n"
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
