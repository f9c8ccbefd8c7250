//! Memory as DEF SEG, PEEK and POKE see it: one dispatch on the physical address the
//! segment and offset make (segment × 16 + offset, within the 8086's megabyte). The text
//! screen answers at &HB8000-&HBFFFF (segment &HB800), the BIOS data area at
//! &H400-&H4FF (segment &H40: the keyboard's ring and shift flags, the screen's mode,
//! cursor and page bytes, the equipment word), the BIOS's 8×8 glyph table at F000:FA6E;
//! everything else is, for now, a plain 64 KiB array indexed by the offset. Other memory
//! (graphics video memory, GW-BASIC's data segment) belongs in `Machine::peek_at` /
//! `poke_at`, the one place that decides what an address is.

use super::assign::Place;
use super::{Machine, Res};
use crate::compile::code::{CExpr, Compiled, Pos};
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::num::Num;
use crate::syntax::ast::{Call, DefSeg, DefUsr, Poke};

/// The segment DEF SEG without an argument selects: GW-BASIC's data segment.
pub(crate) const DATA_SEGMENT: u16 = 0x13AD;

/// Physical addresses of the text screen and of the BIOS data area.
const VIDEO: std::ops::RangeInclusive<u32> = 0xB8000..=0xBFFFF;
const BIOS: std::ops::RangeInclusive<u32> = 0x400..=0x4FF;

/// The current segment and the plain memory behind addresses nothing else answers for.
#[derive(Debug)]
pub(crate) struct Memory {
    pub(crate) segment: u16,
    plain: Vec<u8>,
    /// String space (machine::dataseg).
    pub(crate) strings: super::dataseg::StringSpace,
    /// GW's protection flag (PEEK(1450) is &HFE while a protected program is in
    /// memory); the session sets it when a program starts.
    pub protected: bool,
    /// POKE 1450,0 cleared the flag: the session unprotects the program.
    pub(crate) unprotected: bool,
    /// Bytes POKEd into the program text (line number, offset in its text, byte): the
    /// session writes them into the program (what LIST and SAVE show).
    pub(crate) program_pokes: Vec<(u16, usize, u8)>,
    /// The link and number bytes of program lines a POKE changed, until the program is
    /// compiled anew (dataseg::links; boxed: one word in the machine).
    pub(crate) links: Option<Box<super::dataseg::PokedLinks>>,
    /// Some line's link is POKEd to zero: the statement loop's flag stays up.
    pub(crate) zero_link: bool,
    /// The BIOS equipment word at &H410 (POKEs change it, as programs do to switch
    /// between the colour and monochrome adapters).
    equipment: [u8; 2],
    /// The first bytes of GW-BASIC's data segment (below the variables GW names).
    os_block: [u8; 4],
}

impl Memory {
    /// Whether a POKE cleared the protection flag since the last call.
    pub fn take_unprotected(&mut self) -> bool {
        std::mem::take(&mut self.unprotected)
    }

    /// The bytes POKEd into the program text since the last call.
    pub fn take_program_pokes(&mut self) -> Vec<(u16, usize, u8)> {
        std::mem::take(&mut self.program_pokes)
    }
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            segment: DATA_SEGMENT,
            plain: Vec::new(),
            strings: Default::default(),
            protected: false,
            unprotected: false,
            program_pokes: Vec::new(),
            links: None,
            zero_link: false,
            equipment: EQUIPMENT,
            os_block: OS_BLOCK,
        }
    }
}

/// The equipment word the BIOS of the machine the real-GW models were taken on reports:
/// bit 1 a maths coprocessor, bit 2 a pointing device, bits 4-5 `10` an 80×25 colour
/// adapter at start-up; a game port (bit 12) and one printer (bits 14-15). PC-BASIC
/// reports the same word.
const EQUIPMENT: [u8; 2] = [0x26, 0x50];

/// Offsets 0-3 of GW-BASIC 3.23's data segment: `PEEK(2)` is 16 [M unsorted/PEEK];
/// PC-BASIC reads 0, 0, 16, 130 there.
const OS_BLOCK: [u8; 4] = [0, 0, 16, 130];

/// The BIOS's 8×8 glyphs of characters 0-127 at F000:FA6E (the table INT 10h draws
/// graphics-mode text from on an IBM PC, and the one programs PEEK to copy a glyph).
const ROM_FONT: std::ops::RangeInclusive<u32> = 0xFFA6E..=0xFFE6D;

