//! GW-BASIC's data segment as programs see it (PEEK, POKE, VARPTR, VARPTR$, FRE): the
//! program text from TXTTAB (&H126E), then the scalar table (VARTAB), the array table
//! (ARYTAB) up to STREND, free memory, and string space growing down from its top to
//! FRETOP. The interpreter keeps its variables in slots; this module computes the bytes
//! GW would have had there from that state, so nothing on the hot path changes. String
//! space is the one part with a history of its own (garbage): it is modelled by FRETOP,
//! the address of each string variable's bytes (`Vars::saddr`, `Array::saddr`) and the
//! bytes themselves in the plain memory behind the segment. The rules and their
//! evidence are in docs/memory.md.

use super::{Machine, Res};
use crate::compile::code::CExpr;
use crate::error::ErrorCode;
use crate::machine::assign::Place;
use crate::machine::value::{Str, Value};
use crate::machine::vars::{ArrayData, NOT_CREATED};
use crate::num::{Double, Single};
use crate::syntax::ast::VarType;
use std::rc::Rc;

/// Where the program text starts (PEEK(&H30) + 256 * PEEK(&H31) in every model).
pub(crate) const TXTTAB: u32 = 0x126E;
/// VARPTR(#n): the mode byte of file n's block. GW allocates a block for file 0 (LOAD
/// and SAVE's file) and for each file number up to its highest, 322 bytes apart (194 of
/// control data and a 128-byte record buffer) [S GIO86.ASM GETPTR; M unsorted/FILEXPR].
pub(crate) fn file_block(n: u8) -> u32 {
    3435 + 322 * u32::from(n)
}
/// The top of BASIC's memory (TOPMEM) until CLEAR sets it.
const TOPMEM: u32 = 65534;
/// The words in low memory that hold GW's pointers.
const P_TOP: u16 = 0x2C;
const P_TXTTAB: u16 = 0x30;
const P_VARTAB: u16 = 0x358;
const P_ARYTAB: u16 = 0x35A;
const P_STREND: u16 = 0x35C;
/// The protection flag (PROFLG): &HFE for a protected program [M gwbasic/POKE_to_unprotect].
const P_PROFLG: u16 = 1450;

/// String space: how much of it is taken (live strings and garbage), and the temporary
/// the last concatenation left.
#[derive(Debug, Default)]
pub(crate) struct StringSpace {
    /// Bytes between FRETOP and the top of string space.
    used: u32,
    /// TOPMEM as CLEAR set it (0: the default).
    topmem: u32,
    /// The last concatenation's result (its data pointer, address and length) while no
    /// statement has claimed or freed it.
    pending: Option<(usize, u16, u16)>,
    /// Start offset of each program line (from TXTTAB), for the code they were
    /// computed for.
    line_starts: Vec<u32>,
    line_starts_of: usize,
    /// The last layout computed, with the table generation and program size it was
    /// computed for.
    layout: std::cell::Cell<Option<(u32, usize, Layout)>>,
}

/// The table pointers.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Layout {
    pub(crate) vartab: u32,
    pub(crate) arytab: u32,
    pub(crate) strend: u32,
}

/// One entry of the scalar table.
#[derive(Debug, Clone, Copy)]
enum Entry {
    Scalar(u32),
    Fn(u32),
}

/// The type byte GW writes for a type.
fn type_byte(t: VarType) -> u8 {
    t.size() as u8
}

/// The first two name bytes and the extra ones of a name (GW sets their high bit).
fn name_bytes(name: &[u8]) -> ([u8; 2], Vec<u8>) {
    let a = name.first().copied().unwrap_or(0);
    let b = name.get(1).copied().unwrap_or(0);
    let extra = name
        .get(2..)
        .unwrap_or(&[])
        .iter()
        .map(|c| c | 0x80)
        .collect();
    ([a, b], extra)
}

impl Machine {
    /// TOPMEM: the highest byte BASIC uses (CLEAR's second operand).
    pub(crate) fn top_of_memory(&self) -> u32 {
        match self.io.memory.strings.topmem {
            0 => TOPMEM,
            t => t,
        }
    }

    pub(crate) fn set_top_of_memory(&mut self, t: u32) {
        self.io.memory.strings.topmem = t;
    }

