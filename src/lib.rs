//! gwrun: a faithful, fast GW-BASIC 3.23 interpreter.
#![recursion_limit = "1024"]
pub mod error;
pub mod num;
pub mod rnd;
pub mod lex;
pub mod token;
pub mod ast;
pub mod parse;
