//! Limits on attempts, counted per key (an account with an address, an address, an e-mail) in a store every
//! instance shares. An attempt is counted before its work is done, in one atomic step that also says whether
//! it may go ahead, so parallel attempts cannot overrun a limit; an attempt that turned out harmless is given
//! back. The rules (fixed windows, growing delays) are pure and live here; the store only keeps counters.
//! Limits per client count a [`ClientKey`]: an IPv4 address, or the /64 network of an IPv6 one.

use std::fmt;
use std::net::{IpAddr, Ipv6Addr};

use async_trait::async_trait;
use chrono::{DateTime, Duration, Utc};

use crate::common::error::RepositoryError;

/// A client as every limit keyed by client address counts it: an IPv4 address, or the /64 network of an
/// IPv6 address. A subscriber's line is routinely given a whole /64, and its devices pick their addresses
/// inside it at will (privacy extensions rotate them daily), so one IPv6 host could otherwise count as
/// 2^64 clients. An IPv4-mapped IPv6 address is its IPv4 address.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    /// The key `address` is counted under.
    #[must_use]
    pub fn of(address: IpAddr) -> Self {
        match address.to_canonical() {
            IpAddr::V6(v6) => Self(IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !u128::from(u64::MAX)))),
            v4 => Self(v4),
        }
    }
}

/// `203.0.113.7`, or `2001:db8:1:2::/64`.
impl fmt::Display for ClientKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(v4) => write!(f, "{v4}"),
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
        }
    }
}

/// What the store keeps for a key.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Counter {
    /// Attempts counted.
    pub count: u32,
    /// When the window began ([`Limit::Window`]) or the last attempt was counted ([`Limit::Growing`]).
    pub since: DateTime<Utc>,
    /// No attempt goes ahead before this.
    pub blocked_until: Option<DateTime<Utc>>,
}

/// How the attempts of a key are limited.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Limit {
    /// At most `max` attempts in a window of `window` that begins with its first attempt.
    Window { max: u32, window: Duration },
    /// `free` attempts at once, then a wait before each further one: `first_delay`, doubled with each
    /// attempt up to `max_delay`. Forgotten `memory` after the last attempt.
    Growing { free: u32, first_delay: Duration, max_delay: Duration, memory: Duration },
}

/// Whether an attempt may go ahead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Admission {
    /// It was counted and may go ahead.
    Admitted,
    /// It was not counted; the key may try again after `retry_after`.
    Refused { retry_after: Duration },
}

impl Limit {
    /// Counts an attempt at `now` against the key's `counter` (`None` when it has none): whether it may go
    /// ahead, and the counter to keep.
    #[must_use]
    pub fn count(&self, counter: Option<Counter>, now: DateTime<Utc>) -> (Admission, Counter) {
        match *self {
            Self::Window { max, window } => match counter.filter(|c| c.since + window > now) {
                Some(current) if current.count >= max => {
                    (Admission::Refused { retry_after: current.since + window - now }, current)
                }
                Some(current) => (Admission::Admitted, Counter { count: current.count + 1, ..current }),
                None if max == 0 => {
                    let fresh = Counter { count: 0, since: now, blocked_until: None };
                    (Admission::Refused { retry_after: window }, fresh)
                }
                None => (Admission::Admitted, Counter { count: 1, since: now, blocked_until: None }),
            },
            Self::Growing { free, first_delay, max_delay, memory } => {
                if let Some(current @ Counter { blocked_until: Some(until), .. }) = counter {
                    if until > now {
                        return (Admission::Refused { retry_after: until - now }, current);
                    }
                }
                let count = counter.filter(|c| c.since + memory > now).map_or(0, |c| c.count) + 1;
                let blocked_until = (count >= free).then(|| {
                    let doublings = (count - free).min(30);
                    now + first_delay.checked_mul(1 << doublings).unwrap_or(max_delay).min(max_delay)
                });
                (Admission::Admitted, Counter { count, since: now, blocked_until })
            }
        }
    }

