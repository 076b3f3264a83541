//! Media files: what a picture or video is, where the files are kept, and recognising them by their bytes.

pub mod model;
pub mod ports;
pub mod sniff;
