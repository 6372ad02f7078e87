//! The table `time` prints: for a terminal, fitted to its width (what does not fit is left
//! out, and `--wide` shows it), or as Markdown for the README and the docs (every column).
//! Errors, and answers too long for the width, are numbered notes under the table.

use comfy_table::{presets, CellAlignment, Table};

use crate::compare::{self, Change};
use crate::report::{InputId, Report, Row};
use crate::units::{self, nanos};
use crate::{Memory, Summary};

/// The columns of text, aligned left; the others hold figures, aligned right. A column is
/// named by its title ([`all_columns`] lists them all).
const TEXT: [&str; 5] = ["day", "step", "solution", "input", "answer"];

/// What a table too wide for the terminal leaves out, first first: the columns a reader
/// can do without longest; then the median (the min is what changes are judged on). Day,
/// step, solution, answer, min, relative, the baseline's min and the change always stay.
const LEFT_OUT_FIRST: [&str; 10] =
    ["input", "wall median", "p10", "max", "samples", "spread", "memory change", "first call", "allocs", "peak heap"];

/// Answers longer than this move under the table when the table is too wide.
const SHORT_ANSWER: usize = 18;

/// The width `time` fits its tables to when the terminal's is not known.
pub const DEFAULT_WIDTH: usize = 100;

/// How a table is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Style {
    /// Markdown (for the README) instead of aligned terminal text.
    pub markdown: bool,
    /// Whether the answers are shown (they are private, like the inputs).
    pub answers: bool,
    /// The most characters a line may take (terminal only): `None` for every column.
    pub width: Option<usize>,
}

impl Style {
    /// For a terminal [`DEFAULT_WIDTH`] wide, answers shown.
    pub const TERMINAL: Style = Style { markdown: false, answers: true, width: Some(DEFAULT_WIDTH) };

    /// For this terminal: as wide as `COLUMNS` says (else [`DEFAULT_WIDTH`], also when
    /// standard output is a file or a pipe), or every column with `wide`.
    pub fn terminal(wide: bool) -> Style {
        Style { width: (!wide).then(terminal_width), ..Style::TERMINAL }
    }
}

/// `COLUMNS` when it is a sensible width, else [`DEFAULT_WIDTH`]. No terminal probing: a
/// table printed into a file or a pipe is as wide as one printed on screen.
pub fn terminal_width() -> usize {
    std::env::var("COLUMNS").ok().and_then(|c| c.trim().parse().ok()).filter(|&w| w >= 40).unwrap_or(DEFAULT_WIDTH)
}

/// A memory change in words: `same`, or what moved (`peak 1.2 KiB -> 800 B, allocs 12 -> 10`).
pub fn memory_change(old: &Memory, new: &Memory) -> String {
    let mut parts = Vec::new();
    if old.peak_bytes != new.peak_bytes {
        parts.push(format!("peak {} -> {}", units::bytes(old.peak_bytes), units::bytes(new.peak_bytes)));
    }
    if old.allocations != new.allocations {
        parts.push(format!("allocs {} -> {}", old.allocations, new.allocations));
    }
    if parts.is_empty() {
        "same".to_string()
    } else {
        parts.join(", ")
    }
}

/// Every column a table of `report` could show, in order.
fn all_columns(report: &Report, baseline: bool, style: Style) -> Vec<&'static str> {
    let alternatives = report.rows.iter().any(|r| r.solution.is_some());
    let terminal = !style.markdown;
    let has_wall = report.rows.iter().any(|r| r.timing.is_some_and(|t| t.wall.is_some()));
    let columns = [
        ("day", true),
        ("step", true),
        ("solution", alternatives),
        ("input", true),
        ("answer", style.answers),
        ("first call", true),
        ("median", true),
        ("min", true),
        ("p10", terminal),
        ("max", true),
        ("spread", true),
        ("wall median", terminal && has_wall),
        ("samples", true),
        ("peak heap", true),
        ("allocs", true),
        ("relative", alternatives),
        ("min before", baseline),
        ("change", baseline),
        ("memory change", baseline),
    ];
    columns.into_iter().filter(|&(_, shown)| shown).map(|(title, _)| title).collect()
}

