//! Program text and its tokens: GW-BASIC's keyword table (`token`), the cruncher that
//! turns typed text into the token bytes GW stores (`lex`), and the lister that turns
//! them back into text (`list`).

pub mod fields;
pub mod lex;
pub mod list;
pub mod token;
