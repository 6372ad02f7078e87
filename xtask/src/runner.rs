//! `run`, `time` and `example` are the runner's: build the binary that links every day
//! (crate `runner`, binary `aoc`) and call it with the user's arguments, so that the xtask
//! itself links no solution and keeps working while a day does not compile.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};

use anyhow::{bail, Context, Result};

/// The cargo profile the runner is built with for each of its commands: `time` measures
/// the fastest code (the `timing` profile: one codegen unit, LTO), everything else wants
/// its first answer soon (`release`: optimised, built in parallel, no LTO).
pub fn profile_for(command: &str) -> &'static str {
    if command == "time" {
        "timing"
    } else {
        "release"
    }
}

/// Builds the runner in `profile` (cargo's progress and errors go to the terminal), then
/// runs `aoc <command> <args>` from the user's folder and passes its exit code on.
pub fn call(root: &Path, profile: &str, command: &str, args: &[OsString]) -> Result<ExitCode> {
    let executable = build(root, profile)?;
    let status = Command::new(&executable)
        .arg(command)
        .args(args)
        .status()
        .with_context(|| format!("cannot start {}", executable.display()))?;
    Ok(match status.code() {
        Some(0) => ExitCode::SUCCESS,
        Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
        None => ExitCode::FAILURE,
    })
}

/// The answer of `part` of `id` on the user's input, from `aoc answer` (release build).
/// The runner's errors (no input, no solution) go to the terminal.
pub fn answer(root: &Path, id: aoc_workspace::DayId, part: u8) -> Result<String> {
    let executable = build(root, profile_for("answer"))?;
    let output = Command::new(&executable)
        .args(["answer", &id.to_string(), &part.to_string()])
        .stderr(Stdio::inherit())
        .output()
        .with_context(|| format!("cannot start {}", executable.display()))?;
    if !output.status.success() {
        bail!("{id} part {part} has no answer to submit (see above)");
    }
    Ok(String::from_utf8_lossy(&output.stdout).trim().to_string())
}

/// `cargo build --profile <profile> -p runner --bin aoc`, returning the binary's path as
/// cargo reports it (so any target folder setting is respected).
fn build(root: &Path, profile: &str) -> Result<PathBuf> {
    let cargo = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let output = Command::new(cargo)
        .current_dir(root)
        .args(["build", "--profile", profile, "--package", "runner", "--bin", "aoc"])
        .arg("--message-format=json-render-diagnostics")
        .stdin(Stdio::null())
        .stderr(Stdio::inherit())
        .output()
        .context("cannot run cargo to build the days")?;
    if !output.status.success() {
        bail!("the days do not build (cargo's errors are above); `cargo xtask fetch` and `cargo xtask scaffold` still work");
    }
    let messages = String::from_utf8_lossy(&output.stdout);
    executable(&messages).context("cargo built the runner but did not say where its binary is")
}

/// The `aoc` binary's path from cargo's JSON messages.
fn executable(messages: &str) -> Option<PathBuf> {
    messages
        .lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|m| m["reason"] == "compiler-artifact" && m["target"]["name"] == "aoc")
        .find_map(|m| m["executable"].as_str().map(PathBuf::from))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binary_is_found_in_cargos_messages() {
        let messages = r#"{"reason":"compiler-artifact","target":{"name":"aoc2016"},"executable":null}
{"reason":"compiler-artifact","target":{"name":"aoc"},"executable":"/w/target/release/aoc"}
{"reason":"build-finished","success":true}"#;
        assert_eq!(executable(messages), Some(PathBuf::from("/w/target/release/aoc")));
        assert_eq!(executable("not json\n{\"reason\":\"build-finished\"}"), None);
    }

    #[test]
    fn timing_gets_the_fastest_code() {
        assert_eq!(profile_for("time"), "timing");
        assert_eq!(profile_for("run"), "release");
    }
}