impl Memory {
    /// Writes bytes of the plain memory at `off` (wrapping).
    pub(crate) fn write(&mut self, off: u16, bytes: &[u8]) {
        if self.plain.is_empty() {
            self.plain.resize(0x10000, 0);
        }
        let start = usize::from(off);
        if let Some(dst) = self.plain.get_mut(start..start + bytes.len()) {
            dst.copy_from_slice(bytes);
            return;
        }
        for (i, &b) in bytes.iter().enumerate() {
            self.plain[usize::from(off.wrapping_add(i as u16))] = b;
        }
    }

    /// Reads `n` bytes of the plain memory at `off` (wrapping).
    pub(crate) fn read(&self, off: u16, n: u16) -> Vec<u8> {
        (0..n)
            .map(|i| {
                self.plain
                    .get(usize::from(off.wrapping_add(i)))
                    .copied()
                    .unwrap_or(0)
            })
            .collect()
    }

    /// Moves `n` bytes from `from` to `to` (garbage collection): one block move, or byte
    /// by byte through a copy where either range wraps past the segment's end.
    pub(crate) fn copy_within(&mut self, from: u16, to: u16, n: u16) {
        if self.plain.is_empty() {
            self.plain.resize(0x10000, 0);
        }
        let (f, t, len) = (usize::from(from), usize::from(to), usize::from(n));
        if f + len <= self.plain.len() && t + len <= self.plain.len() {
            self.plain.copy_within(f..f + len, t);
            return;
        }
        let b = self.read(from, n);
        self.write(to, &b);
    }
}

impl Machine {
    /// An address operand: -32768 to 65535 as a 16-bit offset (else Overflow).
    pub(crate) fn eval_address(&mut self, e: &CExpr) -> Res<u16> {
        match self.eval_num(e)? {
            Num::Int(i) => Ok(i as u16),
            n => {
                let r = crate::machine::value::to_double(n).to_f64().round();
                if (-32768.0..=65535.0).contains(&r) {
                    Ok(r as i32 as u16)
                } else {
                    Err(ErrorCode::Overflow.into())
                }
            }
        }
    }

    /// DEF SEG [= segment].
    #[inline(never)]
    pub(super) fn exec_def_seg(&mut self, s: &DefSeg<Compiled>, _at: Pos) -> Res<()> {
        let e = s.segment.as_ref();
        self.io.memory.segment = match e {
            Some(e) => self.eval_address(e)?,
            None => DATA_SEGMENT,
        };
        Ok(())
    }

    /// DEF USR[n] = address: the address is converted as GW converts it (FRMQNT), and
    /// nothing is kept.
    pub(super) fn exec_def_usr(&mut self, s: &DefUsr<Compiled>, _at: Pos) -> Res<()> {
        self.eval_address(&s.address)?;
        Ok(())
    }

    /// CALL / CALLS: the routine's address is converted (Overflow, Type mismatch), each
    /// parameter looked up in turn (its subscripts evaluated, a new array dimensioned),
    /// then the list's fault; no machine code runs. A simple variable made by the lookup
    /// after an array element is an Illegal function call (CALL86.ASM GETPAR: the new
    /// variable would move the element whose address was taken).
    pub(super) fn exec_call(&mut self, s: &Call<Compiled>, _at: Pos) -> Res<()> {
        self.eval_address(&s.routine)?;
        let mut element = false;
        for t in &s.args {
            match self.place(t)? {
                Place::Scalar(slot) => {
                    if self.find_var(slot)? && element {
                        return Err(ErrorCode::IllegalFunctionCall.into());
                    }
                }
                Place::Elem(..) => element = true,
            }
        }
        if let Some(fault) = &s.fault {
            self.eval(fault)?;
            return Err(ErrorCode::InternalError.into());
        }
        Ok(())
    }

    /// POKE address, byte.
    #[inline(never)]
    pub(super) fn exec_poke(&mut self, s: &Poke<Compiled>, _at: Pos) -> Res<()> {
        let Poke {
            address: addr,
            value,
        } = s;
        let off = self.eval_address(addr)?;
        let v = self.eval_byte(value)? as u8;
        let seg = self.io.memory.segment;
        self.poke_at(seg, off, v);
        Ok(())
    }

