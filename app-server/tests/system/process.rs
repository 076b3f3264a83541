//! `spawn_process`: the built `app-server` binary as a child process, with its own database, directories
//! and log, for what only the real process shows: its log lines and how it holds up under many
//! connections. `ServerProcess::another` starts a second process on the same database, as a second
//! instance behind a load balancer would be.

use std::io::{BufRead, BufReader, Read};
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use adapters_postgres::test_support::TestDb;

use crate::helpers::{ScratchDir, ADMIN_EMAIL, ADMIN_PASSWORD, INDEX_HTML};

pub struct ServerProcess {
    /// e.g. `http://127.0.0.1:41234`.
    pub address: String,
    /// The `host:port` it listens on.
    pub addr: std::net::SocketAddr,
    /// e.g. `http://127.0.0.1:41235`: the METRICS_ADDR listener, when the process was given one.
    pub metrics_address: Option<String>,
    pub client: reqwest::Client,
    child: Child,
    log: Arc<Mutex<String>>,
    /// Shared by every process started with [`ServerProcess::another`]; dropped with the last of them.
    db: Arc<TestDb>,
    /// The variables it was started with beyond the defaults, which `another` starts the next one with.
    extra: Vec<(String, String)>,
    _dirs: [ScratchDir; 3],
}

/// Copies what `source` prints into `log`, until it closes.
fn collect(source: impl Read + Send + 'static, log: Arc<Mutex<String>>) {
    std::thread::spawn(move || {
        for line in BufReader::new(source).lines() {
            let Ok(line) = line else { break };
            let mut log = log.lock().unwrap();
            log.push_str(&line);
            log.push('\n');
        }
    });
}

/// `fields.NAME` of a log line in the JSON format, or `NAME=value` of one in the text format.
pub fn logged_field(line: &str, name: &str) -> Option<String> {
    match serde_json::from_str::<serde_json::Value>(line) {
        Ok(json) => json["fields"][name].as_str().map(str::to_owned),
        Err(_) => line.split(&format!(" {name}=")).nth(1).and_then(|rest| rest.split(' ').next()).map(str::to_owned),
    }
}

/// Starts `app-server serve` on a free loopback port against a new database, with e-mail going to an
/// outbox directory (no SMTP; pass `SMTP_URL`, e.g. an `adapters_mail::test_support::SmtpSink`'s, to send),
/// and `extra` variables; waits until it says where it listens.
pub async fn spawn_process(extra: &[(&str, &str)]) -> ServerProcess {
    let extra: Vec<(String, String)> = extra.iter().map(|&(k, v)| (k.to_owned(), v.to_owned())).collect();
    spawn_on(Arc::new(TestDb::new()), extra).await
}

/// Starts two `app-server serve` processes at the same moment on a database neither has made yet, as a
/// first deployment of several instances (or a rollout of new ones after a migration was added) does.
pub async fn spawn_together(extra: &[(&str, &str)]) -> (ServerProcess, ServerProcess) {
    let extra: Vec<(String, String)> = extra.iter().map(|&(k, v)| (k.to_owned(), v.to_owned())).collect();
    let db = Arc::new(TestDb::not_created());
    tokio::join!(spawn_on(db.clone(), extra.clone()), spawn_on(db, extra))
}

