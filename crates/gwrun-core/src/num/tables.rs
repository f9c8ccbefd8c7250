//! Constants the number routines share, as GW-BASIC holds them: the double-precision
//! powers of ten, the output bracketing table `$FOTB`, and the single-precision constants
//! and polynomial coefficients of the math functions. Values and tables are transcribed
//! from Microsoft's GW-BASIC MATH1.ASM (MIT licence, labels given per item); the powers of
//! ten are computed exactly at compile time and checked against the source's octal bytes
//! in the tests below.

use super::{Double, Single};

/// `$FOTB` (MATH1.ASM): indexed by the MBF exponent byte of a positive number, how many
/// powers of ten to multiply by so that its printable digits move into the integer part.
pub(super) const FOTB: [i8; 256] = [
    38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, 38, //
    38, 38, 38, 38, 38, 38, 38, 38, 38, 37, 37, 37, 36, 36, 36, 35, //
    35, 35, 34, 34, 34, 34, 33, 33, 33, 32, 32, 32, 31, 31, 31, 31, //
    30, 30, 30, 29, 29, 29, 29, 28, 28, 28, 27, 27, 27, 26, 26, 26, //
    25, 25, 25, 25, 24, 24, 24, 23, 23, 23, 23, 22, 22, 22, 22, 21, //
    21, 21, 20, 20, 20, 19, 19, 19, 19, 18, 18, 18, 17, 17, 17, 16, //
    16, 16, 16, 15, 15, 15, 14, 14, 14, 13, 13, 13, 13, 12, 12, 12, //
    11, 11, 11, 10, 10, 10, 10, 9, 9, 9, 8, 8, 8, 7, 7, 7, //
    6, 6, 6, 6, 5, 5, 5, 4, 4, 4, 3, 3, 3, 3, 2, 2, //
    2, 1, 1, 1, 0, 0, 0, 0, -1, -1, -1, -2, -2, -2, -3, -3, //
    -3, -3, -4, -4, -4, -5, -5, -5, -6, -6, -6, -6, -7, -7, -7, -8, //
    -8, -8, -9, -9, -9, -9, -10, -10, -10, -11, -11, -11, -12, -12, -12, -12, //
    -13, -13, -13, -14, -14, -14, -15, -15, -15, -15, -16, -16, -16, -17, -17, -17, //
    -18, -18, -18, -18, -19, -19, -19, -20, -20, -20, -21, -21, -21, -21, -22, -22, //
    -22, -23, -23, -23, -24, -24, -24, -25, -25, -25, -25, -26, -26, -26, -27, -27, //
    -27, -28, -28, -28, -28, -29, -29, -29, -30, -30, -30, -31, -31, -31, -31, -32, //
];

/// 10^k rounded to 56 bits (ties to even) in MBF double layout; exact for k ≤ 24.
const fn pow10_bits(k: u32) -> u64 {
    let mut v: u128 = 1;
    let mut i = 0;
    while i < k {
        v *= 10;
        i += 1;
    }
    let bits = 128 - v.leading_zeros();
    let (m, e) = if bits <= 56 {
        (v << (56 - bits), bits)
    } else {
        let shift = bits - 56;
        let mut q = v >> shift;
        let r = v & ((1u128 << shift) - 1);
        let half = 1u128 << (shift - 1);
        if r > half || (r == half && q & 1 == 1) {
            q += 1;
        }
        if q == 1u128 << 56 {
            (q >> 1, bits + 1)
        } else {
            (q, bits)
        }
    };
    ((e as u64 + 128) << 56) | (m as u64 & ((1u64 << 55) - 1))
}

const fn pow10_table() -> [Double; 39] {
    let mut t = [Double(0); 39];
    let mut k = 0;
    while k < 39 {
        t[k] = Double(pow10_bits(k as u32));
        k += 1;
    }
    t
}

/// The double-precision powers of ten 10^0 ..= 10^38 (MATH1.ASM `$DP00` …).
pub(super) const POW10: [Double; 39] = pow10_table();

