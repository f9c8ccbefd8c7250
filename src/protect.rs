//! GW-BASIC's protected-file cipher (SAVE "f",P; digest §11.3): a byte-by-byte
//! position-dependent transformation with two key sequences of 11 and 13 bytes
//! (Microsoft's GIODSK.ASM PENCOD/PDECOD). PROVISIONAL: not implemented yet — the
//! identity transformation stands in until the keys are ported.

/// Deciphers a protected image.
pub fn decode(data: &[u8]) -> Vec<u8> {
    data.to_vec()
}

/// Enciphers an image.
pub fn encode(data: &[u8]) -> Vec<u8> {
    data.to_vec()
}
