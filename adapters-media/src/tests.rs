use super::*;

use crate::test_support::{contains, phone_photo, picture, png_declaring};

fn png(width: u32, height: u32) -> Vec<u8> {
    picture(ImageFormat::Png, width, height)
}

fn jpeg(width: u32, height: u32) -> Vec<u8> {
    picture(ImageFormat::Jpeg, width, height)
}

fn upload(bytes: Vec<u8>, content_type: &str) -> MediaUpload {
    MediaUpload::bytes(bytes, content_type)
}

fn scratch() -> PathBuf {
    std::env::temp_dir().join(format!("shop-media-test-{:016x}", rand::rng().random::<u64>()))
}

fn file(dir: &std::path::Path, url: &str) -> PathBuf {
    dir.join(file_name(url).unwrap())
}

#[tokio::test]
async fn a_wide_picture_gets_webp_copies_at_each_narrower_width() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();

    let stored = store.save(upload(png(1500, 1000), "image/png")).await.unwrap();

    assert_eq!(stored.width, Some(1500));
    assert!(stored.url.starts_with("/media/") && stored.url.ends_with(".png"), "{}", stored.url);
    let widths: Vec<u32> = stored.variants.iter().map(|v| v.width).collect();
    assert_eq!(widths, [320, 640, 1280]);
    let copy = std::fs::read(file(&dir, &stored.variants[1].url)).unwrap();
    let decoded = image::load_from_memory(&copy).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (640, 426));
    assert!(copy.len() < png(1500, 1000).len() / 4, "the copy is much smaller than the original");

    store.remove(vec![stored.url.clone(), "/media/../../etc/passwd".into(), "/elsewhere/x.png".into()]).await;

    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "the original and its copies are gone");
    std::fs::remove_dir_all(dir).unwrap();
}

fn files_in(dir: &std::path::Path) -> Vec<Vec<u8>> {
    std::fs::read_dir(dir).unwrap().map(|entry| std::fs::read(entry.unwrap().path()).unwrap()).collect()
}

#[tokio::test]
async fn a_phone_photo_kept_re_encoded_loses_its_metadata_and_is_narrowed_to_the_largest_width() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();
    let photo = phone_photo(2400, 1600, 1);

    let stored = store.save_reencoded(upload(photo.bytes, "image/jpeg"), 2048).await.unwrap();

    assert!(stored.url.ends_with(".webp"), "{}", stored.url);
    assert_eq!(stored.width, Some(2048));
    let kept = image::load_from_memory(&std::fs::read(file(&dir, &stored.url)).unwrap()).unwrap();
    assert_eq!((kept.width(), kept.height()), (2048, 1365));
    assert_eq!(stored.variants.iter().map(|v| v.width).collect::<Vec<_>>(), [320, 640, 1280]);
    let files = files_in(&dir);
    assert_eq!(files.len(), 4, "the picture and its three copies");
    for bytes in files {
        assert!(bytes.starts_with(b"RIFF") && &bytes[8..12] == b"WEBP");
        for trace in &photo.traces {
            assert!(!contains(&bytes, trace), "{:?} survived", String::from_utf8_lossy(trace));
        }
    }
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn a_picture_narrowed_to_a_copys_width_is_that_copy_itself() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();

    let stored = store.save_reencoded(upload(png(1500, 1000), "image/png"), 1280).await.unwrap();

    assert_eq!(stored.width, Some(1280));
    let copies: Vec<(u32, bool)> = stored.variants.iter().map(|v| (v.width, v.url == stored.url)).collect();
    assert_eq!(copies, [(320, false), (640, false), (1280, true)]);
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 3, "no second file of 1280 px");
    store.remove(vec![stored.url]).await;
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn a_photo_taken_turned_is_kept_and_copied_upright() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();

    let reencoded = store.save_reencoded(upload(phone_photo(900, 600, 6).bytes, "image/jpeg"), 2048).await.unwrap();
    let as_uploaded = store.save(upload(phone_photo(900, 600, 6).bytes, "image/jpeg")).await.unwrap();

    let kept = image::load_from_memory(&std::fs::read(file(&dir, &reencoded.url)).unwrap()).unwrap();
    assert_eq!((reencoded.width, kept.width(), kept.height()), (Some(600), 600, 900));
    assert_eq!(as_uploaded.width, Some(600), "as a browser shows the file, turned by its tag");
    let copy = image::load_from_memory(&std::fs::read(file(&dir, &as_uploaded.variants[0].url)).unwrap()).unwrap();
    assert_eq!((copy.width(), copy.height()), (320, 480));
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn uploads_in_files_are_read_from_their_start_and_a_long_video_is_streamed_whole() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();
    let in_file = |bytes: &[u8]| {
        let mut file = tempfile_in(&dir);
        std::io::Write::write_all(&mut file, bytes).unwrap();
        file
    };
    let video: Vec<u8> = (0..20 * 1024 * 1024 + 5).map(|i| (i % 251) as u8).collect();

    let picture = store
        .save_reencoded(
            MediaUpload { content: UploadContent::File(in_file(&png(700, 500))), content_type: "image/png".into() },
            2048,
        )
        .await
        .unwrap();
    let stored = store
        .save(MediaUpload { content: UploadContent::File(in_file(&video)), content_type: "video/mp4".into() })
        .await
        .unwrap();

    assert_eq!(picture.width, Some(700));
    assert!(stored.url.ends_with(".mp4"));
    assert!(std::fs::read(file(&dir, &stored.url)).unwrap() == video, "the video arrives whole");
    std::fs::remove_dir_all(dir).unwrap();
}

