//! Unit tests of the MBF math functions: the restoring square root of MATH1.ASM $SQR as a
//! reference for the integer one, the direct fraction, SQR's rounding, powers and EXP's limits.

use super::*;

/// The 25 restoring steps of MATH1.ASM $SQR (RTLP … FPWRND), as a reference.
pub(in crate::num) fn sqr_loop(x: Single) -> Single {
    let e = x.exp();
    let odd = e & 1;
    let mut input = u64::from(x.mant() << 8) >> odd;
    let (mut rem, mut root) = (0u64, 0u64);
    for _ in 0..25 {
        rem = (rem << 2) | ((input >> 30) & 3);
        input = (input << 2) & 0xFFFF_FFFF;
        root = (root << 1) | 1;
        if rem >= root {
            rem -= root;
            root += 1;
        } else {
            root -= 1;
        }
    }
    let r = root >> 1;
    Single::pack(false, (e >> 1) + 0x40 + odd, ((r >> 1) + (r & 1)) as u32)
}

#[test]
fn direct_fraction_equals_int_minus_x_negated() {
    let mut soft = Soft::default();
    let mut x: u64 = 0x0123_4567_89AB_CDEF;
    for e in 100..200u32 {
        for _ in 0..50 {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let d = Double::pack(false, e, x >> 9);
            let via_ops = d.int().sub(d).unwrap().neg();
            // equal values (a whole d gives 0 one way and -0 the other)
            assert!(frac(&mut soft, d).total_cmp(via_ops).is_eq(), "{d:?}");
        }
    }
}

#[test]
fn integer_square_root_equals_the_bit_loop() {
    let mut m: u32 = 0x80_0000;
    while m < 0x100_0000 {
        for e in [128u32, 129] {
            let x = Single::pack(false, e, m);
            assert_eq!(x.sqr().unwrap(), sqr_loop(x), "{x:?}");
        }
        m += 97;
    }
    let x = Single::pack(false, 129, 0xFF_FFFF);
    assert_eq!(x.sqr().unwrap(), sqr_loop(x));
}

#[test]
fn sqr_of_two_rounds_up_at_the_25th_bit() {
    // 2^24.5 = 23726566.4: the 25-bit root 23726566 halves to 11863283 (0xB504F3).
    assert_eq!(Single::from_i16(2).sqr().unwrap(), Single(0x8135_04F3));
    assert_eq!(Single::from_i16(4).sqr().unwrap(), Single::from_i16(2));
    assert_eq!(
        Single::from_i16(-4).sqr(),
        Err(MathError::IllegalFunctionCall)
    );
}

#[test]
fn power_rules() {
    let s = |v: f64| Single::from_f64(v);
    assert_eq!(s(2.0).pow(s(10.0)).unwrap(), s(1024.0));
    assert_eq!(s(-2.0).pow(s(3.0)).unwrap(), s(-8.0));
    assert_eq!(s(-2.0).pow(s(0.5)), Err(MathError::IllegalFunctionCall));
    assert_eq!(s(0.0).pow(s(0.0)).unwrap(), s(1.0));
    let e = s(0.0).pow(s(-1.0)).unwrap_err();
    assert_eq!(
        e,
        MathError::Float {
            error: FloatError::DivisionByZero { negative: false },
            value: Single::max_value(false)
        }
    );
    assert_eq!(s(2.0).pow(s(-2.0)).unwrap(), s(0.25));
}

#[test]
fn exp_limits() {
    let s = |v: f64| Single::from_f64(v);
    assert!(matches!(
        s(256.0).exp_fn(),
        Err(MathError::Float {
            error: FloatError::Overflow { negative: false },
            ..
        })
    ));
    assert_eq!(s(-256.0).exp_fn().unwrap(), Single::ZERO);
    assert_eq!(s(0.0).exp_fn().unwrap(), s(1.0));
}

/// SIN's and EXP's unpacked entries (`sin_unpacked`, `exp_unpacked`) against the whole
/// functions with the general operations only, on the arguments of a loop that walks
/// them in small steps (x = i/1000, SIN(x), EXP(±x/50), EXP(±x)): every fraction of
/// EXP's split both ways (−1 < y < 0 by $FSUBS included) and every quarter of SIN's fold.
#[test]
fn unpacked_entries_equal_the_general_path() {
    let both = |f: &dyn Fn() -> Result<Single, MathError>| {
        let fast = f();
        GENERAL_ONLY.with(|c| c.set(true));
        let general = f();
        GENERAL_ONLY.with(|c| c.set(false));
        (fast, general)
    };
    let thousand = Single::from_i32(1000);
    let fifty = Single::from_i32(50);
    for i in 1..=200_000 {
        let x = Single::from_i32(i).div(thousand).unwrap();
        let q = x.div(fifty).unwrap();
        for (name, f) in [
            (
                "SIN",
                &(|| x.sin()) as &dyn Fn() -> Result<Single, MathError>,
            ),
            ("SIN-", &|| x.neg().sin()),
            ("EXP", &|| q.neg().exp_fn()),
            ("EXP+", &|| q.exp_fn()),
            ("EXP x", &|| x.neg().exp_fn()),
        ] {
            let (fast, general) = both(f);
            assert_eq!(fast, general, "{name} of {x:?}");
        }
    }
}
