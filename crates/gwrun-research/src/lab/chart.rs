//! SVG charts with plotters (SVG backend only, no font libraries: text is emitted as
//! `font-family="sans-serif"` and drawn by the viewer). A deal chart shows the hand
//! patterns (exact vs observed), the adjacent-pair rates (the clubs-problem detector)
//! and the 52×4 card placement as a heat map of z-scores; a riffle chart shows the
//! distance from uniform against the number of riffles.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::LabError;
use super::cards::{CARDS, SEATS, card_name};
use super::patterns::{PAIR_SAME_HAND, pattern_table};
use super::riffle::RiffleRow;
use super::stats::{DealTally, PAIRS};

type Area<'a> = DrawingArea<SVGBackend<'a>, Shift>;

fn err<E: std::fmt::Display>(e: E) -> LabError {
    LabError::Chart(e.to_string())
}

/// Patterns shown in the chart (the most frequent).
const SHOWN_PATTERNS: usize = 20;

/// Write the three-panel deal chart of a tally to `path` (whole or not at all).
pub fn deal_chart(t: &DealTally, title: &str, path: &Path) -> Result<(), LabError> {
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (1100, 1050)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let root = root.titled(title, ("sans-serif", 22)).map_err(err)?;
        let (top, rest) = root.split_vertically(400);
        let (middle, bottom) = rest.split_vertically(330);
        patterns_panel(&top, t)?;
        pairs_panel(&middle, t)?;
        heat_panel(&bottom, t)?;
        root.present().map_err(err)?;
    }
    write_svg(path, &svg)
}

/// The finished SVG to its file, whole or not at all.
fn write_svg(path: &Path, svg: &str) -> Result<(), LabError> {
    crate::output::write_whole(path, svg.as_bytes()).map_err(|e| LabError::File {
        path: path.display().to_string(),
        err: e,
    })
}

fn patterns_panel(area: &Area, t: &DealTally) -> Result<(), LabError> {
    let table = pattern_table();
    let all = t.patterns_all();
    let hands = (SEATS as u64 * t.deals).max(1) as f64;
    let shown = &table.patterns[..SHOWN_PATTERNS];
    let exact: Vec<f64> = shown.iter().map(|p| 100.0 * p.probability()).collect();
    let seen: Vec<f64> = all[..SHOWN_PATTERNS]
        .iter()
        .map(|&o| 100.0 * o as f64 / hands)
        .collect();
    let names: Vec<String> = shown.iter().map(|p| p.name()).collect();
    let top = exact.iter().chain(&seen).fold(1.0f64, |a, &b| a.max(b)) * 1.15;
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Hand patterns, % of hands: exact (grey) and observed (blue)",
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..(SHOWN_PATTERNS as f64 - 0.5), 0f64..top)
        .map_err(err)?;
    let label = |x: &f64| {
        names
            .get(x.round().max(0.0) as usize)
            .cloned()
            .unwrap_or_default()
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(SHOWN_PATTERNS)
        .x_label_formatter(&label)
        .x_label_style(("sans-serif", 11))
        .y_desc("% of hands")
        .draw()
        .map_err(err)?;
    let bar = |i: usize, v: f64, left: f64, color: RGBColor| {
        Rectangle::new(
            [(i as f64 + left, 0.0), (i as f64 + left + 0.38, v)],
            color.filled(),
        )
    };
    let grey = RGBColor(170, 170, 170);
    let blue = RGBColor(40, 90, 200);
    chart
        .draw_series(
            exact
                .iter()
                .enumerate()
                .map(|(i, &v)| bar(i, v, -0.4, grey)),
        )
        .map_err(err)?;
    chart
        .draw_series(seen.iter().enumerate().map(|(i, &v)| bar(i, v, 0.02, blue)))
        .map_err(err)?;
    Ok(())
}

fn pairs_panel(area: &Area, t: &DealTally) -> Result<(), LabError> {
    let deals = t.deals.max(1) as f64;
    let rates: Vec<f64> = t.pairs.iter().map(|&n| 100.0 * n as f64 / deals).collect();
    let exact = 100.0 * PAIR_SAME_HAND;
    let top = rates.iter().fold(exact, |a, &b| a.max(b)) * 1.15;
    let mut chart = ChartBuilder::on(area)
        .caption(
            "Cards c and c+1 of the pack in one hand, % of deals (line: exact 12/51)",
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..(PAIRS as f64 - 0.5), 0f64..top)
        .map_err(err)?;
    let label = |x: &f64| {
        let c = x.round().max(0.0) as usize;
        format!("{}-{}", card_name(c), card_name(c + 1))
    };
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(9)
        .x_label_formatter(&label)
        .y_desc("% of deals")
        .draw()
        .map_err(err)?;
    let red = RGBColor(200, 60, 40);
    let bars = rates.iter().enumerate().map(|(i, &v)| {
        Rectangle::new(
            [(i as f64 - 0.35, 0.0), (i as f64 + 0.35, v)],
            red.mix(0.8).filled(),
        )
    });
    chart.draw_series(bars).map_err(err)?;
    let line = [(-0.5, exact), (PAIRS as f64 - 0.5, exact)];
    chart
        .draw_series(LineSeries::new(line, BLACK.stroke_width(2)))
        .map_err(err)?;
    Ok(())
}

/// White for 0, shading to red for +1 and to blue for −1.
fn diverging(x: f64) -> RGBColor {
    let x = x.clamp(-1.0, 1.0);
    let fade = (255.0 * (1.0 - x.abs())) as u8;
    if x >= 0.0 {
        RGBColor(255, fade, fade)
    } else {
        RGBColor(fade, fade, 255)
    }
}