/// Starts `app-server serve` on `db` with `extra` variables (see [`spawn_process`]).
async fn spawn_on(db: Arc<TestDb>, extra: Vec<(String, String)>) -> ServerProcess {
    let (media, spa, outbox) =
        (ScratchDir::new("proc-media"), ScratchDir::new("proc-spa"), ScratchDir::new("proc-outbox"));
    std::fs::write(spa.0.join("index.html"), INDEX_HTML).unwrap();
    let (media_dir, spa_dir) = (media.0.display().to_string(), spa.0.display().to_string());
    let mail_dir = outbox.0.join("mail").display().to_string();
    let mut command = Command::new(env!("CARGO_BIN_EXE_app-server"));
    command
        .arg("serve")
        .env_clear()
        // No `.env` of a developer's is read: the process runs where there is none.
        .current_dir(&outbox.0)
        .envs([
            ("DATABASE_URL", db.url()),
            ("BIND_ADDR", "127.0.0.1:0"),
            ("MEDIA_DIR", media_dir.as_str()),
            ("FRONTEND_DIST", spa_dir.as_str()),
            ("MAIL_OUTBOX_DIR", mail_dir.as_str()),
            ("DB_POOL_SIZE", "4"),
            ("WORKERS", "2"),
            ("ADMIN_EMAIL", ADMIN_EMAIL),
            ("ADMIN_PASSWORD", ADMIN_PASSWORD),
            ("OUTBOX_POLL_MS", "100"),
            ("RUST_LOG", "info"),
            ("NO_COLOR", "1"),
        ])
        .envs(extra.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    let mut child = command.spawn().expect("the app-server binary starts");
    let log = Arc::new(Mutex::new(String::new()));
    collect(child.stdout.take().unwrap(), log.clone());
    collect(child.stderr.take().unwrap(), log.clone());
    let mut process = ServerProcess {
        address: String::new(),
        addr: "127.0.0.1:0".parse().unwrap(),
        metrics_address: None,
        client: reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap(),
        child,
        log,
        db,
        extra,
        _dirs: [media, spa, outbox],
    };
    let line = process.wait_for_log("serving the shop").await.unwrap_or_else(|| {
        panic!("app-server did not start within 60 s; its log:\n{}", process.log());
    });
    let addr = logged_field(&line, "addr").expect("the address is logged");
    process.addr = addr.parse().unwrap();
    process.address = format!("http://{addr}");
    let metrics = process.log().lines().find(|line| line.contains("serving metrics")).map(str::to_owned);
    process.metrics_address = metrics.and_then(|line| logged_field(&line, "addr")).map(|addr| format!("http://{addr}"));
    process
}

impl ServerProcess {
    /// A pool on the process's database, to set up what a test needs.
    pub fn pool(&self) -> adapters_postgres::PgPool {
        self.db.pool()
    }

    /// Starts a second instance: another `app-server serve` on this one's database, with the same variables
    /// (so the same `SMTP_URL` when one was given) and its own port, directories and log.
    pub async fn another(&self) -> ServerProcess {
        spawn_on(self.db.clone(), self.extra.clone()).await
    }

    /// The directory MEDIA_DIR names for the process.
    pub fn media_dir(&self) -> &std::path::Path {
        &self._dirs[0].0
    }

    /// The cookie of a new admin session, signed in through the API.
    pub async fn admin_cookie(&self) -> String {
        crate::helpers::admin_login(&self.client, &self.address).await
    }

    /// Raises the owner's limits on orders to their bounds (see [`crate::helpers::lift_order_limits`]).
    pub async fn lift_order_limits(&self) {
        crate::helpers::lift_order_limits(&self.client, &self.address).await;
    }

    /// Everything the process has printed so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().clone()
    }

    /// Every line printed so far, each parsed as the JSON object it must be (panics naming a line that is
    /// not one).
    pub fn log_json(&self) -> Vec<serde_json::Value> {
        self.log()
            .lines()
            .map(|line| match serde_json::from_str::<serde_json::Value>(line) {
                Ok(json) if json.is_object() => json,
                _ => panic!("a log line that is not a JSON object: {line}"),
            })
            .collect()
    }

    /// Waits up to 60 s for a JSON log line `matches`; answers the first such line.
    pub async fn wait_for_json(&mut self, matches: impl Fn(&serde_json::Value) -> bool) -> Option<serde_json::Value> {
        for _ in 0..600 {
            let found = self
                .log()
                .lines()
                .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
                .find(|line| matches(line));
            if found.is_some() {
                return found;
            }
            if self.child.try_wait().ok().flatten().is_some() {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        None
    }

    /// Waits up to 60 s for a log line containing `needle`; answers the first such line.
    pub async fn wait_for_log(&mut self, needle: &str) -> Option<String> {
        for _ in 0..600 {
            if let Some(line) = self.log().lines().find(|line| line.contains(needle)) {
                return Some(line.to_owned());
            }
            if self.child.try_wait().ok().flatten().is_some() {
                return None;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        None
    }
}

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
