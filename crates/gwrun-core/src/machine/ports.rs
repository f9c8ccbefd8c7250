//! The I/O ports and the device functions and statements around them (the ports
//! part): OUT, WAIT, INP, the printer's WIDTH and LPOS, LCOPY, IOCTL, PEN(n) and EXTERR(n)
//! (statements declared in syntax/ast/devices.rs).
//!
//! Ports as the real-GW models show them (unsorted/INP, OUT, WAIT): a port operand is a
//! word (-32768..=65535, Overflow beyond, negative numbers taken modulo 65536), a byte
//! operand is 0..=255 (Illegal function call beyond). The DMA controller's registers
//! (&H00-&H0F) read 0 and ports nothing answers read 255. The speaker gate (&H61) and
//! the timer's channel 2 (&H43 mode, &H42 divisor, low byte then high) make a tone when
//! both gate bits are set, as programs that drive the speaker directly expect; the CGA/EGA
//! status port &H3DA alternates its retrace bits on every read. The EGA's sequencer and
//! graphics-controller ports (&H3C4/&H3C5, &H3CE/&H3CF) are the video card's
//! (`graphics::Video::port_out` / `port_in`).
//!
//! WAIT port, and [, xor] reads the port until (value XOR xor) AND and is not 0. A port
//! whose value cannot change never satisfies it: GW-BASIC hangs there; gwrun waits for
//! Ctrl-C (or the statement budget), without using the processor.

