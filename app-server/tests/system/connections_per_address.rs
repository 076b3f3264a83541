//! The bound on connections per client address, on the real `app-server` process: attacking sockets come
//! from 127.0.0.2 (and other loopback addresses, all of 127/8 reaching a server on 127.0.0.1 on Linux) and
//! ordinary clients from 127.0.0.9.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpSocket, TcpStream};

use crate::process::spawn_process;

/// How many sockets the attack keeps going.
const ATTACKERS: usize = 1100;
/// The connections one address may hold by default (MAX_CONNECTIONS_PER_ADDRESS).
const PER_ADDRESS: usize = 64;
/// The longest an ordinary request may take during the attack.
const ANSWER_WITHIN: Duration = Duration::from_secs(1);

fn loopback(last: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, last))
}

/// A connection to `server` from `from`.
async fn connect_from(from: IpAddr, server: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(from, 0))?;
    socket.connect(server).await
}

/// What the attack saw.
#[derive(Default)]
struct Attack {
    /// Connections begun.
    connections: AtomicUsize,
    /// Connections the server closed without a word.
    closed: AtomicUsize,
    /// Connections the server cut with 408 when their body was too slow.
    timed_out: AtomicUsize,
}

/// One attacking socket, until `stop`: from 127.0.0.2, sends a JSON request head announcing a 60 kB body,
/// then a byte of it every 250 ms until the server answers or closes, and at once begins again.
async fn attacker(server: SocketAddr, attack: Arc<Attack>, stop: Arc<AtomicBool>) {
    let head = "POST /api/coupons/apply HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n\
                Content-Length: 60000\r\n\r\n{";
    while !stop.load(Ordering::SeqCst) {
        attack.connections.fetch_add(1, Ordering::SeqCst);
        let Ok(mut stream) = connect_from(loopback(2), server).await else {
            attack.closed.fetch_add(1, Ordering::SeqCst);
            tokio::task::yield_now().await;
            continue;
        };
        if stream.write_all(head.as_bytes()).await.is_err() {
            attack.closed.fetch_add(1, Ordering::SeqCst);
            continue;
        }
        let mut trickle = tokio::time::interval(Duration::from_millis(250));
        let mut answer = Vec::new();
        let mut chunk = [0_u8; 512];
        loop {
            tokio::select! {
                read = stream.read(&mut chunk) => match read {
                    Ok(n) if n > 0 => answer.extend_from_slice(&chunk[..n]),
                    _ => break,
                },
                _ = trickle.tick() => {
                    if stream.write_all(b" ").await.is_err() {
                        break;
                    }
                }
            }
        }
        if answer.starts_with(b"HTTP/1.1 408") {
            attack.timed_out.fetch_add(1, Ordering::SeqCst);
        } else if answer.is_empty() {
            attack.closed.fetch_add(1, Ordering::SeqCst);
        }
    }
}

/// Waits up to a minute until `done`.
async fn until(what: &str, done: impl Fn() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done() {
        assert!(Instant::now() < deadline, "{what} did not happen within a minute");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn reconnecting_slow_senders_from_one_address_leave_other_addresses_answered_within_a_second() {
    let server = spawn_process(&[("BODY_TIMEOUT_MS", "2000")]).await;
    let (attack, stop) = (Arc::new(Attack::default()), Arc::new(AtomicBool::new(false)));
    let attackers: Vec<_> =
        (0..ATTACKERS).map(|_| tokio::spawn(attacker(server.addr, attack.clone(), stop.clone()))).collect();
    until("every attacking socket connecting", || attack.connections.load(Ordering::SeqCst) >= ATTACKERS).await;
    // A new connection for each request, as new shoppers' phones make.
    let shopper = reqwest::Client::builder()
        .local_address(loopback(9))
        .timeout(ANSWER_WITHIN)
        .pool_max_idle_per_host(0)
        .build()
        .unwrap();

    // Ordinary requests one after another until at least 14 were sent and the sockets the attack's address
    // may hold have been cut for their slow bodies (and have come back).
    let mut answers = Vec::new();
    while answers.len() < 14 || attack.timed_out.load(Ordering::SeqCst) < PER_ADDRESS {
        let path = if answers.len() % 2 == 0 { "/healthz" } else { "/api/products" };
        let started = Instant::now();
        let answer = shopper.get(format!("{}{path}", server.address)).send().await;
        answers.push((path, answer.map(|a| a.status().as_u16()).map_err(|e| e.to_string()), started.elapsed()));
        assert!(answers.len() < 10_000, "the attack's sockets were never cut: {answers:?}");
    }
    stop.store(true, Ordering::SeqCst);
    for attacker in attackers {
        attacker.abort();
    }

    let late: Vec<_> = answers.iter().filter(|(_, answer, _)| answer != &Ok(200)).collect();
    assert!(late.is_empty(), "{} of {} ordinary requests failed: {late:?}", late.len(), answers.len());
    assert!(answers.iter().all(|(_, _, took)| *took < ANSWER_WITHIN));
    assert!(attack.closed.load(Ordering::SeqCst) > ATTACKERS, "the bound closed the attack's extra sockets");
}

/// Sends a request for `/healthz` on `stream`; answers the first line of the answer, or "" when the server
/// closed the connection without one (within ten seconds).
async fn health_on(stream: &mut TcpStream) -> String {
    let request = b"GET /healthz HTTP/1.1\r\nHost: shop.test\r\n\r\n";
    if stream.write_all(request).await.is_err() {
        return String::new();
    }
    let mut answer = [0_u8; 1024];
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut answer)).await;
    let n = read.expect("the server answers or closes").unwrap_or(0);
    String::from_utf8_lossy(&answer[..n]).lines().next().unwrap_or_default().to_owned()
}

#[tokio::test]
async fn connections_beyond_an_addresss_bound_are_closed_unanswered_and_a_trusted_proxys_are_not_bound() {
    let server = spawn_process(&[("MAX_CONNECTIONS_PER_ADDRESS", "2"), ("TRUSTED_PROXIES", "127.0.0.3")]).await;
    let mut held = Vec::new();
    for _ in 0..2 {
        let mut stream = connect_from(loopback(4), server.addr).await.unwrap();
        assert_eq!(health_on(&mut stream).await, "HTTP/1.1 200 OK");
        held.push(stream);
    }

    let mut third = connect_from(loopback(4), server.addr).await.unwrap();
    let beyond = health_on(&mut third).await;
    let mut elsewhere = connect_from(loopback(5), server.addr).await.unwrap();
    let other_address = health_on(&mut elsewhere).await;
    let mut through_the_proxy = Vec::new();
    for _ in 0..5 {
        let mut stream = connect_from(loopback(3), server.addr).await.unwrap();
        through_the_proxy.push(health_on(&mut stream).await);
        held.push(stream);
    }
    drop(held.remove(0));
    let deadline = Instant::now() + Duration::from_secs(10);
    let after_one_closed = loop {
        let mut stream = connect_from(loopback(4), server.addr).await.unwrap();
        let answer = health_on(&mut stream).await;
        if !answer.is_empty() || Instant::now() > deadline {
            break answer;
        }
    };

    assert_eq!(beyond, "", "the third connection of 127.0.0.4 is closed without an answer");
    assert_eq!(other_address, "HTTP/1.1 200 OK");
    assert!(through_the_proxy.iter().all(|line| line == "HTTP/1.1 200 OK"), "{through_the_proxy:?}");
    assert_eq!(after_one_closed, "HTTP/1.1 200 OK", "a closed connection gives its address a place back");
}
