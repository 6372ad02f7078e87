//! The three binaries the xtask hands work to, each built when first needed and called with
//! the user's words, which each parses with the same definition (crate `aoc-commands`):
//! * `aoc-days` (crate `crates/aoc-days`: crate `runner` and every year crate) links every
//!   day: `run`, `check`, `time`, `answer`, `example`;
//! * the site client `aoc-site`: `fetch`, `read`, `submit`;
//! * the file watcher `aoc-watch` of `run --watch`.
//!
//! So the xtask itself links no solution and no HTTP stack: it builds in seconds, and its
//! help, usage errors and `scaffold` work while a day does not compile.

use std::ffi::OsString;
use std::io::{BufRead, BufReader, IsTerminal};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{bail, Context, Result};
use aoc_workspace::root::ROOT_VARIABLE;
use aoc_workspace::sources::day_of_name;
use aoc_workspace::{day_features, DayId, Part};
use serde_json::Value;

/// The cargo profile a binary is built with.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Profile {
    /// `dev`: the site client, which waits on the network, not the processor.
    Dev,
    /// `release`: optimised, built in parallel, no LTO: the first answer comes soon.
    Release,
    /// `timing`: one codegen unit and LTO, the fastest code, for `time`.
    Timing,
}

impl Profile {
    /// `time` measures the fastest code; everything else wants its answer soon.
    pub fn for_command(command: &aoc_commands::Command) -> Profile {
        match command {
            aoc_commands::Command::Time(_) => Profile::Timing,
            _ => Profile::Release,
        }
    }

    fn name(self) -> &'static str {
        match self {
            Profile::Dev => "dev",
            Profile::Release => "release",
            Profile::Timing => "timing",
        }
    }
}

/// Builds `aoc-days` in `profile` with `days` (cargo's progress and errors go to the
/// terminal), then runs `aoc-days <words>` from the user's folder and passes its exit code on.
pub fn call(root: &Path, profile: Profile, days: &[DayId], words: &[OsString]) -> Result<ExitCode> {
    let mut aoc_days = aoc_days(root, profile, days)?;
    aoc_days.command.args(words);
    aoc_days.run()
}

/// `aoc-days` of the checkout at `checkout` (this one, or a worktree of a revision), built
/// in `timing` into this command's target folder, so that both share the dependencies'
/// builds, and copied to `to`: the build's own path is shared, and the next build replaces
/// it while `time --against` still runs the binary.
pub fn timing_aoc_days(checkout: &Path, to: &Path) -> Result<()> {
    let turn = crate::checkout::take_build_turn(checkout)?;
    let target = crate::checkout::target_folder(checkout)?;
    let executable = build(checkout, AOC_DAYS, Profile::Timing, None, Some(&target))?;
    let partial = to.with_extension("partial");
    std::fs::copy(&executable, &partial)
        .and_then(|_| std::fs::rename(&partial, to))
        .with_context(|| format!("cannot copy {} to {}", executable.display(), to.display()))?;
    drop(turn);
    Ok(())
}

/// The site client with `words`.
pub fn call_site(root: &Path, words: &[OsString]) -> Result<ExitCode> {
    let mut site = built(root, SITE, Profile::Dev)?;
    site.command.args(words);
    site.run()
}

/// `run --submit`: [`call`], also reading the answers `aoc-days` showed on the user's own
/// input off its output (`aoc_workspace::read_to_submit`), which goes on to the terminal.
pub fn call_for_answers(root: &Path, days: &[DayId], words: &[OsString]) -> Result<(ExitCode, Vec<(Part, String)>)> {
    let mut aoc_days = aoc_days(root, Profile::Release, days)?;
    aoc_days.command.args(words).stdout(Stdio::piped());
    let mut child = aoc_days.spawn().context("cannot start aoc-days")?;
    let mut shown = Vec::new();
    if let Some(out) = child.stdout.take() {
        for line in BufReader::new(out).lines() {
            let line = line.context("cannot read aoc-days' output")?;
            println!("{line}");
            if let Some((_, part, answer)) = aoc_workspace::read_to_submit(&line) {
                shown.push((part, answer.to_string()));
            }
        }
    }
    Ok((exit_code(child.wait().context("aoc-days did not finish")?), shown))
}

/// The file watcher of `run --watch` (binary `aoc-watch`), watching the workspace and
/// `input`, its standard output piped: `ready`, then a line per burst of saves. Keep its
/// standard input: the watcher ends when that closes.
pub fn watcher(root: &Path, input: Option<&Path>) -> Result<std::process::Child> {
    let mut watcher = built(root, WATCHER, Profile::Dev)?;
    watcher.command.args(input.into_iter().flat_map(|file| [Path::new("--input"), file]));
    // Its standard input stays open while the xtask lives: the watcher ends with it.
    watcher.command.stdin(Stdio::piped()).stdout(Stdio::piped());
    watcher.spawn().context("cannot start the file watcher")
}

