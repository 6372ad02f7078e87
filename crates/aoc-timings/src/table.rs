//! The table `time` prints: for a terminal, fitted to its width (what does not fit is left
//! out, and `--wide` shows it), or as Markdown for the README and the docs (every column).
//! Errors, and answers too long for the width, are numbered notes under the table.

use comfy_table::{presets, CellAlignment, Table};

use crate::compare::{self, Change};
use crate::report::{InputId, Report, Row};
use crate::{units, Memory, Summary};

/// A column a table may have.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Column {
    Day,
    Step,
    Solution,
    Input,
    Answer,
    First,
    Median,
    Min,
    Low,
    Max,
    Spread,
    Wall,
    Samples,
    Peak,
    Allocs,
    Relative,
    Before,
    Change,
    Memory,
}

impl Column {
    fn title(self) -> &'static str {
        match self {
            Column::Day => "day",
            Column::Step => "step",
            Column::Solution => "solution",
            Column::Input => "input",
            Column::Answer => "answer",
            Column::First => "first call",
            Column::Median => "median",
            Column::Min => "min",
            Column::Low => "p10",
            Column::Max => "max",
            Column::Spread => "spread",
            Column::Wall => "wall median",
            Column::Samples => "samples",
            Column::Peak => "peak heap",
            Column::Allocs => "allocs",
            Column::Relative => "relative",
            Column::Before => "min before",
            Column::Change => "change",
            Column::Memory => "memory change",
        }
    }

    /// Text columns are aligned left, figures right.
    fn is_text(self) -> bool {
        matches!(self, Column::Day | Column::Step | Column::Solution | Column::Input | Column::Answer)
    }
}

/// What a table too wide for the terminal leaves out, first first: the columns a reader
/// can do without longest. Day, step, solution, answer, median, min, relative, the
/// baseline's min and the change always stay.
const LEFT_OUT_FIRST: [Column; 10] = [
    Column::Input,
    Column::Wall,
    Column::Low,
    Column::Max,
    Column::Samples,
    Column::Spread,
    Column::Memory,
    Column::First,
    Column::Allocs,
    Column::Peak,
];

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

