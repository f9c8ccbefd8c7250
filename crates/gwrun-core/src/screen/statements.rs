//! The screen statements and functions on the `Screen`: CLS, LOCATE, CSRLIN, POS,
//! SCREEN(), VIEW PRINT, COLOR, WIDTH, SCREEN, PCOPY and the function-key bar (KEY
//! ON/OFF/LIST and the labels). Arguments arrive converted to integers; the rules here
//! raise GW's range errors.

use super::*;

impl Screen {
    // ------------------------------------------------------------------ CLS

    /// Clears the VIEW PRINT window (the rows 1-24 when none is set) and homes the
    /// cursor to its top.
    pub fn clear_view(&mut self) {
        let a = self.clear_attr();
        let (t, b) = (self.view_top, self.view_bottom);
        self.clear_area(t, b, 1, a);
        self.set_pos(t, 1, false);
    }

    /// Clears all 25 rows, homes the cursor and redraws the key bar.
    pub fn clear_all(&mut self) {
        let a = self.clear_attr();
        self.clear_area(1, HEIGHT, 1, a);
        self.set_pos(1, 1, false);
        self.redraw_bar();
    }

    /// CLS [n]: none clears the window when VIEW PRINT set one, else the whole screen;
    /// 0 the whole screen; 1 the graphics viewport (nothing in text mode); 2 the text
    /// window. Other values: Illegal function call.
    pub fn cls(&mut self, arg: Option<i32>) -> Res<()> {
        if let Some(v) = arg {
            range(v, 0, 2)?;
        }
        match arg {
            Some(0) => self.clear_all(),
            None if !self.view_set => self.clear_all(),
            Some(2) | None => self.clear_view(),
            _ if self.mode != 0 => {
                // CLS 1 in a graphics mode: the graphics viewport, and the cursor home
                self.set_pos(1, 1, false);
            }
            _ => {}
        }
        Ok(())
    }

    // ------------------------------------------------------------------ LOCATE

    /// LOCATE [row][,[col][,[cursor][,[start][,stop]]]]: row within the window (row 25
    /// too when the key bar is off), col within the width, cursor 0 or 1, start and stop
    /// 0-31 (stop without start: Illegal function call).
    pub fn locate(&mut self, args: [Option<i32>; 5]) -> Res<()> {
        let [row, col, cursor, start, stop] = args;
        let row = row.unwrap_or(self.row);
        let col = col.unwrap_or(self.col);
        if row == HEIGHT && self.bar_visible {
            return ifc();
        }
        if self.view_set {
            range(row, self.view_top, self.view_bottom)?;
        } else {
            range(row, 1, HEIGHT)?;
        }
        range(col, 1, self.width)?;
        if row == HEIGHT {
            self.bottom_row_allowed = true;
        }
        self.set_pos(row, col, false);
        if let Some(v) = cursor {
            range(v, 0, 1)?;
            self.cursor.visible = v != 0;
        }
        if start.is_none() && stop.is_some() {
            return ifc();
        }
        if let Some(s) = start {
            let e = stop.unwrap_or(s);
            range(s, 0, 31)?;
            range(e, 0, 31)?;
            self.cursor.start = s as u8;
            self.cursor.stop = e as u8;
        }
        Ok(())
    }

    // ------------------------------------------------------------------ CSRLIN, POS, SCREEN()

    /// CSRLIN: the cursor row; the next row while a wrap is pending (except at the
    /// bottom of the window).
    pub fn csrlin(&self) -> i32 {
        if self.overflow && self.col == self.width && self.row < self.view_bottom {
            self.row + 1
        } else {
            self.row
        }
    }

    /// POS(x): the cursor column; 1 while a wrap is pending.
    pub fn pos(&self) -> i32 {
        if self.overflow && self.col == self.width {
            1
        } else {
            self.col
        }
    }

    /// SCREEN(row, col[, z]): the character code at a cell of the active page, or its
    /// attribute when z is not 0. z must be 0-255; row 0-25 and col 0-width, not both 0
    /// (a 0 means 1); within VIEW PRINT's window when one is set.
    pub fn screen_fn(&self, row: i32, col: i32, z: Option<i32>) -> Res<i32> {
        if let Some(z) = z {
            range(z, 0, 255)?;
        }
        range(row, 0, HEIGHT)?;
        range(col, 0, self.width)?;
        if row == 0 && col == 0 {
            return ifc();
        }
        let row = row.max(1);
        let col = col.max(1);
        if self.view_set {
            range(row, self.view_top, self.view_bottom)?;
        }
        let (c, a) = self.cell(row, col);
        Ok(match z {
            Some(z) if z != 0 => {
                if self.mode == 0 {
                    i32::from(a)
                } else {
                    0
                }
            }
            _ => i32::from(c),
        })
    }

