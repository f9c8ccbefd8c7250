//! PRINT USING's numeric field formatter ($PUFOT, $PUF, $PUFE, $PUI, $FOTZS, $PUFXE in
//! MATH1.ASM/MATH2.ASM): the number built in GW's output buffer with the digits of PRINT's
//! $FOTNV/$FOTCV, rounded by adding .5 after the surplus digits are divided off, then its
//! leading zeros suppressed and the field trimmed, with a `%` in front when it does not
//! fit. The scanner in `using` hands it the field's flags and widths.

use super::{COMMAS, DOLLAR, PLUS, SCI, STARS, TRAILING_SIGN};
use crate::num::format::{Fac, digit_chars};
use crate::num::{Num, Single};

/// Index of $FBUFF in the work buffer (room for characters written before it).
const FBUFF: usize = 8;

/// The state of GW's output buffer while a numeric field is formatted.
struct Pu {
    buf: [u8; 96],
    flags: u8,
    /// $FMTCX+1 / $FMTCX: positions left of the point, and right of it incl. the point.
    left: u8,
    right: u8,
    /// $DPADR: where the decimal point went.
    dpadr: usize,
}

/// $PUFOT: the text of one numeric field.
pub(super) fn format_number(n: Num, flags: u8, left: u8, right: u8) -> Vec<u8> {
    let mut pu = Pu {
        buf: [0; 96],
        flags,
        left,
        right,
        dpadr: 0,
    };
    let mut bx = FBUFF + 1;
    pu.buf[bx] = if flags & PLUS != 0 { b'+' } else { b' ' };
    let negative = match n {
        Num::Int(i) => i < 0,
        Num::Sng(s) => s.is_negative(),
        Num::Dbl(d) => d.is_negative(),
    };
    let n = if negative {
        pu.buf[bx] = b'-';
        Num::neg(n)
    } else {
        n
    };
    bx += 1;
    pu.buf[bx] = b'0';
    let start = match n {
        Num::Int(i) => pu.pui(bx, i as u16),
        Num::Sng(s) => pu.puf(bx, Fac::S(s)),
        Num::Dbl(d) => pu.puf(bx, Fac::D(d)),
    };
    pu.text_from(start)
}

impl Pu {
    fn put(&mut self, bx: &mut usize, c: u8) {
        if let Some(slot) = self.buf.get_mut(*bx) {
            *slot = c;
        }
        *bx += 1;
    }

    fn text_from(&self, start: usize) -> Vec<u8> {
        let rest = self.buf.get(start..).unwrap_or(&[]);
        rest.iter().take_while(|&&c| c != 0).copied().collect()
    }

    /// $FOTZ: `n` zeros.
    fn zeros(&mut self, bx: &mut usize, n: u8) {
        for _ in 0..n {
            self.put(bx, b'0');
        }
    }

    /// $FOTED: count down to the decimal point (`ch`) and to the next comma (`cl`).
    fn fotted(&mut self, bx: &mut usize, ch: &mut u8, cl: &mut u8) {
        *ch = ch.wrapping_sub(1);
        if *ch == 0 {
            self.dpadr = *bx;
            self.put(bx, b'.');
            *cl = 0;
        } else {
            *cl = cl.wrapping_sub(1);
            if *cl == 0 {
                self.put(bx, b',');
                *cl = 3;
            }
        }
    }

    /// $FOTZC: `n` zeros with the point/comma countdown between them.
    fn zeros_counted(&mut self, bx: &mut usize, n: u8, ch: &mut u8, cl: &mut u8) {
        for k in 0..n {
            if k > 0 {
                self.fotted(bx, ch, cl);
            }
            self.put(bx, b'0');
        }
    }