fn heat_panel(area: &Area, t: &DealTally) -> Result<(), LabError> {
    let e = t.deals as f64 / SEATS as f64;
    let sd = (t.deals as f64 * 3.0 / 16.0).sqrt().max(1e-12);
    let z = |s: usize, c: usize| (t.placement[s][c] as f64 - e) / sd;
    let zmax = (0..SEATS)
        .flat_map(|s| (0..CARDS).map(move |c| (s, c)))
        .fold(3.0f64, |a, (s, c)| a.max(z(s, c).abs()));
    let caption = format!(
        "Card placement: z = (observed - expected)/sd per card and seat, colour scale +/-{zmax:.1}"
    );
    let mut chart = ChartBuilder::on(area)
        .caption(caption, ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(36)
        .y_label_area_size(50)
        .build_cartesian_2d(-0.5f64..(CARDS as f64 - 0.5), -0.5f64..(SEATS as f64 - 0.5))
        .map_err(err)?;
    let xlabel = |x: &f64| card_name(x.round().max(0.0) as usize);
    let ylabel = |y: &f64| format!("seat {}", y.round() as i64);
    chart
        .configure_mesh()
        .disable_mesh()
        .x_labels(14)
        .x_label_formatter(&xlabel)
        .y_labels(SEATS)
        .y_label_formatter(&ylabel)
        .draw()
        .map_err(err)?;
    let cells = (0..SEATS)
        .flat_map(|s| (0..CARDS).map(move |c| (s, c)))
        .map(|(s, c)| {
            let (x, y) = (c as f64, s as f64);
            Rectangle::new(
                [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                diverging(z(s, c) / zmax).filled(),
            )
        });
    chart.draw_series(cells).map_err(err)?;
    Ok(())
}

/// Write the riffle chart: distance from uniform against riffles (whole or not at all).
pub fn riffle_chart(rows: &[RiffleRow], title: &str, path: &Path) -> Result<(), LabError> {
    let mut svg = String::new();
    riffle_svg(rows, title, &mut svg)?;
    write_svg(path, &svg)
}

fn riffle_svg(rows: &[RiffleRow], title: &str, svg: &mut String) -> Result<(), LabError> {
    let root = SVGBackend::with_string(svg, (900, 560)).into_drawing_area();
    root.fill(&WHITE).map_err(err)?;
    let max_k = rows.iter().map(|r| r.k).max().unwrap_or(1) as f64;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 20))
        .margin(14)
        .x_label_area_size(40)
        .y_label_area_size(55)
        .build_cartesian_2d(0.5f64..(max_k + 0.5), 0f64..1.05f64)
        .map_err(err)?;
    chart
        .configure_mesh()
        .x_desc("riffles of a 52-card pack")
        .y_desc("total-variation distance from uniform")
        .x_labels(rows.len().max(2))
        .x_label_formatter(&|x: &f64| format!("{}", x.round() as i64))
        .draw()
        .map_err(err)?;
    let blue = RGBColor(40, 90, 200);
    let red = RGBColor(200, 60, 40);
    let series = |f: &dyn Fn(&RiffleRow) -> f64| -> Vec<(f64, f64)> {
        rows.iter().map(|r| (f64::from(r.k), f(r))).collect()
    };
    let exact = series(&|r| r.gsr_exact);
    chart
        .draw_series(LineSeries::new(exact.clone(), blue.stroke_width(3)))
        .map_err(err)?
        .label("GSR, exact (Bayer-Diaconis)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], blue.stroke_width(3)));
    chart
        .draw_series(exact.iter().map(|&p| Circle::new(p, 4, blue.filled())))
        .map_err(err)?;
    let gsr_sim = series(&|r| r.gsr_sim.tv);
    chart
        .draw_series(DashedLineSeries::new(gsr_sim, 6, 4, blue.stroke_width(1)))
        .map_err(err)?
        .label("GSR, simulated (rising sequences)")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], blue.stroke_width(1)));
    let human = series(&|r| r.human_sim.tv);
    chart
        .draw_series(LineSeries::new(human.clone(), red.stroke_width(3)))
        .map_err(err)?
        .label("human model (000), simulated lower bound")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], red.stroke_width(3)));
    chart
        .draw_series(
            human
                .iter()
                .map(|&p| TriangleMarker::new(p, 5, red.filled())),
        )
        .map_err(err)?;
    let floor = rows.first().map_or(0.0, |r| r.floor);
    let grey = RGBColor(150, 150, 150);
    chart
        .draw_series(DashedLineSeries::new(
            [(0.5, floor), (max_k + 0.5, floor)],
            3,
            3,
            grey.stroke_width(1),
        ))
        .map_err(err)?
        .label("simulation noise floor")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 20, y)], grey.stroke_width(1)));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE.mix(0.9))
        .border_style(BLACK)
        .draw()
        .map_err(err)?;
    root.present().map_err(err)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::cards::{deal_round, ordered_deck};

    #[test]
    fn charts_are_written_as_svg() {
        let mut t = DealTally::default();
        t.record(&deal_round(&ordered_deck()), pattern_table());
        let dir = std::env::temp_dir().join(format!("gwrun-lab-chart-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let p = dir.join("deal.svg");
        deal_chart(&t, "test", &p).unwrap();
        let text = std::fs::read_to_string(&p).unwrap();
        assert!(text.starts_with("<svg"));
        assert!(text.contains("4-4-3-2"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn diverging_colours() {
        assert_eq!(diverging(0.0), RGBColor(255, 255, 255));
        assert_eq!(diverging(1.0), RGBColor(255, 0, 0));
        assert_eq!(diverging(-2.0), RGBColor(0, 0, 255));
    }
}