    /// The top of string space (MEMSIZ): below the stack, which sits below TOPMEM
    /// (65020 with the default stack).
    fn string_top(&self) -> u32 {
        self.top_of_memory()
            .saturating_sub(self.run.stack_size as u32 + 2)
    }

    /// FRETOP: one below the lowest string.
    pub(crate) fn fretop(&self) -> u32 {
        self.string_top()
            .saturating_sub(self.io.memory.strings.used)
    }

    /// Bytes of the scalar table (scalars and user functions).
    fn scalar_table_bytes(&self) -> u32 {
        let v = &self.run.vars;
        let scalars = v.bytes_used() - v.array_bytes();
        let fns: usize = (0..self.run.fns.rank.len())
            .filter(|&i| self.run.fns.rank[i] != u32::MAX)
            .map(|i| fn_entry_bytes(&self.run.fns.keys[i]))
            .sum();
        (scalars + fns) as u32
    }

    pub(crate) fn layout(&self) -> Layout {
        let key = (self.run.vars.generation, self.run.program_bytes);
        if let Some((g, p, l)) = self.io.memory.strings.layout.get()
            && (g, p) == key
        {
            return l;
        }
        let l = self.compute_layout();
        self.io.memory.strings.layout.set(Some((key.0, key.1, l)));
        l
    }

    fn compute_layout(&self) -> Layout {
        let vartab = TXTTAB + self.run.program_bytes as u32 + 2;
        let arytab = vartab + self.scalar_table_bytes();
        let strend = arytab + self.run.vars.array_bytes() as u32;
        Layout {
            vartab,
            arytab,
            strend,
        }
    }

    /// FRE(0): FRETOP - STREND.
    pub(crate) fn free_bytes(&self) -> usize {
        self.fretop().saturating_sub(self.layout().strend) as usize
    }

    /// FRE(x): a string argument is freed and string space collected first.
    pub(crate) fn fre(&mut self, arg: &Value) -> Res<Value> {
        self.settle_temp();
        if matches!(arg, Value::Str(_)) {
            self.collect_garbage(&[]);
        }
        Ok(Value::Sng(Single::from_i32(self.free_bytes() as i32)))
    }

    /// The scalar table in creation order.
    fn entries(&self) -> Vec<(u32, Entry)> {
        let v = &self.run.vars;
        let mut e: Vec<(u32, Entry)> = (0..v.scalar_count() as u32)
            .filter(|&s| v.scalar_rank[s as usize] != NOT_CREATED)
            .map(|s| (v.scalar_rank[s as usize], Entry::Scalar(s)))
            .collect();
        e.extend(
            self.run
                .fns
                .rank
                .iter()
                .enumerate()
                .filter(|(_, r)| **r != u32::MAX)
                .map(|(i, &r)| (r, Entry::Fn(i as u32))),
        );
        e.sort_unstable_by_key(|x| x.0);
        e
    }

    /// The arrays in creation order.
    fn array_order(&self) -> Vec<u32> {
        let v = &self.run.vars;
        let mut a: Vec<(u32, u32)> = (0..v.arrays.len() as u32)
            .filter(|&s| v.arrays[s as usize].is_some())
            .map(|s| (v.array_rank[s as usize], s))
            .collect();
        a.sort_unstable();
        a.into_iter().map(|x| x.1).collect()
    }

    /// An entry's header (type, name, extra name) and value bytes.
    fn entry_image(&self, e: Entry) -> (Vec<u8>, Vec<u8>) {
        let (key, value) = match e {
            Entry::Scalar(s) => {
                let key = self.run.vars.scalar_key(s);
                let value = value_bytes(
                    &self.run.vars.scalars[s as usize],
                    self.run.vars.saddr[s as usize],
                );
                (key, value)
            }
            Entry::Fn(f) => {
                let key = &self.run.fns.keys[f as usize];
                let mut value = vec![0; key.1.size()];
                if let Some(Some(at)) = self.run.fns.defined.get(f as usize)
                    && let Some(a) = self.text_addr(at.line, at.instr)
                {
                    value[..2].copy_from_slice(&(a as u16).to_le_bytes());
                }
                (key, value)
            }
        };
        let (two, extra) = name_bytes(&key.0);
        let mut head = vec![type_byte(key.1), two[0], two[1], extra.len() as u8];
        if let Entry::Fn(_) = e {
            head[1] |= 0x80;
        }
        head.extend_from_slice(&extra);
        (head, value)
    }