    /// Digits with $FOTED before each and once after ($FOTCV, $FOTCI).
    fn digits_counted(&mut self, bx: &mut usize, digits: &[u8], ch: &mut u8, cl: &mut u8) {
        for &d in digits {
            self.fotted(bx, ch, cl);
            self.put(bx, d);
        }
        self.fotted(bx, ch, cl);
        if let Some(slot) = self.buf.get_mut(*bx) {
            *slot = 0;
        }
    }

    /// $PUI: an integer in a fixed field.
    fn pui(&mut self, bx: usize, value: u16) -> usize {
        if self.flags & SCI != 0 {
            return self.pufe(bx, Fac::S(Single::from_i32(i32::from(value))));
        }
        let mut bx = bx;
        if self.left >= 5 {
            self.zeros(&mut bx, self.left - 5);
        }
        let (mut ch, mut cl) = (6u8, if self.flags & COMMAS != 0 { 3 } else { 0 });
        let digits = digit_chars(u64::from(value), 5);
        self.digits_counted(&mut bx, &digits, &mut ch, &mut cl);
        self.puiz(bx, self.right)
    }

    /// $PUIZ: drop the point or add zeros after it, then fix up the field.
    fn puiz(&mut self, bx: usize, right: u8) -> usize {
        let mut bx = bx;
        if right == 0 {
            bx -= 1;
        } else {
            self.zeros(&mut bx, right - 1);
        }
        if let Some(slot) = self.buf.get_mut(bx) {
            *slot = 0;
        }
        self.pufxe(bx)
    }

    /// DPCOM: point countdown and comma countdown for $FOTCV.
    fn dpcom(&self, printable: u8, k10: i8, created: i8) -> (u8, u8) {
        let ch = (printable as i8)
            .wrapping_add(k10)
            .wrapping_sub(created)
            .wrapping_add(1);
        let mut a = ch;
        loop {
            a = a.wrapping_sub(3);
            if a <= 0 {
                break;
            }
        }
        let cl = if self.flags & COMMAS != 0 {
            (a + 3) as u8
        } else {
            0
        };
        (ch as u8, cl)
    }

    /// $PUF: a float in a fixed (or, with ^^^^, scientific) field.
    fn puf(&mut self, bx: usize, fac: Fac) -> usize {
        if self.flags & SCI != 0 {
            return self.pufe(bx, fac);
        }
        if self.too_big_for_fixed(fac) {
            return self.overflow_free_format(fac);
        }
        let printable: u8 = if fac.is_double() { 16 } else { 7 };
        let (mut fac, k10) = if fac.is_zero() { (fac, 0) } else { fac.fotnv() };
        let k10 = k10 as i8;
        let mut bx = bx;
        if k10 >= 0 {
            let need = k10
                .wrapping_add(printable as i8)
                .wrapping_sub(self.left as i8);
            if need < 0 {
                self.zeros(&mut bx, need.unsigned_abs());
            }
            let (mut ch, mut cl) = self.dpcom(printable, k10, 0);
            let digits = fac.fotcv_digits();
            self.digits_counted(&mut bx, &digits, &mut ch, &mut cl);
            if k10 != 0 {
                self.zeros_counted(&mut bx, k10 as u8, &mut ch, &mut cl);
                self.fotted(&mut bx, &mut ch, &mut cl);
            }
            return self.puiz(bx, self.right);
        }
        // PUF80: digits right of the point; divide off the surplus so rounding happens
        // at the last printed position.
        let wanted = self.right.saturating_sub(1) as i8;
        let surplus = wanted.wrapping_add(k10);
        let created = if surplus < 0 {
            for _ in 0..surplus.unsigned_abs() {
                fac = fac.div10();
            }
            surplus
        } else {
            0
        };
        let lead = k10.wrapping_sub(created).wrapping_add(printable as i8);
        let (mut ch, mut cl);
        if lead < 0 {
            // every digit is right of the point, after -lead zeros: the field then has
            // exactly as many decimals as it has #s, also when it asks for more than the
            // type's digits (`#.#########` of 7.369805E-02 is 0.073698050)
            // [M unsorted/PRFLOAT]
            self.zeros(&mut bx, self.left);
            self.dpadr = bx;
            self.put(&mut bx, b'.');
            self.zeros(&mut bx, lead.unsigned_abs());
            (ch, cl) = (0, 0);
        } else {
            let z = (self.left as i8)
                .wrapping_sub(printable as i8)
                .wrapping_sub(k10)
                .wrapping_add(created);
            if z >= 0 {
                self.zeros(&mut bx, z as u8);
            }
            (ch, cl) = self.dpcom(printable, k10, created);
        }
        let digits = fac.fotcv_digits();
        self.digits_counted(&mut bx, &digits, &mut ch, &mut cl);
        if self.right == 0 {
            let end = self.dpadr;
            return self.pufxe(end);
        }
        let trailing = (self.right as i8).wrapping_add(k10).wrapping_sub(1);
        if trailing >= 0 {
            self.zeros(&mut bx, trailing as u8);
        }
        self.pufxe(bx)
    }

