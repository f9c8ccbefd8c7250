//! gwrun: a faithful, fast GW-BASIC 3.23 interpreter that also counts the work GW-BASIC
//! would have done.
//!
//! The interpreter's pipeline, one folder per layer; each imports only the layers above
//! it in this table:
//!
//! | module | owns |
//! |---|---|
//! | `text` | the keyword table, the cruncher (text → GW token bytes), the decoder and the lister |
//! | `program` | stored program lines, the workspace a session edits, LOAD/SAVE formats, RENUM |
//! | `syntax` | the statements and expressions (`ast`) and the parser that builds them |
//! | `compile` | parsed statements → per-line compiled statements with slots, jumps and loop bindings; `--dump` |
//! | `machine` | the machine: control flow, evaluation, assignment, I/O statements, error trapping, counters |
//! | `cost` | the cost model: profiles, weights and reports of what GW-BASIC would have spent |
//! | `session` | the façade: program management, direct mode (the `Ok` prompt) |
//! | `lint` | `gwrun check`: mistakes found without running, through the cruncher, parser and compiler |
//! | `help` | the statement reference: one table for `gwrun help`, the manual and docs/compatibility.md |
//! | `cli` | the command line |
//!
//! Beside them, libraries the machine uses: `num` (MBF numbers, number text, math
//! functions, PRINT USING), `rnd` (GW-BASIC's RND generator), `error` (error codes and
//! messages), `console` (the door to the terminal), `dos` (the disk layer: DOS names and
//! drives on the host, the open-file table, streamed files, sharing and locks), `graphics` (video memory and drawing),
//! `sound` (BEEP, SOUND, PLAY), `mml` (the macro-language scanner DRAW and PLAY share),
//! `screen` (the text screen: cells, pages, cursor, logical lines, &HB800 memory),
//! `keyboard` (the BIOS key ring, INKEY$ keys, function-key macros, KEY traps, `--keys`),
//! `editor` (the full-screen editor engine), `term` (the real-terminal front end).
//! The research code, behind the default-on feature `research`: `research::routines`
//! (native ports of the documents' routines), `research::lab` (shuffle and deal
//! statistics), `research::claims` (docs/claims.md).
#![recursion_limit = "1024"]

pub mod compile;
pub mod console;
pub mod cost;
pub mod dos;
pub mod editor;
pub mod error;
pub mod graphics;
pub mod help;
pub mod host;
pub mod keyboard;
pub mod lint;
pub mod machine;
pub mod mml;
pub mod num;
pub mod program;
pub mod rnd;
pub mod screen;
pub mod session;
pub mod sound;
pub mod syntax;
pub mod text;
