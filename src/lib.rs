//! The `gwrun` command: the command line and the terminal front end over the engine in
//! `gwrun-core`, and the research commands of `gwrun-research` (feature `research`).
//!
//! | module | owns |
//! |---|---|
//! | `cli` | the command line: arguments, subcommands, the run of a program or direct mode |
//! | `disk` | the host's folders as the engine's drives, confined beneath each folder |
//! | `front` | the loop that drives the engine's slices from the terminal, stdin or a window |
//! | `host` | the engine's host on the operating system: clocks, SHELL, the environment |
//! | `stdio` | the process's stdin and stdout as the engine's console |
//! | `term` | the full-screen terminal (crossterm): drawing the GW screen, raw keys, pictures |
//! | `repl_term` | rustyline line editing with history for direct mode and INPUT |
//! | `live_sound` | the speaker on the sound card: ALSA opened at run time on Linux, cpal with feature `live-sound` |
//! | `waits` | reading stdin, writing stdout and waiting for SHELL, cut short by Ctrl-C |
//! | `window` | `--interface=window`: the run on gwrun-window's console (feature `window`) |

pub mod cli;
pub mod disk;
pub mod front;
pub mod host;
pub mod live_sound;
pub mod repl_term;
pub mod stdio;
pub mod term;
pub mod waits;
pub mod window;
