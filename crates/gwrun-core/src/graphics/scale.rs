//! Pictures at 4:3, crisp: the card's pixels (640×200, 320×200, 640×350, text's 640×350)
//! were stretched by the monitor to fill a 4:3 tube, so a picture shown at any other size
//! is resampled by area: each output pixel is the average of the card pixels it covers,
//! weighted by how much of it each covers. Enlarged, almost every output pixel lies
//! inside one card pixel and takes its colour exactly; only where an output pixel
//! straddles the edge between two card pixels of different colours is it a mix of the
//! two, one pixel wide. That is what an integer enlargement followed by a sharp
//! (bilinear) reduction gives, without the intermediate picture, and no pixel is ever
//! doubled where its neighbour is not (nearest-neighbour scaling by 2.4 makes every
//! fifth row thicker).
//!
//! Weights are whole 256ths, computed with integers only, so the window, the browser's
//! canvas and `--screenshot` produce identical pixels for the same picture and size.

use super::Picture;

/// The size `--screenshot` writes by default and the window opens at when the display
/// has room: 4:3, twice 640×480.
pub const DEFAULT_SIZE: (usize, usize) = (1280, 960);

/// A weight of 1.
const ONE: u32 = 256;

/// The largest 4:3 rectangle inside `width` × `height`, centred: (x, y, w, h).
pub fn letterbox(width: usize, height: usize) -> (usize, usize, usize, usize) {
    let (w, h) = if width * 3 >= height * 4 {
        (height * 4 / 3, height)
    } else {
        (width, width * 3 / 4)
    };
    ((width - w) / 2, (height - h) / 2, w, h)
}

/// The card pixels that make up each output pixel along one axis, with their weights.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Axis {
    /// `taps[starts[o]..starts[o + 1]]` are output pixel o's (source index, weight).
    starts: Vec<u32>,
    taps: Vec<(u32, u32)>,
}

impl Axis {
    /// Output pixel o of `dst` covers [o·src, (o+1)·src) and source pixel i covers
    /// [i·dst, (i+1)·dst), both in units of 1/(src·dst) of the picture's length.
    fn new(src: usize, dst: usize) -> Axis {
        let mut starts = Vec::with_capacity(dst + 1);
        let mut taps = Vec::with_capacity(dst * 2);
        for o in 0..dst {
            starts.push(taps.len() as u32);
            let (lo, hi) = (o * src, (o + 1) * src);
            let mut mine: Vec<(u32, u32)> = (lo / dst..hi.div_ceil(dst).min(src))
                .map(|i| {
                    let overlap = hi.min((i + 1) * dst) - lo.max(i * dst);
                    (i as u32, (overlap * ONE as usize / src) as u32)
                })
                .collect();
            // whole 256ths: what rounding down lost goes to the largest share (the
            // first of equals)
            let given: u32 = mine.iter().map(|t| t.1).sum();
            let big = (0..mine.len()).rev().max_by_key(|&k| mine[k].1);
            if let Some(k) = big {
                mine[k].1 += ONE - given;
            }
            taps.extend(mine.into_iter().filter(|t| t.1 > 0));
        }
        starts.push(taps.len() as u32);
        Axis { starts, taps }
    }

    fn of(&self, o: usize) -> &[(u32, u32)] {
        &self.taps[self.starts[o] as usize..self.starts[o + 1] as usize]
    }
}

/// Resamples pictures of one size to another (the tables are kept, so a window that
/// redraws at one size computes them once).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scaler {
    src: (usize, usize),
    dst: (usize, usize),
    cols: Axis,
    rows: Axis,
}

impl Scaler {
    /// A scaler from `src` (the card's pixels) to `dst` (output pixels), width × height.
    pub fn new(src: (usize, usize), dst: (usize, usize)) -> Scaler {
        Scaler {
            src,
            dst,
            cols: Axis::new(src.0, dst.0),
            rows: Axis::new(src.1, dst.1),
        }
    }

