//! The bound on open connections per client address (MAX_CONNECTIONS_PER_ADDRESS), so one address cannot
//! take the connections every client shares (MAX_CONNECTIONS): a connection beyond its address's bound is
//! closed as soon as it is accepted, before a byte of it is read. An address is counted as every limit
//! keyed by client address counts it ([`ClientKey`]: the address, an IPv6 one by its /64). The trusted
//! proxies' addresses are not bound: behind a proxy every connection comes from it.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex, PoisonError};

use application::common::throttle::ClientKey;

use crate::infra::session::TrustedProxies;

/// The connections open per client address, shared by every worker.
#[derive(Debug)]
pub struct ConnectionBound {
    per_address: usize,
    trusted: TrustedProxies,
    open: Mutex<HashMap<ClientKey, usize>>,
}

/// A connection let in: counted against its address until dropped (when the connection closes).
#[derive(Debug)]
#[must_use = "the connection counts against its address until this is dropped"]
pub struct OpenConnection {
    counted: Option<(Arc<ConnectionBound>, ClientKey)>,
}

impl ConnectionBound {
    /// At most `per_address` connections open at once from one client address, none for `trusted`.
    #[must_use]
    pub fn new(per_address: usize, trusted: TrustedProxies) -> Arc<Self> {
        Arc::new(Self { per_address, trusted, open: Mutex::default() })
    }

    /// Lets in a new connection from `peer`, or `None` when its address has as many open as it may.
    pub fn admit(self: &Arc<Self>, peer: IpAddr) -> Option<OpenConnection> {
        if self.trusted.contains(peer) {
            return Some(OpenConnection { counted: None });
        }
        let key = ClientKey::of(peer);
        let mut open = self.open.lock().unwrap_or_else(PoisonError::into_inner);
        let count = open.entry(key).or_default();
        if *count >= self.per_address {
            return None;
        }
        *count += 1;
        Some(OpenConnection { counted: Some((self.clone(), key)) })
    }

    /// The client addresses with connections open, for tests.
    #[cfg(test)]
    fn addresses(&self) -> usize {
        self.open.lock().unwrap().len()
    }
}

impl Drop for OpenConnection {
    fn drop(&mut self) {
        let Some((bound, key)) = self.counted.take() else { return };
        let mut open = bound.open.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(count) = open.get_mut(&key) {
            *count -= 1;
            if *count == 0 {
                open.remove(&key);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(address: &str) -> IpAddr {
        address.parse().unwrap()
    }

    fn bound(per_address: usize, trusted: &str) -> Arc<ConnectionBound> {
        ConnectionBound::new(per_address, TrustedProxies::parse(trusted).unwrap())
    }

    #[test]
    fn an_address_gets_its_bound_and_a_place_back_when_one_closes() {
        let bound = bound(2, "");

        let first = bound.admit(ip("203.0.113.7"));
        let second = bound.admit(ip("203.0.113.7"));
        let third = bound.admit(ip("203.0.113.7"));
        let elsewhere = bound.admit(ip("198.51.100.4"));
        drop(first);
        let after_a_close = bound.admit(ip("203.0.113.7"));

        assert!(second.is_some());
        assert!(third.is_none());
        assert!(elsewhere.is_some());
        assert!(after_a_close.is_some());
    }

    #[test]
    fn an_ipv6_64_network_shares_one_bound() {
        let bound = bound(2, "");

        let held = [bound.admit(ip("2001:db8:1:2::1")), bound.admit(ip("2001:db8:1:2:ffff::9"))];
        let same_network = bound.admit(ip("2001:db8:1:2:abcd::1"));
        let next_network = bound.admit(ip("2001:db8:1:3::1"));

        assert!(held.iter().all(Option::is_some));
        assert!(same_network.is_none());
        assert!(next_network.is_some());
    }

    #[test]
    fn trusted_proxies_are_not_bound() {
        let bound = bound(1, "10.0.0.0/8");

        let through_the_proxy: Vec<_> = (0..100).map(|_| bound.admit(ip("10.0.0.5"))).collect();

        assert!(through_the_proxy.iter().all(Option::is_some));
        assert_eq!(bound.addresses(), 0);
    }

    #[test]
    fn closed_connections_leave_nothing_behind() {
        let bound = bound(3, "");

        let open: Vec<_> = (1..=50).map(|n| bound.admit(ip(&format!("198.51.100.{n}")))).collect();
        assert_eq!(bound.addresses(), 50);
        drop(open);

        assert_eq!(bound.addresses(), 0);
    }
}
