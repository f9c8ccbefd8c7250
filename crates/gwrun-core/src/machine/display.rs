//! The machine's text screen and keyboard. Every byte the machine shows goes
//! through one screen model (`crate::screen::Screen`: cells, cursor, logical lines);
//! while the console is not in full-screen mode the model also keeps the plain
//! transcript, which is handed to the console after each write, so a redirected stdout
//! gets exactly the stream it always had. Here too: the screen statements (CLS,
//! LOCATE, COLOR, SCREEN, WIDTH, VIEW PRINT, PCOPY, KEY) and functions (CSRLIN, POS,
//! SCREEN(), INKEY$, INPUT$), line entry with the full-screen editor, and the terminal
//! front end: the console takes the terminal over when a program first uses the screen
//! (`want_full_screen`), the screen is drawn while the program runs and before a key is
//! waited for, and keys struck meanwhile go to the keyboard buffer (Ctrl-C: Break).

use super::resume::{Reply, Taken, Wait};
use super::{Halt, Machine, Res};
use crate::compile::code::{CExpr, Compiled, Pos};
use crate::console::CursorShow;
use crate::editor::{Edit, LineEditor};
use crate::error::ErrorCode;
use crate::keyboard::{Key, Stroke};
use crate::machine::events::Source;
use crate::machine::value::Value;
use crate::syntax::ast::{
    Beep, Cls, Color, KeyBar, KeyDef, KeyTrap, Locate, Pcopy, Screen, ScreenWidth, ViewPrint,
};
use crate::syntax::ast::{ByteArgs, EventSwitch, KeyBarAction, KeySwitch};
use std::rc::Rc;
use std::time::Duration;

/// Operands kept of an operand list (the engines refuse longer lists by their length).
const MAX_ARGS: usize = 8;

/// The terminal front end's state.
#[derive(Debug, Default)]
pub(crate) struct Front {
    /// The console shows the full screen (it took the terminal over).
    pub(crate) active: bool,
    /// When the screen was last drawn (the host's monotonic time).
    last_draw: Option<Duration>,
    /// The graphics picture the terminal shows now, if it shows one.
    picture: Option<crate::graphics::Picture>,
    /// A graphics mode was shown as text cells: the terminal shows no pixels.
    pub(crate) pixels_missed: bool,
    /// A Break came while an INPUT was being answered (its message has no CHR$(255)).
    pub(crate) input_break: bool,
    /// The keyboard's input (a redirected stdin, the typed keys) has ended under a
    /// statement reading it: the run ends, and ON ERROR does not see it
    /// (`Machine::keyboard_ended`).
    pub(crate) keyboard_ended: bool,
}

impl Machine {
    // ------------------------------------------------------------------ output

    /// Writes bytes to the screen at the cursor (GW's console driver: control
    /// characters, wrapping, scrolling).
    pub(crate) fn screen_write(&mut self, bytes: &[u8]) {
        self.count(crate::machine::counters::Dyn::OutChars, bytes.len() as u64);
        self.io.screen.write(bytes);
        self.flush_screen();
    }

    /// A CR: the end of a screen line.
    pub(crate) fn screen_newline(&mut self) {
        self.io.screen.write(b"\r");
        self.flush_screen();
    }

    /// A run-time warning (Overflow, Division by zero) or a note: written at the cursor
    /// and followed by a CR.
    pub(crate) fn screen_message(&mut self, msg: &str) {
        self.count(crate::machine::counters::Dyn::OutChars, msg.len() as u64);
        self.io.screen.write_line(msg.as_bytes());
        self.flush_screen();
    }

    /// An error or Break message on a line of its own.
    pub(crate) fn error_message(&mut self, msg: &str) {
        self.count(crate::machine::counters::Dyn::OutChars, msg.len() as u64);
        let at_input = std::mem::take(&mut self.io.front.input_break);
        self.io.screen.error_message(msg.as_bytes(), at_input);
        self.flush_screen();
    }

    /// A program line as LIST shows it: over the rows from the cursor, its logical line
    /// cut after it, then a CR.
    pub(crate) fn list_to_screen(&mut self, text: &[u8]) {
        self.count(crate::machine::counters::Dyn::OutChars, text.len() as u64);
        self.io.screen.list_line(text, true);
        self.flush_screen();
    }

