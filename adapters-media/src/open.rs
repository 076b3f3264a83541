//! Which object store the media live in: a local directory, or a bucket of S3 or of an S3-compatible
//! service, optionally under a key prefix. The values are parsed where the configuration is read; opening
//! the store then only builds it.

use std::path::PathBuf;
use std::sync::Arc;

use futures_util::StreamExt as _;
use object_store::aws::AmazonS3Builder;
use object_store::prefix::PrefixStore;
use object_store::ObjectStore;
use secrecy::{ExposeSecret as _, SecretString};
use url::Url;

use crate::ObjectMediaStore;

/// Where the media files are kept.
#[derive(Debug, Clone)]
pub enum MediaStoreConfig {
    /// A directory on this machine, created when missing.
    Directory(PathBuf),
    /// A bucket of S3 or of an S3-compatible service.
    S3(S3Config),
}

/// An S3 bucket and how to reach it. The secret key never reaches `Debug`.
#[derive(Debug, Clone)]
pub struct S3Config {
    pub bucket: S3Bucket,
    /// The service's address; `None` for AWS itself, found from the region.
    pub endpoint: Option<S3Endpoint>,
    pub region: S3Region,
    /// A key prefix the files are kept under, e.g. `shop/media`.
    pub prefix: Option<S3Prefix>,
    /// Static keys; `None` for the credentials of the machine's role (EC2 instance metadata).
    pub credentials: Option<S3Credentials>,
}

/// A bucket name as S3 allows it: 3 to 63 lowercase letters, digits, dots and hyphens, beginning and ending
/// with a letter or digit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Bucket(String);

/// An S3 region name such as `us-east-1`, `ap-south-1` or an S3-compatible service's own.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Region(String);

/// A key prefix: segments of letters, digits and `-_.` separated by `/`, without `.` or `..` segments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Prefix(String);

/// The address of an S3-compatible service: https, or plain http on loopback only (a test's server).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct S3Endpoint(String);

/// An access key pair. The secret key never reaches `Debug`.
#[derive(Debug, Clone)]
pub struct S3Credentials {
    pub access_key_id: String,
    pub secret_access_key: SecretString,
}