/// The answer of `part` of `id` on the user's input, from `aoc-days answer` (release build).
/// Its errors (no input, no solution) go to the terminal. `solution`: the named solution to
/// ask (`--solution`), else the part's default.
pub fn answer(root: &Path, id: DayId, part: Part, solution: Option<&str>) -> Result<String> {
    let mut aoc_days = aoc_days(root, Profile::Release, &[id])?;
    aoc_days.command.args(["answer", &id.to_string(), &part.to_string()]);
    if let Some(name) = solution {
        aoc_days.command.args(["--solution", name]);
    }
    aoc_days.command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::inherit());
    let output =
        aoc_days.spawn().context("cannot start aoc-days")?.wait_with_output().context("aoc-days did not finish")?;
    if !output.status.success() {
        bail!("{id} part {part} has no answer to submit (see above)");
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// A binary of the workspace, by its package (each package's binary has its name), and the
/// features it is built with.
#[derive(Clone, Copy)]
struct Binary {
    package: &'static str,
    features: &'static str,
}

const AOC_DAYS: Binary = Binary { package: "aoc-days", features: "" };
/// The site client talks HTTPS to the real site (its tests need no TLS: see its manifest).
const SITE: Binary = Binary { package: "aoc-site", features: "tls" };
/// `run --watch`'s file events (crate `notify`), kept out of the xtask.
const WATCHER: Binary = Binary { package: "aoc-watch", features: "" };

/// `aoc-days`, built to solve `days`: with those days alone (and the days their code
/// needs) where each has its own feature, so that an edit of a day recompiles that day,
/// not its whole year (`aoc_workspace::day_features`); with every day for `time`, which
/// measures the build every day shares, and when `days` is empty (a year, `all`).
///
/// The narrow build is only a guess at what the days need: when it fails, the whole build
/// decides, and its errors, never the narrow one's, are the ones shown.
fn aoc_days(root: &Path, profile: Profile, days: &[DayId]) -> Result<Built> {
    let narrow = if profile == Profile::Timing { None } else { day_features::cargo_features(root, days) };
    let turn = crate::checkout::take_build_turn(root)?;
    let executable = match narrow.map(|only| build(root, AOC_DAYS, profile, Some(&only), None)) {
        Some(Ok(executable)) => executable,
        narrow => {
            let executable = build(root, AOC_DAYS, profile, None, None)?;
            if narrow.is_some() {
                let names: Vec<String> = days.iter().map(ToString::to_string).collect();
                eprintln!(
                    "note: {} did not build alone, so every day was built: its code uses another day in a way its sources do not show; naming that day in a path (`crate::day<N>::...`) keeps the next build narrow",
                    names.join(", ")
                );
            }
            executable
        }
    };
    Ok(Built::new(root, executable, turn))
}

/// A binary just built, ready to be given its words, and this command's turn to build,
/// held until the binary has started (`checkout::BuildTurn`).
struct Built {
    /// The binary: it runs from the user's folder (for relative `--input` paths) and is
    /// told the workspace root.
    command: Command,
    turn: crate::checkout::BuildTurn,
}

impl Built {
    fn new(root: &Path, executable: PathBuf, turn: crate::checkout::BuildTurn) -> Built {
        let mut command = Command::new(executable);
        command.env(ROOT_VARIABLE, root);
        Built { command, turn }
    }

    /// Starts the binary, then gives the turn to build up: the binary's file may now be
    /// replaced by the next build, the process that runs it is not.
    fn spawn(mut self) -> std::io::Result<std::process::Child> {
        let child = self.command.spawn();
        drop(self.turn);
        child
    }

    /// Runs the binary to its end; its exit code.
    fn run(self) -> Result<ExitCode> {
        let mut child = self.spawn().context("cannot start a workspace binary")?;
        Ok(exit_code(child.wait().context("a workspace binary did not finish")?))
    }
}

/// `binary` built in `profile` with its default features, in this command's turn.
fn built(root: &Path, binary: Binary, profile: Profile) -> Result<Built> {
    let turn = crate::checkout::take_build_turn(root)?;
    Ok(Built::new(root, build(root, binary, profile, None, None)?, turn))
}

/// The binary's exit code, passed on; killed by a signal, or beyond 255: failure.
fn exit_code(status: std::process::ExitStatus) -> ExitCode {
    status.code().map_or(ExitCode::FAILURE, |code| ExitCode::from(u8::try_from(code).unwrap_or(1)))
}

/// `cargo build --profile <profile> -p <package> --bin <package>`, returning the binary's
/// path as cargo reports it (so any target folder setting is respected). Cargo's progress
/// goes to the terminal as it comes; its diagnostics arrive as JSON, are shown as cargo
/// would show them, and name what failed to compile. `only`: these features alone
/// (`--no-default-features`), a narrow build whose failure is not shown (its errors may be
/// its own artefacts) and whose warnings are shown once it succeeded. `target`: the target
/// folder, when not the checkout's own.
fn build(
    root: &Path,
    binary: Binary,
    profile: Profile,
    only: Option<&[String]>,
    target: Option<&Path>,
) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let format = if std::io::stderr().is_terminal() { "json-diagnostic-rendered-ansi" } else { "json" };
    let mut build = Command::new(cargo);
    if let Some(target) = target {
        build.env("CARGO_TARGET_DIR", target);
    }
    build.current_dir(root).args(["build", "--profile", profile.name(), "--package", binary.package]);
    build.args(["--bin", binary.package]);
    let mut features = vec![binary.features];
    if let Some(only) = only {
        build.arg("--no-default-features");
        features.extend(only.iter().map(String::as_str));
    }
    features.retain(|f| !f.is_empty());
    let mut child = build
        .args(["--features", &features.join(",")])
        .arg(format!("--message-format={format}"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(if only.is_none() { Stdio::inherit() } else { Stdio::piped() })
        .spawn()
        .context("cannot run cargo to build the days")?;
    // Cargo's progress still shows; its closing "could not compile" waits for the verdict.
    let progress = child.stderr.take().map(|stderr| {
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines().map_while(Result::ok) {
                if !line.trim_start().starts_with("error") && !line.contains("build failed") {
                    eprintln!("{line}");
                }
            }
        })
    });
    let mut messages = Vec::new();
    let mut held = String::new();
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines() {
            let Ok(message) = serde_json::from_str::<Value>(&line.context("cannot read cargo's messages")?) else {
                continue;
            };
            // A compiler diagnostic, as rustc renders it.
            if let Some(rendered) =
                message["message"]["rendered"].as_str().filter(|_| message["reason"] == "compiler-message")
            {
                match only {
                    None => eprint!("{rendered}"),
                    Some(_) => held.push_str(rendered),
                }
            }
            messages.push(message);
        }
    }
    let status = child.wait().context("cargo did not finish")?;
    if let Some(progress) = progress {
        let _ = progress.join();
    }
    if status.success() {
        eprint!("{held}");
    } else {
        let failed = failed_crates(&messages);
        let which = if failed.is_empty() { binary.package.to_string() } else { failed.join(", ") };
        bail!("{which} does not build (cargo's errors are above); `scaffold`, every `--help` and `fetch`, `read`, `submit --answer` still work");
    }
    executable(&messages, binary.package)
        .with_context(|| format!("cargo built {} but did not say where its binary is", binary.package))
}

