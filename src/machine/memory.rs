//! Memory as DEF SEG, PEEK and POKE see it: one dispatch on the physical address the
//! segment and offset make (segment × 16 + offset, within the 8086's megabyte). The text
//! screen answers at &HB8000-&HBFFFF (segment &HB800), the BIOS data area at
//! &H400-&H4FF (segment &H40: the keyboard's ring and shift flags, the screen's mode,
//! cursor and page bytes); everything else is, for now, a plain 64 KiB array indexed by
//! the offset. Other memory (graphics video memory, GW-BASIC's data segment) belongs in
//! `Machine::peek_at` / `poke_at`, the one place that decides what an address is.

use super::{Machine, Res};
use crate::compile::code::CExpr;
use crate::error::ErrorCode;
use crate::machine::value::Value;
use crate::num::Num;

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
}

impl Default for Memory {
    fn default() -> Self {
        Memory {
            segment: DATA_SEGMENT,
            plain: Vec::new(),
        }
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
    pub(super) fn exec_def_seg(&mut self, e: Option<&CExpr>) -> Res<()> {
        self.io.memory.segment = match e {
            Some(e) => self.eval_address(e)?,
            None => DATA_SEGMENT,
        };
        Ok(())
    }

    /// POKE address, byte.
    #[inline(never)]
    pub(super) fn exec_poke(&mut self, addr: &CExpr, value: &CExpr) -> Res<()> {
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
        // ---- graphics (issue 15): the card's memory in a graphics mode ----
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
        // ---- graphics (issue 15): the card's memory in a graphics mode ----
        if !self.io.video.mode().is_text() && self.io.video.poke(phys, v) {
            return;
        }
        if VIDEO.contains(&phys) {
            self.want_full_screen();
            self.io.screen.poke_vram((phys - VIDEO.start()) as usize, v);
            return;
        }
        if BIOS.contains(&phys) && self.io.kb.bios_poke((phys - BIOS.start()) as usize, v) {
            return;
        }
        let plain = &mut self.io.memory.plain;
        if plain.is_empty() {
            plain.resize(0x10000, 0);
        }
        plain[usize::from(off)] = v;
    }
}

/// The 20-bit address of segment:offset (wrapping at one megabyte, as on an 8086).
fn physical(seg: u16, off: u16) -> u32 {
    ((u32::from(seg) << 4) + u32::from(off)) & 0xFFFFF
}