    /// PUF10: 10^16 or more does not fit a fixed field (a single is compared with the
    /// top 24 bits of 10^16, as $VCOMP does).
    fn too_big_for_fixed(&self, fac: Fac) -> bool {
        match fac {
            Fac::S(s) => {
                let p = crate::num::tables::POW10[16];
                let t = Single::pack(false, p.exp(), (p.mant() >> 32) as u32);
                s.total_cmp(t).is_ge()
            }
            Fac::D(_) => fac.cmp_pow10(16).is_ge(),
        }
    }

    /// PUF10's fallback: `%` and the free-format text (sign position included).
    fn overflow_free_format(&mut self, fac: Fac) -> usize {
        let text = match fac {
            Fac::S(s) => s.to_basic_string(),
            Fac::D(d) => d.to_basic_string(),
        };
        let mut bx = FBUFF;
        self.put(&mut bx, b'%');
        for b in text.bytes() {
            self.put(&mut bx, b);
        }
        if let Some(slot) = self.buf.get_mut(bx) {
            *slot = 0;
        }
        FBUFF
    }

    /// $PUFE: scientific notation.
    fn pufe(&mut self, bx: usize, fac: Fac) -> usize {
        let available: i8 = if fac.is_double() { 16 } else { 7 };
        let zero = fac.is_zero();
        let (mut fac, mut k10) = if zero {
            (fac, 0i8)
        } else {
            let (f, k) = fac.fotnv();
            (f, k as i8)
        };
        let trailing_sign = self.flags & TRAILING_SIGN != 0;
        let sign_pos = self.left != 0 && !trailing_sign;
        let mut wanted = self.left as i8 + (self.right as i8 - i8::from(self.right != 0));
        if sign_pos {
            wanted -= 1;
        }
        let surplus = wanted - available;
        let mut divides: i8 = 0;
        if surplus < 0 {
            for _ in 0..surplus.unsigned_abs() {
                fac = fac.div10();
            }
            fac = fac.add_half().int();
            divides = surplus;
            let limit = (available + surplus).clamp(0, 38) as usize;
            if fac.cmp_pow10(limit).is_ge() {
                k10 = k10.wrapping_add(1);
                fac = fac.div10();
            }
        }
        let mut ch = (divides.unsigned_abs())
            .wrapping_add(self.left)
            .wrapping_add(1);
        if self.left != 0 && !trailing_sign {
            ch = ch.wrapping_sub(1);
        }
        let mut cl = 0u8;
        let mut bx = bx;
        let digits = fac.fotcv_digits();
        self.digits_counted(&mut bx, &digits, &mut ch, &mut cl);
        if surplus > 0 {
            self.zeros_counted(&mut bx, surplus as u8, &mut ch, &mut cl);
            self.fotted(&mut bx, &mut ch, &mut cl);
        }
        if self.right == 0 {
            bx -= 1;
            if self.buf[bx] != b'.' {
                bx += 1;
            }
            self.dpadr = bx;
        }
        let mut e = if zero {
            0
        } else {
            k10.wrapping_add(available).wrapping_sub(self.left as i8)
        };
        if !zero && sign_pos {
            e = e.wrapping_add(1);
        }
        self.put(&mut bx, if fac.is_double() { b'D' } else { b'E' });
        self.put(&mut bx, if e < 0 { b'-' } else { b'+' });
        let m = e.unsigned_abs();
        self.put(&mut bx, b'0' + m / 10);
        self.put(&mut bx, b'0' + m % 10);
        if let Some(slot) = self.buf.get_mut(bx) {
            *slot = 0;
        }
        self.pufxe(bx)
    }