    /// Whether this scaler is the one for these sizes.
    pub fn is_for(&self, src: (usize, usize), dst: (usize, usize)) -> bool {
        self.src == src && self.dst == dst
    }

    /// Writes the picture at the output size into `out` as 0x00RRGGBB words: row y of
    /// the output starts at `out[y * stride]`. A picture of another size than the
    /// scaler's, or an `out` too small, leaves `out` as it is.
    pub fn scale(&self, picture: &Picture, out: &mut [u32], stride: usize) {
        let (dw, dh) = self.dst;
        if (picture.width, picture.height) != self.src
            || picture.pixels.len() < picture.width * picture.height
            || dw > stride
            || (dh > 0 && out.len() < (dh - 1) * stride + dw)
        {
            return;
        }
        let rgb: Vec<[u32; 3]> = (0..256)
            .map(|i| {
                let c = picture.palette.get(i).copied().unwrap_or([0, 0, 0]);
                c.map(u32::from)
            })
            .collect();
        let word = |c: [u32; 3]| (c[0] << 16) | (c[1] << 8) | c[2];
        let sw = picture.width;
        for y in 0..dh {
            let rows = self.rows.of(y);
            let line = &mut out[y * stride..y * stride + dw];
            if let [(sy, _)] = rows {
                // the output row lies in one card row
                let src = &picture.pixels[*sy as usize * sw..(*sy as usize + 1) * sw];
                for (x, px) in line.iter_mut().enumerate() {
                    *px = match self.cols.of(x) {
                        [(sx, _)] => word(rgb[usize::from(src[*sx as usize])]),
                        cols => word(mix(cols, rows, picture, &rgb)),
                    };
                }
            } else {
                for (x, px) in line.iter_mut().enumerate() {
                    *px = word(mix(self.cols.of(x), rows, picture, &rgb));
                }
            }
        }
    }

    /// The picture at the output size as 0x00RRGGBB words, row after row.
    pub fn scaled(&self, picture: &Picture) -> Vec<u32> {
        let mut out = vec![0; self.dst.0 * self.dst.1];
        self.scale(picture, &mut out, self.dst.0);
        out
    }
}

/// The weighted average of the card pixels under one output pixel.
fn mix(cols: &[(u32, u32)], rows: &[(u32, u32)], p: &Picture, rgb: &[[u32; 3]]) -> [u32; 3] {
    let mut sum = [0u32; 3];
    for &(sy, wy) in rows {
        let row = sy as usize * p.width;
        for &(sx, wx) in cols {
            let c = rgb[usize::from(p.pixels[row + sx as usize])];
            let w = wx * wy;
            for k in 0..3 {
                sum[k] += c[k] * w;
            }
        }
    }
    sum.map(|s| (s + ONE * ONE / 2) / (ONE * ONE))
}

