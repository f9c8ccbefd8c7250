//! The part of tiny-xlib that softbuffer uses: an Xlib `Display` made from winit's
//! display pointer, and its XCB connection (`XGetXCBConnection`). libX11-xcb is opened
//! the first time a connection is asked for, that is when a window is created; a
//! program that never opens a window never loads an X library. The crates.io crate
//! loads libX11 from a constructor (`.init_array`) at every start instead, to record
//! Xlib's default error handler for its error-hook registry, which softbuffer does not
//! use.

use as_raw_xcb_connection::{AsRawXcbConnection, xcb_connection_t};
use std::ffi::c_void;
use std::mem::ManuallyDrop;
use std::ptr::NonNull;
use std::sync::OnceLock;

/// `XGetXCBConnection` from libX11-xcb.
type GetXcbConnection = unsafe extern "C" fn(*mut c_void) -> *mut xcb_connection_t;

/// An Xlib display owned by someone else (the window system's event loop).
#[derive(Debug)]
pub struct Display {
    ptr: NonNull<c_void>,
}

impl Display {
    /// Wraps a display pointer without taking it over: the result is never closed.
    ///
    /// # Safety
    /// `ptr` is a valid, open Xlib `Display` that outlives the result.
    pub unsafe fn from_ptr(ptr: *mut c_void) -> ManuallyDrop<Self> {
        ManuallyDrop::new(Display {
            // SAFETY: a valid display pointer is not null
            ptr: unsafe { NonNull::new_unchecked(ptr) },
        })
    }

    /// The display pointer.
    pub fn as_ptr(&self) -> *mut c_void {
        self.ptr.as_ptr()
    }
}

/// libX11-xcb's `XGetXCBConnection`, opened once (None: the library or the symbol is
/// missing).
fn get_xcb_connection() -> Option<GetXcbConnection> {
    static FUNCTION: OnceLock<Option<(libloading::Library, GetXcbConnection)>> = OnceLock::new();
    FUNCTION
        .get_or_init(|| {
            // SAFETY: libX11-xcb's initialisers are the system library's own; the symbol
            // has the C signature declared above.
            unsafe {
                let lib = libloading::Library::new("libX11-xcb.so.1")
                    .or_else(|_| libloading::Library::new("libX11-xcb.so"))
                    .ok()?;
                let f = *lib.get::<GetXcbConnection>(b"XGetXCBConnection\0").ok()?;
                Some((lib, f))
            }
        })
        .as_ref()
        .map(|(_, f)| *f)
}

// SAFETY: the pointer returned is the display's own XCB connection, valid as long as
// the display is.
unsafe impl AsRawXcbConnection for Display {
    fn as_raw_xcb_connection(&self) -> *mut xcb_connection_t {
        // winit opened this display through libX11-xcb already, so the library is there;
        // the crates.io crate panics as well when it is not
        let f = get_xcb_connection().expect("libX11-xcb (XGetXCBConnection) could not be loaded");
        // SAFETY: `ptr` is a valid Xlib display (from_ptr's contract)
        unsafe { f(self.ptr.as_ptr()) }
    }
}
