//! gwrun: a faithful, fast GW-BASIC 3.23 interpreter that also counts the work GW-BASIC
//! would have done.
//!
//! | module | owns |
//! |---|---|
//! | `token` | the keyword table: spellings and token bytes |
//! | `lex` | the cruncher: program text → GW token bytes (logos) |
//! | `list` | token bytes → LIST text |
//! | `program` | stored program lines |
//! | `progfile` / `protect` | LOAD/SAVE file formats |
//! | `parse` / `ast` | token bytes → statements and expressions |
//! | `compile` / `code` | statements → per-line instructions with resolved slots and jumps |
//! | `exec` | the machine: control flow, evaluation, I/O |
//! | `value` / `vars` | values, variables, arrays |
//! | `num` | MBF numbers, number text, math functions, PRINT USING |
//! | `rnd` | GW-BASIC's RND generator |
//! | `cost` | operation counters and the cost model |
//! | `console` / `session` | I/O injection and the façade |
//! | `renum` | RENUM |
//! | `research` | (feature `research`) native ports of the documents' routines, the shuffle and deal lab, the claims report |
//! | `repl` | direct mode: the `Ok` prompt, line editing, AUTO/EDIT |
//! | `cli` | the command line |
#![recursion_limit = "1024"]

pub mod ast;
pub mod cli;
pub mod code;
pub mod compile;
pub mod console;
pub mod cost;
pub mod error;
pub mod exec;
pub mod lex;
pub mod list;
pub mod num;
pub mod parse;
pub mod progfile;
pub mod program;
pub mod protect;
pub mod renum;
pub mod repl;
#[cfg(feature = "research")]
pub mod research;
pub mod rnd;
pub mod session;
pub mod token;
pub mod value;
pub mod vars;