/// A row's cells, one per column of `columns`.
fn cells(report: &Report, baseline: Option<&Report>, row: &Row, columns: &[&str]) -> Vec<String> {
    let timing = row.timing.filter(|_| row.error.is_none());
    let compared = baseline.and_then(|base| against(base, report, row));
    let memory = |figure: fn(Memory) -> String| row.memory.map_or("-".to_string(), figure);
    columns
        .iter()
        .map(|&column| match (column, timing) {
            ("day", _) => row.day.clone(),
            ("step", _) => row.step.clone(),
            ("solution", _) if row.step.starts_with("part") => row.solution.as_deref().unwrap_or("default").into(),
            ("input", _) => row.input.as_ref().map_or("-".to_string(), InputId::short),
            ("answer", Some(_)) => row.answer.clone().unwrap_or_default(),
            ("first call", Some(t)) => nanos(t.first),
            ("median", Some(t)) => nanos(t.median),
            ("min", Some(t)) => nanos(t.min),
            ("p10", Some(t)) => t.low.map_or("-".to_string(), nanos),
            ("max", Some(t)) => nanos(t.max),
            ("spread", Some(t)) => nanos(t.spread),
            ("wall median", Some(t)) => t.wall.map_or("-".to_string(), |w| nanos(w.median)),
            ("samples", Some(t)) if t.batch > 1 => format!("{} x {}", t.runs, t.batch),
            ("samples", Some(t)) => t.runs.to_string(),
            ("peak heap", Some(_)) => memory(|m| units::bytes(m.peak_bytes)),
            ("allocs", Some(_)) => memory(|m| m.allocations.to_string()),
            ("relative", Some(_)) if row.step.starts_with("part") && row.solution.is_none() => "1.00".into(),
            // A solution's time against its part's default's.
            ("relative", Some(t)) if row.step.starts_with("part") => {
                let default = report.same_step(&Row { solution: None, ..row.clone() }).and_then(|r| r.timing);
                default.map_or(String::new(), |d| compare::relative(&d, &t))
            }
            ("min before", _) => compared.as_ref().map_or("-".to_string(), |(change, _)| nanos(change.old)),
            ("change", _) => compared.as_ref().map_or("-".to_string(), |(change, _)| change.words()),
            ("memory change", _) => compared.as_ref().map_or("-".to_string(), |(_, memory)| memory.clone()),
            _ => String::new(),
        })
        .collect()
}

/// A row against the same step of `base`: the change, and the memory change.
fn against(base: &Report, report: &Report, row: &Row) -> Option<(Change, String)> {
    let old = base.same_step(row)?;
    let judged = compare::incomparable(base, report).is_none();
    let change = compare::change(&old.timing?, &row.timing?, judged);
    let memory = match (old.memory, row.memory) {
        (Some(old), Some(new)) => memory_change(&old, &new),
        _ => "-".to_string(),
    };
    Some((change, memory))
}

/// The total line: the defaults' medians and mins added up (what the days cost), and their
/// change, resolved as finely as the coarsest row's.
fn total_cells(report: &Report, baseline: Option<&Report>, columns: &[&str]) -> Vec<String> {
    let sum = |r: &Report, figure: fn(&Summary) -> f64| {
        r.rows.iter().filter(|r| r.solution.is_none()).filter_map(|r| r.timing).map(|t| figure(&t)).sum::<f64>()
    };
    let change = baseline.map(|base| {
        let rows = report.rows.iter().filter_map(|row| against(base, report, row));
        let resolution = rows.map(|(c, _)| c.resolution).fold(compare::FLOOR, f64::max);
        let old = sum(base, |t| t.min);
        let judged = compare::incomparable(base, report).is_none();
        Change { old, ratio: sum(report, |t| t.min) / old, resolution, judged }
    });
    columns
        .iter()
        .map(|&column| match column {
            "day" => "total".to_string(),
            "median" => nanos(sum(report, |t| t.median)),
            "min" => nanos(sum(report, |t| t.min)),
            "min before" => change.map_or(String::new(), |c| nanos(c.old)),
            "change" => change.map_or(String::new(), |c| c.words()),
            _ => String::new(),
        })
        .collect()
}

