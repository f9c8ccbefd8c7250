//! Text crossing the clipboard: pasted text becomes the keys GW-BASIC's keyboard types
//! (code page 437; each line end, CR LF, LF or CR, one Enter; characters the PC cannot
//! show a `?`). The screen's text going the other way is `Scene::text`.

/// The bytes a paste types.
pub fn paste_bytes(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push(b'\r');
            }
            '\n' => out.push(b'\r'),
            c => out.push(gwrun_core::keyboard::to_cp437(c).unwrap_or(b'?')),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_ends_become_enter_and_text_code_page_437() {
        assert_eq!(
            paste_bytes("10 PRINT\r\n20 END\nRUN\r"),
            b"10 PRINT\r20 END\rRUN\r"
        );
        assert_eq!(paste_bytes("π ╔ €"), b"\xE3 \xC9 ?");
        assert_eq!(paste_bytes("♥"), b"\x03");
    }
}
