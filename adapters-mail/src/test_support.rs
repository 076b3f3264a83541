//! A small SMTP server for tests: it speaks enough of the protocol for a real client, keeps every message
//! it receives, and can be stopped and started again on the same port.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test support: a fixture that cannot be made fails its test"
)]

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};
use tokio::task::JoinHandle;

/// A message as the sink received it: the envelope and the raw DATA.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Received {
    pub from: String,
    pub to: Vec<String>,
    pub data: String,
}

/// An SMTP sink on loopback.
pub struct SmtpSink {
    port: u16,
    messages: Arc<Mutex<Vec<Received>>>,
    task: Option<JoinHandle<()>>,
}

impl SmtpSink {
    /// Starts a sink on a free port.
    ///
    /// # Panics
    /// When no port can be bound.
    pub async fn start() -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind a port for the SMTP sink");
        let port = listener.local_addr().expect("the sink's address").port();
        let messages = Arc::new(Mutex::new(Vec::new()));
        let task = Some(tokio::spawn(serve(listener, messages.clone())));
        Self { port, messages, task }
    }

    /// The URL to give the mailer.
    #[must_use]
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// Every message received so far.
    ///
    /// # Panics
    /// When the sink's lock is poisoned.
    #[must_use]
    pub fn messages(&self) -> Vec<Received> {
        self.messages.lock().expect("sink lock").clone()
    }

    /// Stops listening (the port refuses connections until [`SmtpSink::restart`]).
    pub fn stop(&mut self) {
        if let Some(task) = self.task.take() {
            task.abort();
        }
    }

    /// Listens again on the same port.
    ///
    /// # Panics
    /// When the port cannot be bound again.
    pub async fn restart(&mut self) {
        self.stop();
        let listener = TcpListener::bind(("127.0.0.1", self.port)).await.expect("rebind the sink's port");
        self.task = Some(tokio::spawn(serve(listener, self.messages.clone())));
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        self.stop();
    }
}

async fn serve(listener: TcpListener, messages: Arc<Mutex<Vec<Received>>>) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(conversation(stream, messages.clone()));
    }
}

async fn conversation(stream: TcpStream, messages: Arc<Mutex<Vec<Received>>>) -> std::io::Result<()> {
    let (read, mut write) = stream.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 sink ESMTP\r\n").await?;
    let mut current = Received { from: String::new(), to: Vec::new(), data: String::new() };
    let mut in_data = false;
    while let Some(line) = lines.next_line().await? {
        if in_data {
            if line == "." {
                in_data = false;
                messages.lock().map_err(|_| std::io::Error::other("poisoned"))?.push(current.clone());
                current = Received { from: String::new(), to: Vec::new(), data: String::new() };
                write.write_all(b"250 queued\r\n").await?;
            } else {
                current.data.push_str(line.strip_prefix('.').unwrap_or(&line));
                current.data.push('\n');
            }
            continue;
        }
        let upper = line.to_ascii_uppercase();
        let reply: &[u8] = if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            b"250-sink\r\n250 8BITMIME\r\n"
        } else if upper.starts_with("MAIL FROM:") {
            current.from = line[10..].trim().trim_matches(['<', '>']).to_owned();
            b"250 ok\r\n"
        } else if upper.starts_with("RCPT TO:") {
            current.to.push(line[8..].trim().trim_matches(['<', '>']).to_owned());
            b"250 ok\r\n"
        } else if upper.starts_with("DATA") {
            in_data = true;
            b"354 go ahead\r\n"
        } else if upper.starts_with("QUIT") {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            b"250 ok\r\n"
        };
        write.write_all(reply).await?;
    }
    Ok(())
}