    /// The `Ok` prompt.
    pub(crate) fn ok_prompt(&mut self) {
        self.count(crate::machine::counters::Dyn::OutChars, 2);
        self.io.screen.ok_prompt();
        self.flush_screen();
    }

    /// Hands what the screen model wrote to the console: the plain transcript when it
    /// is kept; the bells.
    pub(crate) fn flush_screen(&mut self) {
        let pending = self.io.screen.stream_pending();
        if !pending.is_empty() {
            self.io.console.write(pending);
            self.io.screen.clear_stream();
        }
        if self.io.screen.take_bells() > 0 && self.io.front.active {
            self.io.console.beep();
        }
        if !self.io.video.mode().is_text() {
            self.sync_gfx_text();
        }
    }

    /// The cursor's column as PRINT counts it, 0-based.
    pub(crate) fn screen_col0(&self) -> usize {
        (self.io.screen.print_col() - 1).max(0) as usize
    }

    /// The cursor is not at the start of a row.
    pub(crate) fn screen_mid_line(&self) -> bool {
        self.io.screen.pos() != 1
    }

    /// BEEP.
    #[inline(never)]
    pub(super) fn exec_beep(&mut self, _: &Beep, _at: Pos) -> Res<()> {
        self.speaker_beep()?;
        if self.io.front.active {
            self.io.console.beep();
        } else {
            self.io.console.write(b"\x07");
        }
        Ok(())
    }

    // ------------------------------------------------------------------ operands

    /// An operand converted as GW's GETBYT does: a number 0-255.
    pub(crate) fn eval_byte(&mut self, e: &CExpr) -> Res<i32> {
        let n = self.eval_int(e)?;
        if (0..=255).contains(&n) {
            Ok(i32::from(n))
        } else {
            Err(ErrorCode::IllegalFunctionCall.into())
        }
    }

    /// SCNINT operands, each converted in turn, then the statement's fault if it has
    /// one. The first `MAX_ARGS` are returned (with the list's length).
    fn byte_args(&mut self, a: &ByteArgs<Compiled>) -> Res<([Option<i32>; MAX_ARGS], usize)> {
        let mut out = [None; MAX_ARGS];
        for (i, e) in a.args.iter().enumerate() {
            let v = match e {
                Some(e) => Some(self.eval_byte(e)?),
                None => None,
            };
            if let Some(slot) = out.get_mut(i) {
                *slot = v;
            }
        }
        if let Some(code) = a.fault {
            return Err(code.into());
        }
        Ok((out, a.args.len()))
    }

    // ------------------------------------------------------------------ statements

    /// CLS [n].
    #[inline(never)]
    pub(super) fn exec_cls(&mut self, s: &Cls<Compiled>, _at: Pos) -> Res<()> {
        let (v, _) = self.byte_args(&s.args)?;
        if self.in_direct_line() && !self.io.front.active && self.io.video.mode().is_text() {
            // typed at `Ok` with lines going to the terminal as a transcript: the terminal
            // is cleared as the screen is, and stays a transcript
            self.io.screen.cls(v[0])?;
            self.flush_screen();
            self.io.console.clear_screen();
            return Ok(());
        }
        self.want_full_screen();
        // with a VIEW set, CLS and CLS 1 clear it only, leaving the text and its cursor
        let graphics = !self.io.video.mode().is_text();
        let in_view = graphics && self.io.video.view_set() && matches!(v[0], None | Some(1));
        if !in_view {
            self.io.screen.cls(v[0])?;
        }
        if graphics {
            // else CLS clears the text window as in SCREEN 0, the page without VIEW PRINT
            let (top, bottom, window) = self.io.screen.view();
            match v[0] {
                _ if in_view || v[0] == Some(1) => self.io.video.clear_view(),
                Some(2) | None if window || v[0] == Some(2) => {
                    self.io.video.clear_text_rows(top as u8, bottom as u8);
                }
                _ => self.io.video.clear_page(),
            }
            if v[0] != Some(2) {
                self.io.video.reset_graphics(); // all but CLS 2 centre the graphics cursor
            }
            self.reset_gfx_text();
        }
        self.flush_screen();
        Ok(())
    }

    /// LOCATE [row] [, [col] [, [cursor] [, [start] [, stop]]]].
    #[inline(never)]
    pub(super) fn exec_locate(&mut self, s: &Locate<Compiled>, _at: Pos) -> Res<()> {
        let a = &s.args;
        let (v, _) = self.byte_args(a)?;
        self.want_full_screen();
        self.io.screen.locate([v[0], v[1], v[2], v[3], v[4]])?;
        Ok(())
    }