impl S3Bucket {
    /// # Errors
    /// Why `text` is not a bucket name, in words.
    pub fn parse(text: &str) -> Result<Self, String> {
        let edge_ok = |c: Option<char>| c.is_some_and(|c| c.is_ascii_lowercase() || c.is_ascii_digit());
        let fits = (3..=63).contains(&text.len())
            && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '.' || c == '-')
            && edge_ok(text.chars().next())
            && edge_ok(text.chars().last())
            && !text.contains("..");
        if fits {
            Ok(Self(text.to_owned()))
        } else {
            Err(format!("{text:?} is not a bucket name (3 to 63 lowercase letters, digits, dots and hyphens)"))
        }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl S3Region {
    /// # Errors
    /// Why `text` is not a region name, in words.
    pub fn parse(text: &str) -> Result<Self, String> {
        if !text.is_empty()
            && text.len() <= 64
            && text.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            Ok(Self(text.to_owned()))
        } else {
            Err(format!("{text:?} is not a region name (lowercase letters, digits and hyphens)"))
        }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for S3Region {
    fn default() -> Self {
        Self("us-east-1".into())
    }
}

impl S3Prefix {
    /// A prefix without its leading and trailing `/`; `None` when nothing is left.
    ///
    /// # Errors
    /// Why `text` is not a key prefix, in words.
    pub fn parse(text: &str) -> Result<Option<Self>, String> {
        let trimmed = text.trim_matches('/');
        if trimmed.is_empty() {
            return Ok(None);
        }
        let segment_ok = |segment: &str| {
            !segment.is_empty()
                && segment != "."
                && segment != ".."
                && segment.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
        };
        if trimmed.len() <= 512 && trimmed.split('/').all(segment_ok) {
            Ok(Some(Self(trimmed.to_owned())))
        } else {
            Err(format!("{text:?} is not a key prefix (letters, digits and -_. in segments separated by /)"))
        }
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl S3Endpoint {
    /// # Errors
    /// Why `text` cannot be used as the service's address, in words.
    pub fn parse(text: &str) -> Result<Self, String> {
        let url = Url::parse(text).map_err(|e| format!("{text:?} is not a URL: {e}"))?;
        let loopback = matches!(url.host_str(), Some("127.0.0.1" | "localhost" | "[::1]"));
        if !(url.scheme() == "https" || (url.scheme() == "http" && loopback)) {
            return Err(format!("{text:?} must be an https URL (plain http only on loopback)"));
        }
        if url.query().is_some() || url.fragment().is_some() || !url.username().is_empty() || url.password().is_some() {
            return Err(format!("{text:?} must be the service's address alone, without credentials or a query"));
        }
        Ok(Self(url.as_str().trim_end_matches('/').to_owned()))
    }

    #[must_use]
    pub fn as_str(&self) -> &str {
        &self.0
    }

    fn is_http(&self) -> bool {
        self.0.starts_with("http://")
    }
}

/// Why the media store cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum S3ConfigError {
    /// The local directory cannot be created or opened.
    #[error("the media directory cannot be used: {0}")]
    Directory(#[source] std::io::Error),
    /// The S3 client cannot be built from the settings.
    #[error("the S3 store cannot be set up: {0}")]
    Setup(#[source] object_store::Error),
    /// The bucket does not answer a listing: missing, unreachable or the keys refused.
    #[error("the S3 bucket cannot be read: {0}")]
    Unreachable(#[source] object_store::Error),
}

impl ObjectMediaStore {
    /// The store `config` names, decoding as many pictures at once as the machine has cores. For a bucket,
    /// nothing is sent yet: [`ObjectMediaStore::check`] asks it.
    ///
    /// # Errors
    /// [`S3ConfigError::Directory`] or [`S3ConfigError::Setup`].
    pub fn open(config: &MediaStoreConfig) -> Result<Self, S3ConfigError> {
        match config {
            MediaStoreConfig::Directory(dir) => Self::local(dir.clone()).map_err(S3ConfigError::Directory),
            MediaStoreConfig::S3(s3) => Ok(Self::new(bucket(s3).map_err(S3ConfigError::Setup)?, true, crate::cores())),
        }
    }

    /// Lists the first keys of the store, so a missing bucket or refused keys stop the start rather than
    /// the first upload.
    ///
    /// # Errors
    /// [`S3ConfigError::Unreachable`] with the store's answer.
    pub async fn check(&self) -> Result<(), S3ConfigError> {
        match self.objects.list(None).next().await {
            Some(Err(err)) => Err(S3ConfigError::Unreachable(err)),
            Some(Ok(_)) | None => Ok(()),
        }
    }
}

/// The bucket's client, under the prefix when one is set.
fn bucket(config: &S3Config) -> Result<Arc<dyn ObjectStore>, object_store::Error> {
    let mut builder =
        AmazonS3Builder::new().with_bucket_name(config.bucket.as_str()).with_region(config.region.as_str());
    if let Some(endpoint) = &config.endpoint {
        builder = builder.with_endpoint(endpoint.as_str()).with_allow_http(endpoint.is_http());
    }
    if let Some(credentials) = &config.credentials {
        builder = builder
            .with_access_key_id(&credentials.access_key_id)
            .with_secret_access_key(credentials.secret_access_key.expose_secret());
    }
    let s3 = builder.build()?;
    Ok(match &config.prefix {
        Some(prefix) => Arc::new(PrefixStore::new(s3, prefix.as_str())),
        None => Arc::new(s3),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bucket_names_follow_s3s_rules() {
        assert_eq!(S3Bucket::parse("shop-media.pk").unwrap().as_str(), "shop-media.pk");
        for bad in ["ab", "Shop", "shop_media", "-shop", "shop-", "shop..media", &"a".repeat(64)] {
            assert!(S3Bucket::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn prefixes_lose_their_slashes_and_never_climb() {
        assert_eq!(S3Prefix::parse("/shop/media/").unwrap(), Some(S3Prefix("shop/media".into())));
        assert_eq!(S3Prefix::parse("/").unwrap(), None);
        for bad in ["shop/../etc", "shop//media", "./media", "shop media", "shop/%2e%2e"] {
            assert!(S3Prefix::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn endpoints_are_https_or_plain_http_on_loopback() {
        assert_eq!(S3Endpoint::parse("https://s3.example.pk/").unwrap().as_str(), "https://s3.example.pk");
        assert!(S3Endpoint::parse("http://127.0.0.1:9000").unwrap().is_http());
        assert!(S3Endpoint::parse("http://localhost:9000").is_ok());
        assert_eq!(
            S3Endpoint::parse("http://s3.example.pk").unwrap_err(),
            "\"http://s3.example.pk\" must be an https URL (plain http only on loopback)"
        );
        assert!(S3Endpoint::parse("https://key:secret@s3.example.pk").is_err());
        assert!(S3Endpoint::parse("s3.example.pk").is_err());
    }

    #[test]
    fn regions_are_plain_names_and_default_to_us_east_1() {
        assert_eq!(S3Region::default().as_str(), "us-east-1");
        assert!(S3Region::parse("ap-south-1").is_ok());
        assert!(S3Region::parse("ap south").is_err());
    }

    #[test]
    fn debug_output_hides_the_secret_key() {
        let credentials =
            S3Credentials { access_key_id: "AKIAEXAMPLE".into(), secret_access_key: "wJalr/very-secret".into() };

        let shown = format!("{credentials:?}");

        assert!(shown.contains("AKIAEXAMPLE"));
        assert!(!shown.contains("very-secret"));
    }
}
