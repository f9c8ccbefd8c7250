//! Loading program files of any format (ASCII, tokenized 0xFF, protected 0xFE), then
//! saving what was loaded in each format and loading that again.
#![no_main]

use gwrun_core::program::progfile;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    for first in [None, Some(0xFF), Some(0xFE)] {
        let bytes: Vec<u8> = match first {
            None => data.to_vec(),
            Some(b) => std::iter::once(b).chain(data.iter().copied()).collect(),
        };
        let loaded = progfile::load_partial(&bytes);
        let p = &loaded.program;
        let _ = progfile::load_partial(&progfile::save_tokenized(p));
        let _ = progfile::load_partial(&progfile::save_protected(p));
        let _ = progfile::load_partial(&progfile::save_ascii(p));
    }
});