    /// COLOR [fore] [, [back] [, border]].
    #[inline(never)]
    pub(super) fn exec_color(&mut self, s: &Color<Compiled>, _at: Pos) -> Res<()> {
        let a = &s.args;
        let (v, n) = self.byte_args(a)?;
        self.want_full_screen();
        if !self.io.video.mode().is_text() {
            if n > 3 {
                return Err(ErrorCode::IllegalFunctionCall.into());
            }
            let arg = |i: usize| v[i].map(|x| x as i16);
            self.io.video.color(arg(0), arg(1), arg(2))?;
            return Ok(());
        }
        self.io.screen.color(&v[..n.min(MAX_ARGS)])?;
        Ok(())
    }

    /// SCREEN [mode] [, [colorswitch] [, [apage] [, vpage]]]: no operand at all is a
    /// Missing operand.
    #[inline(never)]
    pub(super) fn exec_screen(&mut self, s: &Screen<Compiled>, _at: Pos) -> Res<()> {
        let a = &s.args;
        let (v, n) = self.byte_args(a)?;
        if n == 0 {
            return Err(ErrorCode::MissingOperand.into());
        }
        self.want_full_screen();
        if n <= 4 && self.gfx_screen(&v[..n])? {
            self.flush_screen();
            return Ok(());
        }
        self.io.screen.screen_stmt(&v[..n.min(MAX_ARGS)])?;
        self.gfx_text_mode();
        self.flush_screen();
        Ok(())
    }

    /// WIDTH columns [, rows] of the screen: 40 or 80 columns, 25 rows.
    #[inline(never)]
    pub(super) fn exec_screen_width(&mut self, s: &ScreenWidth<Compiled>, _at: Pos) -> Res<()> {
        if let Some(d) = &s.device {
            // a string operand names a device (GIO86.ASM WIDTHS); a number is scanned
            // again from the start as the screen's operands (CRTWD)
            if let Value::Str(name) = self.eval(&d.device)? {
                let name = name.to_vec();
                return self.device_width(&name, d);
            }
        }
        let a = &s.args;
        let (v, _) = self.byte_args(a)?;
        if v[1].is_some_and(|rows| rows != 25) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let cols = v[0].unwrap_or(self.io.screen.width());
        self.io.screen.set_width(cols)?;
        self.gfx_follow_width();
        self.flush_screen();
        Ok(())
    }

    /// VIEW PRINT [top TO bottom].
    #[inline(never)]
    pub(super) fn exec_view_print(&mut self, s: &ViewPrint<Compiled>, _at: Pos) -> Res<()> {
        let r = s.rows.as_ref();
        let range = match r {
            Some((t, b)) => {
                // the top row is converted before TO is looked for, its range checked
                // after the bottom row is read
                let t = self.eval_int(t)?;
                let b = self.eval_byte(b)?;
                let t = u8::try_from(t).map_err(|_| ErrorCode::IllegalFunctionCall)?;
                let t = i32::from(t);
                Some((t, b))
            }
            None => None,
        };
        self.want_full_screen();
        self.io.screen.view_print(range)?;
        Ok(())
    }

    /// PCOPY source, destination.
    #[inline(never)]
    pub(super) fn exec_pcopy(&mut self, s: &Pcopy<Compiled>, _at: Pos) -> Res<()> {
        let Pcopy {
            source: src,
            destination: dst,
        } = s;
        // each page is read as a byte (GETBYT) before the next operand is scanned
        let s = self.eval_byte(src)?;
        let d = i32::from(self.eval_int(dst)?);
        self.want_full_screen();
        if !self.io.video.mode().is_text() {
            self.io.video.pcopy(s as i16, d as i16)?;
            return Ok(());
        }
        self.io.screen.pcopy(s, d)?;
        Ok(())
    }

    /// KEY ON / KEY OFF / KEY LIST.
    #[inline(never)]
    pub(super) fn exec_key_bar(&mut self, s: &KeyBar<Compiled>, _at: Pos) -> Res<()> {
        let k = s.action;
        match k {
            KeyBarAction::On => self.io.screen.show_key_bar(true)?,
            KeyBarAction::Off => self.io.screen.show_key_bar(false)?,
            KeyBarAction::List => {
                for line in self.io.kb.key_list() {
                    self.io.screen.write_line(&line);
                }
                self.flush_screen();
            }
        }
        Ok(())
    }