/// The table, aligned for a terminal (fitted to `style.width`) or as Markdown, with changes
/// against `baseline`, and the notes under it.
pub fn table(report: &Report, baseline: Option<&Report>, style: Style) -> String {
    let columns = all_columns(report, baseline.is_some(), style);
    let mut notes = Vec::new();
    let mut lines: Vec<Vec<String>> = Vec::new();
    for row in &report.rows {
        let mut cells = cells(report, baseline, row, &columns);
        if let Some(error) = &row.error {
            // Errors can be long: a short label here, the full text under the table. The
            // label sits where the answer would (or the first call, without answers).
            notes.push(format!("[{}] {} {}: {error}", notes.len() + 1, row.day, row.label()));
            let label = error.split(':').next().unwrap_or("error");
            let at = columns.iter().position(|&c| c == "answer" || c == "first call").unwrap_or(0);
            cells[at] = format!("{label} [{}]", notes.len());
        }
        lines.push(cells);
    }
    lines.push(total_cells(report, baseline, &columns));
    if style.markdown {
        let right = |i: usize| !TEXT.contains(&columns[i]);
        return render(&columns, &lines, right, true) + &notes_text(&notes, true, None);
    }
    let (shown, left_out, text) = fit(&columns, &mut lines, report, &mut notes, style.width);
    let mut below = notes;
    // The input column left out, when every row timed the same input: that input, named once.
    let input = one_input(report).filter(|_| left_out.contains(&"input"));
    below.extend(input.iter().map(|input| format!("input: {input}")));
    let hidden: Vec<&str> = left_out.into_iter().filter(|&c| c != "input" || input.is_none()).collect();
    if !hidden.is_empty() {
        below.push(format!("left out to fit: {} (`--wide` shows every column)", hidden.join(", ")));
    }
    match baseline.and_then(|base| compare::incomparable(base, report)) {
        Some(why) => below.push(format!(
            "no verdict: {why}; runs of two sessions cannot be compared: time both in one with `cargo xtask time DAYS --against REV`"
        )),
        None if shown.contains(&"change") => below.push(format!(
            "per call, on {}; `change` compares the fastest samples (min): no change (±x%) is a change smaller than the two runs resolve",
            report.clock
        )),
        None => {}
    }
    text + &notes_text(&below, false, style.width)
}

/// The input every row timed, when they all timed the same.
fn one_input(report: &Report) -> Option<String> {
    let mut inputs = report.rows.iter().filter_map(|r| r.input.as_ref());
    let first = inputs.next()?;
    inputs.all(|i| i == first).then(|| first.short())
}

