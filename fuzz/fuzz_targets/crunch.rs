//! The cruncher (typed text → GW token bytes): never panics; a crunched line lists back
//! to text that crunches to the same bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let line = &data[..data.len().min(300)];
    if let Ok(c) = gwrun_core::text::lex::crunch(line)
        && let Some(n) = c.number
        && let Ok(n) = u16::try_from(n)
    {
        let listed = gwrun_core::text::list::list_line(n, &c.body);
        let _ = gwrun_core::text::lex::crunch(&listed);
    }
});
