//! The two session cookies (the admin's and a customer's) and the device cookie, built and read in one
//! place, the one extractor of the signed-in party both sessions are read by, and the other request facts the
//! logins use.

use std::future::Future;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::pin::Pin;

use actix_web::cookie::{time, Cookie, SameSite};
use actix_web::http::Method;
use actix_web::{web, FromRequest, HttpRequest};
use application::common::throttle::ClientKey;

use crate::infra::error::ApiError;

/// Where the shop is served from, for the Origin check and for Secure cookies.
#[derive(Debug, Clone)]
pub struct PublicOrigin {
    /// e.g. `https://shop.example.pk`, without a trailing slash.
    pub origin: String,
}

/// A session cookie: httpOnly, Secure when the shop is served over https.
#[derive(Debug, Clone, Copy)]
pub struct SessionCookie {
    pub name: &'static str,
    same_site: SameSite,
    path: &'static str,
}

/// The admin's session: SameSite=Strict, separate from any customer's.
pub const ADMIN_SESSION: SessionCookie = SessionCookie { name: "shop_admin", same_site: SameSite::Strict, path: "/" };
/// A customer's session: SameSite=Lax, so arriving from a link keeps the shopper signed in.
pub const CUSTOMER_SESSION: SessionCookie = SessionCookie { name: "shop_session", same_site: SameSite::Lax, path: "/" };
/// A browser that signed in to a login with its password before: spared the caps on failed logins per
/// client address and per e-mail that a flood fills (docs/security.md). SameSite=Strict, sent only to the
/// API, kept a year from the last sign-in and given a new token at each.
pub const DEVICE: SessionCookie = SessionCookie { name: "shop_device", same_site: SameSite::Strict, path: "/api" };
/// A "Login with Google" under way: the state, nonce and PKCE verifier the browser keeps while it is at
/// the provider. SameSite=Lax, so it comes back with the provider's redirect; sent only to the Google calls.
pub const GOOGLE_LOGIN: SessionCookie =
    SessionCookie { name: "shop_google_login", same_site: SameSite::Lax, path: "/api/auth/google" };

impl SessionCookie {
    /// The cookie carrying `token` for `seconds`.
    #[must_use]
    pub fn set(self, origin: &PublicOrigin, token: String, seconds: i64) -> Cookie<'static> {
        Cookie::build(self.name, token)
            .path(self.path)
            .http_only(true)
            .same_site(self.same_site)
            .secure(origin.origin.starts_with("https://"))
            .max_age(time::Duration::seconds(seconds))
            .finish()
    }

    /// The cookie that clears this session in the browser.
    #[must_use]
    pub fn clear(self, origin: &PublicOrigin) -> Cookie<'static> {
        self.set(origin, String::new(), 0)
    }

    /// The session token a request carries, if any.
    #[must_use]
    pub fn token(self, req: &HttpRequest) -> Option<String> {
        req.cookie(self.name).map(|c| c.value().to_owned()).filter(|t| !t.is_empty())
    }
}

/// The reverse proxies whose `X-Forwarded-For` is believed (TRUSTED_PROXIES): addresses and CIDR ranges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TrustedProxies(Vec<(IpAddr, u8)>);

impl TrustedProxies {
    /// Parses a comma-separated list such as `127.0.0.1, 10.0.0.0/8, ::1`; an empty list trusts nobody.
    ///
    /// # Errors
    /// The entry that is neither an address nor a range.
    pub fn parse(list: &str) -> Result<Self, String> {
        let ranges = list
            .split(',')
            .map(str::trim)
            .filter(|entry| !entry.is_empty())
            .map(|entry| {
                let (address, bits) = entry.split_once('/').map_or((entry, None), |(a, b)| (a, Some(b)));
                let address: IpAddr = address.parse().map_err(|_| format!("{entry:?} is not an address or range"))?;
                let widest = if address.is_ipv4() { 32 } else { 128 };
                let bits = match bits {
                    None => widest,
                    Some(bits) => bits
                        .parse()
                        .ok()
                        .filter(|b| *b <= widest)
                        .ok_or_else(|| format!("{entry:?} has a bad prefix length"))?,
                };
                Ok((address.to_canonical(), bits))
            })
            .collect::<Result<_, String>>()?;
        Ok(Self(ranges))
    }

