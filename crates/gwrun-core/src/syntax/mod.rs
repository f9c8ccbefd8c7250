//! Syntax: the parsed form of a line (`ast`) and the parser that builds it from the
//! stored token bytes (`parse`).

pub mod ast;
pub mod parse;
