//! gwrun: a faithful, fast GW-BASIC 3.23 interpreter.
pub mod error;
pub mod num;
pub mod rnd;
