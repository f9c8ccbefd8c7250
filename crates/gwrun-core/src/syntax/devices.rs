//! The statements of the speaker, the printer and the I/O ports (issue 15's sound,
//! printer and ports part), kept out of `ast::Stmt` as one boxed variant
//! (`Stmt::Device`) so that its map and visit live here. Parsed in
//! `parse/devices.rs`, executed in `machine/sound.rs` and `machine/ports.rs`.

use super::ast::{Fold, Phase, Visit};

/// A sound, printer or port statement.
#[derive(Debug, Clone)]
pub enum DevStmt<P: Phase> {
    /// `SOUND frequency, duration`: `junk` when text follows (Syntax error after the
    /// frequency is converted, as GW does).
    Sound {
        freq: P::Expr,
        duration: P::Expr,
        junk: bool,
    },
    /// `PLAY string`
    Play(P::Expr),
    /// `OUT port, byte` (the port is converted before the comma is checked: a missing
    /// comma is a Syntax error held in `value`).
    Out { port: P::Expr, value: P::Expr },
    /// `WAIT port, and [, xor]` (converted in order, as OUT).
    Wait {
        port: P::Expr,
        and: P::Expr,
        xor: Option<P::Expr>,
    },
    /// `WIDTH LPRINT n`
    PrinterWidth(P::Expr),
    /// `WIDTH "device", n`
    DeviceWidth { device: P::Expr, width: P::Expr },
    /// `LCOPY [n]`
    Lcopy(Option<P::Expr>),
    /// `IOCTL [#]file, string` (a missing comma is a Syntax error held in `data`)
    Ioctl { file: P::Expr, data: P::Expr },
}

impl<P: Phase> DevStmt<P> {
    pub fn map<Q: Phase>(&self, f: &mut impl Fold<P, Q>) -> DevStmt<Q> {
        match self {
            DevStmt::Sound {
                freq,
                duration,
                junk,
            } => DevStmt::Sound {
                freq: f.expr(freq),
                duration: f.expr(duration),
                junk: *junk,
            },
            DevStmt::Play(mml) => DevStmt::Play(f.expr(mml)),
            DevStmt::Out { port, value } => DevStmt::Out {
                port: f.expr(port),
                value: f.expr(value),
            },
            DevStmt::Wait { port, and, xor } => DevStmt::Wait {
                port: f.expr(port),
                and: f.expr(and),
                xor: xor.as_ref().map(|e| f.expr(e)),
            },
            DevStmt::PrinterWidth(e) => DevStmt::PrinterWidth(f.expr(e)),
            DevStmt::DeviceWidth { device, width } => DevStmt::DeviceWidth {
                device: f.expr(device),
                width: f.expr(width),
            },
            DevStmt::Lcopy(e) => DevStmt::Lcopy(e.as_ref().map(|e| f.expr(e))),
            DevStmt::Ioctl { file, data } => DevStmt::Ioctl {
                file: f.expr(file),
                data: f.expr(data),
            },
        }
    }

    pub fn visit(&self, v: &mut impl Visit<P>) {
        match self {
            DevStmt::Sound { freq, duration, .. } => {
                v.expr(freq);
                v.expr(duration);
            }
            DevStmt::Play(mml) => v.expr(mml),
            DevStmt::Out { port, value } => {
                v.expr(port);
                v.expr(value);
            }
            DevStmt::Wait { port, and, xor } => {
                v.expr(port);
                v.expr(and);
                if let Some(x) = xor {
                    v.expr(x);
                }
            }
            DevStmt::PrinterWidth(e) => v.expr(e),
            DevStmt::DeviceWidth { device, width }
            | DevStmt::Ioctl {
                file: device,
                data: width,
            } => {
                v.expr(device);
                v.expr(width);
            }
            DevStmt::Lcopy(e) => {
                if let Some(e) = e {
                    v.expr(e);
                }
            }
        }
    }
}
