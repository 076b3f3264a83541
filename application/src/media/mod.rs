//! Media files: what a picture or video is, where the files are kept, recognising them by their bytes, and
//! which pictures are usable.

pub mod model;
pub mod picture;
pub mod ports;
pub mod sniff;