    /// VARPTR(v): where a variable's value is (Illegal function call for a scalar not
    /// created yet; an element dimensions its array as any use does). Also gives the
    /// type byte for VARPTR$.
    pub(crate) fn varptr(&mut self, e: &CExpr) -> Res<(u8, u16)> {
        match e {
            CExpr::Scalar(slot) => {
                if self.run.vars.scalar_rank[*slot as usize] == NOT_CREATED {
                    return Err(ErrorCode::IllegalFunctionCall.into());
                }
                let t = self.run.vars.scalar_key(*slot).1;
                let mut at = self.layout().vartab;
                for (_, en) in self.entries() {
                    let (h, v) = self.entry_image(en);
                    if let Entry::Scalar(s) = en
                        && s == *slot
                    {
                        return Ok((type_byte(t), (at + h.len() as u32) as u16));
                    }
                    at += (h.len() + v.len()) as u32;
                }
                Err(ErrorCode::InternalError.into())
            }
            CExpr::IntPure(both) => self.varptr(&both.1),
            CExpr::TypedS(both) => self.varptr(&both.1),
            CExpr::TypedD(both) => self.varptr(&both.1),
            CExpr::Elem1(arr, sub) => {
                let idx = self.element1(*arr, sub)?;
                self.element_addr(*arr, idx)
            }
            CExpr::Elem(arr, subs) => {
                let idx = self.element(*arr, subs)?;
                self.element_addr(*arr, idx)
            }
            e => {
                self.eval(e)?;
                Err(ErrorCode::IllegalFunctionCall.into())
            }
        }
    }

    /// VARPTR$(v): the type byte and the address VARPTR gives, low byte first.
    pub(crate) fn fn_varptr_str(&mut self, e: &CExpr) -> Res<Value> {
        let (t, addr) = self.varptr(e)?;
        let [lo, hi] = addr.to_le_bytes();
        Ok(Value::Str(Rc::from(vec![t, lo, hi])))
    }

    fn element_addr(&self, arr: u32, idx: usize) -> Res<(u8, u16)> {
        let t = self.run.vars.array_key(arr).1;
        let mut at = self.layout().arytab;
        for s in self.array_order() {
            let Some(a) = self.run.vars.arrays[s as usize].as_ref() else {
                continue;
            };
            let key = self.run.vars.array_key(s);
            if s == arr {
                let head = 4 + key.0.len().saturating_sub(2) + 3 + 2 * a.dims.len();
                let addr = at as usize + head + idx * t.size();
                return Ok((type_byte(t), addr as u16));
            }
            at += a.bytes(key.0.len(), key.1) as u32;
        }
        Err(ErrorCode::InternalError.into())
    }

    /// The address of the text of statement `instr` of line `line` (None in direct mode).
    fn text_addr(&self, line: u32, instr: u32) -> Option<u32> {
        let l = self.code.lines.get(line as usize)?;
        let span = l.spans.get(instr as usize)?;
        let start: u32 = self.code.lines[..line as usize]
            .iter()
            .map(|l| l.body.len() as u32 + 5)
            .sum();
        // past DEF FNname and the blanks after it, where the parameters start
        let text = l.body.get(usize::from(span.start)..usize::from(span.end))?;
        let fn_at = text.iter().position(|&b| b == 0xD1)?;
        let mut k = fn_at + 1;
        while text
            .get(k)
            .is_some_and(|b| b.is_ascii_alphanumeric() || *b == b'.')
        {
            k += 1;
        }
        if text.get(k).is_some_and(|b| b"%!#$".contains(b)) {
            k += 1;
        }
        while text.get(k) == Some(&b' ') {
            k += 1;
        }
        Some(TXTTAB + start + 4 + u32::from(span.start) + k as u32)
    }

