//! The speaker, the printer, the I/O ports, memory and the host: BEEP, SOUND, PLAY, OUT,
//! WAIT, WIDTH LPRINT, WIDTH "device", LCOPY, IOCTL, DEF SEG, POKE, SHELL, and the
//! statements accepted without effect. Parsed in `parse/devices.rs` and
//! `parse/screen.rs`, run by `machine::{sound, ports, memory, host}`.

use super::part::{Expr, Target, node};
use crate::text::token::Keyword;

node! {
    /// `BEEP`
    pub struct Beep;
}

node! {
    /// `SOUND frequency, duration`: `junk` when text follows (Syntax error after the
    /// frequency is converted, as GW does).
    pub struct Sound {
        pub freq: Expr,
        pub duration: Expr,
        pub junk: bool,
    }
}

node! {
    /// `PLAY string`: `junk` when text follows the string (an Illegal function call once
    /// the string is evaluated, before anything is played).
    pub struct Play {
        pub mml: Expr,
        pub junk: bool,
    }
}

node! {
    /// `OUT port, byte` (the port is converted before the comma is checked: a missing
    /// comma is a Syntax error held in `value`).
    pub struct Out {
        pub port: Expr,
        pub value: Expr,
    }
}

node! {
    /// `WAIT port, and [, xor]` (converted in order, as OUT).
    pub struct Wait {
        pub port: Expr,
        pub and: Expr,
        pub xor: Option<Expr>,
    }
}

node! {
    /// `WIDTH LPRINT n`
    pub struct PrinterWidth {
        pub width: Expr,
    }
}

node! {
    /// `WIDTH "device", n`: the form WIDTH takes when its first operand is a string at run
    /// time (GIO86.ASM WIDTHS). `width` holds the Syntax error of a missing comma; `junk`
    /// marks text after the width (a Syntax error once the width is set).
    pub struct DeviceWidth {
        pub device: Expr,
        pub width: Expr,
        pub junk: bool,
    }
}

node! {
    /// `LCOPY [n]`
    pub struct Lcopy {
        pub n: Option<Expr>,
    }
}

node! {
    /// `IOCTL [#]file, string` (a missing comma is a Syntax error held in `data`)
    pub struct Ioctl {
        pub file: Expr,
        pub data: Expr,
    }
}

node! {
    /// `CALL name [(var {, var})]`, `CALLS ...` (CALL86.ASM CALLS): the routine's variable
    /// is read as an address (FRQINT: -32768 to 65535, else Overflow; a string is a Type
    /// mismatch), then each parameter, a simple variable or an array element, is looked
    /// up (PTRGET: its subscripts evaluated, a new variable made); `fault` is the Syntax
    /// error of a malformed list, raised after the parameters before it. gwrun runs no
    /// machine code, so nothing is called.
    pub struct Call {
        pub routine: Expr,
        pub args: Vec<Target>,
        pub fault: Option<Expr>,
    }
}

node! {
    /// `DEF SEG [= segment]`
    pub struct DefSeg {
        pub segment: Option<Expr>,
    }
}

node! {
    /// `DEF USR[n] = address`: the address is evaluated (FRMQNT) and kept nowhere, since
    /// gwrun runs no machine code.
    pub struct DefUsr {
        pub address: Expr,
    }
}

node! {
    /// `POKE address, byte`
    pub struct Poke {
        pub address: Expr,
        pub value: Expr,
    }
}

node! {
    /// `SHELL [command$]`: runs a host command (only with `--allow-shell`).
    pub struct Shell {
        pub command: Option<Expr>,
    }
}

node! {
    /// `ENVIRON string$`: sets, replaces or deletes an entry of the program's
    /// environment table (`host::environ`).
    pub struct Environ {
        pub text: Expr,
    }
}

node! {
    /// Statements accepted and ignored: TERM, STRIG ON/OFF.
    pub struct Ignored {
        pub keyword: Keyword,
    }
}
