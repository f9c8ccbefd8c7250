//! `gwrun --screenshot FILE.png`: programs draw through the interpreter and the PNG is
//! decoded and checked pixel by pixel against pictures computed here from the statements'
//! definitions (a horizontal line, a box, a filled box and a point lit exactly where
//! their coordinates say, in the mode's colours), so the test does not depend on gwrun's
//! own output. At `--screenshot-size=640x400` 200-line modes are doubled down and
//! 320-pixel modes across, exactly; at the default 4:3 size (1280×960) every output pixel
//! that lies on card pixels of one colour has that colour, and one that straddles card
//! pixels of different colours is a mix of them (no channel outside their range).

use std::path::PathBuf;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_gwrun");

/// A decoded picture: width, height and RGB per pixel.
struct Rgb {
    width: usize,
    height: usize,
    pixels: Vec<[u8; 3]>,
}

impl Rgb {
    fn at(&self, x: usize, y: usize) -> [u8; 3] {
        self.pixels[y * self.width + x]
    }
}

/// Runs `program` with `--screenshot` at 640×400 (exact doublings of the 200-line
/// modes) in a scratch directory and decodes the PNG.
fn shot(tag: &str, program: &str) -> Rgb {
    shot_at(tag, program, "640x400")
}

/// Runs `program` with `--screenshot` and `--screenshot-size=size` and decodes the PNG.
fn shot_at(tag: &str, program: &str, size: &str) -> Rgb {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("gwrun-shot-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bas = dir.join("P.BAS");
    let png_path = dir.join("out.png");
    std::fs::write(&bas, program).unwrap();
    let out = assert_cmd::Command::new(BIN)
        .arg("--screenshot")
        .arg(&png_path)
        .arg(format!("--screenshot-size={size}"))
        .arg(&bas)
        .current_dir(&dir)
        .timeout(Duration::from_secs(60))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let data = std::fs::read(&png_path).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let mut dec = png::Decoder::new(std::io::Cursor::new(data));
    dec.set_transformations(png::Transformations::EXPAND);
    let mut reader = dec.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgb);
    let (w, h) = (info.width as usize, info.height as usize);
    let pixels = buf[..w * h * 3]
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    Rgb {
        width: w,
        height: h,
        pixels,
    }
}

const BLACK: [u8; 3] = [0, 0, 0];
const WHITE: [u8; 3] = [0xFF, 0xFF, 0xFF];
// CGA palette 1 of SCREEN 1: bright cyan, bright magenta, white
const CYAN: [u8; 3] = [0x55, 0xFF, 0xFF];
const MAGENTA: [u8; 3] = [0xFF, 0x55, 0xFF];

#[test]
fn screen_2_lines_boxes_and_points_land_on_their_pixels() {
    let p = shot(
        "s2",
        "10 SCREEN 2: KEY OFF: CLS\n\
         20 PSET (10,120)\n\
         30 LINE (100,150)-(200,150)\n\
         40 LINE (300,160)-(310,170),1,BF\n\
         50 LINE (400,100)-(420,110),,B\n",
    );
    assert_eq!((p.width, p.height), (640, 400));
    let lit = |x: i32, y: i32| {
        (x, y) == (10, 120)
            || (y == 150 && (100..=200).contains(&x))
            || ((300..=310).contains(&x) && (160..=170).contains(&y))
            || (((400..=420).contains(&x) && (y == 100 || y == 110))
                || ((100..=110).contains(&y) && (x == 400 || x == 420)))
    };
    for y in 0..400 {
        for x in 0..640 {
            let want = if lit(x as i32, (y / 2) as i32) {
                WHITE
            } else {
                BLACK
            };
            assert_eq!(p.at(x, y), want, "pixel ({x}, {y})");
        }
    }
}

#[test]
fn screen_1_colours_and_horizontal_doubling() {
    let p = shot(
        "s1",
        "10 SCREEN 1: KEY OFF: CLS\n\
         20 LINE (10,100)-(19,109),1,BF\n\
         30 LINE (30,100)-(39,100),2\n\
         40 PSET (50,150),3\n",
    );
    assert_eq!((p.width, p.height), (640, 400));
    let colour = |x: i32, y: i32| {
        if (10..=19).contains(&x) && (100..=109).contains(&y) {
            CYAN
        } else if y == 100 && (30..=39).contains(&x) {
            MAGENTA
        } else if (x, y) == (50, 150) {
            WHITE
        } else {
            BLACK
        }
    };
    for y in 0..400 {
        for x in 0..640 {
            assert_eq!(
                p.at(x, y),
                colour((x / 2) as i32, (y / 2) as i32),
                "pixel ({x}, {y})"
            );
        }
    }
}