    /// When a counter left alone stops mattering and may be deleted.
    #[must_use]
    pub fn forgotten_at(&self, counter: &Counter) -> DateTime<Utc> {
        match *self {
            Self::Window { window, .. } => counter.since + window,
            Self::Growing { memory, .. } => {
                (counter.since + memory).max(counter.blocked_until.unwrap_or(counter.since))
            }
        }
    }
}

/// Counters of attempts, shared by every instance.
#[cfg_attr(test, mockall::automock)]
#[async_trait]
pub trait Throttle: Send + Sync + 'static {
    /// Counts an attempt of `key` at `now` under `limit`, atomically: of parallel attempts each sees the
    /// others' counts. Counters past their time may be deleted meanwhile.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn count(&self, key: &str, limit: Limit, now: DateTime<Utc>) -> Result<Admission, RepositoryError>;

    /// Gives back one attempt counted for `key`: it turned out harmless, or was not done. One fewer is
    /// counted, and a wait the count had started is lifted (a wait is only ever started by the latest
    /// attempt counted; if the count still calls for one, the next attempt starts it again).
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn give_back(&self, key: &str) -> Result<(), RepositoryError>;

    /// Forgets every attempt of `key`.
    ///
    /// # Errors
    /// [`RepositoryError::Unavailable`] when the store fails.
    async fn forget(&self, key: &str) -> Result<(), RepositoryError>;
}

/// A wait in words for a refusal's message: "45 seconds", "1 minute", "15 minutes", and past two hours
/// "23 hours" (rounded up).
#[must_use]
pub fn wait_in_words(wait: Duration) -> String {
    let seconds = seconds_to_wait(wait);
    match seconds {
        1 => "1 second".to_owned(),
        2..60 => format!("{seconds} seconds"),
        60 => "1 minute".to_owned(),
        61..=7200 => format!("{} minutes", seconds.div_ceil(60)),
        _ => format!("{} hours", seconds.div_ceil(3600)),
    }
}

/// A wait in whole seconds, rounded up, at least 1 (for a `Retry-After` header).
#[must_use]
pub fn seconds_to_wait(wait: Duration) -> u64 {
    let millis = u64::try_from(wait.num_milliseconds()).unwrap_or(0);
    millis.div_ceil(1000).max(1)
}

/// [`wait_in_words`] in Urdu: '1 سیکنڈ', '15 منٹ', '3 گھنٹے'.
#[must_use]
pub fn wait_in_urdu_words(wait: Duration) -> String {
    let seconds = seconds_to_wait(wait);
    match seconds {
        1..60 => format!("{seconds} سیکنڈ"),
        60..=7200 => format!("{} منٹ", seconds.div_ceil(60)),
        _ => format!("{} گھنٹے", seconds.div_ceil(3600)),
    }
}