    /// Where line `line` starts.
    fn line_start(&mut self, line: u32) -> Option<u32> {
        let id = Rc::as_ptr(&self.code) as usize;
        let ss = &mut self.io.memory.strings;
        if ss.line_starts_of != id || ss.line_starts.len() != self.code.lines.len() {
            ss.line_starts.clear();
            let mut at = TXTTAB;
            for l in &self.code.lines {
                ss.line_starts.push(at);
                at += l.body.len() as u32 + 5;
            }
            ss.line_starts_of = id;
        }
        ss.line_starts.get(line as usize).copied()
    }

    /// The address of a string literal in the executing statement's text (None in
    /// direct mode, where GW copies it out of the keyboard buffer).
    fn literal_addr(&mut self, s: &[u8]) -> Option<u16> {
        // the program counter is already past the executing statement
        let pc = self.pc;
        let code = self.code.clone();
        let l = code.lines.get(pc.line as usize)?;
        let span = l.spans.get(pc.instr.checked_sub(1)? as usize)?.clone();
        let text = l.body.get(usize::from(span.start)..usize::from(span.end))?;
        let at = text
            .windows(s.len() + 1)
            .position(|w| w[0] == b'"' && &w[1..] == s)?;
        Some((self.line_start(pc.line)? + 4 + u32::from(span.start) + at as u32 + 1) as u16)
    }

    // ---- string space ----

    /// Frees the last concatenation's temporary if nothing claimed it (GW frees a
    /// temporary when a function or statement has used it; the space comes back only
    /// when it is the lowest string).
    pub(crate) fn settle_temp(&mut self) {
        if let Some((_, addr, len)) = self.io.memory.strings.pending.take()
            && u32::from(addr) == self.fretop() + 1
        {
            self.io.memory.strings.used -= u32::from(len);
        }
    }

    /// Takes `bytes.len()` bytes below FRETOP, collecting garbage when they do not fit
    /// (Out of string space when they still do not); `live` are temporaries in use.
    fn str_alloc(&mut self, bytes: &[u8], live: &[(u16, u16)]) -> Res<u16> {
        let len = bytes.len() as u32;
        if len == 0 {
            return Ok(0);
        }
        let strend = self.layout().strend;
        if self.fretop() < strend + len {
            self.collect_garbage(live);
            if self.fretop() < strend + len {
                return Err(ErrorCode::OutOfStringSpace.into());
            }
        }
        self.io.memory.strings.used += len;
        let addr = self.fretop() + 1;
        self.io.memory.write(addr as u16, bytes);
        Ok(addr as u16)
    }

    /// Every string variable's (place, address, length) in string space.
    fn live_strings(&self) -> Vec<(Place, u16, u16)> {
        let fretop = self.fretop();
        let in_space = |a: u16, n: usize| n > 0 && u32::from(a) > fretop;
        let v = &self.run.vars;
        let mut out = Vec::new();
        for s in 0..v.scalar_count() {
            if v.scalar_rank[s] != NOT_CREATED
                && let Value::Str(x) = &v.scalars[s]
                && in_space(v.saddr[s], x.len())
            {
                out.push((Place::Scalar(s as u32), v.saddr[s], x.len() as u16));
            }
        }
        for (slot, a) in v.arrays.iter().enumerate() {
            if let Some(a) = a
                && let ArrayData::Str(d) = &a.data
            {
                for (i, x) in d.iter().enumerate() {
                    if in_space(a.saddr[i], x.len()) {
                        out.push((Place::Elem(slot as u32, i), a.saddr[i], x.len() as u16));
                    }
                }
            }
        }
        out
    }

    fn set_saddr(&mut self, at: Place, addr: u16) {
        match at {
            Place::Scalar(s) => self.run.vars.saddr[s as usize] = addr,
            Place::Elem(arr, i) => {
                if let Some(a) = self.run.vars.arrays[arr as usize].as_mut()
                    && let Some(x) = a.saddr.get_mut(i)
                {
                    *x = addr;
                }
            }
        }
    }

    pub(crate) fn saddr_of(&self, at: Place) -> u16 {
        match at {
            Place::Scalar(s) => self.run.vars.saddr[s as usize],
            Place::Elem(arr, i) => self.run.vars.arrays[arr as usize]
                .as_ref()
                .and_then(|a| a.saddr.get(i).copied())
                .unwrap_or(0),
        }
    }

