//! A line chart as SVG text: each series a line with a dot at each point, over a log-scale
//! time axis, with a legend. What `time --history --plot` draws needs no more than this, so
//! it is written here rather than linked from a plotting library (the xtask, which answers
//! `--history`, stays small: crate docs).

use std::fmt::Write;

/// One line: its name (the legend's text) and its points, as (x index, value > 0), x
/// ascending.
pub type Series = (String, Vec<(usize, f64)>);

const WIDTH: f64 = 960.0;
const HEIGHT: f64 = 540.0;
const LEFT: f64 = 90.0;
const RIGHT: f64 = 250.0;
const TOP: f64 = 56.0;
const BOTTOM: f64 = 72.0;
/// Colours told apart on screen and in print, cycled.
const COLOURS: [&str; 10] =
    ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22"];

/// The chart: `x_labels` name the x positions 0, 1, ...; values are drawn on a log scale
/// from half the smallest to twice the largest, ticks at the powers of ten between, each
/// labelled by `format`.
pub fn line_chart(title: &str, x_labels: &[String], series: &[Series], format: impl Fn(f64) -> String) -> String {
    let values = series.iter().flat_map(|(_, points)| points.iter().map(|&(_, v)| v)).filter(|v| *v > 0.0);
    let (low, high) = values.fold((f64::INFINITY, 0.0_f64), |(lo, hi), v| (lo.min(v), hi.max(v)));
    let (low, high) = if low.is_finite() { (low / 2.0, high * 2.0) } else { (1.0, 10.0) };
    let (plot_w, plot_h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x_at = |i: usize| LEFT + plot_w * (i as f64 + 0.5) / x_labels.len().max(1) as f64;
    let y_at = |v: f64| TOP + plot_h * (high.log10() - v.log10()) / (high.log10() - low.log10());

    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(svg, r#"<rect width="100%" height="100%" fill="white"/>"#);
    // Every label: its place, its other attributes, its text (escaped).
    let text = |svg: &mut String, x: f64, y: f64, attributes: &str, content: &str| {
        let _ = writeln!(svg, r#"<text x="{x:.1}" y="{y:.1}"{attributes}>{}</text>"#, escape(content));
    };
    text(&mut svg, WIDTH / 2.0, 30.0, r#" font-size="20" text-anchor="middle""#, title);
    // The time axis: a line and a label at each power of ten in range.
    let mut power = 10f64.powf(low.log10().ceil());
    while power <= high {
        let y = y_at(power);
        let _ = writeln!(
            svg,
            r##"<line x1="{LEFT}" y1="{y:.1}" x2="{:.1}" y2="{y:.1}" stroke="#dddddd"/>"##,
            LEFT + plot_w
        );
        text(&mut svg, LEFT - 8.0, y + 4.0, r#" text-anchor="end""#, &format(power));
        power *= 10.0;
    }
    let _ = writeln!(
        svg,
        r#"<rect x="{LEFT}" y="{TOP}" width="{plot_w:.1}" height="{plot_h:.1}" fill="none" stroke="black"/>"#
    );
    let _ = writeln!(
        svg,
        r#"<text transform="translate(20 {:.1}) rotate(-90)" text-anchor="middle">median per call (log scale)</text>"#,
        TOP + plot_h / 2.0
    );
    for (i, label) in x_labels.iter().enumerate() {
        text(&mut svg, x_at(i), TOP + plot_h + 20.0, r#" text-anchor="middle""#, label);
    }
    for (index, (name, points)) in series.iter().enumerate() {
        let colour = COLOURS[index % COLOURS.len()];
        let points: Vec<(f64, f64)> =
            points.iter().filter(|&&(_, v)| v > 0.0).map(|&(i, v)| (x_at(i), y_at(v))).collect();
        let path: Vec<String> = points.iter().map(|(x, y)| format!("{x:.1},{y:.1}")).collect();
        let _ =
            writeln!(svg, r#"<polyline points="{}" fill="none" stroke="{colour}" stroke-width="2"/>"#, path.join(" "));
        for (x, y) in &points {
            let _ = writeln!(svg, r#"<circle cx="{x:.1}" cy="{y:.1}" r="4" fill="{colour}"/>"#);
        }
        let legend_y = TOP + 14.0 + 18.0 * index as f64;
        let legend_x = LEFT + plot_w + 16.0;
        let _ = writeln!(
            svg,
            r#"<line x1="{legend_x:.1}" y1="{legend_y:.1}" x2="{:.1}" y2="{legend_y:.1}" stroke="{colour}" stroke-width="2"/>"#,
            legend_x + 20.0
        );
        text(&mut svg, legend_x + 26.0, legend_y + 4.0, "", name);
    }
    svg.push_str("</svg>\n");
    svg
}

/// Text as SVG holds it: the five characters XML gives a meaning escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&apos;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ys(svg: &str, colour: &str) -> Vec<f64> {
        let line = svg.lines().find(|l| l.starts_with("<polyline") && l.contains(colour)).unwrap();
        let points = line.split("points=\"").nth(1).unwrap().split('"').next().unwrap();
        points.split(' ').map(|p| p.split(',').nth(1).unwrap().parse().unwrap()).collect()
    }

    #[test]
    fn each_series_is_a_line_and_faster_is_lower() {
        let series = vec![
            ("2015-1 part 1".into(), vec![(0, 100.0), (1, 1000.0)]),
            ("a <b> & \"c\"".into(), vec![(0, 5e6), (1, 5e5)]),
        ];
        let svg = line_chart("Title", &["old".into(), "new".into()], &series, |v| format!("{v} ns"));
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>\n"));
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert_eq!(svg.matches("<circle").count(), 4);
        let first = ys(&svg, COLOURS[0]);
        assert!(first[0] > first[1], "ten times slower is drawn higher: {first:?}");
        let second = ys(&svg, COLOURS[1]);
        assert!(second[0] < first[1], "5 ms above 1 µs: {second:?} {first:?}");
        assert!(svg.contains("a &lt;b&gt; &amp; &quot;c&quot;") && !svg.contains("<b>"));
        for tick in ["100 ns", "1000 ns", "10000 ns", "1000000 ns"] {
            assert!(svg.contains(&format!(">{tick}</text>")), "{tick}: {svg}");
        }
    }

    #[test]
    fn no_points_still_draws_a_chart() {
        let svg = line_chart("Empty", &[], &[], |v| format!("{v}"));
        assert!(svg.contains("Empty") && svg.ends_with("</svg>\n"));
    }
}
