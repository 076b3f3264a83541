//! Pictures and videos as the catalogue knows them.

/// A picture or video of a product. Its addresses are the media store's, taken as they are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Media {
    /// Where the file as uploaded is served, relative to the site's origin.
    pub url: String,
    pub kind: MediaKind,
    /// The width in pixels of a picture as uploaded.
    pub width: Option<u32>,
    /// Narrower copies of a picture, narrowest first, so phones need not download the original.
    pub variants: Vec<MediaVariant>,
}

/// A narrower copy of a picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MediaVariant {
    pub url: String,
    /// Its width in pixels.
    pub width: u32,
}

/// Whether a media file is a picture or a video.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MediaKind {
    Image,
    Video,
}

impl MediaKind {
    /// The stored and wire name.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Image => "image",
            Self::Video => "video",
        }
    }
}