    // ------------------------------------------------------------------ VIEW PRINT

    /// VIEW PRINT [top TO bottom]: both within 1-24 and top <= bottom; the cursor goes to
    /// the window's top row. Without arguments the window is rows 1-24 again.
    pub fn view_print(&mut self, range_: Option<(i32, i32)>) -> Res<()> {
        match range_ {
            None => {
                self.view_top = 1;
                self.view_bottom = HEIGHT - 1;
                self.view_set = false;
            }
            Some((top, bottom)) => {
                range(top, 1, HEIGHT - 1)?;
                range(bottom, 1, HEIGHT - 1)?;
                if bottom < top {
                    return ifc();
                }
                self.view_top = top;
                self.view_bottom = bottom;
                self.view_set = true;
                self.overflow = false;
                self.row = top;
                self.col = 1;
            }
        }
        Ok(())
    }

    // ------------------------------------------------------------------ COLOR

    /// COLOR with its arguments as written (None for an omitted one): in text mode
    /// foreground 0-31 (16 and up blink), background 0-15 (only 0-7 show), border 0-15.
    /// No argument at all, or more than three: Illegal function call. Graphics modes
    /// check their own ranges (SCREEN 1: 0-255 each; SCREEN 2: always an error; 7-9:
    /// foreground 1-15, background 0-15, third argument 0-255).
    pub fn color(&mut self, args: &[Option<i32>]) -> Res<()> {
        if args.is_empty() || args.len() > 3 {
            return ifc();
        }
        let get = |i: usize| args.get(i).copied().flatten();
        let (fore, back, bord) = (get(0), get(1), get(2));
        match self.mode {
            0 => {
                if let Some(f) = fore {
                    range(f, 0, 31)?;
                }
                if let Some(b) = back {
                    range(b, 0, 15)?;
                }
                if let Some(b) = bord {
                    range(b, 0, 15)?;
                }
                let (blink, f) = match fore {
                    Some(f) => (f >= 16, f % 16),
                    None => (self.attr & 0x80 != 0, i32::from(self.attr & 0x0F)),
                };
                let b = back.unwrap_or(i32::from((self.attr >> 4) & 7));
                self.attr = (u8::from(blink) << 7) | (((b & 7) as u8) << 4) | (f as u8 & 0x0F);
                if let Some(b) = bord {
                    self.border = b as u8;
                }
                Ok(())
            }
            1 => {
                for v in [fore, back, bord].into_iter().flatten() {
                    range(v, 0, 255)?;
                }
                Ok(())
            }
            2 => ifc(),
            _ => {
                range(bord.unwrap_or(0), 0, 255)?;
                if let Some(f) = fore {
                    range(f, 1, 15)?;
                }
                if let Some(b) = back {
                    range(b, 0, if self.mode == 9 { 63 } else { 15 })?;
                }
                if let Some(f) = fore {
                    self.attr = f as u8;
                }
                Ok(())
            }
        }
    }

    // ------------------------------------------------------------------ WIDTH, SCREEN, PCOPY

    /// Switches mode and width: all pages erased, pages 0, cursor home, window reset,
    /// key bar redrawn. The attribute survives a width-only change in text mode.
    fn set_mode(&mut self, mode: u8, width: i32, apage: usize, vpage: usize) {
        if !(mode == 0 && self.mode == 0) || apage != self.apage || vpage != self.vpage {
            self.attr = DEFAULT_ATTR;
        }
        self.mode = mode;
        self.width = width;
        self.apage = apage;
        self.vpage = vpage;
        self.erase_all();
        self.view_top = 1;
        self.view_bottom = HEIGHT - 1;
        self.view_set = false;
        self.bottom_row_allowed = false;
        self.overflow = false;
        self.redraw_bar();
        self.row = 1;
        self.col = 1;
        if let Some(s) = &mut self.stream {
            s.set_width(width as u16);
        }
    }

