//! Event traps and the clock: `ON <event> GOSUB`, `<event> ON|OFF|STOP`, `DATE$ =` and
//! `TIME$ =`. Run by `machine::{events, clock}`.

use super::part::{Expr, node, plain_part};

/// The event sources of `ON <event> GOSUB` and `<event> ON|OFF|STOP`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventKind {
    /// `KEY(n)`
    Key,
    /// `COM(n)`
    Com,
    /// `PEN`
    Pen,
    /// `STRIG(n)`
    Strig,
    /// `PLAY(n)` (ON PLAY) / `PLAY` (switch)
    Play,
    /// `TIMER(n)` (ON TIMER) / `TIMER` (switch)
    Timer,
}

/// What `<event> ON|OFF|STOP` does to its trap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventSwitch {
    On,
    Off,
    Stop,
}

plain_part!(EventKind, EventSwitch);

node! {
    /// `ON KEY(n)|COM(n)|PEN|STRIG(n)|PLAY(n)|TIMER(n) GOSUB line` (line 0: no handler)
    pub struct OnEvent {
        pub kind: EventKind,
        pub arg: Option<Expr>,
        pub line: u16,
        /// Where the text after the event goes wrong (no GOSUB, no line number): raised
        /// once the event's number is converted and checked (S GWSTS.ASM ONGOTP: ONFUN's
        /// GETSUB and range check come before the GOSUB is scanned).
        pub fault: Option<Box<Expr>>,
    }
}

node! {
    /// `KEY(n)|COM(n)|PEN|STRIG(n)|PLAY|TIMER ON|OFF|STOP`
    pub struct EventState {
        pub kind: EventKind,
        pub arg: Option<Expr>,
        pub switch: EventSwitch,
    }
}

node! {
    /// `DATE$ = text` (`date`) / `TIME$ = text`
    pub struct SetClock {
        pub date: bool,
        pub value: Expr,
    }
}