/// An unnamed scratch file beside the store's files (it vanishes when closed).
fn tempfile_in(dir: &std::path::Path) -> std::fs::File {
    let path = dir.join(format!(".scratch-{:016x}", rand::rng().random::<u64>()));
    let file = std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path).unwrap();
    std::fs::remove_file(&path).unwrap();
    file
}

#[tokio::test]
async fn a_narrow_picture_and_a_video_get_no_copies() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();

    let small = store.save(upload(png(300, 300), "image/png")).await.unwrap();
    let video = store.save(upload(vec![0, 0, 0, 24], "video/mp4")).await.unwrap();

    assert_eq!((small.width, small.variants.len()), (Some(300), 0));
    assert_eq!((video.width, video.variants.len()), (None, 0));
    assert!(video.url.ends_with(".mp4"));
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn the_same_bytes_saved_twice_are_two_files_of_their_own() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();
    let bytes = png(400, 400);

    let first = store.save(upload(bytes.clone(), "image/png")).await.unwrap();
    let second = store.save(upload(bytes, "image/png")).await.unwrap();
    store.remove(vec![first.url.clone()]).await;

    assert_ne!(first.url, second.url);
    assert!(file(&dir, &second.url).is_file());
    assert!(file(&dir, &second.variants[0].url).is_file(), "the other upload keeps its copy");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 2);
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn a_small_file_declaring_a_huge_picture_is_refused_by_its_header_and_leaves_nothing() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();

    let refused = store.save(upload(png_declaring(11_000, 11_000), "image/png")).await.unwrap_err();

    assert!(
        matches!(refused, MediaStoreError::Unusable(UnusablePicture::TooManyPixels { width: 11_000, height: 11_000 })),
        "{refused:?}"
    );
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn truncated_pictures_and_garbage_after_a_signature_are_refused_and_leave_nothing() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();
    let whole_jpeg = jpeg(200, 150);
    let whole_png = png(200, 150);
    let whole_webp = picture(ImageFormat::WebP, 200, 150);
    let mut garbage = b"\x89PNG\r\n\x1a\n".to_vec();
    garbage.extend_from_slice(&[0x5A; 400]);
    let refused = [
        upload(whole_jpeg[..whole_jpeg.len() / 2].to_vec(), "image/jpeg"),
        upload(whole_jpeg[..whole_jpeg.len() - 2].to_vec(), "image/jpeg"),
        upload(whole_png[..whole_png.len() / 2].to_vec(), "image/png"),
        upload(whole_webp[..whole_webp.len() / 2].to_vec(), "image/webp"),
        upload(garbage, "image/png"),
        upload(b"\xFF\xD8\xFF\xE0 nothing more".to_vec(), "image/jpeg"),
    ];

    for (i, bad) in refused.into_iter().enumerate() {
        let err = store.save(bad).await.unwrap_err();

        assert!(matches!(err, MediaStoreError::Unusable(UnusablePicture::Undecodable)), "{i}: {err:?}");
    }
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
    std::fs::remove_dir_all(dir).unwrap();
}

#[tokio::test]
async fn a_jpeg_with_data_after_its_end_and_a_gif_are_kept() {
    let dir = scratch();
    let store = ObjectMediaStore::local(dir.clone()).unwrap();
    let mut motion_photo = jpeg(400, 300);
    motion_photo.extend_from_slice(b"\0\0\0\x18ftypmp42 the video a phone appends");

    let photo = store.save(upload(motion_photo, "image/jpeg")).await.unwrap();
    let gif = store.save(upload(picture(ImageFormat::Gif, 330, 100), "image/gif")).await.unwrap();

    assert_eq!((photo.width, photo.variants.len()), (Some(400), 1));
    assert_eq!((gif.width, gif.variants.len()), (Some(330), 1));
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_jpeg_walk_skips_segments_whole_and_stops_at_the_end_marker() {
    let whole = jpeg(64, 64);
    // An APP1 segment holding a whole thumbnail, end marker included, before the picture's own data.
    let thumbnail = jpeg(8, 8);
    let mut with_thumbnail = whole[..2].to_vec();
    with_thumbnail.extend_from_slice(&[0xFF, 0xE1]);
    with_thumbnail.extend_from_slice(&u16::try_from(thumbnail.len() + 2).unwrap().to_be_bytes());
    with_thumbnail.extend_from_slice(&thumbnail);
    with_thumbnail.extend_from_slice(&whole[2..]);

    assert!(jpeg_reaches_its_end(&whole));
    assert!(jpeg_reaches_its_end(&with_thumbnail));
    assert!(!jpeg_reaches_its_end(&with_thumbnail[..with_thumbnail.len() - 20]), "the thumbnail's end is not");
    assert!(!jpeg_reaches_its_end(&whole[..whole.len() - 1]));
    assert!(!jpeg_reaches_its_end(b"\xFF\xD8"));
}

#[tokio::test]
async fn pictures_wait_for_a_free_decode_and_videos_do_not() {
    let dir = scratch();
    let store = ObjectMediaStore::local_with_decodes_at_once(dir.clone(), 1).unwrap();
    let busy = store.decodes.clone().acquire_owned().await.unwrap();

    let waiting = tokio::spawn({
        let store = store.clone();
        async move { store.save(upload(png(400, 300), "image/png")).await }
    });
    let video = store.save(upload(vec![0, 0, 0, 24], "video/mp4")).await.unwrap();
    // Time enough for a decode that did not wait to have written its file.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;

    assert!(video.url.ends_with(".mp4"), "a video needs no decode");
    assert!(!waiting.is_finished(), "the picture waits while every decode is taken");
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 1, "only the video is written");
    drop(busy);
    let picture = waiting.await.unwrap().unwrap();
    assert_eq!(picture.width, Some(400));
    std::fs::remove_dir_all(dir).unwrap();
}
