//! gwrun in the browser: the GW-BASIC engine compiled to WebAssembly for the playground
//! page. This crate adapts the engine to the page; nothing in `gwrun-core` knows of it.
//!
//! | module | what |
//! |---|---|
//! | `clock` | the page's clock as the engine's (host::Clock) |
//! | `keys` | the browser's key events as GW-BASIC's keys |
//! | `drive` | drive A:'s image, as the page keeps it in the browser's storage |
//! | `examples` | the example programs, embedded at build time |

pub mod clock;
pub mod drive;
pub mod examples;
pub mod keys;
