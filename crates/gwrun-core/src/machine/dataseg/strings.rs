//! String space in the data segment: FRETOP moving down as strings are stored, the
//! temporary a concatenation leaves until a statement claims or frees it, the address of
//! each string variable's bytes, and garbage collection when a new string does not fit
//! (the strings in use moved to the top of string space, keeping their order).

use super::super::{Machine, Res};
use super::*;

impl Machine {
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
    pub(super) fn live_strings(&self) -> Vec<(Place, u16, u16)> {
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

    pub(super) fn set_saddr(&mut self, at: Place, addr: u16) {
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
}