    /// PEEK(address).
    pub(crate) fn fn_peek(&mut self, addr: &CExpr) -> Res<Value> {
        let off = self.eval_address(addr)?;
        let seg = self.io.memory.segment;
        Ok(Value::Int(i16::from(self.peek_at(seg, off))))
    }

    /// The byte at segment:offset.
    pub(crate) fn peek_at(&mut self, seg: u16, off: u16) -> u8 {
        let phys = physical(seg, off);
        // ---- graphics: the card's memory in a graphics mode ----
        if !self.io.video.mode().is_text()
            && let Some(b) = self.io.video.peek(phys)
        {
            return b;
        }
        if VIDEO.contains(&phys) {
            return self
                .io
                .screen
                .peek_vram((phys - VIDEO.start()) as usize)
                .unwrap_or(0);
        }
        if BIOS.contains(&phys) {
            let o = (phys - BIOS.start()) as usize;
            if let Some(b) = self
                .io
                .kb
                .bios_peek(o)
                .or_else(|| self.io.screen.bios_peek(o))
            {
                return b;
            }
            if let 0x10 | 0x11 = o {
                return self.io.memory.equipment[o - 0x10];
            }
        }
        if ROM_FONT.contains(&phys) {
            return self
                .io
                .video
                .rom_font_byte((phys - ROM_FONT.start()) as usize);
        }
        // ---- the data segment ----
        if let Some(o) = data_offset(phys) {
            if let Some(&b) = self.io.memory.os_block.get(usize::from(o)) {
                return b;
            }
            if let Some(b) = self.ds_peek(o) {
                return b;
            }
        }
        self.io
            .memory
            .plain
            .get(usize::from(off))
            .copied()
            .unwrap_or(0)
    }

    /// Writes the byte at segment:offset.
    pub(crate) fn poke_at(&mut self, seg: u16, off: u16, v: u8) {
        let phys = physical(seg, off);
        // ---- graphics: the card's memory in a graphics mode ----
        if !self.io.video.mode().is_text() && self.io.video.poke(phys, v) {
            return;
        }
        if VIDEO.contains(&phys) {
            self.want_full_screen();
            self.io.screen.poke_vram((phys - VIDEO.start()) as usize, v);
            return;
        }
        if BIOS.contains(&phys) {
            let o = (phys - BIOS.start()) as usize;
            if self.io.kb.bios_poke(o, v) {
                return;
            }
            if let 0x10 | 0x11 = o {
                self.io.memory.equipment[o - 0x10] = v;
                return;
            }
        }
        // ---- the data segment ----
        if let Some(o) = data_offset(phys) {
            if let Some(b) = self.io.memory.os_block.get_mut(usize::from(o)) {
                *b = v;
                return;
            }
            if self.ds_poke(o, v) {
                return;
            }
        }
        let plain = &mut self.io.memory.plain;
        if plain.is_empty() {
            plain.resize(0x10000, 0);
        }
        plain[usize::from(off)] = v;
    }
}

/// The offset in GW-BASIC's data segment of a physical address inside it.
fn data_offset(phys: u32) -> Option<u16> {
    let start = u32::from(DATA_SEGMENT) << 4;
    (start..start + 0x10000)
        .contains(&phys)
        .then(|| (phys - start) as u16)
}

/// The 20-bit address of segment:offset (wrapping at one megabyte, as on an 8086).
fn physical(seg: u16, off: u16) -> u32 {
    ((u32::from(seg) << 4) + u32::from(off)) & 0xFFFFF
}

#[cfg(test)]
mod copy_tests {
    use super::Memory;

    /// A block move gives what reading the bytes out and writing them back gives, for
    /// overlapping ranges either way and for ranges that wrap past &HFFFF.
    #[test]
    fn copy_within_equals_read_then_write() {
        for (from, to, n) in [
            (100u16, 90u16, 30u16),
            (90, 100, 30),
            (0xFFF0, 0x10, 0x20),
            (0x10, 0xFFF8, 0x20),
            (5, 5, 7),
            (7, 3, 0),
        ] {
            let mut a = Memory::default();
            let pattern: Vec<u8> = (0..=255u8).cycle().take(0x10000).collect();
            a.write(0, &pattern);
            let mut b = Memory::default();
            b.write(0, &pattern);
            a.copy_within(from, to, n);
            let bytes = b.read(from, n);
            b.write(to, &bytes);
            assert_eq!(a.read(0, 0xFFFF), b.read(0, 0xFFFF), "{from} {to} {n}");
        }
    }
}
