use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::sync::mpsc;

use crate::process::spawn_process;

/// How many connections trickle a body at once.
const TRICKLERS: usize = 300;

/// How a trickling connection ended.
#[derive(Debug, PartialEq, Eq)]
enum Ending {
    /// The server answered 408 and closed the connection.
    RequestTimeout,
    /// The server closed (or reset) the connection without an answer.
    Closed,
    /// Something else: the answer's first line.
    Other(String),
    /// Still open after a minute.
    StillOpen,
}

/// Sends a JSON request's head announcing a 60 kB body, reports that it is holding, then sends a byte of
/// the body every 250 ms (at most a minute's worth) until the server answers or closes.
async fn trickle(addr: std::net::SocketAddr, holding: mpsc::Sender<()>) -> Ending {
    let Ok(mut stream) = TcpStream::connect(addr).await else {
        let _ = holding.send(()).await;
        return Ending::Closed;
    };
    let head = "POST /api/coupons/apply HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\n\
                Content-Length: 60000\r\n\r\n{";
    let sent = stream.write_all(head.as_bytes()).await;
    let _ = holding.send(()).await;
    if sent.is_err() {
        return Ending::Closed;
    }
    let (mut reader, mut writer) = stream.into_split();
    let writing = tokio::spawn(async move {
        for _ in 0..240 {
            tokio::time::sleep(Duration::from_millis(250)).await;
            if writer.write_all(b" ").await.is_err() {
                break;
            }
        }
        writer
    });
    let mut answer = Vec::new();
    let ending = match tokio::time::timeout(Duration::from_secs(60), reader.read_to_end(&mut answer)).await {
        Err(_) => Ending::StillOpen,
        Ok(_) if answer.is_empty() => Ending::Closed,
        Ok(_) if answer.starts_with(b"HTTP/1.1 408 Request Timeout\r\n") => Ending::RequestTimeout,
        Ok(_) => Ending::Other(String::from_utf8_lossy(&answer).lines().next().unwrap_or_default().to_owned()),
    };
    writing.abort();
    ending
}

#[tokio::test]
async fn hundreds_of_trickled_bodies_neither_lock_out_other_clients_nor_stay_open() {
    // Every socket here comes from 127.0.0.1: the bound per address (connections_per_address.rs) is not what
    // this test measures.
    let server =
        spawn_process(&[("WORKERS", "2"), ("BODY_TIMEOUT_MS", "2000"), ("MAX_CONNECTIONS_PER_ADDRESS", "100000")])
            .await;
    let (holding, mut held) = mpsc::channel(TRICKLERS);
    let tricklers: Vec<_> = (0..TRICKLERS).map(|_| tokio::spawn(trickle(server.addr, holding.clone()))).collect();
    for _ in 0..TRICKLERS {
        held.recv().await.expect("every trickler reports");
    }
    let client = reqwest::Client::builder().timeout(Duration::from_secs(10)).build().unwrap();

    let health = client.get(format!("{}/healthz", server.address)).send().await;
    let products = client.get(format!("{}/api/products", server.address)).send().await;
    let mut endings = Vec::new();
    for trickler in tricklers {
        endings.push(trickler.await.unwrap());
    }

    assert_eq!(health.expect("an ordinary client is answered while the bodies trickle").status(), 200);
    let products = products.expect("a catalogue read is answered while the bodies trickle");
    assert_eq!(products.status(), 200);
    assert_eq!(products.text().await.unwrap(), "[]");
    let unexpected: Vec<_> = endings.iter().filter(|e| !matches!(e, Ending::RequestTimeout | Ending::Closed)).collect();
    assert!(unexpected.is_empty(), "every trickled body is cut: {unexpected:?}");
    assert!(endings.contains(&Ending::RequestTimeout), "the cut ones are told why: {endings:?}");
}
