//! `app-server [serve|migrate|seed-demo|openapi|rules]`: see the README.

use std::process::ExitCode;

use app_server::Config;
use application::seed_demo::SeedOutcome;

const USAGE: &str = "usage: app-server [serve|migrate|seed-demo [FILE]|openapi|rules DIR|seed-bench|bench-floor FILE]";

#[actix_web::main]
async fn main() -> ExitCode {
    let large_blocks_returned = app_server::return_large_blocks_to_the_system();
    let command = std::env::args().nth(1).unwrap_or_else(|| "serve".to_owned());
    if command == "openapi" {
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
    if command == "rules" {
        return write_rules();
    }
    if !matches!(command.as_str(), "serve" | "migrate" | "seed-demo" | "seed-bench" | "bench-floor") {
        eprintln!("{USAGE}");
        return ExitCode::from(2);
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
            eprintln!("app-server {command} failed: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// `app-server rules DIR`: writes the frontend's generated rules modules into DIR.
fn write_rules() -> ExitCode {
    let Some(dir) = std::env::args().nth(2) else {
        eprintln!("usage: app-server rules DIR");
        return ExitCode::from(2);
    };
    for (file, content) in app_server::rules::rules_modules() {
        if let Err(err) = std::fs::write(std::path::Path::new(&dir).join(file), content) {
            eprintln!("app-server rules: cannot write {file} in {dir}: {err}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}

async fn run(command: &str, config: &Config) -> anyhow::Result<()> {
    match command {
        "migrate" => {
            let applied = app_server::migrate(config).await?;
            tracing::info!(count = applied.len(), "migrations applied");
        }
        "bench-floor" => {
            let file = std::env::args().nth(2).ok_or_else(|| anyhow::anyhow!("{USAGE}"))?;
            let body = std::fs::read(&file)?;
            let listener = adapters_http::bind(config.bind_addr)?;
            adapters_http::serve_floor(listener, body, config.workers)?.await?;
        }
        "seed-demo" | "seed-bench" => match app_server::seed(
            config,
            match (command, std::env::args().nth(2)) {
                ("seed-demo", None) => app_server::Seed::Demo,
                ("seed-demo", Some(file)) => app_server::Seed::File(file.into()),
                _ => app_server::Seed::Bench,
            },
        )
        .await?
        {
            SeedOutcome::Seeded { categories, products } => {
                tracing::info!(categories, products, "demo shop seeded");
            }
            SeedOutcome::AlreadySeeded => tracing::info!("the shop already has a catalogue; nothing seeded"),
        },
        _ => {
            let running = app_server::start(config).await?;
            tracing::info!(addr = %running.addr, public_url = %config.public_url, "serving the shop");
            running.until_stopped().await?;
            tracing::info!("stopped");
        }
    }
    Ok(())
}