/// The picture at `size` as an RGB PNG (8 bits a channel).
pub fn png_at(picture: &Picture, size: (usize, usize)) -> Vec<u8> {
    let words = Scaler::new((picture.width, picture.height), size).scaled(picture);
    let bytes: Vec<u8> = words
        .iter()
        .flat_map(|w| [(w >> 16) as u8, (w >> 8) as u8, *w as u8])
        .collect();
    let mut out = Vec::new();
    let mut enc = png::Encoder::new(&mut out, size.0 as u32, size.1 as u32);
    enc.set_color(png::ColorType::Rgb);
    enc.set_depth(png::BitDepth::Eight);
    // Writing into a Vec cannot fail, and the sizes agree by construction.
    if let Ok(mut w) = enc.write_header() {
        let _ = w.write_image_data(&bytes);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture(w: usize, h: usize, f: impl Fn(usize, usize) -> u8) -> Picture {
        Picture {
            width: w,
            height: h,
            pixels: (0..w * h).map(|i| f(i % w, i / w)).collect(),
            palette: vec![[0, 0, 0], [255, 255, 255], [0, 0, 170], [170, 0, 0]],
        }
    }

    #[test]
    fn letterbox_is_the_largest_centred_four_by_three() {
        assert_eq!(letterbox(1280, 960), (0, 0, 1280, 960));
        assert_eq!(letterbox(1920, 1080), (240, 0, 1440, 1080));
        assert_eq!(letterbox(800, 1000), (0, 200, 800, 600));
        assert_eq!(letterbox(0, 0), (0, 0, 0, 0));
    }

    #[test]
    fn weights_are_whole_and_cover_exactly_what_each_pixel_covers() {
        for (src, dst) in [
            (200, 960),
            (350, 960),
            (640, 1280),
            (320, 1280),
            (640, 500),
            (7, 3),
        ] {
            let a = Axis::new(src, dst);
            for o in 0..dst {
                let taps = a.of(o);
                assert_eq!(
                    taps.iter().map(|t| t.1).sum::<u32>(),
                    ONE,
                    "{src}→{dst} at {o}"
                );
                // the covered source pixels are the ones under [o·src/dst, (o+1)·src/dst)
                let lo = o * src / dst;
                let hi = ((o + 1) * src).div_ceil(dst);
                assert!(taps.iter().all(|t| (lo..hi).contains(&(t.0 as usize))));
            }
        }
        // an exact doubling is a copy
        let a = Axis::new(320, 640);
        assert!((0..640).all(|o| a.of(o) == [((o / 2) as u32, ONE)]));
    }

    #[test]
    fn enlarged_pixels_keep_their_colour_and_mix_only_at_edges() {
        // 320×200 columns alternating white and black, rows alternating blue and red
        let p = picture(4, 2, |x, y| if x % 2 == 1 { 1 } else { 2 + y as u8 });
        let s = Scaler::new((4, 2), (16, 12));
        let out = s.scaled(&p);
        // 16 = 4 × 4 across: no mixing; 12 = 2 × 6 down: no mixing
        assert_eq!(out[0], 0x0000AA);
        assert_eq!(out[4], 0xFFFFFF);
        assert_eq!(out[6 * 16], 0xAA0000);
        // 2 rows → 5 output rows: the middle row straddles both halves equally
        let s = Scaler::new((4, 2), (4, 5));
        let out = s.scaled(&p);
        assert_eq!(out[0], 0x0000AA);
        assert_eq!(out[2 * 4], 0x550055);
        assert_eq!(out[4 * 4], 0xAA0000);
    }

    #[test]
    fn a_wrong_sized_picture_or_buffer_changes_nothing() {
        let p = picture(4, 2, |_, _| 1);
        let s = Scaler::new((8, 2), (16, 4));
        let mut out = vec![7u32; 64];
        s.scale(&p, &mut out, 16);
        assert!(out.iter().all(|&w| w == 7));
        let s = Scaler::new((4, 2), (16, 4));
        s.scale(&p, &mut out[..10], 16);
        assert!(out.iter().all(|&w| w == 7));
        s.scale(&p, &mut out, 16);
        assert!(out.iter().all(|&w| w == 0xFFFFFF));
    }

    #[test]
    fn png_at_a_size_decodes_to_the_scaled_words() {
        let p = picture(3, 2, |x, y| ((x + y) % 4) as u8);
        let png = png_at(&p, (8, 6));
        let mut dec = png::Decoder::new(std::io::Cursor::new(png));
        dec.set_transformations(png::Transformations::EXPAND);
        let mut r = dec.read_info().unwrap();
        let mut buf = vec![0; r.output_buffer_size().unwrap()];
        let info = r.next_frame(&mut buf).unwrap();
        assert_eq!((info.width, info.height), (8, 6));
        let words = Scaler::new((3, 2), (8, 6)).scaled(&p);
        for (i, w) in words.iter().enumerate() {
            assert_eq!(
                &buf[i * 3..i * 3 + 3],
                &[(w >> 16) as u8, (w >> 8) as u8, *w as u8]
            );
        }
    }
}
