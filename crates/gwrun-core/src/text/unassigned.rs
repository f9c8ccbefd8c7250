//! What LIST prints for a token value GW-BASIC 3.23's keyword tables do not hold.
//!
//! GW's detokeniser (GWLIST.ASM BUFLIN, IBMRES.ASM LISTX) finds a token's spelling by
//! walking its reserved-word list: each word is its letters after the first, the last one
//! with bit 7 set, then the token value; a 0 byte ends one initial letter's table and
//! steps the initial letter. A value no table holds is not an error: the walk runs on
//! past the tables through the interpreter's code and data, reading them as words, and
//! stops at the first "word" followed by the value. LIST then prints the initial-letter
//! counter (bit 7 cleared; if bit 7 was set, nothing more) and that word's bytes up to
//! the one with bit 7 set, each with bit 7 cleared, set off by a space like any keyword.
//! Single-byte tokens and `0xFF xx` (where only `xx`'s low 7 bits count) search the main
//! list (RESLST); `0xFE xx` and `0xFD xx` (again 7 bits) search the extended list
//! (RESLSX). A cleared byte 0 ends the listed text there.
//!
//! What the walk meets past the tables is GW-BASIC 3.23's own code and data, so it cannot
//! be derived; it was read off a real GW-BASIC 3.23 LIST of every token value [M
//! gwbasic/tokens]: each entry below is the initial byte, then the word's bytes as GW
//! holds them (the last with bit 7 set), for every value with no keyword. Where that LIST
//! showed one character the initial byte is taken to have bit 7 set, where it showed none
//! the initial byte is 0x80. `FE A6` (gwrun's TERM) is among them: 3.23's LIST does not
//! find TERM's spelling.

/// The listing entry of main-list value `ch` (a single-byte token, or `0xFF ch`), when
/// the value has no keyword.
pub(crate) fn main_entry(ch: u8) -> Option<&'static [u8]> {
    find(UNASSIGNED, ch)
}

/// The listing entry of extended-list value `ch` (`0xFE ch`, or `0xFD ch` with `ch` below
/// 0x80), when the value has no keyword.
pub(crate) fn ext_entry(ch: u8) -> Option<&'static [u8]> {
    find(UNASSIGNED_EXT, ch)
}

fn find(table: &'static [(u8, &'static [u8])], ch: u8) -> Option<&'static [u8]> {
    table
        .binary_search_by_key(&ch, |(c, _)| *c)
        .ok()
        .map(|k| table[k].1)
}