/// Leaves out the columns with nothing in them (the answers of a saved baseline), moves
/// long answers under the table, then takes the columns a reader can least do without (the
/// median, then [`LEFT_OUT_FIRST`] last first) each while the table still fits `width`,
/// then moves every answer but the shortest: one long answer should not cost every row a
/// column. The columns shown, those left out (not counting the empty ones), and the text.
fn fit(
    columns: &[&'static str],
    lines: &mut [Vec<String>],
    report: &Report,
    notes: &mut Vec<String>,
    width: Option<usize>,
) -> (Vec<&'static str>, Vec<&'static str>, String) {
    let fits = |text: &str| width.is_none_or(|w| text.lines().all(|l| l.chars().count() <= w));
    let filled: Vec<usize> = (0..columns.len()).filter(|&i| lines.iter().any(|l| !l[i].is_empty())).collect();
    let draw = |shown: &[usize], lines: &[Vec<String>]| {
        let titles: Vec<&str> = shown.iter().map(|&i| columns[i]).collect();
        let rows: Vec<Vec<String>> = lines.iter().map(|l| shown.iter().map(|&i| l[i].clone()).collect()).collect();
        render(&titles, &rows, |i| !TEXT.contains(&titles[i]), false)
    };
    if !fits(&draw(&filled, lines)) {
        move_long_answers(lines, report, notes, columns, SHORT_ANSWER);
    }
    let optional = |i: &usize| columns[*i] == "median" || LEFT_OUT_FIRST.contains(&columns[*i]);
    let mut shown: Vec<usize> = filled.iter().copied().filter(|i| !optional(i)).collect();
    let mut left_out = Vec::new();
    for column in std::iter::once("median").chain(LEFT_OUT_FIRST.into_iter().rev()) {
        let Some(&at) = filled.iter().find(|&&i| columns[i] == column) else { continue };
        let mut more = [shown.as_slice(), &[at]].concat();
        more.sort_unstable();
        if fits(&draw(&more, lines)) {
            shown = more;
        } else {
            left_out.insert(0, column);
        }
    }
    let mut text = draw(&shown, lines);
    // Then every answer and error label but the shortest.
    if !fits(&text) {
        move_long_answers(lines, report, notes, columns, "see [10]".len());
        text = draw(&shown, lines);
    }
    (shown.iter().map(|&i| columns[i]).collect(), left_out, text)
}

/// Moves answers longer than `limit` under the table as notes (`see [n]` in their cell),
/// and cuts error labels that long to their note's number.
fn move_long_answers(
    lines: &mut [Vec<String>],
    report: &Report,
    notes: &mut Vec<String>,
    columns: &[&str],
    limit: usize,
) {
    let Some(at) = columns.iter().position(|&c| c == "answer") else { return };
    for (line, row) in lines.iter_mut().zip(&report.rows) {
        if line[at].chars().count() <= limit {
            continue;
        }
        if row.error.is_some() {
            // The label's note number is at its end: `bad input [1]` becomes `[1]`.
            let number = line[at].rsplit(' ').next().unwrap_or_default().to_string();
            line[at] = number;
        } else {
            notes.push(format!("[{}] {} {} answer: {}", notes.len() + 1, row.day, row.label(), line[at]));
            line[at] = format!("see [{}]", notes.len());
        }
    }
}

/// A table: borderless and aligned (without the leading space the preset pads every line
/// with), or Markdown; the columns `right` says aligned right. Every table of this crate
/// is drawn here.
pub(crate) fn render<H: ToString>(
    header: &[H],
    lines: &[Vec<String>],
    right: impl Fn(usize) -> bool,
    markdown: bool,
) -> String {
    let mut table = Table::new();
    table.load_preset(if markdown { presets::ASCII_MARKDOWN } else { presets::NOTHING });
    table.set_header(header.iter().map(ToString::to_string));
    table.add_rows(lines.iter().cloned());
    for index in (0..header.len()).filter(|&i| right(i)) {
        if let Some(c) = table.column_mut(index) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    let text = table.to_string();
    let trim = |l: &str| {
        if markdown { l } else { l.strip_prefix(' ').unwrap_or(l) }.trim_end().to_string()
            + "
"
    };
    text.lines().map(trim).collect()
}

/// The notes under a table, after a blank line, each wrapped to `width`.
pub(crate) fn notes_text(notes: &[String], markdown: bool, width: Option<usize>) -> String {
    let end = if markdown { "  \n" } else { "\n" };
    let notes: String = notes.iter().map(|note| wrap(note, width) + end).collect();
    if notes.is_empty() {
        notes
    } else {
        format!("\n{notes}")
    }
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays
/// whole), continued lines indented by four spaces.
fn wrap(text: &str, width: Option<usize>) -> String {
    let Some(width) = width else { return text.to_string() };
    let mut lines: Vec<String> = vec![String::new()];
    for word in text.split(' ') {
        let len = lines.last().map_or(0, |l| l.chars().count());
        if len > 0 && len + 1 + word.chars().count() > width {
            lines.push(format!("    {word}"));
        } else if let Some(line) = lines.last_mut() {
            if len > 0 {
                line.push(' ');
            }
            line.push_str(word);
        }
    }
    lines.join("\n")
}
