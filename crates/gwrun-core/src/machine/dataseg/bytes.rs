//! PEEK and POKE on the data segment: the table pointers, the program text, the scalar
//! and array tables and string space read as the bytes GW would have there; a POKE into
//! a variable's bytes changes the variable, one into the pointers is kept in plain
//! memory, one into a line's text changes the program, one into its link or number is
//! kept (`links`).

use super::super::Machine;
use super::*;

impl Machine {
    /// The byte at data-segment offset `off`, when the segment's layout decides it.
    pub(crate) fn ds_peek(&mut self, off: u16) -> Option<u8> {
        let lay = self.layout();
        let word = |w: u32, hi: bool| Some(if hi { (w >> 8) as u8 } else { w as u8 });
        match off {
            P_TOP | 0x2D => return word(self.top_of_memory(), off & 1 == 1),
            P_TXTTAB | 0x31 => return word(self.txttab(), off & 1 == 1),
            P_VARTAB | 0x359 => return word(lay.vartab, off & 1 == 1),
            P_ARYTAB | 0x35B => return word(lay.arytab, off & 1 == 1),
            P_STREND | 0x35D => return word(lay.strend, off & 1 == 1),
            P_PROFLG => return Some(if self.io.memory.protected { 0xFE } else { 0 }),
            _ => {}
        }
        let o = u32::from(off);
        let txttab = self.txttab();
        if o + 1 == txttab {
            return Some(0);
        }
        if o < txttab {
            let (n, k) = self.field_buffer_at(o)?;
            return self.io.files.field(n).ok()?.get(k).copied();
        }
        if (txttab..lay.vartab).contains(&o) {
            return Some(self.program_byte(o - txttab));
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
                let link = self.txttab() + at + n;
                if let Some(h) = self.poked_line_head(idx as u32)
                    && let Some(&b) = h.get(k)
                {
                    return b;
                }
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
        if let Some((n, k)) = self.field_buffer_at(o) {
            // a byte of a random file's record buffer: the FIELD variables show it
            if let Ok(b) = self.io.files.field_mut(n)
                && let Some(x) = b.get_mut(k)
            {
                *x = v;
                self.refresh_fields(n);
                return true;
            }
            return false;
        }
        if (self.txttab()..lay.vartab).contains(&o) {
            // a byte of a line's text: the program changes; one of its link or number:
            // kept (dataseg::links); the end mark stays as it is
            let mut at = self.txttab();
            let mut head = None;
            for (idx, l) in self.code.lines.iter().enumerate() {
                let n = l.body.len() as u32 + 5;
                if o < at + n {
                    let k = (o - at) as usize;
                    if (4..4 + l.body.len()).contains(&k) {
                        self.io.memory.program_pokes.push((l.number, k - 4, v));
                    } else if k < 4 {
                        let [a, b] = ((at + n) as u16).to_le_bytes();
                        let [c, d] = l.number.to_le_bytes();
                        head = Some((idx as u32, k, [a, b, c, d]));
                    }
                    break;
                }
                at += n;
            }
            if let Some((idx, k, bytes)) = head {
                self.poke_line_head(idx, k, v, bytes);
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
                if let Some(p) = p
                    && (u32::from(a)..u32::from(a) + u32::from(n)).contains(&o)
                {
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
                        (ArrayData::Str(d), Value::Str(x)) => {
                            d[i] = x;
                            self.mark_stored(a, i);
                        }
                        _ => {}
                    }
                }
            }
        }
    }
}
