//! The server's log: tracing's text format, one line per event. Values from requests reach log fields (a
//! bulk e-mail's subject, an error's text); a CR or LF in one is written as `\r` or `\n`, so no value can
//! start a line that reads like one of the server's own.

use std::io::{self, Write};

use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::EnvFilter;

/// Logs to standard output at the level RUST_LOG names (`info` by default).
pub fn init() {
    tracing_subscriber::fmt()
        .with_env_filter(EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info")))
        .with_writer(OneLinePerEvent(io::stdout))
        .init();
}

/// Makes writers that keep each event on one line. The formatter writes an event's whole text, ending in
/// its one newline, in a single `write_all`; every other line break in it is escaped.
#[derive(Debug, Clone, Copy)]
pub struct OneLinePerEvent<M>(pub M);

impl<'a, M: MakeWriter<'a>> MakeWriter<'a> for OneLinePerEvent<M> {
    type Writer = OneLine<M::Writer>;

    fn make_writer(&'a self) -> Self::Writer {
        OneLine(self.0.make_writer())
    }
}

/// A writer that escapes line breaks other than a final newline.
#[derive(Debug)]
pub struct OneLine<W>(W);

impl<W: Write> Write for OneLine<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write_all(&escape_line_breaks(buf))?;
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

/// `event` with CR, LF and vertical tab written as `\r`, `\n` and `\x0b`, except a final newline.
#[must_use]
pub fn escape_line_breaks(event: &[u8]) -> Vec<u8> {
    let (text, end): (&[u8], &[u8]) = match event.strip_suffix(b"\n") {
        Some(text) => (text, b"\n"),
        None => (event, b""),
    };
    let mut out = Vec::with_capacity(event.len() + 8);
    for &byte in text {
        match byte {
            b'\n' => out.extend_from_slice(b"\\n"),
            b'\r' => out.extend_from_slice(b"\\r"),
            0x0b => out.extend_from_slice(b"\\x0b"),
            _ => out.push(byte),
        }
    }
    out.extend_from_slice(end);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_breaks_inside_an_event_are_escaped_and_its_own_newline_kept() {
        let event = b"INFO mail written subject=Eid\r\n2026-01-01T00:00:00Z ERROR forged\n";

        let written = escape_line_breaks(event);

        assert_eq!(written, b"INFO mail written subject=Eid\\r\\n2026-01-01T00:00:00Z ERROR forged\n");
    }

    #[test]
    fn an_event_without_a_final_newline_gets_none() {
        assert_eq!(escape_line_breaks(b"a\nb"), b"a\\nb");
    }
}
