//! The server's log, one line per event: a JSON object (tracing-subscriber's JSON format: `timestamp`,
//! `level`, `target`, `fields` with the `message`, and the spans' fields, among them `request_id`) or, with
//! `LOG_FORMAT=text`, tracing's text format for a developer's terminal. Values from requests reach log
//! fields (a bulk e-mail's subject, an error's text); JSON escapes a CR or LF inside a string, and the text
//! format's writer writes them as `\r` and `\n`, so no value can start a line that reads like one of the
//! server's own.

use std::io::{self, Write};

use tracing_subscriber::fmt::MakeWriter;
use tracing_subscriber::EnvFilter;

/// How log lines are written (LOG_FORMAT).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    /// One JSON object per line; the default.
    Json,
    /// tracing's one-line text format.
    Text,
}

impl LogFormat {
    /// LOG_FORMAT's value: `json` (or unset) or `text`.
    ///
    /// # Errors
    /// The line naming the variable, for any other value.
    pub fn parse(value: Option<&str>) -> Result<Self, String> {
        match value.map(str::trim) {
            None | Some("" | "json") => Ok(Self::Json),
            Some("text") => Ok(Self::Text),
            Some(other) => Err(format!("LOG_FORMAT is invalid: {other:?}: expected json or text")),
        }
    }
}

/// Logs to standard output in `format`, at the level RUST_LOG names (`info` by default).
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_writer(OneLinePerEvent(io::stdout));
    match format {
        LogFormat::Json => builder.json().with_ansi(false).init(),
        LogFormat::Text => builder.init(),
    }
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
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A writer into a shared buffer.
    #[derive(Clone, Default)]
    struct Buffer(Arc<Mutex<Vec<u8>>>);

    impl Write for Buffer {
        fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(buf);
            Ok(buf.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_json_event_with_line_breaks_in_its_values_is_one_line_naming_its_span_fields() {
        let buffer = Buffer::default();
        let writer = buffer.clone();
        let subscriber = tracing_subscriber::fmt()
            .json()
            .with_ansi(false)
            .with_writer(OneLinePerEvent(move || writer.clone()))
            .finish();

        tracing::subscriber::with_default(subscriber, || {
            let span = tracing::info_span!("request", request_id = "abc-1");
            span.in_scope(|| tracing::error!(subject = "Eid\r\n2030 ERROR forged", "mail written"));
        });

        let text = String::from_utf8(buffer.0.lock().unwrap().clone()).unwrap();
        assert_eq!(text.matches('\n').count(), 1, "{text}");
        assert!(!text.contains('\r'), "{text}");
        let line: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(line["level"], "ERROR");
        assert_eq!(line["fields"]["message"], "mail written");
        assert_eq!(line["fields"]["subject"], "Eid\r\n2030 ERROR forged");
        assert_eq!(line["span"]["request_id"], "abc-1");
        assert_eq!(line["spans"][0]["request_id"], "abc-1");
    }

    #[test]
    fn log_format_is_json_unless_text_is_asked_for() {
        assert_eq!(LogFormat::parse(None), Ok(LogFormat::Json));
        assert_eq!(LogFormat::parse(Some("json")), Ok(LogFormat::Json));
        assert_eq!(LogFormat::parse(Some("text")), Ok(LogFormat::Text));
        assert_eq!(
            LogFormat::parse(Some("xml")),
            Err("LOG_FORMAT is invalid: \"xml\": expected json or text".to_owned())
        );
    }

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
