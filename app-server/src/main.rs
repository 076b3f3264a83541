//! `app-server [serve|migrate|seed-demo [FILE]|openapi|rules DIR|seed-bench|bench-floor FILE]`: see `--help`
//! (`app_server::cli`) and the README.

use std::process::ExitCode;

use app_server::cli::{Cli, Command};
use app_server::Config;
use application::seed_demo::SeedOutcome;
use clap::Parser as _;

#[actix_web::main]
async fn main() -> ExitCode {
    let large_blocks_returned = app_server::return_large_blocks_to_the_system();
    // A usage error prints the usage and exits with 2; `--help` prints the help and exits with 0.
    let command = Cli::parse().to_run();
    match &command {
        Command::Openapi => {
            return match adapters_http::openapi_yaml() {
                Ok(yaml) => {
                    print!("{yaml}");
                    ExitCode::SUCCESS
                }
                Err(err) => {
                    eprintln!("app-server openapi failed: {err}");
                    ExitCode::FAILURE
                }
            };
        }
        Command::Rules { dir } => return write_rules(dir),
        _ => {}
    }
    // LOG_FORMAT is read before the rest of the configuration, so the lines about it are in its format.
    let _ = dotenvy::dotenv();
    match app_server::logging::LogFormat::parse(std::env::var("LOG_FORMAT").ok().as_deref()) {
        Ok(format) => app_server::logging::init(format),
        Err(err) => {
            eprintln!("configuration error: {err}");
            return ExitCode::from(2);
        }
    }
    if !large_blocks_returned {
        tracing::warn!("the allocator keeps freed password-hash memory: resident memory may grow under load");
    }
    let config = match Config::from_env() {
        Ok(config) => config,
        Err(err) => {
            eprintln!("configuration error: {err}");
            return ExitCode::from(2);
        }
    };
    match run(&command, &config).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("app-server {} failed: {err:#}", command.name());
            ExitCode::FAILURE
        }
    }
}

/// `app-server rules DIR`: writes the frontend's generated rules modules into DIR.
fn write_rules(dir: &std::path::Path) -> ExitCode {
    for (file, content) in app_server::rules::rules_modules() {
        let path = dir.join(&file);
        let folder = path.parent().map(std::fs::create_dir_all).transpose();
        if let Err(err) = folder.and_then(|_| std::fs::write(&path, content)) {
            eprintln!("app-server rules: cannot write {file} in {}: {err}", dir.display());
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

async fn run(command: &Command, config: &Config) -> anyhow::Result<()> {
    match command {
        Command::Migrate => {
            let applied = app_server::migrate(config).await?;
            tracing::info!(count = applied.len(), "migrations applied");
        }
        Command::BenchFloor { file } => {
            let body = std::fs::read(file)?;
            let listener = adapters_http::bind(config.bind_addr)?;
            adapters_http::serve_floor(listener, body, config.workers)?.await?;
        }
        Command::SeedDemo { file } => {
            let which = file.clone().map_or(app_server::Seed::Demo, app_server::Seed::File);
            seeded(app_server::seed(config, which).await?);
        }
        Command::SeedBench => seeded(app_server::seed(config, app_server::Seed::Bench).await?),
        Command::Serve => {
            let running = app_server::start(config).await?;
            tracing::info!(addr = %running.addr, public_url = %config.public_url, "serving the shop");
            running.until_stopped().await?;
            tracing::info!("stopped");
        }
        // Done in `main`, before the configuration is read.
        Command::Openapi | Command::Rules { .. } => {}
    }
    Ok(())
}

fn seeded(outcome: SeedOutcome) {
    match outcome {
        SeedOutcome::Seeded { categories, products } => tracing::info!(categories, products, "demo shop seeded"),
        SeedOutcome::AlreadySeeded => tracing::info!("the shop already has a catalogue; nothing seeded"),
    }
}