/// The Urdu words of a wait that [`wait_in_words`] wrote ('15 minutes' → '15 منٹ'); `None` when `words` is
/// none of its writings.
#[must_use]
pub fn wait_words_in_urdu(words: &str) -> Option<String> {
    let (count, unit) = words.split_once(' ')?;
    let count: u64 = count.parse().ok()?;
    let unit = match unit {
        "second" | "seconds" => "سیکنڈ",
        "minute" | "minutes" => "منٹ",
        "hours" => "گھنٹے",
        _ => return None,
    };
    Some(format!("{count} {unit}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(seconds: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 10, 0, 0).unwrap() + Duration::seconds(seconds)
    }

    const HOURLY_THREE: Limit = Limit::Window { max: 3, window: Duration::hours(1) };

    fn login() -> Limit {
        Limit::Growing {
            free: 5,
            first_delay: Duration::minutes(1),
            max_delay: Duration::minutes(15),
            memory: Duration::days(1),
        }
    }

    /// Counts attempts at the given seconds, keeping the counter as the store would.
    fn run(limit: Limit, seconds: &[i64]) -> Vec<Admission> {
        let mut counter = None;
        seconds
            .iter()
            .map(|s| {
                let (admission, kept) = limit.count(counter, at(*s));
                counter = Some(kept);
                admission
            })
            .collect()
    }

    #[test]
    fn a_window_admits_its_maximum_then_refuses_until_it_ends() {
        let admissions = run(HOURLY_THREE, &[0, 10, 20, 30, 3599, 3600]);

        assert_eq!(admissions[..3], [Admission::Admitted; 3]);
        assert_eq!(admissions[3], Admission::Refused { retry_after: Duration::seconds(3570) });
        assert_eq!(admissions[4], Admission::Refused { retry_after: Duration::seconds(1) });
        assert_eq!(admissions[5], Admission::Admitted, "a new window begins");
    }

    #[test]
    fn growing_delays_begin_after_the_free_attempts_and_double_up_to_the_maximum() {
        let limit = login();
        let mut counter = None;
        let mut waits = Vec::new();
        let mut now = 0;
        for _ in 0..9 {
            let (admission, kept) = limit.count(counter, at(now));
            assert_eq!(admission, Admission::Admitted, "at {now}");
            counter = Some(kept);
            let wait = kept.blocked_until.map_or(0, |until| (until - at(now)).num_seconds());
            waits.push(wait);
            now += wait;
        }

        assert_eq!(waits, [0, 0, 0, 0, 60, 120, 240, 480, 900]);
    }

    #[test]
    fn an_attempt_during_a_delay_is_refused_and_not_counted() {
        let admissions = run(login(), &[0, 0, 0, 0, 0, 1, 59, 60]);

        assert_eq!(admissions[..5], [Admission::Admitted; 5]);
        assert_eq!(admissions[5], Admission::Refused { retry_after: Duration::seconds(59) });
        assert_eq!(admissions[6], Admission::Refused { retry_after: Duration::seconds(1) });
        assert_eq!(admissions[7], Admission::Admitted);
    }

    #[test]
    fn growing_counts_are_forgotten_after_their_memory() {
        let limit = login();
        let (_, counter) = limit.count(Some(Counter { count: 9, since: at(0), blocked_until: None }), at(86_400));

        assert_eq!(counter.count, 1);
        assert_eq!(counter.blocked_until, None);
        assert_eq!(limit.forgotten_at(&counter), at(2 * 86_400));
    }

    fn key(address: &str) -> ClientKey {
        ClientKey::of(address.parse().unwrap())
    }

    #[test]
    fn an_ipv6_client_is_its_64_network_and_an_ipv4_one_its_address() {
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), key("2001:db8:1:2::1"));
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd").to_string(), "2001:db8:1:2::/64");
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("203.0.113.7").to_string(), "203.0.113.7");
        assert_ne!(key("203.0.113.7"), key("203.0.113.8"));
        assert_eq!(key("::ffff:203.0.113.7"), key("203.0.113.7"));
        assert_eq!(key("::1").to_string(), "::/64");
    }

    #[test]
    fn waits_are_told_in_whole_seconds_or_minutes_rounded_up() {
        assert_eq!(wait_in_words(Duration::milliseconds(200)), "1 second");
        assert_eq!(wait_in_words(Duration::milliseconds(44_100)), "45 seconds");
        assert_eq!(wait_in_words(Duration::milliseconds(59_100)), "1 minute");
        assert_eq!(wait_in_words(Duration::seconds(61)), "2 minutes");
        assert_eq!(wait_in_words(Duration::minutes(15)), "15 minutes");
        assert_eq!(wait_in_words(Duration::minutes(120)), "120 minutes");
        assert_eq!(wait_in_words(Duration::seconds(7201)), "3 hours");
        assert_eq!(wait_in_words(Duration::hours(23) + Duration::minutes(5)), "24 hours");
        assert_eq!(seconds_to_wait(Duration::milliseconds(59_100)), 60);
        assert_eq!(seconds_to_wait(Duration::zero()), 1);
    }
}