    /// GW's garbage collection: the strings in use move to the top of string space,
    /// keeping their order (the highest first).
    pub(crate) fn collect_garbage(&mut self, live: &[(u16, u16)]) {
        let mut all: Vec<(Option<Place>, u16, u16)> = self
            .live_strings()
            .into_iter()
            .map(|(p, a, n)| (Some(p), a, n))
            .collect();
        all.extend(live.iter().map(|&(a, n)| (None, a, n)));
        all.sort_by_key(|x| std::cmp::Reverse(x.1));
        let mut top = self.string_top();
        for (p, a, n) in all {
            let new = top - u32::from(n) + 1;
            self.io.memory.copy_within(a, new as u16, n);
            if let Some(p) = p {
                self.set_saddr(p, new as u16);
            }
            top -= u32::from(n);
        }
        self.io.memory.strings.used = self.string_top() - top;
        self.io.memory.strings.pending = None;
    }

    /// LET of a string: where the stored string's bytes are. A literal stays in the
    /// program text, a variable's string in string space is copied, a temporary is
    /// taken over (GWMAIN LETCN6).
    pub(crate) fn string_source(&mut self, e: &CExpr, s: &Str) -> Res<u16> {
        match e {
            CExpr::Str(_) => match self.literal_addr(s) {
                Some(a) => Ok(a),
                None => {
                    self.settle_temp();
                    self.str_alloc(s, &[])
                }
            },
            CExpr::Scalar(slot) => {
                let a = self.run.vars.saddr[*slot as usize];
                if s.is_empty() || u32::from(a) <= self.layout().strend {
                    Ok(a)
                } else {
                    self.settle_temp();
                    self.str_alloc(s, &[])
                }
            }
            _ => {
                if let Some((p, a, _)) = self.io.memory.strings.pending
                    && p == s.as_ptr() as usize
                    && !s.is_empty()
                {
                    self.io.memory.strings.pending = None;
                    return Ok(a);
                }
                self.settle_temp();
                self.str_alloc(s, &[])
            }
        }
    }

    /// Records where a stored string is.
    pub(crate) fn string_stored(&mut self, at: Place, addr: u16) {
        self.set_saddr(at, addr);
    }

    /// A string stored by INPUT, LINE INPUT or another statement that copies it into
    /// string space.
    pub(crate) fn string_copied(&mut self, at: Place, s: &Str) -> Res<()> {
        self.settle_temp();
        let a = self.str_alloc(s, &[])?;
        self.set_saddr(at, a);
        Ok(())
    }

    /// LSET, RSET and MID$ change a string in place; one whose bytes are not in string
    /// space yet is copied there first.
    pub(crate) fn string_changed(&mut self, at: Place, s: &[u8]) -> Res<()> {
        let a = self.saddr_of(at);
        if s.is_empty() {
            return Ok(());
        }
        if u32::from(a) <= self.fretop() {
            self.settle_temp();
            let n = self.str_alloc(s, &[])?;
            self.set_saddr(at, n);
        } else {
            self.io.memory.write(a, s);
        }
        Ok(())
    }

    /// A concatenation: GW allocates the result below the operands, so temporary
    /// operands (`true` with an operand: a new string) become garbage (BISTRS CAT).
    pub(crate) fn string_concat(
        &mut self,
        l: (bool, &[u8]),
        r: (bool, &[u8]),
        result: &Str,
    ) -> Res<()> {
        let pending = self.io.memory.strings.pending;
        let is_pending =
            |b: &[u8]| pending.is_some_and(|(p, _, _)| !b.is_empty() && p == b.as_ptr() as usize);
        let (lp, rp) = (is_pending(l.1), is_pending(r.1));
        let mut live = [(0u16, 0u16); 3];
        let mut nlive = 0;
        if let Some((_, a, n)) = pending {
            if lp || rp {
                live[0] = (a, n);
                nlive = 1;
                self.io.memory.strings.pending = None;
            } else {
                self.settle_temp();
            }
        }
        for (e, b, p) in [(l.0, l.1, lp), (r.0, r.1, rp)] {
            if e && !p && !b.is_empty() {
                let a = self.str_alloc(b, &live[..nlive])?;
                live[nlive] = (a, b.len() as u16);
                nlive += 1;
            }
        }
        let a = self.str_alloc(result, &live[..nlive])?;
        if !result.is_empty() {
            self.io.memory.strings.pending =
                Some((result.as_ptr() as usize, a, result.len() as u16));
        }
        Ok(())
    }