    /// Whether `address` is one of the trusted proxies.
    #[must_use]
    pub fn contains(&self, address: IpAddr) -> bool {
        let address = address.to_canonical();
        self.0.iter().any(|(range, bits)| match (range, address) {
            (IpAddr::V4(range), IpAddr::V4(address)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(*bits)).unwrap_or(0);
                u32::from(*range) & mask == u32::from(address) & mask
            }
            (IpAddr::V6(range), IpAddr::V6(address)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(*bits)).unwrap_or(0);
                u128::from(*range) & mask == u128::from(address) & mask
            }
            _ => false,
        })
    }
}

/// The client, as every limit keyed by client address counts it ([`ClientKey`]: the address, or an IPv6
/// address's /64): the peer's, unless the peer is a trusted proxy; then `X-Forwarded-For` is read from the
/// right, past further trusted proxies, to the first address that is not one (what a client writes into the
/// header itself stands to the left of it and is never reached).
#[must_use]
pub fn client_address(req: &HttpRequest) -> String {
    client_ip(req).map(|ip| ClientKey::of(ip).to_string()).unwrap_or_default()
}

/// The client's own address, before it is keyed (see [`client_address`]).
fn client_ip(req: &HttpRequest) -> Option<IpAddr> {
    let peer = req.peer_addr()?.ip().to_canonical();
    let Some(trusted) = req.app_data::<web::Data<TrustedProxies>>().filter(|t| t.contains(peer)) else {
        return Some(peer);
    };
    let forwarded: Vec<&str> = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .collect();
    let mut client = peer;
    for entry in forwarded.iter().rev() {
        let Some(address) = forwarded_address(entry) else { break };
        client = address.to_canonical();
        if !trusted.contains(client) {
            break;
        }
    }
    Some(client)
}

/// An address of `X-Forwarded-For` as proxies write it: bare (`203.0.113.7`, `2001:db8::1`), with a port
/// (`203.0.113.7:51234`, `[2001:db8::1]:443`) or bracketed without one (`[2001:db8::1]`).
fn forwarded_address(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<SocketAddr>().ok().map(|socket| socket.ip()))
        .or_else(|| entry.strip_prefix('[')?.strip_suffix(']')?.parse::<Ipv6Addr>().ok().map(IpAddr::V6))
}

/// Refuses a state-changing request whose Origin header names another site (403).
pub fn check_origin(req: &HttpRequest) -> Result<(), ApiError> {
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS) {
        return Ok(());
    }
    let Some(origin) = req.headers().get("origin") else { return Ok(()) };
    let expected = req.app_data::<web::Data<PublicOrigin>>().map(|p| p.origin.as_str());
    if origin.to_str().ok() == expected {
        Ok(())
    } else {
        Err(ApiError::Forbidden("Cross-site requests are refused.".into()))
    }
}

/// Whom a session cookie signs in (the admin, a customer): its cookie, the 401 text without one, and the
/// use case that says whom a token belongs to.
pub trait SessionParty: Sized + 'static {
    /// The cookie carrying this party's session token.
    const COOKIE: SessionCookie;
    /// The 401 message when there is no cookie or its session is nobody's.
    const MISSING: &'static str;
    /// The use case in the app data that resolves a token.
    type UseCase: 'static;

    /// Whom `token` signs in, or `None`.
    fn lookup(
        use_case: web::Data<Self::UseCase>,
        token: String,
    ) -> impl Future<Output = Result<Option<Self>, ApiError>>;
}

/// The signed-in party `P` of a request; a handler that takes one answers 401 without a valid session
/// cookie, and 403 for a state change from another site's Origin.
#[derive(Debug, Clone)]
pub struct Authenticated<P>(pub P);

impl<P: SessionParty> FromRequest for Authenticated<P> {
    type Error = ApiError;
    type Future = Pin<Box<dyn Future<Output = Result<Self, ApiError>>>>;