    /// CHRGET over the buffer: next character, skipping blanks.
    fn chrget(&self, bx: &mut usize) -> u8 {
        *bx += 1;
        while self.buf.get(*bx) == Some(&b' ') {
            *bx += 1;
        }
        self.buf.get(*bx).copied().unwrap_or(0)
    }

    /// $FOTZS: suppress leading zeros (and commas) with spaces or `*`, put in the
    /// floating `$` and the leading sign. Returns the trailing sign, if any.
    fn fotzs(&mut self) -> Option<u8> {
        let mut bx = FBUFF + 1;
        let mut sign = self.buf[bx];
        let mut fill = b' ';
        if self.flags & STARS != 0 {
            if sign == b' ' && self.flags & TRAILING_SIGN == 0 {
                sign = b'*';
            }
            fill = b'*';
        }
        let put_zero = loop {
            self.buf[bx] = fill;
            let c = self.chrget(&mut bx);
            match c {
                0 => break true,
                b'0' | b',' => continue,
                b'.' | b'e' | b'D' => break true,
                _ => break false,
            }
        };
        if put_zero {
            bx -= 1;
            self.buf[bx] = b'0';
        }
        if self.flags & DOLLAR != 0 {
            bx -= 1;
            self.buf[bx] = b'$';
        }
        if self.flags & TRAILING_SIGN != 0 {
            return Some(sign);
        }
        bx -= 1;
        self.buf[bx] = sign;
        None
    }

    /// $PUFXE: finish the field: zero suppression, trailing sign, then trim leading
    /// blanks (and a leading 0 before the point) until the field width is met, else `%`.
    fn pufxe(&mut self, end: usize) -> usize {
        let trailing = self.fotzs();
        let mut end = end;
        if let Some(sign) = trailing {
            self.put(&mut end, sign);
        }
        if let Some(slot) = self.buf.get_mut(end) {
            *slot = 0;
        }
        let mut bx = FBUFF + 1;
        loop {
            let excess = self.dpadr as isize - bx as isize - self.left as isize;
            if excess == 0 || bx >= self.buf.len() - 1 {
                return bx;
            }
            let c = self.buf[bx];
            if c == b' ' || c == b'*' {
                bx += 1;
                continue;
            }
            match self.drop_leading_zero(bx) {
                Some(start) => bx = start,
                None => {
                    self.buf[bx - 1] = b'%';
                    return bx - 1;
                }
            }
        }
    }

    /// PFX40…PFX60: keep signs and `$`, drop a `0` that precedes a point and a digit, and
    /// move the kept characters up against the point. Returns the new start.
    fn drop_leading_zero(&mut self, first: usize) -> Option<usize> {
        let mut kept = Vec::new();
        let mut bx = first - 1;
        loop {
            let c = self.chrget(&mut bx);
            match c {
                b'-' | b'+' | b'$' => kept.push(c),
                b'0' => break,
                _ => return None,
            }
        }
        bx += 1;
        let after = self.chrget(&mut bx);
        if !after.is_ascii_digit() {
            return None;
        }
        bx -= 1;
        while let Some(c) = kept.pop() {
            bx -= 1;
            self.buf[bx] = c;
        }
        Some(bx)
    }
}