    /// CLEAR, RUN, NEW: string space empties.
    pub(crate) fn reset_strings(&mut self) {
        self.io.memory.strings.used = 0;
        self.io.memory.strings.pending = None;
    }

    // ---- PEEK and POKE ----

    /// The byte at data-segment offset `off`, when the segment's layout decides it.
    pub(crate) fn ds_peek(&mut self, off: u16) -> Option<u8> {
        let lay = self.layout();
        let word = |w: u32, hi: bool| Some(if hi { (w >> 8) as u8 } else { w as u8 });
        match off {
            P_TOP | 0x2D => return word(self.top_of_memory(), off & 1 == 1),
            P_TXTTAB | 0x31 => return word(TXTTAB, off & 1 == 1),
            P_VARTAB | 0x359 => return word(lay.vartab, off & 1 == 1),
            P_ARYTAB | 0x35B => return word(lay.arytab, off & 1 == 1),
            P_STREND | 0x35D => return word(lay.strend, off & 1 == 1),
            P_PROFLG => return Some(if self.io.memory.protected { 0xFE } else { 0 }),
            _ => {}
        }
        let o = u32::from(off);
        if o + 1 == TXTTAB {
            return Some(0);
        }
        if (TXTTAB..lay.vartab).contains(&o) {
            return Some(self.program_byte(o - TXTTAB));
        }
        if (lay.vartab..lay.arytab).contains(&o) {
            let mut at = lay.vartab;
            for (_, e) in self.entries() {
                let (h, v) = self.entry_image(e);
                let n = (h.len() + v.len()) as u32;
                if o < at + n {
                    let i = (o - at) as usize;
                    return Some(if i < h.len() { h[i] } else { v[i - h.len()] });
                }
                at += n;
            }
            return Some(0);
        }
        if (lay.arytab..lay.strend).contains(&o) {
            let mut at = lay.arytab;
            for s in self.array_order() {
                let a = self.run.vars.arrays[s as usize].as_ref()?;
                let key = self.run.vars.array_key(s);
                let n = a.bytes(key.0.len(), key.1) as u32;
                if o < at + n {
                    return Some(self.array_byte(s, (o - at) as usize));
                }
                at += n;
            }
            return Some(0);
        }
        None
    }

    /// Byte `i` of the program text image (links, line numbers, tokens, the end mark).
    /// A line-number operand GW has converted to a pointer on first use reads as &H0D
    /// and the address before the target line.
    fn program_byte(&mut self, i: u32) -> u8 {
        let code = self.code.clone();
        let mut at = 0u32;
        for (idx, l) in code.lines.iter().enumerate() {
            let n = l.body.len() as u32 + 5;
            if i < at + n {
                let k = (i - at) as usize;
                let link = TXTTAB + at + n;
                return match k {
                    0 => link as u8,
                    1 => (link >> 8) as u8,
                    2 => l.number as u8,
                    3 => (l.number >> 8) as u8,
                    k => self
                        .converted_byte(idx, k - 4)
                        .unwrap_or_else(|| l.body.get(k - 4).copied().unwrap_or(0)),
                };
            }
            at += n;
        }
        0
    }

    /// Byte `k` of line `idx`'s text when it lies in a converted line-number operand.
    fn converted_byte(&mut self, idx: usize, k: usize) -> Option<u8> {
        let code = self.code.clone();
        let l = &code.lines[idx];
        let end = code
            .lines
            .get(idx + 1)
            .map_or(code.jump_sites, |n| n.jump_base);
        let nums: Vec<_> = crate::text::decode::decode(&l.body)
            .into_iter()
            .filter(|t| matches!(t.tok, crate::text::decode::Tok::LineNum(_)))
            .collect();
        if nums.len() as u32 != end - l.jump_base {
            return None;
        }
        let (j, t) = nums
            .iter()
            .enumerate()
            .find(|(_, t)| (usize::from(t.span.start)..usize::from(t.span.end)).contains(&k))?;
        let site = l.jump_base as usize + j;
        if !self.run.converted.get(site).copied().unwrap_or(false) {
            return None;
        }
        let crate::text::decode::Tok::LineNum(number) = t.tok else {
            return None;
        };
        let target = code.find_line(number)?;
        let ptr = self.line_start(target)? - 1;
        match k - usize::from(t.span.start) {
            0 => Some(0x0D),
            1 => Some(ptr as u8),
            _ => Some((ptr >> 8) as u8),
        }
    }

