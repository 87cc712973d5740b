//! docs/cli.md is the CLI's own `--help`, every command and subcommand of it, found by
//! following each help's "Commands:" list. When a flag or its text changes, this fails until
//! the reference is written again:
//!
//! ```sh
//! RANGEFIND_WRITE_CLI_REFERENCE=1 cargo test --release -p rangefind-builder --test integration cli_reference
//! ```

use crate::common::repo;

/// `rangefind COMMAND… --help`, as a reader sees it in a pipe (clap wraps at 100 columns
/// there), with no `RANGEFIND_*` variable of this process shown as a flag's current value.
fn help(command: &[String]) -> String {
    let mut run = std::process::Command::new(env!("CARGO_BIN_EXE_rangefind"));
    run.args(command).arg("--help");
    for (name, _) in std::env::vars_os() {
        if name.to_string_lossy().starts_with("RANGEFIND_") {
            run.env_remove(name);
        }
    }
    let output = run.output().expect("run rangefind");
    assert!(
        output.status.success(),
        "rangefind {command:?} --help failed"
    );
    String::from_utf8(output.stdout).expect("help is UTF-8")
}

/// The subcommands a help lists under "Commands:", `help` aside.
fn subcommands(help: &str) -> Vec<String> {
    help.lines()
        .skip_while(|line| line.trim_end() != "Commands:")
        .skip(1)
        .take_while(|line| line.starts_with("  "))
        .filter(|line| !line.starts_with("   ")) // a description's wrapped lines
        .filter_map(|line| line.split_whitespace().next())
        .filter(|name| *name != "help")
        .map(str::to_owned)
        .collect()
}

/// The reference: each command's help under its own heading, depth first.
fn reference() -> String {
    let mut text = String::from(
        "# Command-line reference\n\n\
         Generated from `rangefind --help` and the `--help` of every command (a test compares them:\n\
         `builder/tests/integration/cli_reference_is_the_help.rs`, which also says how to write this\n\
         file again). Every flag can also be set by the environment variable its help names.\n",
    );
    let mut pending = vec![Vec::<String>::new()];
    while let Some(command) = pending.pop() {
        let help = help(&command);
        let title = std::iter::once("rangefind")
            .chain(command.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" ");
        text.push_str(&format!(
            "\n## `{title}`\n\n```text\n{}\n```\n",
            help.trim_end()
        ));
        for sub in subcommands(&help).into_iter().rev() {
            let mut next = command.clone();
            next.push(sub);
            pending.push(next);
        }
    }
    text
}

#[test]
fn the_cli_reference_is_the_help() {
    let path = repo().join("docs/cli.md");
    let generated = reference();
    if std::env::var_os("RANGEFIND_WRITE_CLI_REFERENCE").is_some() {
        std::fs::write(&path, &generated).expect("write docs/cli.md");
        return;
    }
    let written = std::fs::read_to_string(&path).unwrap_or_default();
    if written != generated {
        let first = written
            .lines()
            .zip(generated.lines())
            .position(|(a, b)| a != b)
            .unwrap_or_else(|| written.lines().count().min(generated.lines().count()));
        panic!(
            "docs/cli.md is not the CLI's --help (first difference at line {}: {:?} against {:?}); \
             write it again with RANGEFIND_WRITE_CLI_REFERENCE=1 cargo test --release -p \
             rangefind-builder --test integration cli_reference",
            first + 1,
            written.lines().nth(first).unwrap_or(""),
            generated.lines().nth(first).unwrap_or(""),
        );
    }
}

#[test]
fn every_command_is_in_the_reference() {
    let top = help(&[]);
    let commands = subcommands(&top);
    for expected in ["build", "search", "inspect", "serve", "publish", "manifest"] {
        assert!(
            commands.iter().any(|c| c == expected),
            "{expected} missing from {commands:?}"
        );
    }
    assert_eq!(subcommands(&help(&["manifest".into()])), ["merge"]);
}
