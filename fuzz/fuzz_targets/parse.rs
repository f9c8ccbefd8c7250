//! The parser on any token bytes (as a tokenized file can hold them) and on crunched
//! text: parsing never fails and never panics.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let body = &data[..data.len().min(255)];
    let _ = gwrun_core::syntax::parse::parse_line(body);
    if let Ok(c) = gwrun_core::text::lex::crunch(body) {
        let _ = gwrun_core::syntax::parse::parse_line(&c.body);
    }
});
