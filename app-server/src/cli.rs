//! The subcommands: `app-server [serve|migrate|seed-demo [FILE]|openapi|rules DIR|seed-bench|bench-floor FILE]`.
//! A usage error prints the usage and exits with 2; `--help` describes each.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

/// The phone shop's server: serves the shop, and prepares what it needs.
#[derive(Debug, Parser)]
#[command(name = "app-server", version)]
pub struct Cli {
    /// What to do; `serve` when none is given.
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Migrate the database, then serve the shop (the default).
    Serve,
    /// Apply pending database migrations.
    Migrate,
    /// Migrate, then fill an empty shop with the demo catalogue, or with FILE's.
    SeedDemo {
        /// A shop file in the demo's format (`app-server/demo/shop.json`).
        file: Option<PathBuf>,
    },
    /// Print the OpenAPI document of the API.
    Openapi,
    /// Write the frontend's generated rules modules (`*.gen.ts`) into DIR.
    Rules {
        /// Where the modules go: `frontend/src/api/rules`.
        dir: PathBuf,
    },
    /// Migrate, then fill an empty shop with the benchmark's 10,000 products in 200 categories.
    SeedBench,
    /// Serve FILE's bytes at `/floor`: the framework's floor the benchmark compares against.
    BenchFloor {
        /// The answer to serve, e.g. a saved `/api/products/featured`.
        file: PathBuf,
    },
}

impl Cli {
    /// The subcommand to run.
    #[must_use]
    pub fn to_run(&self) -> Command {
        self.command.clone().unwrap_or(Command::Serve)
    }
}

impl Command {
    /// Its name on the command line.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Self::Serve => "serve",
            Self::Migrate => "migrate",
            Self::SeedDemo { .. } => "seed-demo",
            Self::Openapi => "openapi",
            Self::Rules { .. } => "rules",
            Self::SeedBench => "seed-bench",
            Self::BenchFloor { .. } => "bench-floor",
        }
    }
}

#[cfg(test)]
mod tests {
    use clap::error::ErrorKind;

    use super::*;

    fn parse(args: &[&str]) -> Result<Command, clap::Error> {
        Cli::try_parse_from(std::iter::once("app-server").chain(args.iter().copied())).map(|cli| cli.to_run())
    }

    #[test]
    fn every_subcommand_keeps_its_name_and_arguments_and_none_is_serve() {
        assert_eq!(parse(&[]).unwrap(), Command::Serve);
        assert_eq!(parse(&["serve"]).unwrap(), Command::Serve);
        assert_eq!(parse(&["migrate"]).unwrap(), Command::Migrate);
        assert_eq!(parse(&["seed-demo"]).unwrap(), Command::SeedDemo { file: None });
        assert_eq!(parse(&["seed-demo", "shop.json"]).unwrap(), Command::SeedDemo { file: Some("shop.json".into()) });
        assert_eq!(parse(&["openapi"]).unwrap(), Command::Openapi);
        assert_eq!(
            parse(&["rules", "frontend/src/api/rules"]).unwrap(),
            Command::Rules { dir: "frontend/src/api/rules".into() }
        );
        assert_eq!(parse(&["seed-bench"]).unwrap(), Command::SeedBench);
        assert_eq!(parse(&["bench-floor", "f.json"]).unwrap(), Command::BenchFloor { file: "f.json".into() });
        for (args, name) in [(&["seed-demo", "x"][..], "seed-demo"), (&["bench-floor", "x"], "bench-floor")] {
            assert_eq!(parse(args).unwrap().name(), name);
        }
    }

    #[test]
    fn a_usage_error_exits_with_2_and_names_the_problem() {
        for (args, kind) in [
            (&["nonsense"][..], ErrorKind::InvalidSubcommand),
            (&["rules"], ErrorKind::MissingRequiredArgument),
            (&["bench-floor"], ErrorKind::MissingRequiredArgument),
            (&["serve", "extra"], ErrorKind::UnknownArgument),
        ] {
            let err = parse(args).unwrap_err();

            assert_eq!((err.kind(), err.exit_code()), (kind, 2), "{args:?}");
            assert!(err.to_string().contains("Usage: app-server"), "{err}");
        }
    }

    #[test]
    fn help_lists_every_subcommand_and_exits_with_0() {
        let help = parse(&["--help"]).unwrap_err();
        let text = help.to_string();

        assert_eq!((help.kind(), help.exit_code()), (ErrorKind::DisplayHelp, 0));
        for name in ["serve", "migrate", "seed-demo", "openapi", "rules", "seed-bench", "bench-floor"] {
            assert!(text.contains(&format!("  {name}")), "{name} in {text}");
        }
        assert!(text.contains("serve        Migrate the database, then serve the shop (the default)"), "{text}");
        <Cli as clap::CommandFactory>::command().debug_assert();
    }
}