    fn from_request(req: &HttpRequest, _payload: &mut actix_web::dev::Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            crate::infra::edges::personal(&req);
            check_origin(&req)?;
            let unauthorized = || ApiError::Unauthorized(P::MISSING.to_owned());
            let token = P::COOKIE.token(&req).ok_or_else(unauthorized)?;
            let use_case = req
                .app_data::<web::Data<P::UseCase>>()
                .cloned()
                .ok_or_else(|| ApiError::Internal("a session's use case is not configured".into()))?;
            P::lookup(use_case, token).await?.map(Authenticated).ok_or_else(unauthorized)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;

    fn address_of(peer: &str, forwarded: Option<&str>, trusted: &str) -> String {
        let mut request = TestRequest::default()
            .peer_addr(std::net::SocketAddr::new(peer.parse().unwrap(), 4000))
            .app_data(web::Data::new(TrustedProxies::parse(trusted).unwrap()));
        if let Some(forwarded) = forwarded {
            request = request.insert_header(("x-forwarded-for", forwarded));
        }
        client_address(&request.to_http_request())
    }

    #[test]
    fn forwarded_for_is_ignored_unless_the_peer_is_a_trusted_proxy() {
        assert_eq!(address_of("203.0.113.7", Some("198.51.100.1"), ""), "203.0.113.7");
        assert_eq!(address_of("203.0.113.7", Some("198.51.100.1"), "10.0.0.0/8"), "203.0.113.7");
        assert_eq!(address_of("10.1.2.3", Some("198.51.100.1"), "10.0.0.0/8"), "198.51.100.1");
    }

    #[test]
    fn the_client_is_the_first_untrusted_address_from_the_right() {
        let forged_then_real = Some("1.2.3.4, 198.51.100.1, 10.0.0.2");

        assert_eq!(address_of("10.0.0.1", forged_then_real, "10.0.0.0/8"), "198.51.100.1");
        assert_eq!(address_of("10.0.0.1", Some("garbage, 10.0.0.2"), "10.0.0.0/8"), "10.0.0.2");
        assert_eq!(address_of("10.0.0.1", None, "10.0.0.0/8"), "10.0.0.1");
        assert_eq!(address_of("::ffff:10.0.0.1", Some("2001:db8::1"), "10.0.0.1"), "2001:db8::/64");
    }

    #[test]
    fn a_forwarded_address_written_with_a_port_is_read() {
        assert_eq!(address_of("10.0.0.1", Some("203.0.113.7:51234"), "10.0.0.0/8"), "203.0.113.7");
        assert_eq!(address_of("10.0.0.1", Some("[2001:db8::1]:443"), "10.0.0.0/8"), "2001:db8::/64");
        assert_eq!(address_of("10.0.0.1", Some("[2001:db8::1]"), "10.0.0.0/8"), "2001:db8::/64");
        assert_eq!(address_of("10.0.0.1", Some("198.51.100.1:1, 10.0.0.2:8080"), "10.0.0.0/8"), "198.51.100.1");
        assert_eq!(address_of("10.0.0.1", Some("[::ffff:198.51.100.1]:80"), "10.0.0.0/8"), "198.51.100.1");
        assert_eq!(address_of("10.0.0.1", Some("203.0.113.7:port"), "10.0.0.0/8"), "10.0.0.1");
    }

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_network() {
        assert_eq!(address_of("2001:db8:1:2:aaaa:bbbb:cccc:dddd", None, ""), "2001:db8:1:2::/64");
        assert_eq!(address_of("10.0.0.1", Some("2001:db8:1:2::99"), "10.0.0.0/8"), "2001:db8:1:2::/64");
        assert_eq!(address_of("::ffff:203.0.113.7", None, ""), "203.0.113.7");
    }

    #[test]
    fn trusted_proxies_are_addresses_or_ranges() {
        let proxies = TrustedProxies::parse(" 127.0.0.1 , 192.168.0.0/16, fd00::/8 ").unwrap();

        assert!(proxies.contains("127.0.0.1".parse().unwrap()));
        assert!(!proxies.contains("127.0.0.2".parse().unwrap()));
        assert!(proxies.contains("192.168.44.1".parse().unwrap()));
        assert!(proxies.contains("fd12::1".parse().unwrap()));
        assert!(!proxies.contains("2001:db8::1".parse().unwrap()));
        assert_eq!(TrustedProxies::parse("").unwrap(), TrustedProxies::default());
        assert!(TrustedProxies::parse("10.0.0.0/33").is_err());
        assert!(TrustedProxies::parse("proxy.local").is_err());
    }
}
