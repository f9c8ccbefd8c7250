//! Program text and its tokens: GW-BASIC's keyword table (`token`), the cruncher that
//! turns typed text into the token bytes GW stores (`lex`), the decoder that reads the
//! stored bytes back as tokens (`decode`), the lister that turns them into text
//! (`list`), and the item grammar of DATA and INPUT (`fields`).

pub mod decode;
pub mod fields;
pub mod lex;
pub mod list;
pub mod token;
pub(crate) mod unassigned;