    /// KEY n, text$.
    #[inline(never)]
    pub(super) fn exec_key_def(&mut self, s: &KeyDef<Compiled>, _at: Pos) -> Res<()> {
        let KeyDef { key: n, text } = s;
        let n = self.eval_byte(n)?;
        if n == 0 {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let text = self.eval_str(text)?;
        if let Some(k) = self.io.kb.define_key(n, &text)? {
            let label = self.io.kb.macro_text(k).to_vec();
            self.io.screen.set_key_label(k, &label);
            self.io.console.key_text_changed(k, &label);
        }
        Ok(())
    }

    /// KEY(n) ON / OFF / STOP: n 0-255 (else Illegal function call); KEY(0) switches
    /// all 20 keys (GWSTS.ASM SEVSTT, SEVALL), keys 1-20 their own trap, other numbers
    /// nothing. The event table keeps the state; a key struck while its trap is on
    /// raises the event instead of entering the buffer (`key_struck`).
    #[inline(never)]
    pub(super) fn exec_key_trap(&mut self, s: &KeyTrap<Compiled>, _at: Pos) -> Res<()> {
        let KeyTrap { key: n, switch: s } = s;
        let s = *s;
        let n = i32::from(self.eval_int(n)?);
        if !(0..=255).contains(&n) {
            return Err(ErrorCode::IllegalFunctionCall.into());
        }
        let sw = match s {
            KeySwitch::On => EventSwitch::On,
            KeySwitch::Off => EventSwitch::Off,
            KeySwitch::Stop => EventSwitch::Stop,
        };
        if sw != EventSwitch::Off {
            // a trapped key must be seen as it is struck: on a terminal, raw keys
            self.want_full_screen();
        }
        let keys = if n == 0 { 1..=20 } else { n as u8..=n as u8 };
        for k in keys.filter(|k| (1..=20).contains(k)) {
            self.run.events.switch(Source::Key(k), sw);
        }
        Ok(())
    }

    /// A key struck at the keyboard (a front end's `map::strike`): one whose trap is on
    /// (ON or STOP) raises its event and does not enter the buffer (GIOKYB.ASM POLKEY,
    /// KEYTRP); any other goes into the BIOS ring.
    pub fn key_struck(&mut self, s: Stroke) {
        if let Some(n) = self.io.kb.trap_of(&s)
            && self.run.events.is_on(Source::Key(n))
        {
            self.run.events.request(Source::Key(n));
            return;
        }
        self.io.kb.press_stroke(s);
    }

    // ------------------------------------------------------------------ functions

    /// CSRLIN.
    pub(crate) fn fn_csrlin(&self) -> Value {
        Value::Int(self.io.screen.csrlin() as i16)
    }

    /// POS(x): the argument is evaluated and ignored.
    pub(crate) fn fn_pos(&mut self, args: &[CExpr]) -> Res<Value> {
        if let Some(e) = args.first() {
            self.eval(e)?;
        }
        Ok(Value::Int(self.io.screen.pos() as i16))
    }

    /// SCREEN(row, col [, z]).
    pub(crate) fn fn_screen(&mut self, args: &[CExpr]) -> Res<Value> {
        let mut v = [0i32; 3];
        for (slot, e) in v.iter_mut().zip(args) {
            *slot = self.eval_byte(e)?;
        }
        let z = (args.len() > 2).then_some(v[2]);
        Ok(Value::Int(self.io.screen.screen_fn(v[0], v[1], z)? as i16))
    }

    /// INKEY$: the next key, or "" when none is waiting; Ctrl-C is Break. A poll, never a
    /// wait: the key is taken from the keyboard buffer, or asked of the console (a
    /// redirected stdin's bytes are keys).
    pub(crate) fn fn_inkey(&mut self) -> Res<Value> {
        self.taken_value(Machine::inkey_now)
    }

    fn inkey_now(&mut self) -> Res<Value> {
        self.want_full_screen();
        if self.io.front.active && self.pump() {
            return Err(Halt::Break);
        }
        let key = match self.io.kb.read_key() {
            Some(Key::Char(3)) => return Err(Halt::Break),
            Some(k) => k,
            None if self.io.front.active => return Ok(Value::Str(Rc::from(&b""[..]))),
            // a redirected stdin: its bytes are keys
            // a redirected stdin: its bytes are keys. At its end INKEY$ answers "" for
            // ever, as DOS's input-status poll answers "no character" for a file at its
            // end (INT 21h 0Bh / IOCTL 4406h); a program waiting for a key then polls
            // until it is stopped, as under PC-BASIC. INPUT, LINE INPUT and INPUT$, which
            // read, end the run there (`keyboard_ended`).
            None => match self.io.console.inkey() {
                Some(c) => Key::Char(c),
                None => return Ok(Value::Str(Rc::from(&b""[..]))),
            },
        };
        let (bytes, n) = key.bytes();
        Ok(Value::Str(Rc::from(&bytes[..n])))
    }

    /// INPUT$(n) from the keyboard: n bytes as they are typed, without echo. Waits for
    /// each: a key struck on the full screen, else a byte of the console's input.
    pub(crate) fn keyboard_chars(&mut self, n: u8) -> Res<Value> {
        self.want_full_screen();
        let mut out = Vec::with_capacity(usize::from(n));
        while out.len() < usize::from(n) {
            if let Some(Taken::Byte(b)) = self.replayed() {
                out.extend(b);
                continue;
            }
            if let Some(b) = self.io.kb.read_byte() {
                if b == 3 {
                    return Err(Halt::Break);
                }
                self.record(Taken::Byte(Some(b)));
                out.push(b);
                continue;
            }
            if self.io.front.active {
                if self.io.console.input_ended() {
                    return Err(self.keyboard_ended());
                }
                if self.take_struck() {
                    continue;
                }
                self.draw(self.running_cursor());
                return Err(self.key_wait(Wait::Key));
            }
            match self.take_reply() {
                Some(Reply::Byte(c)) => {
                    self.record(Taken::Byte(Some(c)));
                    out.push(c);
                }
                Some(Reply::Line(_) | Reply::Interrupt) | None => {
                    return Err(self.key_wait(Wait::Byte));
                }
                Some(Reply::End) => return Err(self.keyboard_ended()),
            }
        }
        Ok(Value::Str(Rc::from(out)))
    }

    /// A statement waits for a key (or a console byte): a Break instead if Ctrl-C came
    /// meanwhile.
    pub(crate) fn key_wait(&mut self, w: Wait) -> Halt {
        if self
            .config
            .break_flag
            .swap(false, std::sync::atomic::Ordering::Relaxed)
        {
            return Halt::Break;
        }
        self.io.console.flush();
        self.wait_for(w)
    }

    // ------------------------------------------------------------------ line entry

    /// Whether typed lines come through the full-screen editor: the screen is on a
    /// terminal in full-screen mode, or keys were typed (`--keys`) and are waiting.
    pub(crate) fn uses_editor(&mut self) -> bool {
        self.io.front.active || !self.io.kb.is_empty()
    }

    /// A line put up for editing (EDIT n, the line of a Syntax error): listed without a
    /// final CR, the cursor `cursor` characters into it. The editor echoes the line
    /// when it is entered, so the plain transcript does not get it here.
    pub(crate) fn show_for_editing(&mut self, line: &[u8], cursor: usize) {
        let pos = i32::try_from(cursor).unwrap_or(0);
        self.io.screen.quietly(|s| s.edit_line(line, Some(pos)));
    }

    /// Keys typed ahead (by `--keys` or into the buffer) are waiting.
    pub fn has_typed_keys(&mut self) -> bool {
        !self.io.kb.is_empty()
    }

    /// Types keys as if at the keyboard (`--keys`).
    pub fn type_keys(&mut self, keys: &[Key]) {
        self.io.kb.type_keys(keys);
    }

    /// Enters a line with the full-screen editor, in a statement (INPUT, LINE INPUT,
    /// RANDOMIZE's seed): `prompt` is written first; `is_input`: the answer is the text
    /// after the prompt; `newline`: Enter moves to a new row. None when the keys run
    /// out; Break for Ctrl-C. A wait for a key keeps the line as far as it got in the
    /// statement's journal, so the statement goes on with it when it runs again.
    pub(crate) fn edit_entry(
        &mut self,
        prompt: &[u8],
        is_input: bool,
        newline: bool,
    ) -> Result<Option<Vec<u8>>, Halt> {
        let (slot, mut ed) = match self.replayed() {
            Some(Taken::Line(line)) => return Ok(Some(line)),
            Some(Taken::Editing(ed)) => (self.replayed_slot(), ed),
            _ => {
                let ed = self.begin_entry(prompt, false, is_input, newline);
                (self.record_slot(Taken::Editing(ed.clone())), ed)
            }
        };
        loop {
            match self.entry_key(&mut ed) {
                Err(h) => {
                    self.update_taken(slot, Taken::Editing(ed));
                    return Err(h);
                }
                Ok(None) => return Ok(None),
                Ok(Some(Edit::Pending)) => {}
                Ok(Some(Edit::Line(line))) => {
                    self.update_taken(slot, Taken::Line(line.clone()));
                    return Ok(Some(line));
                }
                Ok(Some(Edit::Break)) => {
                    self.io.front.input_break = is_input;
                    return Err(Halt::Break);
                }
            }
        }
    }

    /// Starts entering a line with the full-screen editor. `prompt` is written first
    /// (with `quiet_prompt`, as for AUTO's line number, it is left out of the plain
    /// transcript, since the entered line includes it).
    pub(crate) fn begin_entry(
        &mut self,
        prompt: &[u8],
        quiet_prompt: bool,
        is_input: bool,
        newline: bool,
    ) -> LineEditor {
        let ed = if quiet_prompt {
            self.io.screen.quietly(|s| s.write(prompt));
            LineEditor::start(&mut self.io.screen, b"", is_input, newline)
        } else {
            LineEditor::start(&mut self.io.screen, prompt, is_input, newline)
        };
        self.flush_screen();
        ed
    }

    /// The next key of a line being entered, applied: None when the keys run out, a
    /// `Halt::Wait` when none has come yet.
    pub(crate) fn entry_key(&mut self, ed: &mut LineEditor) -> Result<Option<Edit>, Halt> {
        let show = if ed.insert_mode() {
            CursorShow::Block
        } else {
            CursorShow::Line
        };
        let Some(key) = self.next_key(show)? else {
            self.flush_screen();
            return Ok(None);
        };
        let edit = ed.key(&mut self.io.screen, key);
        if edit != Edit::Pending {
            self.flush_screen();
        }
        Ok(Some(edit))
    }

    /// The next key for line entry: from the keyboard buffer; on the full screen a key
    /// struck (a wait); else a line of the console's input typed as keys (a wait; None
    /// at its end).
    fn next_key(&mut self, show: CursorShow) -> Result<Option<Key>, Halt> {
        loop {
            if let Some(k) = self.io.kb.read_key() {
                return Ok(Some(k));
            }
            if self.io.front.active {
                if self.io.console.input_ended() {
                    return Ok(None);
                }
                if self.take_struck() {
                    continue;
                }
                self.draw(show);
                return Err(self.wait_for(Wait::Key));
            }
            let line = match self.take_reply() {
                Some(Reply::Line(line)) => line,
                // Ctrl-C while the console's line was typed: Enter, and a Break after it
                Some(Reply::Interrupt) => {
                    self.ask_break();
                    Vec::new()
                }
                Some(Reply::End) => return Ok(None),
                Some(Reply::Byte(_)) | None => {
                    self.io.console.flush();
                    return Err(self.wait_for(Wait::Line));
                }
            };
            let keys: Vec<Key> = line
                .iter()
                .map(|&b| Key::Char(b))
                .chain(std::iter::once(Key::Char(b'\r')))
                .collect();
            self.io.kb.type_keys(&keys);
        }
    }

    /// A key struck on the terminal or window since the last look goes to the keyboard
    /// buffer (or raises its event trap), and text pasted is typed; true when either
    /// came. One key at a time: keys struck faster than the editor takes them wait in
    /// the front end's queue, not in the 15-key buffer, which would drop them.
    fn take_struck(&mut self) -> bool {
        if let Some(s) = self.io.console.poll_key() {
            self.key_struck(s);
            self.take_paste();
            return true;
        }
        self.take_paste()
    }

    /// A key is typed on the keyboard by the front end (into the keyboard buffer; a
    /// statement waiting for a byte of the console's input takes its byte).
    pub(crate) fn key_typed(&mut self, key: Key) {
        if self.waiting_for() == Some(Wait::Byte)
            && let Key::Char(b) = key
        {
            self.give_reply(Reply::Byte(b));
            return;
        }
        self.io.kb.press(key);
    }

    // ------------------------------------------------------------------ the terminal

    /// The cursor while a program runs: shown when LOCATE made it visible.
    pub(super) fn running_cursor(&self) -> CursorShow {
        if self.io.screen.cursor_shape().visible {
            CursorShow::Line
        } else {
            CursorShow::Hidden
        }
    }

    /// A program uses the screen: on a terminal, the console takes it over (the plain
    /// transcript written so far stays in the scrollback).
    pub fn want_full_screen(&mut self) {
        if self.io.front.active || !self.io.console.can_take_over() {
            return;
        }
        self.flush_screen();
        self.io.console.flush();
        if self.io.console.take_over() {
            self.io.front.active = true;
            self.io.screen.set_streaming(false);
            let show = self.running_cursor();
            self.draw(show);
        }
    }

    /// Gives the terminal back (the screen's text stays in the scrollback); the plain
    /// transcript starts again.
    pub fn leave_full_screen(&mut self) {
        if !self.io.front.active {
            return;
        }
        let graphics = !self.io.video.mode().is_text();
        self.io.front.pixels_missed |= graphics && !self.io.console.shows_pixels();
        let picture = graphics.then(|| self.io.video.screen_picture());
        self.io.console.give_back(&self.io.screen, picture.as_ref());
        self.io.front.active = false;
        self.io.front.picture = None;
        self.io.screen.set_streaming(true);
    }

    /// Whether a graphics mode was shown on the terminal as text cells only (the
    /// console knows no pixel protocol for it).
    pub fn pixels_missed(&self) -> bool {
        self.io.front.pixels_missed
    }

    /// Whether the console shows the full screen.
    pub fn is_full_screen(&self) -> bool {
        self.io.front.active
    }

    /// Shows the screen on the terminal.
    pub(crate) fn draw(&mut self, show: CursorShow) {
        if self.io.front.active && self.io.console.shows_scenes() {
            let scene = self.scene(show);
            self.io.console.present(scene);
            self.io.front.last_draw = Some(self.io.clock.monotonic());
            return;
        }
        if self.io.front.active {
            let graphics = !self.io.video.mode().is_text();
            if !(graphics && self.io.console.shows_pixels() && self.draw_picture()) {
                self.io.front.pixels_missed |= graphics;
                self.io.front.picture = None;
                self.io.console.draw(&self.io.screen, show);
            }
            self.io.front.last_draw = Some(self.io.clock.monotonic());
        }
    }

    /// A graphics mode on the terminal: its picture, when it changed since the last one
    /// shown; false when the console shows no pixels.
    fn draw_picture(&mut self) -> bool {
        let picture = self.io.video.screen_picture();
        if self.io.front.picture.as_ref() == Some(&picture) {
            return true;
        }
        let shown = self.io.console.draw_picture(&picture);
        self.io.front.picture = shown.then_some(picture);
        shown
    }

    /// While a program runs (every so many statements, and at INKEY$): keys struck on
    /// the terminal go to the keyboard buffer, the screen is redrawn now and then.
    /// True for Ctrl-C (Break).
    pub(crate) fn pump(&mut self) -> bool {
        while let Some(s) = self.io.console.poll_key() {
            if s.key == Key::Char(3) {
                return true;
            }
            self.key_struck(s);
        }
        self.take_paste();
        let now = self.io.clock.monotonic();
        let frame = self.io.console.frame_interval();
        if self
            .io
            .front
            .last_draw
            .is_none_or(|t| now.saturating_sub(t) >= frame)
        {
            let show = self.running_cursor();
            self.draw(show);
        }
        false
    }

    /// Text the console had pasted is typed as the program reads (as `--keys` types);
    /// true when there was some.
    fn take_paste(&mut self) -> bool {
        let Some(text) = self.io.console.pasted() else {
            return false;
        };
        let keys: Vec<Key> = text.into_iter().map(Key::Char).collect();
        self.io.kb.type_keys(&keys);
        true
    }

    /// Break between statements: Ctrl-C on the terminal, or at the head of the keyboard
    /// buffer.
    #[cold]
    pub(crate) fn key_break(&mut self) -> bool {
        (self.io.front.active && self.pump()) || self.io.kb.check_break()
    }
}