    /// Byte `i` of array `s`'s entry.
    fn array_byte(&self, s: u32, i: usize) -> u8 {
        let Some(a) = self.run.vars.arrays[s as usize].as_ref() else {
            return 0;
        };
        let key = self.run.vars.array_key(s);
        let (two, extra) = name_bytes(&key.0);
        let mut head = vec![type_byte(key.1), two[0], two[1], extra.len() as u8];
        head.extend_from_slice(&extra);
        let rest = (a.bytes(key.0.len(), key.1) - head.len() - 2) as u16;
        head.extend_from_slice(&rest.to_le_bytes());
        head.push(a.dims.len() as u8);
        for d in a.dims.iter() {
            head.extend_from_slice(&(*d as u16).to_le_bytes());
        }
        if i < head.len() {
            return head[i];
        }
        let k = i - head.len();
        let size = key.1.size();
        let (e, b) = (k / size, k % size);
        if e >= a.len() {
            return 0;
        }
        let addr = a.saddr.get(e).copied().unwrap_or(0);
        value_bytes(&a.get(e), addr).get(b).copied().unwrap_or(0)
    }

    /// POKE into the variable tables changes the variable; into string space, the
    /// string whose bytes are there. Returns false when the layout does not own `off`.
    pub(crate) fn ds_poke(&mut self, off: u16, v: u8) -> bool {
        if off == P_PROFLG {
            let m = &mut self.io.memory;
            m.unprotected = m.protected && v == 0;
            m.protected = v != 0 && m.protected;
            return true;
        }
        let lay = self.layout();
        let o = u32::from(off);
        if (TXTTAB..lay.vartab).contains(&o) {
            // a byte of a line's text: the program changes (links, numbers and the
            // end mark are GW's bookkeeping and stay as they are)
            let mut at = TXTTAB;
            for l in &self.code.lines {
                let n = l.body.len() as u32 + 5;
                if o < at + n {
                    let k = (o - at) as usize;
                    if (4..4 + l.body.len()).contains(&k) {
                        self.io.memory.program_pokes.push((l.number, k - 4, v));
                    }
                    break;
                }
                at += n;
            }
            return true;
        }
        if (lay.vartab..lay.arytab).contains(&o) {
            let mut at = lay.vartab;
            for (_, e) in self.entries() {
                let (h, mut val) = self.entry_image(e);
                let n = (h.len() + val.len()) as u32;
                if o < at + n {
                    let i = (o - at) as usize;
                    if let (Entry::Scalar(s), Some(k)) = (e, i.checked_sub(h.len())) {
                        val[k] = v;
                        self.set_from_bytes(Place::Scalar(s), &val);
                    }
                    return true;
                }
                at += n;
            }
            return true;
        }
        if (lay.arytab..lay.strend).contains(&o) {
            let mut at = lay.arytab;
            for s in self.array_order() {
                let Some(a) = self.run.vars.arrays[s as usize].as_ref() else {
                    continue;
                };
                let key = self.run.vars.array_key(s);
                let n = a.bytes(key.0.len(), key.1) as u32;
                if o < at + n {
                    let head = (n as usize) - a.len() * key.1.size();
                    if let Some(k) = ((o - at) as usize).checked_sub(head) {
                        let size = key.1.size();
                        let (e, b) = (k / size, k % size);
                        let addr = a.saddr.get(e).copied().unwrap_or(0);
                        let mut val = value_bytes(&a.get(e), addr);
                        val[b] = v;
                        self.set_from_bytes(Place::Elem(s, e), &val);
                    }
                    return true;
                }
                at += n;
            }
            return true;
        }
        if o > self.fretop() && o <= self.string_top() {
            self.io.memory.write(off, &[v]);
            for (p, a, n) in self.live_strings() {
                if (u32::from(a)..u32::from(a) + u32::from(n)).contains(&o) {
                    let bytes = self.io.memory.read(a, n);
                    self.put_value(p, Value::Str(Rc::from(bytes)));
                }
            }
            return true;
        }
        false
    }