/// 0.1 in double precision (`$DPM01`), what `$DIV10` multiplies by.
pub(super) const DOUBLE_TENTH: Double = Double(0x7D4C_CCCC_CCCC_CCCD);

/// 9999999999999999.25 (`HIDBL` in MATH2.ASM): the largest double the output routine adds
/// .5 to without a 17th digit. (It is not exactly 9999999999999999; the bytes are GW's.)
pub(super) const HIDBL: Double = Double(0xB60E_1BC9_BF03_FFFD);

/// 1/(2π) in double precision (`$IN2PI`), used by the SIN/COS/TAN range reduction.
pub(super) const INV_TWO_PI: Double = Double(0x7E22_F983_6E4E_440B);

/// 0.5 in double precision (`$DHALF`).
pub(super) const DOUBLE_HALF: Double = Double(0x8000_0000_0000_0000);

/// 1.0 in double precision (`$DP00`).
pub(super) const DOUBLE_ONE: Double = Double(0x8100_0000_0000_0000);

/// Single-precision constants of MATH1.ASM (loaded into BX:DX there).
pub(super) const S_HALF: Single = Single(0x8000_0000);
pub(super) const S_ONE: Single = Single(0x8100_0000);
pub(super) const S_TEN: Single = Single(0x8420_0000);
pub(super) const S_TENTH: Single = Single(0x7D4C_CCCD);
pub(super) const S_MILLION: Single = Single(0x9474_2400);
pub(super) const S_32768: Single = Single(0x9000_0000);
pub(super) const S_TWO_PI: Single = Single(0x8349_0FDB);
pub(super) const S_HALF_PI: Single = Single(0x8149_0FDB);
pub(super) const S_SIXTH_PI: Single = Single(0x8006_0A92);
pub(super) const S_TAN_PI_12: Single = Single(0x7F09_30A2);
pub(super) const S_SQRT3: Single = Single(0x815D_B3D7);
pub(super) const S_LOG2_E: Single = Single(0x8138_AA3B);
pub(super) const S_LN2: Single = Single(0x8031_7218);

/// `$SINCN`: Hart 3341 coefficients, highest degree first (x·P(x²) with x in turns).
pub(super) const SIN_COEF: [Single; 5] = [
    Single(0x861E_D7FB), // 39.71091766
    Single(0x8799_2665), // -76.57498378
    Single(0x8723_3458), // 81.60223119
    Single(0x86A5_5DE1), // -41.34167747
    Single(0x8349_0FDB), // 6.283185272
];

/// `$ATNC1`: sqrt(3), -1 (forms x·sqrt(3) − 1).
pub(super) const ATN_C1: [Single; 2] = [Single(0x815D_B3D7), Single(0x8180_0000)];

/// `$ATNC2`: Hart 4940 coefficients.
pub(super) const ATN_C2: [Single; 4] = [
    Single(0x7E83_3562), // -.1281333
    Single(0x7E4C_2450), // .1993573
    Single(0x7FAA_A979), // -.3333242 (the source's comment says -.3333324; the bytes rule)
    Single(0x8100_0000), // 1
];

/// `$LOGP` and `$LOGQ`: Hart 2524, log2(x) ≈ P(x)/Q(x) for .5 ≤ x < 1.
pub(super) const LOG_P: [Single; 4] = [
    Single(0x8319_F79A), // 4.8114746
    Single(0x8343_6324), // 6.105852
    Single(0x848D_CD75), // -8.86266
    Single(0x8283_7FA9), // -2.054667
];
pub(super) const LOG_Q: [Single; 4] = [
    Single(0x8100_0000), // 1
    Single(0x834D_B0E2), // 6.427842
    Single(0x8311_720A), // 4.545171
    Single(0x7F35_04F4), // .3535534
];