    /// WIDTH n on the screen: 40 or 80 (text mode; SCREEN 1 and 2 switch to each other).
    /// A change clears the screen; the same width does nothing.
    pub fn set_width(&mut self, width: i32) -> Res<()> {
        if width != 40 && width != 80 {
            return ifc();
        }
        if width == self.width {
            return Ok(());
        }
        let mode = match (self.mode, width) {
            (0, _) => 0,
            (1 | 2, 40) => 1,
            (1 | 2, _) => 2,
            (7 | 8, 40) => 7,
            (7 | 8, _) => 8,
            _ => return ifc(),
        };
        self.set_mode(mode, width, 0, 0);
        Ok(())
    }

    /// SCREEN [mode][,[colorswitch][,[apage][,vpage]]] (a fifth argument, erase, is
    /// only for PCjr/Tandy: Illegal function call). Each argument 0-255; the modes are
    /// 0 (text), 1, 2, 7, 8, 9 (their text layer); pages 0-7 in text mode, 0 in
    /// graphics. A mode change clears the screen; a page change alone does not.
    pub fn screen_stmt(&mut self, args: &[Option<i32>]) -> Res<()> {
        let get = |i: usize| args.get(i).copied().flatten();
        for i in 0..4 {
            if let Some(v) = get(i) {
                range(v, 0, 255)?;
            }
        }
        if args.len() > 4 {
            if let Some(e) = get(4) {
                range(e, 0, 2)?;
            }
            return ifc();
        }
        let mode = get(0).unwrap_or(i32::from(self.mode)) as u8;
        let width = match mode {
            0 if get(0).is_some() && self.mode != 0 => {
                if self.width == 40 {
                    40
                } else {
                    80
                }
            }
            0 => self.width,
            1 | 7 => 40,
            2 | 8 | 9 => 80,
            _ => return ifc(),
        };
        let pages = if mode == 0 { PAGES } else { 1 };
        let apage = get(2).map_or(self.apage, |v| v as usize);
        let vpage = get(3).map_or(apage, |v| v as usize);
        if apage >= pages || vpage >= pages {
            return ifc();
        }
        if mode != self.mode || width != self.width {
            self.set_mode(mode, width, apage, vpage);
        } else {
            self.apage = apage;
            self.vpage = vpage;
        }
        Ok(())
    }

    /// PCOPY src, dst: copies a text page (cells and line state); pages 0-7.
    pub fn pcopy(&mut self, src: i32, dst: i32) -> Res<()> {
        let pages = if self.mode == 0 { PAGES as i32 } else { 1 };
        range(src, 0, pages - 1)?;
        range(dst, 0, pages - 1)?;
        let size = self.page_size();
        let (s, d) = (src as usize, dst as usize);
        self.vram.copy_within(s * size..(s + 1) * size, d * size);
        self.rows[d] = self.rows[s];
        Ok(())
    }

    // ------------------------------------------------------------------ key bar

    /// Sets the text shown for function key n (1-10) on the key bar (its first six
    /// characters, control characters replaced).
    pub fn set_key_label(&mut self, n: usize, text: &[u8]) {
        if (1..=10).contains(&n) {
            let t = &text[..text.len().min(6)];
            self.bar_labels[n - 1] = key_label(t);
            if self.bar_visible {
                self.redraw_bar();
            }
        }
    }

    /// KEY ON / KEY OFF: shows or hides the key bar on row 25.
    pub fn show_key_bar(&mut self, on: bool) -> Res<()> {
        if on && self.view_bottom == HEIGHT {
            return ifc();
        }
        if on != self.bar_visible {
            self.bar_visible = on;
            self.redraw_bar();
        }
        Ok(())
    }

    /// Row 25 cleared with the current attribute, then the key bar when shown: for each
    /// key in 8-column cells a blank, the key's digit, and its label in reverse video.
    pub fn redraw_bar(&mut self) {
        let attr = self.attr;
        self.clear_area(HEIGHT, HEIGHT, 1, attr);
        if !self.bar_visible {
            return;
        }
        let reverse = if (attr >> 4) & 7 == 0 { 0x70 } else { 0x07 };
        let keys = (self.width / 8) as usize;
        for k in 0..keys.min(10) {
            let col = 8 * k as i32 + 2;
            let digit = b'0' + ((k + 1) % 10) as u8;
            self.put(HEIGHT, col, digit, attr, false);
            let label = self.bar_labels[k].clone();
            for (i, &c) in label.iter().enumerate() {
                self.put(HEIGHT, col + 1 + i as i32, c, reverse, false);
            }
        }
        let w = self.width;
        self.set_row_len(HEIGHT, w);
    }
}
