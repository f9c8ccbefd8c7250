//! placeholder
use clap::{Args, Subcommand};
use super::LabError;
#[derive(Debug, Subcommand)]
pub enum LabCommand { Deal(DealArgs) }
#[derive(Debug, Args)]
pub struct DealArgs {}
pub fn run(_cmd: LabCommand, _out: &mut dyn std::io::Write) -> Result<(), LabError> { Ok(()) }