/// `$EXPCN`: Hart 1302, 2^x for 0 ≤ x < 1.
pub(super) const EXP_COEF: [Single; 7] = [
    Single(0x7459_887C), // .00020745577403
    Single(0x7726_97E0), // .00127100574569
    Single(0x7A1E_1DC4), // .00965065093202
    Single(0x7C63_505E), // .05549656508324
    Single(0x7E75_FE1A), // .24022713817633
    Single(0x8031_7218), // .69314717213716
    Single(0x8100_0000), // 1
];

#[cfg(test)]
mod tests {
    use super::*;

    /// Octal byte rows exactly as MATH1.ASM lists them (`DB ...;10^k`).
    fn from_octal(row: [u32; 8]) -> u64 {
        row.iter()
            .enumerate()
            .fold(0u64, |acc, (i, b)| acc | (u64::from(*b as u8) << (8 * i)))
    }

    #[test]
    fn powers_of_ten_match_the_source_table() {
        let rows: [(usize, [u32; 8]); 6] = [
            (1, [0o0, 0o0, 0o0, 0o0, 0o0, 0o0, 0o40, 0o204]),
            (7, [0o0, 0o0, 0o0, 0o0, 0o200, 0o226, 0o30, 0o230]),
            (16, [0o0, 0o0, 0o4, 0o277, 0o311, 0o33, 0o16, 0o266]),
            (23, [0o264, 0o127, 0o12, 0o77, 0o26, 0o150, 0o51, 0o315]),
            (31, [0o43, 0o201, 0o105, 0o100, 0o174, 0o157, 0o174, 0o347]),
            (38, [0o211, 0o15, 0o265, 0o120, 0o231, 0o166, 0o26, 0o377]),
        ];
        for (k, row) in rows {
            assert_eq!(POW10[k].0, from_octal(row), "10^{k}");
        }
        assert_eq!(
            DOUBLE_TENTH.0,
            from_octal([0o315, 0o314, 0o314, 0o314, 0o314, 0o314, 0o114, 0o175])
        );
        assert_eq!(
            HIDBL.0,
            from_octal([0o375, 0o377, 0o3, 0o277, 0o311, 0o33, 0o16, 0o266])
        );
    }

    #[test]
    fn fotb_follows_the_rule_of_the_reference_model() {
        // t(e) = min(38, 7 - k), k the smallest integer with 10^k >= 2^(e-128), one less at
        // the listed exponents (rnd_and_print_model.py, _fotb_entry).
        let one_less = [25, 28, 31, 34, 38, 41, 44, 48, 51, 58, 61, 64, 68, 71, 128];
        for e in 0..256i32 {
            let mut k = -60i32;
            while (k as f64) < ((e - 128) as f64) * std::f64::consts::LOG10_2 - 1e-12 {
                k += 1;
            }
            let want = (7 - k).min(38) - i32::from(one_less.contains(&e));
            assert_eq!(i32::from(FOTB[e as usize]), want, "FOTB[{e}]");
        }
    }

    #[test]
    fn constants_have_their_documented_values() {
        let close = |s: Single, v: f64| (s.to_f64() - v).abs() < 1e-6 * v.abs().max(1.0);
        assert!(close(SIN_COEF[0], 39.71091766) && close(SIN_COEF[1], -76.57498378));
        assert!(close(LOG_P[2], -8.86266) && close(LOG_Q[3], 0.3535534));
        assert!(close(EXP_COEF[0], 0.00020745577403) && close(EXP_COEF[5], 0.69314717213716));
        assert!(close(ATN_C2[2], -0.3333242) && close(S_SQRT3, 3f64.sqrt()));
        assert!(close(S_LOG2_E, std::f64::consts::LOG2_E) && close(S_LN2, std::f64::consts::LN_2));
        assert!(close(S_TWO_PI, 2.0 * std::f64::consts::PI) && close(S_TAN_PI_12, 0.2679492));
        assert!((INV_TWO_PI.to_f64() - 0.5 / std::f64::consts::PI).abs() < 1e-15);
        assert_eq!(S_MILLION.to_f64(), 1e6);
        assert_eq!(S_TENTH.to_f64(), 0.1f32 as f64);
    }
}
