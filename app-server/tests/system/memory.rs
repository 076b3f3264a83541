//! The server's memory under a flood of password work, measured on the real `app-server` process: its
//! resident set must stay bounded while argon2 calls are asked for in parallel, and the catalogue must keep
//! answering meanwhile.

use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use adapters_postgres::test_support::TestDb;
use serde_json::json;

use crate::helpers::{ScratchDir, ADMIN_EMAIL, ADMIN_PASSWORD, INDEX_HTML};

/// The most the server may hold at any moment of the flood or after it.
const LIMIT_KIB: u64 = 300 * 1024;
/// Far beyond the limit: the server is stopped there, so a failing run cannot take the machine's memory.
const ABORT_KIB: u64 = 2 * 1024 * 1024;

/// The `app-server` binary, serving; killed when dropped.
struct Server {
    child: Child,
    address: String,
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// The resident set of process `pid`, in KiB, while it lives.
fn resident_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

async fn start_server(db: &TestDb, scratch: &ScratchDir) -> Server {
    let spa = scratch.0.join("spa");
    std::fs::create_dir_all(&spa).unwrap();
    std::fs::write(spa.join("index.html"), INDEX_HTML).unwrap();
    let port = free_port();
    let address = format!("http://127.0.0.1:{port}");
    let child = Command::new(env!("CARGO_BIN_EXE_app-server"))
        .arg("serve")
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env("DATABASE_URL", db.url())
        .env("BIND_ADDR", format!("127.0.0.1:{port}"))
        .env("PUBLIC_URL", &address)
        .env("MEDIA_DIR", scratch.0.join("media"))
        .env("MAIL_OUTBOX_DIR", scratch.0.join("outbox"))
        .env("FRONTEND_DIST", &spa)
        .env("WORKERS", "2")
        .env("DB_POOL_SIZE", "4")
        .env("ADMIN_EMAIL", ADMIN_EMAIL)
        .env("ADMIN_PASSWORD", ADMIN_PASSWORD)
        // This test floods from one address on purpose: the per-address limits are not what it measures.
        .env("SIGNUP_MAX_PER_ADDRESS", "100000")
        .env("LOGIN_MAX_FAILURES_PER_ADDRESS", "100000")
        .env("MAX_CONNECTIONS_PER_ADDRESS", "100000")
        .env("RUST_LOG", "error")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the app-server binary starts");
    let mut server = Server { child, address };
    let client = reqwest::Client::new();
    for _ in 0..600 {
        assert!(server.child.try_wait().unwrap().is_none(), "app-server exited while starting");
        if client.get(format!("{}/healthz", server.address)).send().await.is_ok_and(|r| r.status() == 200) {
            return server;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("app-server did not answer /healthz within 60 s");
}

/// Samples the resident set of `pid` until `stop`, keeping the peak; stops the process past [`ABORT_KIB`].
fn sample_peak(pid: u32, stop: Arc<AtomicBool>, peak: Arc<AtomicU64>) -> std::thread::JoinHandle<()> {
    std::thread::spawn(move || {
        while !stop.load(Ordering::Relaxed) {
            let Some(kib) = resident_kib(pid) else { return };
            peak.fetch_max(kib, Ordering::Relaxed);
            if kib > ABORT_KIB {
                let _ = Command::new("kill").arg("-9").arg(pid.to_string()).status();
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
    })
}

/// Sends `count` copies of a request in parallel; answers each one's status (0 when it got no answer).
async fn flood<F>(count: usize, request: F) -> Vec<u16>
where
    F: Fn(usize) -> reqwest::RequestBuilder,
{
    let sends: Vec<_> = (0..count)
        .map(|i| {
            let request = request(i);
            tokio::spawn(async move { request.send().await.map_or(0, |r| r.status().as_u16()) })
        })
        .collect();
    let mut statuses = Vec::new();
    for send in sends {
        statuses.push(send.await.unwrap());
    }
    statuses
}

#[tokio::test]
async fn two_hundred_parallel_password_calls_keep_the_server_under_300_mb_and_the_catalogue_answering() {
    let db = TestDb::new();
    let scratch = ScratchDir::new("shop-memory");
    let server = start_server(&db, &scratch).await;
    let pid = server.child.id();
    let (stop, peak) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let sampler = sample_peak(pid, stop.clone(), peak.clone());
    let client = reqwest::Client::builder().timeout(Duration::from_secs(120)).build().unwrap();
    let url = |path: &str| format!("{}{path}", server.address);
    let catalogue = || client.get(url("/api/categories")).send();

    let confirms = flood(200, |i| {
        client
            .post(url("/api/auth/password-reset/confirm"))
            .json(&json!({"token": format!("{i:0>43}"), "password": "new-pass-123"}))
    });
    let (confirms, read_during_confirms) = tokio::join!(confirms, catalogue());
    let sign_ups = flood(100, |i| {
        client
            .post(url("/api/auth/signup"))
            .json(&json!({"email": format!("shopper{i}@example.pk"), "password": "secret-123"}))
    });
    let logins = flood(100, |i| {
        client
            .post(url("/api/auth/login"))
            .json(&json!({"email": format!("nobody{i}@example.pk"), "password": "guess-123"}))
    });
    let ((sign_ups, logins), read_during_accounts) =
        tokio::join!(async { tokio::join!(sign_ups, logins) }, catalogue());
    let idle = resident_kib(pid);
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let peak_kib = peak.load(Ordering::Relaxed);
    eprintln!(
        "app-server resident set: peak {} MiB, after the flood {:?} MiB",
        peak_kib / 1024,
        idle.map(|k| k / 1024)
    );

    assert!(peak_kib < LIMIT_KIB, "the server's resident set peaked at {} MiB", peak_kib / 1024);
    assert!(idle.is_some_and(|kib| kib < LIMIT_KIB), "after the flood the server holds {idle:?} KiB");
    assert!(confirms.iter().all(|s| *s == 400), "made-up reset tokens are refused: {confirms:?}");
    assert!(sign_ups.iter().all(|s| [201, 503].contains(s)), "sign-ups: {sign_ups:?}");
    assert!(logins.iter().all(|s| [401, 503].contains(s)), "logins: {logins:?}");
    assert_eq!(read_during_confirms.unwrap().status(), 200);
    assert_eq!(read_during_accounts.unwrap().status(), 200);
}

/// The multipart boundary of [`review_flood`]'s forms.
const BOUNDARY: &str = "shop-flood-7Hq2Zr";

/// One chunk of a chunked body.
fn chunk(data: &[u8]) -> Vec<u8> {
    let mut framed = format!("{:x}\r\n", data.len()).into_bytes();
    framed.extend_from_slice(data);
    framed.extend_from_slice(b"\r\n");
    framed
}

/// How one flooding request ended: the answer's status (0 without one) and how much of its body had been
/// handed to the connection when the answer came.
#[derive(Debug)]
struct Flooded {
    status: u16,
    sent_before_answer: usize,
}

/// POST /api/review-tokens/submit without an account: a made-up token, a name and a rating, then eight
/// 6 MiB pictures under `images` and `images[]` (48 MiB in all), chunked, with no Content-Length. The body
/// is written until the server answers.
async fn review_flood(addr: std::net::SocketAddr, token: String) -> Flooded {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};

    let stream = tokio::net::TcpStream::connect(addr).await.expect("the server accepts");
    let (mut reader, mut writer) = stream.into_split();
    let answered = Arc::new(AtomicBool::new(false));
    let sent = Arc::new(AtomicU64::new(0));
    let writing = tokio::spawn({
        let (answered, sent) = (answered.clone(), sent.clone());
        async move {
            let head = format!(
                "POST /api/review-tokens/submit HTTP/1.1\r\nHost: shop.test\r\n\
                 Content-Type: multipart/form-data; boundary={BOUNDARY}\r\nTransfer-Encoding: chunked\r\n\r\n"
            );
            let mut texts = String::new();
            for (name, value) in [("token", token.as_str()), ("reviewerName", "Flood"), ("rating", "5")] {
                texts.push_str(&format!(
                    "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n"
                ));
            }
            for piece in [head.into_bytes(), chunk(texts.as_bytes())] {
                if writer.write_all(&piece).await.is_err() {
                    return;
                }
                sent.fetch_add(piece.len() as u64, Ordering::Relaxed);
            }
            let block = chunk(&[0x5A; 64 * 1024]);
            for picture in 0..8 {
                let field = if picture % 2 == 0 { "images" } else { "images[]" };
                let part = format!(
                    "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"p{picture}.jpg\"\r\n\
                     Content-Type: image/jpeg\r\n\r\n"
                );
                let mut pieces = vec![chunk(part.as_bytes())];
                pieces.extend((0..96).map(|_| block.clone()));
                pieces.push(chunk(b"\r\n"));
                for piece in pieces {
                    if answered.load(Ordering::Relaxed) || writer.write_all(&piece).await.is_err() {
                        return;
                    }
                    sent.fetch_add(piece.len() as u64, Ordering::Relaxed);
                }
            }
            let _ = writer.write_all(&chunk(format!("--{BOUNDARY}--\r\n").as_bytes())).await;
            let _ = writer.write_all(b"0\r\n\r\n").await;
        }
    });
    let mut answer = Vec::new();
    let mut buffer = [0u8; 4096];
    let status = loop {
        match reader.read(&mut buffer).await {
            Ok(0) | Err(_) => break 0,
            Ok(n) => answer.extend_from_slice(&buffer[..n]),
        }
        if answer.windows(4).any(|w| w == b"\r\n\r\n") {
            let line = String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_owned();
            break line.split(' ').nth(1).and_then(|code| code.parse().ok()).unwrap_or(0);
        }
    };
    answered.store(true, Ordering::Relaxed);
    let sent_before_answer = usize::try_from(sent.load(Ordering::Relaxed)).unwrap_or(usize::MAX);
    writing.abort();
    Flooded { status, sent_before_answer }
}

/// The largest resident set of process `pid` so far (the kernel's high-water mark), in KiB.
fn peak_kib(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::test]
async fn forty_unauthenticated_review_uploads_of_48_mib_at_once_are_refused_without_holding_memory() {
    let db = TestDb::new();
    let scratch = ScratchDir::new("shop-upload-flood");
    let server = start_server(&db, &scratch).await;
    let pid = server.child.id();
    let addr: std::net::SocketAddr = server.address.trim_start_matches("http://").parse().unwrap();
    let client = reqwest::Client::new();
    let warm = client.get(format!("{}/api/review-tokens/verify?token=warm", server.address)).send().await;
    assert_eq!(warm.unwrap().status(), 404);
    let idle = resident_kib(pid).expect("the server runs");
    let (stop, peak) = (Arc::new(AtomicBool::new(false)), Arc::new(AtomicU64::new(0)));
    let sampler = sample_peak(pid, stop.clone(), peak.clone());

    let floods: Vec<_> = (0..40).map(|i| tokio::spawn(review_flood(addr, format!("madeUpToken{i:0>32}")))).collect();
    let mut endings = Vec::new();
    for flood in floods {
        endings.push(flood.await.unwrap());
    }
    let high_water = peak_kib(pid);
    let mut settled = None;
    for _ in 0..100 {
        let now = resident_kib(pid);
        if now.is_some_and(|kib| kib < idle + 64 * 1024) {
            settled = now;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    stop.store(true, Ordering::Relaxed);
    sampler.join().unwrap();
    let peak_kib = peak.load(Ordering::Relaxed).max(high_water.unwrap_or(0));
    eprintln!(
        "app-server resident set: idle {} MiB, peak {} MiB (VmHWM {:?} MiB), after {:?} MiB; at most {} KiB of a \
         body handed to the connection before its answer",
        idle / 1024,
        peak_kib / 1024,
        high_water.map(|k| k / 1024),
        settled.map(|k| k / 1024),
        endings.iter().map(|e| e.sent_before_answer).max().unwrap_or(0) / 1024
    );

    assert!(peak_kib < LIMIT_KIB, "the server's resident set peaked at {} MiB", peak_kib / 1024);
    assert!(settled.is_some(), "the server is back near its idle {} MiB within 10 s", idle / 1024);
    assert!(endings.iter().all(|e| e.status == 404), "each is told its link is unknown: {endings:?}");
}