const UNASSIGNED: &[(u8, &[u8])] = &[
    (0x00, b"\x80"),
    (0x26, b"x\xDB"),
    (0x27, b"\x8B"),
    (0x28, b"\x5C\xF4"),
    (0x29, b"\x5C\x1E)();)F)J)K)Q)R)W)e)w)|)})\x9A"),
    (0x2A, b"\xA0"),
    (0x2B, b"x\xD9"),
    (0x2C, b"\x8B"),
    (0x2D, b"\x98"),
    (0x2E, b"x\xD9"),
    (0x2F, b"\x92"),
    (0x30, b"x\xE3"),
    (0x31, b"\x5C\x8B"),
    (0x32, b"\x5C\xF5"),
    (0x33, b"\x84"),
    (0x34, b"\x5C)0,0/0\x0F0\x120\x1504\xEB"),
    (0x35, b"\x1B\xE8"),
    (0x36, b"\x83"),
    (0x37, b"{\x8B"),
    (0x38, b"\x97"),
    (0x39, b"\x82"),
    (0x3A, b"\x7FU\xE9"),
    (0x3B, b"\x86"),
    (0x3C, b"\x7F\xDE"),
    (0x3D, b"\x8F"),
    (0x3E, b"\xFE"),
    (0x3F, b"\x88"),
    (0x40, b"~\xB1"),
    (0x41, b"\x90"),
    (0x42, b"\x92"),
    (0x43, b"{\xC3"),
    (0x44, b"\xC8"),
    (0x45, b"x\xD9"),
    (0x46, b"\x5C\xBF"),
    (0x47, b"\x80"),
    (0x48, b"\x83"),
    (0x49, b"\x5C\xEB"),
    (0x4A, b"\xA0"),
    (0x4B, b"\x88"),
    (0x4C, b"\x5C\xD7"),
    (0x4D, b"\xBD"),
    (0x4E, b"~.\xAC"),
    (0x4F, b"x\xD9"),
    (0x50, b"\x5C\xD4"),
    (0x51, b"\x82"),
    (0x52, b"z\xE9"),
    (0x53, b"\x5C\x89"),
    (0x54, b"xN\xDA"),
    (0x55, b"c\xC3"),
    (0x56, b"\x86"),
    (0x57, b"\x5C\x8A"),
    (0x58, b"\x5C\x87"),
    (0x59, b"\x5CQ\x9C"),
    (0x5A, b"~\xC1"),
    (0x5B, b"\x5C\x8A"),
    (0x5C, b"\x88"),
    (0x5D, b"\xA9"),
    (0x5E, b"\x5C\x5C\xCB"),
    (0x5F, b"\x80"),
    (0x60, b"A tF\xE8"),
    (0x61, b"\x98"),
    (0x62, b"\x92"),
    (0x63, b"\x98"),
    (0x64, b"\x99"),
    (0x65, b"\x92"),
    (0x66, b"Dj\x06\xEB"),
    (0x67, b"\xA5"),
    (0x68, b"x\xDA"),
    (0x69, b"\xA0"),
    (0x6A, b"\x98"),
    (0x6B, b"$k\xE8"),
    (0x6C, b"\xC0"),
    (0x6D, b"\x7FU\xE9"),
    (0x6E, b"\x86"),
    (0x6F, b"\xB6"),
    (0x70, b"#[\xE8"),
    (0x71, b"\xAF"),
    (0x72, b"~\xC3"),
    (0x73, b"\x5C\x8A"),
    (0x74, b"\x5Cm\x01\xDF"),
    (0x75, b"{:\xC1"),
    (0x76, b"\x98"),
    (0x77, b"\x98"),
    (0x78, b"\x98"),
    (0x79, b"x\xDF"),
    (0x7A, b"\xA5"),
    (0x7B, b"\xA9"),
    (0x7C, b"\x5CEPA\x8F"),
    (0x7D, b"\x5C\x89"),
    (0x7E, b"\x7F\x0BK\xB0"),
    (0x7F, b"\x94"),
    (0x80, b"\x87"),
    (0x9A, b"nHEL\xCC"),
    (0x9B, b"`NVIRO\xCE"),
    (0x9F, b"\x5C@\x8D"),
    (0xB4, b"zQ,A\x02\xC0"),
    (0xB5, b"\xBD"),
    (0xB6, b"\x9C"),
    (0xCB, b"\x5Cr\x83"),
    (0xDF, b"\x86"),
    (0xE0, b"yP\x86"),
    (0xE1, b"\x87"),
    (0xE2, b"vyy||\x7FPF<2(z{\x83"),
    (0xE3, b"\x86"),
    (0xE4, b"\x80"),
    (0xE5, b"\xE4"),
    (0xF5, b"\x8B"),
    (0xF6, b"\x13l\x06\xE8"),
    (0xF7, b"\x92"),
    (0xF8, b"\x9B"),
    (0xF9, b"yZx\x03\x8C"),
    (0xFA, b"\x86"),
    (0xFB, b"\x86"),
    (0xFC, b"z\xDC"),
];
const UNASSIGNED_EXT: &[(u8, &[u8])] = &[
    (0x00, b"eo\x01\xB5"),
    (0x07, b"cF\x11\x8A"),
    (0x08, b"}<Au\x06\xEB"),
    (0x09, b"t\x05\xEB"),
    (0x0A, b"`\x1A.\xAC"),
    (0x0C, b"dQ\xE9"),
    (0x0D, b"b\xEB"),
    (0x0E, b"|\xE8"),
    (0x0F, b"m\xEB"),
    (0x10, b"dL(<}t#<~t\x02\xEB"),
    (0x11, b"l\xEB"),
    (0x12, b"|\x15\xE8"),
    (0x13, b"\xC4"),
    (0x14, b"d\x5C\xE9"),
    (0x15, b"b\x08_Y_\xE8"),
    (0x16, b"n\x89"),
    (0x17, b"]\xE8"),
    (0x18, b"\x9B"),
    (0x19, b"]\xDD"),
    (0x1A, b"h\x05\xB5"),
    (0x1B, b"a\x08_Y_\xE8"),
    (0x1C, b"}\x03\xEB"),
    (0x1D, b"l\xB5"),
    (0x1E, b"e\x8B"),
    (0x1F, b"w\x0DX:\x07s\x0CC\x8B"),
    (0x20, b"d\x07\xB0"),
    (0x21, b"|Ps\x03\xE8"),
    (0x22, b"x,\xB0"),
    (0x23, b"\xCD"),
    (0x24, b"d\xD0"),
    (0x25, b"\xB7"),
    (0x26, b"]\xDB"),
    (0x27, b"p\xE8"),
    (0x28, b"]\xC0"),
    (0x29, b"\x81"),
    (0x2A, b"\x85"),
    (0x2B, b"]\xD9"),
    (0x2C, b"p\xFE"),
    (0x2D, b"}tf\xE9"),
    (0x2E, b"]\xD9"),
    (0x2F, b"w\x03\xE9"),
    (0x30, b"]\xE3"),
    (0x31, b"K\xEB"),
    (0x32, b"d\xC0"),
    (0x33, b"i\xAE"),
    (0x34, b"d\xFF"),
    (0x35, b"\x80"),
    (0x36, b"h\x01\xE8"),
    (0x37, b"`\x8B"),
    (0x38, b"|\xBB"),
    (0x39, b"g\xD5"),
    (0x3A, b"dU\xE9"),
    (0x3B, b"k\xC3"),
    (0x3C, b"d\xDE"),
    (0x3D, b"tK\xE8"),
    (0x3E, b"\xE3"),
    (0x3F, b"\xED"),
    (0x40, b"c\xB1"),
    (0x41, b"u\xE8"),
    (0x42, b"w\x08P\xE8"),
    (0x43, b"`\xC3"),
    (0x44, b"\xAD"),
    (0x45, b"]\xD9"),
    (0x46, b"]\xD9"),
    (0x47, b"eQW\xE8"),
    (0x48, b"h \xE8"),
    (0x49, b"h\xE8"),
    (0x4A, b"\x85"),
    (0x4B, b"m\xDE"),
    (0x4C, b"\x90"),
    (0x4D, b"\xA2"),
    (0x4E, b"c.\xAC"),
    (0x4F, b"]\xD9"),
    (0x50, b"l\xC4"),
    (0x51, b"g\xDF"),
    (0x52, b"_\xE9"),
    (0x53, b"e\xC3"),
    (0x54, b"]N\xDA"),
    (0x55, b"H\xC3"),
    (0x56, b"k\xA6"),
    (0x57, b"c\xFC"),
    (0x58, b"w\xF0"),
    (0x59, b"^\xDD"),
    (0x5A, b"c\xC1"),
    (0x5B, b"`$\x7Fu\x03\xF9"),
    (0x5C, b"mr\x03\xE9"),
    (0x5D, b"\x8E"),
    (0x5E, b"a\xC0"),
    (0x5F, b"e5\xF0"),
    (0x60, b"& tF\xE8"),
    (0x61, b"}\x96"),
    (0x62, b"w\x04\xE8"),
    (0x63, b"}\x01\xE8"),
    (0x64, b"~\xE8"),
    (0x65, b"w7\x01[\xE9"),
    (0x66, b")j\x06\xEB"),
    (0x67, b"\x8A"),
    (0x68, b"]\xDA"),
    (0x69, b"\x85"),
    (0x6A, b"}\xE8"),
    (0x6B, b"\x09k\xE8"),
    (0x6C, b"\xA5"),
    (0x6D, b"dU\xE9"),
    (0x6E, b"k\xFA"),
    (0x6F, b"\x9B"),
    (0x70, b"\x08[\xE8"),
    (0x71, b"\x94"),
    (0x72, b"c\xC3"),
    (0x73, b"q7\x01<,t\x10\xE8"),
    (0x74, b"c\x0A\xC0"),
    (0x75, b"`:\xC1"),
    (0x76, b"}q\xE8"),
    (0x77, b"}b\xE9"),
    (0x78, b"}\x04t\x03\xE9"),
    (0x79, b"]\xDF"),
    (0x7A, b"\x8A"),
    (0x7B, b"\x8E"),
    (0x7C, b"t\xE9"),
    (0x7D, b"\x95"),
    (0x7E, b"d\x0BK\xB0"),
    (0x7F, b"y\x08\xE8"),
    (0x80, b"l\xC3"),
    (0xA2, b"d\xBF"),
    (0xA3, b"\xB5"),
    (0xA4, b"\x8A"),
    (0xA6, b"h\xBB"),
    (0xA9, b"\x85"),
    (0xAA, b"g\x02\xA2"),
    (0xAB, b"h6\xA0"),
    (0xAC, b"\xAB"),
    (0xAD, b"}f\xE9"),
    (0xAE, b"~[\xEB"),
    (0xAF, b"\x8D"),
    (0xB0, b"`\xED"),
    (0xB1, b"mU\xFF"),
    (0xB2, b"\x93"),
    (0xB3, b"$\x08t\x03\xE9"),
    (0xB4, b"_Q,A\x02\xC0"),
    (0xB5, b"\xA2"),
    (0xB6, b"\x81"),
    (0xB7, b"z<\x22t\x04< uA\xE8"),
    (0xB8, b"p6\xC3"),
    (0xB9, b"`[S\xE8"),
    (0xBA, b"d\xD6"),
    (0xBB, b"]\xF1"),
    (0xBC, b"\x82"),
    (0xBD, b"q,t\x09\xE8"),
    (0xBE, b"dV\xE8"),
    (0xBF, b"\x97"),
    (0xC0, b"d\xE9"),
    (0xC1, b"c\xFE"),
    (0xC2, b"d\x14\x8A"),
    (0xC3, b"d\xF5"),
    (0xC4, b"l\x86"),
    (0xC5, b"x\xE8"),
    (0xC6, b"p\xFC"),
    (0xC7, b"a\xEB"),
    (0xC8, b"e\x8B"),
    (0xC9, b"\x80"),
    (0xCA, b"p\xE8"),
    (0xCB, b"][\x8B"),
    (0xCC, b"\xA6"),
    (0xCD, b"h\x04C\xFE"),
    (0xCE, b"}\xF4"),
    (0xCF, b"c\x07[C\x8B"),
    (0xD0, b"^s\x04S\xE9"),
    (0xD1, b"]\xD9"),
    (0xD2, b"\x80"),
    (0xD3, b"m\xE8"),
    (0xD4, b"m\x88"),
    (0xD5, b"}\xE8"),
    (0xD6, b"cF\x8B"),
    (0xD7, b"\xBD"),
    (0xD8, b"f\xD8"),
    (0xD9, b"p\x8A"),
    (0xDA, b"m\x1E;\x01t\x11\x87"),
    (0xDB, b"]\x1A\xB3"),
    (0xDC, b"e\xC3"),
    (0xDD, b"p\x05\xE8"),
    (0xDE, b"d\xC4"),
    (0xDF, b"k\x8B"),
    (0xE0, b"^P\x86"),
    (0xE1, b"l\xA2"),
    (0xE2, b"[yy||\x7FPF<2(z{\x83"),
    (0xE3, b"kCC\x8B"),
    (0xE4, b"eV\xBA"),
    (0xE5, b"\xC9"),
    (0xE6, b"}Yi\xE8"),
    (0xE7, b"w\xE8"),
    (0xE8, b"]K\xE8"),
    (0xE9, b"c\xEB"),
    (0xEA, b"\x8A"),
    (0xEB, b"g\x10[ZY9\x1Et\x04r\x01\xC3"),
    (0xEC, b"dQ\x1B\xE9"),
    (0xED, b"y\xE8"),
    (0xEE, b"|, t\x09\x8A"),
    (0xEF, b"}c\xE8"),
    (0xF0, b"tVS\xBB"),
    (0xF1, b"`\x9F"),
    (0xF2, b"m\x03\xE8"),
    (0xF3, b"a\xBE"),
    (0xF4, b"\x8A"),
    (0xF5, b"p\x02\xEB"),
    (0xF6, b"\xF8"),
    (0xF7, b"w\xF0"),
    (0xF8, b"\x80"),
    (0xF9, b"^Zx\x03\x8C"),
    (0xFA, b"k\xD4"),
    (0xFB, b"k^\x8B"),
    (0xFC, b"_\xDC"),
    (0xFD, b"mt\x11\xB0"),
    (0xFE, b"^\xB4"),
    (0xFF, b"hY\xB0"),
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::text::token::Keyword;

    /// The keyword GW lists for main-list value `ch` / extended value `ch`.
    fn main_keyword(ch: u8) -> Option<Keyword> {
        Keyword::from_code(if ch >= 0x80 {
            u16::from(ch)
        } else {
            0xFF80 | u16::from(ch)
        })
    }

    fn ext_keyword(ch: u8) -> Option<Keyword> {
        Keyword::from_code(if ch >= 0x80 {
            0xFE00 | u16::from(ch)
        } else {
            0xFD80 | u16::from(ch)
        })
    }

    #[test]
    fn tables_are_sorted_and_entries_end_with_bit_7() {
        for t in [UNASSIGNED, UNASSIGNED_EXT] {
            assert!(t.windows(2).all(|w| w[0].0 < w[1].0));
            for (_, e) in t {
                assert!(e[0] >= 0x80 || e.last().is_some_and(|&b| b >= 0x80));
                assert!(e.len() == 1 || e[1..e.len() - 1].iter().all(|&b| b < 0x80));
            }
        }
    }

    #[test]
    fn every_value_has_a_keyword_or_an_entry() {
        // main list: values 0..=0xFC (0xFD, 0xFE, 0xFF are prefixes)
        for ch in 0..=0xFCu8 {
            assert!(
                main_keyword(ch).is_some() != main_entry(ch).is_some(),
                "main {ch:#x}"
            );
        }
        // extended list: every value; TERM (FE A6) is the one keyword 3.23 cannot list
        for ch in 0..=0xFFu8 {
            let term = ch == 0xA6;
            assert!(
                ext_keyword(ch).is_some() != ext_entry(ch).is_some() || term,
                "ext {ch:#x}"
            );
        }
        assert_eq!(ext_entry(0xA6), Some(&b"h\xBB"[..]));
    }
}