use super::{Machine, Res};
use crate::compile::code::{CExpr, Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::syntax::ast::DeviceWidth;
use crate::syntax::ast::{Ioctl, Lcopy, Out, PrinterWidth, Wait};

const IFC: ErrorCode = ErrorCode::IllegalFunctionCall;

/// The PC's timer input frequency (Hz).
const PIT_HZ: f64 = 1_193_182.0;

/// Port state that reads back or drives the speaker.
#[derive(Debug, Default)]
pub(crate) struct Ports {
    /// Last byte written to &H61 (bit 0: timer gate, bit 1: speaker data).
    speaker: u8,
    /// Channel 2's divisor and which byte of it comes next.
    divisor: u16,
    high_next: bool,
    /// The retrace bits of &H3DA, toggled on every read.
    retrace: bool,
}

impl Machine {
    /// OUT port, byte.
    #[inline(never)]
    pub(super) fn exec_out(&mut self, s: &Out<Compiled>, _at: Pos) -> Res<()> {
        let port = self.eval_address(&s.port)?;
        let v = self.eval_port_byte(&s.value)?;
        self.port_out(port, v);
        Ok(())
    }

    /// WAIT port, and [, xor].
    #[inline(never)]
    pub(super) fn exec_wait(&mut self, s: &Wait<Compiled>, _at: Pos) -> Res<()> {
        let port = self.eval_address(&s.port)?;
        let and = self.eval_port_byte(&s.and)?;
        let xor = match &s.xor {
            Some(x) => self.eval_port_byte(x)?,
            None => 0,
        };
        self.wait_port(port, and, xor)
    }

    /// WIDTH LPRINT n.
    #[inline(never)]
    pub(super) fn exec_printer_width(&mut self, s: &PrinterWidth<Compiled>, _at: Pos) -> Res<()> {
        let w = self.eval_port_byte(&s.width)?;
        self.set_printer_width(1, w)
    }

    /// IOCTL [#]file, string.
    #[inline(never)]
    /// The file number is read as every file statement's is (GIO86.ASM GETNZB: a byte,
    /// else Illegal function call; 0 is Bad file number) and the file looked up before
    /// the string is scanned (`IOCTL #1` of a closed file is Bad file number).
    pub(super) fn exec_ioctl(&mut self, s: &Ioctl<Compiled>, _at: Pos) -> Res<()> {
        let n = self.file_number(&s.file)?;
        if !self.io.files.is_open(n) {
            return Err(ErrorCode::BadFileNumber.into());
        }
        self.eval_str(&s.data)?;
        // no device gwrun has takes control strings
        Err(IFC.into())
    }

    /// LCOPY [n]: accepted and ignored, as GW-BASIC 3.23 does [M unsorted/LCOPY].
    #[inline(never)]
    pub(super) fn exec_lcopy(&mut self, s: &Lcopy<Compiled>, _at: Pos) -> Res<()> {
        if let Some(n) = &s.n {
            self.eval_port_byte(n)?;
        }
        Ok(())
    }

    /// A byte operand of OUT, WAIT and WIDTH LPRINT: 0..=255.
    fn eval_port_byte(&mut self, e: &CExpr) -> Res<u8> {
        let v = self.eval_int(e)?;
        u8::try_from(v).map_err(|_| IFC.into())
    }

    /// WIDTH LPRINT n / WIDTH "LPTn:", n: the device width, 1..=255.
    fn set_printer_width(&mut self, p: u8, w: u8) -> Res<()> {
        if w == 0 {
            return Err(IFC.into());
        }
        self.io.files.printer_mut(p).width = w;
        Ok(())
    }

    /// WIDTH "device", n once the device operand has been evaluated to `name`, in GIO86.ASM
    /// WIDTHS's order: the name is parsed (PARDEV), the comma and the width read (GETWDT:
    /// a byte, 0 refused), a disk refused (Bad file name), then the device's width is set
    /// (a printer's, or the screen's for SCRN:); text after the width is a Syntax error
    /// once the width is set.
    pub(super) fn device_width(&mut self, name: &[u8], s: &DeviceWidth<Compiled>) -> Res<()> {
        use crate::dos::names::{Device, device_prefix};
        let device = device_prefix(name)?;
        let w = self.eval_int(&s.width)?;
        let w = u8::try_from(w).map_err(|_| IFC)?;
        if w == 0 {
            return Err(IFC.into());
        }
        match device {
            None => return Err(ErrorCode::BadFileName.into()),
            Some(Device::Printer(p)) => self.set_printer_width(p, w)?,
            // KYBD: shares the screen's SCNSWD, which takes 255 as "no wrapping" and
            // leaves the screen alone (GIOSCN.ASM SCNSWD)
            Some(Device::Screen | Device::Console | Device::Keyboard) if w == 255 => {}
            Some(Device::Screen | Device::Console | Device::Keyboard) => {
                self.io.screen.set_width(i32::from(w))?;
                self.flush_screen();
            }
            // other devices keep no width gwrun models
            Some(_) => {}
        }
        if s.junk {
            return Err(ErrorCode::SyntaxError.into());
        }
        Ok(())
    }

    /// OUT port, byte.
    pub(crate) fn port_out(&mut self, port: u16, v: u8) {
        match port {
            0x42 => {
                let p = &mut self.io.ports;
                p.divisor = if p.high_next {
                    (p.divisor & 0x00FF) | (u16::from(v) << 8)
                } else {
                    (p.divisor & 0xFF00) | u16::from(v)
                };
                p.high_next = !p.high_next;
                self.speaker_from_ports();
            }
            // a new mode for channel 2: low byte first again
            0x43 if v & 0xC0 == 0x80 => self.io.ports.high_next = false,
            0x61 => {
                let was = self.io.ports.speaker & 3 == 3;
                self.io.ports.speaker = v;
                if was || v & 3 == 3 {
                    self.speaker_from_ports();
                }
            }
            0x3C0..=0x3CF | 0x3D4 | 0x3D5 => self.video_port_out(port, v),
            _ => {}
        }
    }

    /// The speaker driven through the ports: a tone while both gate bits are set.
    fn speaker_from_ports(&mut self) {
        let p = &self.io.ports;
        let on = p.speaker & 3 == 3;
        let divisor = if p.divisor == 0 {
            65536.0
        } else {
            f64::from(p.divisor)
        };
        let hz = (PIT_HZ / divisor).round();
        let sp = &mut self.io.speaker;
        let now = sp.now();
        if on && (37.0..=32767.0).contains(&hz) {
            // a tone that lasts until the next sound (duration under 0.022 ticks)
            let _ = sp
                .engine
                .sound(now, hz as i16, crate::num::Single::from_f64(0.01));
        } else {
            sp.engine.stop(now);
        }
        sp.publish();
    }

    /// The video card's write ports (EGA sequencer, graphics controller): the graphics
    /// model's registers (the plane mask and read map PEEK and POKE use).
    fn video_port_out(&mut self, port: u16, v: u8) {
        self.io.video.port_out(port, v);
    }

    /// INP(port).
    pub(crate) fn port_in(&mut self, port: u16) -> u8 {
        if let Some(v) = self.io.video.port_in(port) {
            return v;
        }
        match port {
            // the DMA controller's registers
            0x00..=0x0F => 0,
            0x61 => self.io.ports.speaker,
            0x3DA => {
                let p = &mut self.io.ports;
                p.retrace = !p.retrace;
                if p.retrace { 0x09 } else { 0x00 }
            }
            _ => 0xFF,
        }
    }

    /// WAIT port, and, xor.
    fn wait_port(&mut self, port: u16, and: u8, xor: u8) -> Res<()> {
        // a port that changes does so between two reads
        for _ in 0..2 {
            if (self.port_in(port) ^ xor) & and != 0 {
                return Ok(());
            }
        }
        // the statement waits and looks again in 20 ms (machine::resume)
        if let Some(h) = self.interrupted() {
            return Err(h);
        }
        let until = self.io.clock.monotonic() + std::time::Duration::from_millis(20);
        Err(self.wait_for(super::resume::Wait::Sleep(until)))
    }

    /// INP(port), LPOS(n), PEN(n), EXTERR(n), PLAY(n): the device functions.
    pub(super) fn fn_inp(&mut self, arg: &CExpr) -> Res<Value> {
        let port = self.eval_address(arg)?;
        // a taken value: a port read once when a statement that waited runs again
        self.taken_value(|m| Ok(Value::Int(i16::from(m.port_in(port)))))
    }

    /// LPOS(n): printer n's column + 1 (0 and 1 are LPT1:); n in 0..=3.
    pub(super) fn fn_lpos(&mut self, arg: &CExpr) -> Res<Value> {
        let n = self.eval_int(arg)?;
        if !(0..=3).contains(&n) {
            return Err(IFC.into());
        }
        let p = self.io.files.printer((n as u8).max(1));
        Ok(Value::Int(i16::from(p.col) + 1))
    }

    /// PEN(n), n in 0..=9, with no light pen: the pen is never down and was never
    /// seen, so the flags and pixel coordinates (0-5) read 0 and the character row and
    /// column (6-9, counted from 1) read 1 (S GWSTS.ASM PENF: ONESUB, n below 10, then
    /// the BIOS pen position RDPEN keeps; PC-BASIC 2.0.8 agrees).
    pub(super) fn fn_pen(&mut self, arg: &CExpr) -> Res<Value> {
        let n = self.eval_int(arg)?;
        if !(0..=9).contains(&n) {
            return Err(IFC.into());
        }
        Ok(Value::Int(i16::from(n >= 6)))
    }

    /// A function of a device gwrun does not have (EXTERR(n): 0..=3, STICK, STRIG):
    /// the argument is checked and the answer is 0.
    pub(super) fn fn_absent(&mut self, arg: &CExpr, max: i16) -> Res<Value> {
        let n = self.eval_int(arg)?;
        if !(0..=max).contains(&n) {
            return Err(IFC.into());
        }
        Ok(Value::Int(0))
    }
}
