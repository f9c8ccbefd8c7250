//! GW-BASIC's protected-file cipher (SAVE "f",P; digest §11.3). Ported from Microsoft's
//! GW-BASIC source (MIT licence), GIODSK.ASM PENCOD/PDECOD: every byte of the program
//! image is combined with two counters that run down from 11 and from 13 and restart, and
//! with the key byte each counter selects in a constant table of the math package (11
//! bytes of one polynomial table and 13 of another; in 3.23 they are the bytes below).
//! The file is the byte 0xFE followed by the enciphered image; the header byte and the
//! trailing Ctrl-Z are not enciphered.

/// Key bytes selected by the 11-step counter (`c11` = 11, 10, ..., 1 indexes
/// `KEY11[11 - c11]`). [S GIODSK.ASM PENCOD: the table at $EXPCN, read downwards]
const KEY11: [u8; 11] = [
    0x1E, 0x1D, 0xC4, 0x77, 0x26, 0x97, 0xE0, 0x74, 0x59, 0x88, 0x7C,
];

/// Key bytes selected by the 13-step counter (`c13` = 13, 12, ..., 1 indexes
/// `KEY13[13 - c13]`). These are the 13 coefficient bytes of the LOG polynomial table
/// ($LOGP in MATH1.ASM: 232 367 031 203 044 143 103 203 165 315 215 204 251 octal), read
/// downwards.
const KEY13: [u8; 13] = [
    0xA9, 0x84, 0x8D, 0xCD, 0x75, 0x83, 0x43, 0x63, 0x24, 0x83, 0x19, 0xF7, 0x9A,
];

/// The two counters of PENCOD/PDECOD for byte position `i`: (c11, c13), each counting
/// down from its length to 1 and starting over.
fn counters(i: usize) -> (u8, u8) {
    let c11 = 11 - (i % 11) as u8;
    let c13 = 13 - (i % 13) as u8;
    (c11, c13)
}

/// Enciphers an image (PENCOD): `((b - c13) ^ KEY11 ^ KEY13) + c11`, bytewise mod 256.
pub fn encode(data: &[u8]) -> Vec<u8> {
    data.iter()
        .enumerate()
        .map(|(i, &b)| {
            let (c11, c13) = counters(i);
            let x = b.wrapping_sub(c13) ^ KEY11[(11 - c11) as usize] ^ KEY13[(13 - c13) as usize];
            x.wrapping_add(c11)
        })
        .collect()
}

/// Deciphers an image (PDECOD): `((b - c11) ^ KEY13 ^ KEY11) + c13`, bytewise mod 256.
pub fn decode(data: &[u8]) -> Vec<u8> {
    data.iter()
        .enumerate()
        .map(|(i, &b)| {
            let (c11, c13) = counters(i);
            let x = b.wrapping_sub(c11) ^ KEY13[(13 - c13) as usize] ^ KEY11[(11 - c11) as usize];
            x.wrapping_add(c13)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decode_inverts_encode_over_a_full_key_cycle() {
        // 11 * 13 = 143 positions make one full cycle of both counters; every byte value
        // at every position.
        let data: Vec<u8> = (0..143 * 256).map(|i| (i % 256) as u8).collect();
        assert_eq!(decode(&encode(&data)), data);
        assert_eq!(encode(&decode(&data)), data);
    }

    #[test]
    fn first_bytes_match_the_cipher_by_hand() {
        // position 0: c11 = 11, c13 = 13; keys 0x1E and 0xA9.
        // encode(0x82) = ((0x82 - 13) ^ 0x1E ^ 0xA9) + 11 = (0x75 ^ 0xB7) + 11 = 0xC2 + 11
        assert_eq!(encode(&[0x82]), vec![0xCD]);
        assert_eq!(decode(&[0xCD]), vec![0x82]);
    }

    #[test]
    fn the_cipher_is_not_the_identity() {
        let data = b"10 PRINT 1".to_vec();
        assert_ne!(encode(&data), data);
    }
}