/// A time in nanoseconds as the tables show it.
pub fn ns(value: f64) -> String {
    units::nanos(value)
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
fn all_columns(report: &Report, baseline: bool, style: Style) -> Vec<Column> {
    use Column::*;
    let alternatives = report.has_alternatives();
    let terminal = !style.markdown;
    let has_wall = report.rows.iter().any(|r| r.timing.is_some_and(|t| t.wall.is_some()));
    let mut columns = vec![Day, Step];
    columns.extend(alternatives.then_some(Solution));
    columns.push(Input);
    columns.extend(style.answers.then_some(Answer));
    columns.extend([First, Median, Min]);
    columns.extend(terminal.then_some(Low));
    columns.extend([Max, Spread]);
    columns.extend((terminal && has_wall).then_some(Wall));
    columns.extend([Samples, Peak, Allocs]);
    columns.extend(alternatives.then_some(Relative));
    if baseline {
        columns.extend([Before, Change, Memory]);
    }
    columns
}

/// A row's cells, one per column of `columns`, and its notes (its error, in full).
fn cells(report: &Report, baseline: Option<&Report>, row: &Row, columns: &[Column]) -> Vec<String> {
    let timing = row.timing.filter(|_| row.error.is_none());
    let compared = baseline.and_then(|base| against(base, report, row));
    columns
        .iter()
        .map(|&column| match (column, timing) {
            (Column::Day, _) => row.day.clone(),
            (Column::Step, _) => row.step.clone(),
            (Column::Solution, _) if row.step.starts_with("part") => {
                row.solution.clone().unwrap_or_else(|| "default".to_string())
            }
            (Column::Input, _) => row.input.as_ref().map_or("-".to_string(), InputId::short),
            (Column::Answer, Some(_)) => row.answer.clone().unwrap_or_default(),
            (Column::First, Some(t)) => ns(t.first),
            (Column::Median, Some(t)) => ns(t.median),
            (Column::Min, Some(t)) => ns(t.min),
            (Column::Low, Some(t)) => t.low.map_or("-".to_string(), ns),
            (Column::Max, Some(t)) => ns(t.max),
            (Column::Spread, Some(t)) => ns(t.spread),
            (Column::Wall, Some(t)) => t.wall.map_or("-".to_string(), |w| ns(w.median)),
            (Column::Samples, Some(t)) if t.batch > 1 => format!("{} x {}", t.runs, t.batch),
            (Column::Samples, Some(t)) => t.runs.to_string(),
            (Column::Peak, Some(_)) => row.memory.map_or("-".to_string(), |m| units::bytes(m.peak_bytes)),
            (Column::Allocs, Some(_)) => row.memory.map_or("-".to_string(), |m| m.allocations.to_string()),
            (Column::Relative, Some(t)) => relative_cell(report, row, &t),
            (Column::Before, _) => compared.as_ref().map_or("-".to_string(), |(old, _, _)| ns(*old)),
            (Column::Change, _) => compared.as_ref().map_or("-".to_string(), |(_, change, _)| change.words()),
            (Column::Memory, _) => compared.as_ref().map_or("-".to_string(), |(_, _, memory)| memory.clone()),
            _ => String::new(),
        })
        .collect()
}

/// A solution's time against its part's default's.
fn relative_cell(report: &Report, row: &Row, timing: &Summary) -> String {
    match report.row(&row.day, &row.step).and_then(|r| r.timing) {
        Some(default) if row.step.starts_with("part") => compare::relative(&default, timing, row.solution.is_none()),
        _ => String::new(),
    }
}

/// A row against the same step of `base`: the baseline's min, the change, the memory change.
fn against(base: &Report, report: &Report, row: &Row) -> Option<(f64, Change, String)> {
    let old = base.row_of(&row.day, &row.step, row.solution.as_deref())?;
    let (old_timing, new_timing) = (old.timing?, row.timing?);
    let judged = compare::incomparable(base, report).is_none();
    let change = compare::change(&old_timing, &new_timing, judged);
    let memory = match (old.memory, row.memory) {
        (Some(old), Some(new)) => memory_change(&old, &new),
        _ => "-".to_string(),
    };
    Some((change.old, change, memory))
}

/// The total line: the defaults' medians and mins added up (what the days cost), and their
/// change, resolved as finely as the coarsest row's.
fn total_cells(report: &Report, baseline: Option<&Report>, columns: &[Column]) -> Vec<String> {
    let defaults =
        |r: &Report| r.rows.iter().filter(|r| r.solution.is_none()).filter_map(|r| r.timing).collect::<Vec<_>>();
    let sum = |timings: &[Summary], figure: fn(&Summary) -> f64| timings.iter().map(figure).sum::<f64>();
    let now = defaults(report);
    let change = baseline.map(|base| {
        let then = defaults(base);
        let resolution = report
            .rows
            .iter()
            .filter_map(|row| against(base, report, row))
            .map(|(_, c, _)| c.resolution)
            .fold(compare::FLOOR, f64::max);
        let old = sum(&then, |t| t.min);
        let judged = compare::incomparable(base, report).is_none();
        (old, Change { old, ratio: sum(&now, |t| t.min) / old, resolution, judged })
    });
    columns
        .iter()
        .map(|&column| match column {
            Column::Day => "total".to_string(),
            Column::Median => ns(sum(&now, |t| t.median)),
            Column::Min => ns(sum(&now, |t| t.min)),
            Column::Before => change.map_or(String::new(), |(old, _)| ns(old)),
            Column::Change => change.map_or(String::new(), |(_, c)| c.words()),
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
            let at = columns.iter().position(|&c| c == Column::Answer || c == Column::First).unwrap_or(0);
            cells[at] = format!("{label} [{}]", notes.len());
        }
        lines.push(cells);
    }
    lines.push(total_cells(report, baseline, &columns));
    if style.markdown {
        return render(&columns, &lines, true) + &notes_text(&notes, true, None);
    }
    // A column with nothing in it (the answers of a saved baseline) takes room for nothing.
    let empty: Vec<usize> = (0..columns.len()).filter(|&i| lines.iter().all(|l| l[i].is_empty())).collect();
    let columns: Vec<Column> =
        columns.iter().enumerate().filter(|(i, _)| !empty.contains(i)).map(|(_, &c)| c).collect();
    for line in &mut lines {
        *line = line.iter().enumerate().filter(|(i, _)| !empty.contains(i)).map(|(_, c)| c.clone()).collect();
    }
    let (shown, left_out, text) = fit(&columns, &mut lines, report, &mut notes, style.width);
    let mut below = notes;
    if let Some(input) = left_out.contains(&Column::Input).then(|| one_input(report)).flatten() {
        below.push(format!("input: {input}"));
    }
    let hidden: Vec<&str> =
        left_out.iter().filter(|&&c| c != Column::Input || one_input(report).is_none()).map(|c| c.title()).collect();
    if !hidden.is_empty() {
        below.push(format!("left out to fit: {} (`--wide` shows every column)", hidden.join(", ")));
    }
    match baseline.and_then(|base| compare::incomparable(base, report)) {
        Some(why) => below.push(format!(
            "no verdict: {why}; runs of two sessions cannot be compared: time both in one with `cargo xtask time DAYS --against REV`"
        )),
        None if shown.contains(&Column::Change) => below.push(format!(
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

/// Moves long answers under the table, then leaves columns out (in [`LEFT_OUT_FIRST`]
/// order, the median last), then moves every answer but the shortest, until the table fits
/// `width`: one long answer should not cost every row a column. The columns shown, those left out, and the text.
fn fit(
    columns: &[Column],
    lines: &mut [Vec<String>],
    report: &Report,
    notes: &mut Vec<String>,
    width: Option<usize>,
) -> (Vec<Column>, Vec<Column>, String) {
    let fits = |text: &str| width.is_none_or(|w| text.lines().all(|l| l.chars().count() <= w));
    let mut shown: Vec<usize> = (0..columns.len()).collect();
    let mut left_out = Vec::new();
    let draw = |shown: &[usize], lines: &[Vec<String>]| {
        let cols: Vec<Column> = shown.iter().map(|&i| columns[i]).collect();
        let rows: Vec<Vec<String>> = lines.iter().map(|l| shown.iter().map(|&i| l[i].clone()).collect()).collect();
        render(&cols, &rows, false)
    };
    let mut text = draw(&shown, lines);
    if !fits(&text) {
        move_long_answers(lines, report, notes, columns, SHORT_ANSWER);
        text = draw(&shown, lines);
    }
    for column in LEFT_OUT_FIRST {
        if fits(&text) {
            break;
        }
        if let Some(at) = columns.iter().position(|&c| c == column) {
            shown.retain(|&i| i != at);
            left_out.push(column);
            text = draw(&shown, lines);
        }
    }
    // Leaving out one wide column may have made room for a narrower one left out before it.
    for column in left_out.clone().into_iter().rev().skip(1) {
        let Some(at) = columns.iter().position(|&c| c == column) else { continue };
        let mut more = shown.clone();
        more.push(at);
        more.sort_unstable();
        let wider = draw(&more, lines);
        if fits(&wider) {
            (shown, text) = (more, wider);
            left_out.retain(|&c| c != column);
        }
    }
    // Last of all, the median: the min is what changes are judged on.
    if let Some(at) = columns.iter().position(|&c| c == Column::Median).filter(|_| !fits(&text)) {
        shown.retain(|&i| i != at);
        left_out.push(Column::Median);
        text = draw(&shown, lines);
    }
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
    columns: &[Column],
    limit: usize,
) {
    let Some(at) = columns.iter().position(|&c| c == Column::Answer) else { return };
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

/// The table itself: borderless and aligned, or Markdown.
fn render(columns: &[Column], lines: &[Vec<String>], markdown: bool) -> String {
    let mut table = Table::new();
    table.load_preset(if markdown { presets::ASCII_MARKDOWN } else { presets::NOTHING });
    table.set_header(columns.iter().map(|c| c.title()));
    for cells in lines {
        table.add_row(cells.clone());
    }
    for (index, column) in columns.iter().enumerate() {
        if let (false, Some(c)) = (column.is_text(), table.column_mut(index)) {
            c.set_cell_alignment(CellAlignment::Right);
        }
    }
    if markdown {
        return table.to_string().lines().map(|l| l.trim_end().to_string() + "\n").collect();
    }
    plain(&table)
}

/// A borderless table's text, without the leading space the preset pads every line with.
pub(crate) fn plain(table: &Table) -> String {
    table.to_string().lines().map(|l| l.strip_prefix(' ').unwrap_or(l).trim_end().to_string() + "\n").collect()
}

/// The notes under a table, after a blank line, each wrapped to `width`.
fn notes_text(notes: &[String], markdown: bool, width: Option<usize>) -> String {
    if notes.is_empty() {
        return String::new();
    }
    let mut out = String::from("\n");
    for note in notes {
        out += &wrap(note, width);
        out += if markdown { "  \n" } else { "\n" };
    }
    out
}

/// `text` broken at spaces into lines of at most `width` characters (a longer word stays
/// whole), continued lines indented by four spaces.
pub(crate) fn wrap(text: &str, width: Option<usize>) -> String {
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
