//! The host seam: everything the engine asks of the world outside it, as a few small
//! traits a front end implements (the terminal binary with the host OS, the tests in
//! memory, the browser with the page's clock and an in-memory drive). The engine calls
//! nothing else outside itself: no `std::fs`, no `Instant`, no `thread::sleep`.
//!
//! | trait | module | what it gives the engine |
//! |---|---|---|
//! | `FileSystem` | `fs` | the drives: files, directories, locks, beneath each drive's root |

pub mod fs;