    /// Sets a variable from its value bytes (a string from its descriptor).
    fn set_from_bytes(&mut self, at: Place, b: &[u8]) {
        let t = match at {
            Place::Scalar(s) => self.run.vars.scalar_key(s).1,
            Place::Elem(a, _) => self.run.vars.array_key(a).1,
        };
        let v = self.value_from_bytes(t, b);
        if let (VarType::Str, [_, lo, hi, ..]) = (t, b) {
            self.set_saddr(at, u16::from_le_bytes([*lo, *hi]));
        }
        self.put_value(at, v);
    }

    /// The value `b` holds as GW stores a `t` (a string as its descriptor, whose bytes
    /// are read where it points). `b` is at least `t.size()` long.
    fn value_from_bytes(&mut self, t: VarType, b: &[u8]) -> Value {
        match t {
            VarType::Int => Value::Int(i16::from_le_bytes([b[0], b[1]])),
            VarType::Sng => Value::Sng(Single::from_bytes([b[0], b[1], b[2], b[3]])),
            VarType::Dbl => {
                let mut x = [0u8; 8];
                x.copy_from_slice(&b[..8]);
                Value::Dbl(Double::from_bytes(x))
            }
            VarType::Str => {
                let addr = u16::from_le_bytes([b[1], b[2]]);
                let bytes: Vec<u8> = (0..u16::from(b[0]))
                    .map(|i| self.ds_byte(addr.wrapping_add(i)))
                    .collect();
                Value::Str(Rc::from(bytes))
            }
        }
    }

    /// The byte at data-segment offset `off`: the layout's, else plain memory's.
    fn ds_byte(&mut self, off: u16) -> u8 {
        self.ds_peek(off)
            .unwrap_or_else(|| self.io.memory.read(off, 1)[0])
    }

    /// The value at data-segment address `addr` read as the type whose VARPTR$ type
    /// byte is `t` (2, 3, 4 or 8; any other is an Illegal function call): what DRAW and
    /// PLAY find through a VARPTR$ string, whatever lives at the address now.
    pub(crate) fn value_at(&mut self, t: u8, addr: u16) -> Result<Value, ErrorCode> {
        let t = [VarType::Int, VarType::Str, VarType::Sng, VarType::Dbl]
            .into_iter()
            .find(|&v| type_byte(v) == t)
            .ok_or(ErrorCode::IllegalFunctionCall)?;
        let b: Vec<u8> = (0..t.size() as u16)
            .map(|i| self.ds_byte(addr.wrapping_add(i)))
            .collect();
        Ok(self.value_from_bytes(t, &b))
    }

    fn put_value(&mut self, at: Place, v: Value) {
        match at {
            Place::Scalar(s) => self.run.vars.scalars[s as usize] = v,
            Place::Elem(a, i) => {
                if let Some(arr) = self.run.vars.arrays[a as usize].as_mut() {
                    match (&mut arr.data, v) {
                        (ArrayData::Int(d), Value::Int(x)) => d[i] = x,
                        (ArrayData::Sng(d), Value::Sng(x)) => d[i] = x,
                        (ArrayData::Dbl(d), Value::Dbl(x)) => d[i] = x,
                        (ArrayData::Str(d), Value::Str(x)) => d[i] = x,
                        _ => {}
                    }
                }
            }
        }
    }
}

/// A value's bytes as GW stores them (a string as its descriptor: length, address).
fn value_bytes(v: &Value, saddr: u16) -> Vec<u8> {
    match v {
        Value::Int(i) => i.to_le_bytes().to_vec(),
        Value::Sng(s) => s.to_bytes().to_vec(),
        Value::Dbl(d) => d.to_bytes().to_vec(),
        Value::Str(s) => {
            let a = if s.is_empty() { 0 } else { saddr };
            vec![s.len() as u8, a as u8, (a >> 8) as u8]
        }
    }
}

/// Bytes of a user function's entry in the scalar table.
fn fn_entry_bytes(key: &crate::compile::VarKey) -> usize {
    4 + key.0.len().saturating_sub(2) + key.1.size()
}