/// The path of the binary `name` from cargo's JSON messages.
fn executable(messages: &[Value], name: &str) -> Option<PathBuf> {
    messages
        .iter()
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == name)
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
}

/// What failed to compile, each once, from cargo's JSON messages: the day (`2016-12`) where
/// an error points into a day's folder, else the crate.
fn failed_crates(messages: &[Value]) -> Vec<String> {
    let mut failed: Vec<String> = Vec::new();
    let errors = messages.iter().filter(|m| m["reason"] == "compiler-message" && m["message"]["level"] == "error");
    for message in errors {
        let spans = message["message"]["spans"].as_array().cloned().unwrap_or_default();
        let day = spans.iter().find_map(|span| day_of_file(span["file_name"].as_str()?));
        let name = day.map(|d| d.to_string()).or_else(|| message["target"]["name"].as_str().map(str::to_string));
        if let Some(name) = name {
            if !failed.contains(&name) {
                failed.push(name);
            }
        }
    }
    failed
}

/// The day a source file belongs to: `…/aoc2016/src/day12/solve.rs` or `…/src/day12.rs`.
fn day_of_file(path: &str) -> Option<aoc_workspace::DayId> {
    let parts: Vec<&str> = path.split(['/', '\\']).collect();
    parts.windows(3).find_map(|w| {
        let year = w[0].strip_prefix("aoc")?.parse::<u16>().ok()?;
        let day = day_of_name(w[2].trim_end_matches(".rs"))?;
        (w[1] == "src").then(|| format!("{year}-{day}").parse().ok())?
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Cargo's JSON messages, one a line, as `build` reads them.
    fn read(messages: &str) -> Vec<Value> {
        messages.lines().filter_map(|line| serde_json::from_str(line).ok()).collect()
    }

    #[test]
    fn the_binary_is_found_in_cargos_messages() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"aoc2016"},"executable":null}
{"reason":"compiler-artifact","target":{"name":"aoc-days"},"executable":"/w/target/release/aoc-days"}
{"reason":"build-finished","success":true}"#;
        assert_eq!(executable(&read(messages), "aoc-days"), Some(PathBuf::from("/w/target/release/aoc-days")));
        assert_eq!(executable(&read(messages), "aoc-site"), None);
        assert_eq!(executable(&read("not json\n{\"reason\":\"build-finished\"}"), "aoc-days"), None);
    }

    #[test]
    fn the_crates_that_failed_are_named() {
        let messages = r#"{"reason":"compiler-message","target":{"name":"aoc2016"},"message":{"level":"warning"}}
{"reason":"compiler-message","target":{"name":"aoc2016"},"message":{"level":"error","spans":[{"file_name":"crates/aoc2016/src/day12/solve.rs"}]}}
{"reason":"compiler-message","target":{"name":"aoc2016"},"message":{"level":"error","spans":[{"file_name":"/w/crates/aoc2016/src/day12/mod.rs"}]}}
{"reason":"compiler-message","target":{"name":"aoc2015"},"message":{"level":"error","spans":[{"file_name":"crates/aoc2015/src/day3.rs"}]}}
{"reason":"compiler-message","target":{"name":"aoc2015"},"message":{"level":"error","spans":[]}}"#;
        assert_eq!(failed_crates(&read(messages)), ["2016-12", "2015-3", "aoc2015"]);
    }

    /// The tooling in `aoc-days`: the only crates `release` may leave less than optimised.
    const TOOLING: [&str; 9] = [
        "clap_builder",
        "aoc-commands",
        "aoc-timings",
        "comfy-table",
        "indicatif",
        "console",
        "toml_edit",
        "runner",
        "xtask",
    ];

    /// The root manifest's `[profile.release]`, and `check` called with each package's
    /// name and settings there.
    fn release_profile(check: impl Fn(&str, &toml_edit::Item)) -> toml_edit::Item {
        let root = aoc_workspace::root::workspace_root().unwrap();
        let manifest: toml_edit::DocumentMut =
            std::fs::read_to_string(root.join("Cargo.toml")).unwrap().parse().unwrap();
        let release = manifest["profile"]["release"].clone();
        let packages = release.get("package").and_then(|p| p.as_table_like());
        for (name, settings) in packages.into_iter().flat_map(|t| t.iter()) {
            check(name, settings);
        }
        release
    }

    /// The proc macros and what only they link: run by the compiler, never by a day.
    const PROC_MACROS: [&str; 8] = [
        "syn@1",
        "syn@3",
        "serde_derive",
        "clap_derive",
        "heck",
        "thiserror-impl",
        "aoc-runner-derive",
        "aoc-runner-internal",
    ];

    #[test]
    fn every_crate_a_user_adds_is_optimised() {
        let release = release_profile(|name, settings| {
            let level = settings.get("opt-level").and_then(|l| l.as_integer()).unwrap_or(3);
            let allowed = TOOLING.contains(&name) || PROC_MACROS.contains(&name);
            assert!(level == 3 || allowed, "release lowers `{name}` to opt-level {level}");
        });
        assert_eq!(release["opt-level"].as_integer(), Some(3));
        // What build scripts link is optimised too: it is often what the days link.
        assert_eq!(release["build-override"]["opt-level"].as_integer(), Some(3));
    }

    /// The crates `release` builds whole, not incrementally: the workspace's own tools and
    /// libraries, which no edit of a day recompiles.
    const BUILT_WHOLE: [&str; 9] = [
        "aoc-commands",
        "aoc-day",
        "aoc-timings",
        "runner",
        "xtask",
        "aoc2016-day11-model",
        "aoc-workspace",
        "search-core",
        "aoc-build",
    ];

    #[test]
    fn the_days_and_every_crate_a_user_adds_build_incrementally() {
        let release = release_profile(|name, settings| {
            let incremental = settings.get("incremental").and_then(|l| l.as_bool()).unwrap_or(true);
            assert!(incremental || BUILT_WHOLE.contains(&name), "release builds `{name}` whole");
        });
        assert_eq!(release["incremental"].as_bool(), Some(true));
    }

    #[test]
    fn timing_gets_the_fastest_code() {
        let parse =
            |line: &str| aoc_commands::try_parse(["cargo xtask"].into_iter().chain(line.split(' '))).unwrap().command;
        assert_eq!(Profile::for_command(&parse("time")), Profile::Timing);
        assert_eq!(Profile::for_command(&parse("run 2016-11")), Profile::Release);
    }
}