#[test]
fn circles_and_paint_are_symmetric_and_closed() {
    // a circle around (160, 100) and its inside painted: the lit pixels are symmetric
    // about the centre's row and column, the centre is painted and the corners are not
    let p = shot(
        "circle",
        "10 SCREEN 1: KEY OFF: CLS\n\
         20 CIRCLE (160,100),40,3\n\
         30 PAINT (160,100),1,3\n",
    );
    let at = |x: i32, y: i32| p.at(2 * x as usize, 2 * y as usize);
    assert_eq!(at(160, 100), CYAN);
    assert_eq!(at(0, 0), BLACK);
    assert_eq!(at(319, 199), BLACK);
    for y in 0..200 {
        for x in 0..320 {
            let (mx, my) = (320 - x, 200 - y);
            if (0..320).contains(&mx) && (0..200).contains(&my) {
                assert_eq!(at(x, y), at(mx, my), "({x}, {y}) against ({mx}, {my})");
            }
        }
    }
}

#[test]
fn text_screen_pictures_use_the_cells_colours() {
    // SCREEN 0: yellow on blue in the first cell only, 8x14 cells at 640x350
    let p = shot_at(
        "text",
        "10 CLS: COLOR 14,1: PRINT \"#\";: COLOR 7,0\n",
        "native",
    );
    assert_eq!((p.width, p.height), (640, 350));
    let yellow = [0xFF, 0xFF, 0x55];
    let blue = [0x00, 0x00, 0xAA];
    let mut yellow_seen = false;
    for y in 0..350 {
        for x in 0..640 {
            let c = p.at(x, y);
            if x < 8 && y < 14 {
                assert!(c == yellow || c == blue, "({x}, {y}) is {c:?}");
                yellow_seen |= c == yellow;
            } else {
                assert_eq!(c, BLACK, "({x}, {y})");
            }
        }
    }
    assert!(yellow_seen);
}

/// SCREEN 1's expected picture of `screen_1_colours_and_horizontal_doubling`.
fn screen_1_colour(x: i32, y: i32) -> [u8; 3] {
    if (10..=19).contains(&x) && (100..=109).contains(&y) {
        CYAN
    } else if y == 100 && (30..=39).contains(&x) {
        MAGENTA
    } else if (x, y) == (50, 150) {
        WHITE
    } else {
        BLACK
    }
}

#[test]
fn the_default_picture_is_4_by_3_and_crisp() {
    let p = shot_at(
        "s1-43",
        "10 SCREEN 1: KEY OFF: CLS\n\
         20 LINE (10,100)-(19,109),1,BF\n\
         30 LINE (30,100)-(39,100),2\n\
         40 PSET (50,150),3\n",
        "1280x960",
    );
    assert_eq!((p.width, p.height), (1280, 960));
    let mut mixed = 0;
    for oy in 0..960usize {
        // the card rows under output row oy: [oy·200/960, (oy+1)·200/960)
        let rows = (oy * 200 / 960)..((oy + 1) * 200).div_ceil(960);
        for ox in 0..1280usize {
            let cols = (ox * 320 / 1280)..((ox + 1) * 320).div_ceil(1280);
            let under: Vec<[u8; 3]> = rows
                .clone()
                .flat_map(|y| {
                    cols.clone()
                        .map(move |x| screen_1_colour(x as i32, y as i32))
                })
                .collect();
            let got = p.at(ox, oy);
            if under.iter().all(|c| *c == under[0]) {
                assert_eq!(got, under[0], "pixel ({ox}, {oy})");
            } else {
                mixed += 1;
                for k in 0..3 {
                    let lo = under.iter().map(|c| c[k]).min().unwrap();
                    let hi = under.iter().map(|c| c[k]).max().unwrap();
                    assert!((lo..=hi).contains(&got[k]), "pixel ({ox}, {oy}): {got:?}");
                }
            }
        }
    }
    // only the rows where a drawn edge falls inside an output row are mixed
    assert!(mixed > 0 && mixed < 200, "{mixed} mixed pixels");
}

#[test]
fn circles_are_round_at_4_by_3() {
    // CIRCLE's default aspect makes a circle round on the 4:3 monitor: 80 pixels across
    // of 320 and 80·5/6 rows down of 200 both take a quarter of the picture's width in
    // a 4:3 picture's units (1280/4 = 320 across, 960·(66.7/200) = 320 down)
    let p = shot_at(
        "round",
        "10 SCREEN 1: KEY OFF: CLS\n20 CIRCLE (160,100),80,3\n",
        "1280x960",
    );
    let lit: Vec<(usize, usize)> = (0..960)
        .flat_map(|y| (0..1280).map(move |x| (x, y)))
        .filter(|&(x, y)| p.at(x, y) != BLACK)
        .collect();
    let (x0, x1) = (
        lit.iter().map(|p| p.0).min().unwrap(),
        lit.iter().map(|p| p.0).max().unwrap(),
    );
    let (y0, y1) = (
        lit.iter().map(|p| p.1).min().unwrap(),
        lit.iter().map(|p| p.1).max().unwrap(),
    );
    let (w, h) = ((x1 - x0 + 1) as f64, (y1 - y0 + 1) as f64);
    assert!((w / h - 1.0).abs() < 0.03, "{w} across, {h} down");
}

#[test]
fn a_bad_size_is_refused_with_the_options_words() {
    let out = assert_cmd::Command::new(BIN)
        .args(["--screenshot=x.png", "--screenshot-size=640", "NONE.BAS"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("WIDTHxHEIGHT"), "{err}");
}
