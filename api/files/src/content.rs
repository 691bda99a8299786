//! What a file really is, decided from its bytes: the allowed types (spec 1 section 9: pdf, docx, doc, xlsx, xls,
//! txt, jpg, png, bmp, gif, tif, csv), sniffed by magic number with `infer`; the name's extension must agree with the
//! content, and the declared content type is ignored. Images are decoded (within limits) and get a thumbnail.

use std::io::Cursor;

use image::{ImageFormat, ImageReader, Limits, Rgb, RgbImage};

/// The longest side of a thumbnail, in pixels.
pub const THUMBNAIL_SIZE: u32 = 200;
/// Decoding limits for uploaded images, so a small file cannot claim an enormous canvas.
const MAX_IMAGE_SIDE: u32 = 20_000;
const MAX_DECODE_BYTES: u64 = 256 * 1024 * 1024;
/// The longest file name kept (display text only; never a storage path).
pub const MAX_FILE_NAME: usize = 255;

/// One accepted type.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileKind {
    /// What users call it (and the first of `extensions`).
    pub label: &'static str,
    pub mime_type: &'static str,
    /// Name endings that may carry this content (lower case, without the dot).
    pub extensions: &'static [&'static str],
    pub is_image: bool,
}

pub const ALLOWED: &[FileKind] = &[
    FileKind { label: "pdf", mime_type: "application/pdf", extensions: &["pdf"], is_image: false },
    FileKind { label: "docx", mime_type: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", extensions: &["docx"], is_image: false },
    FileKind { label: "doc", mime_type: "application/msword", extensions: &["doc"], is_image: false },
    FileKind { label: "xlsx", mime_type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", extensions: &["xlsx"], is_image: false },
    FileKind { label: "xls", mime_type: "application/vnd.ms-excel", extensions: &["xls"], is_image: false },
    FileKind { label: "txt", mime_type: "text/plain", extensions: &["txt"], is_image: false },
    FileKind { label: "csv", mime_type: "text/csv", extensions: &["csv"], is_image: false },
    FileKind { label: "jpg", mime_type: "image/jpeg", extensions: &["jpg", "jpeg"], is_image: true },
    FileKind { label: "png", mime_type: "image/png", extensions: &["png"], is_image: true },
    FileKind { label: "bmp", mime_type: "image/bmp", extensions: &["bmp"], is_image: true },
    FileKind { label: "gif", mime_type: "image/gif", extensions: &["gif"], is_image: true },
    FileKind { label: "tif", mime_type: "image/tiff", extensions: &["tif", "tiff"], is_image: true },
];

/// "pdf, docx, ... csv", for messages.
pub fn allowed_list() -> String {
    ALLOWED.iter().map(|k| k.label).collect::<Vec<_>>().join(", ")
}

/// Why content was refused: a message for the user, in the words of the one error shape.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub error_type: &'static str,
    pub message: String,
}

fn refuse(error_type: &'static str, message: String) -> Refusal {
    Refusal { error_type, message }
}

/// The name as it is kept: the last part of whatever path the browser sent, trimmed; at most [`MAX_FILE_NAME`]
/// characters, no control characters, and an extension.
pub fn clean_file_name(raw: &str) -> Result<String, Refusal> {
    let name = raw.rsplit(['/', '\\']).next().unwrap_or_default().trim();
    if name.is_empty() || name == "." || name == ".." {
        return Err(refuse("required", "Please choose a file with a name.".into()));
    }
    if name.chars().count() > MAX_FILE_NAME {
        return Err(refuse("tooLong", format!("The file name can be at most {MAX_FILE_NAME} characters.")));
    }
    if name.chars().any(char::is_control) {
        return Err(refuse("invalidCharacter", "The file name contains a control character.".into()));
    }
    if extension(name).is_none() {
        return Err(refuse("invalidType", format!("The file name needs an extension: one of {}.", allowed_list())));
    }
    Ok(name.to_owned())
}

/// The lower-case extension of `name`, without the dot.
pub fn extension(name: &str) -> Option<String> {
    let (stem, ext) = name.rsplit_once('.')?;
    (!stem.is_empty() && !ext.is_empty()).then(|| ext.to_ascii_lowercase())
}

/// Text the product accepts as txt or csv: UTF-8 (a byte-order mark allowed), no NUL, no control characters but
/// tab, line breaks and form feed.
fn is_plain_text(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(bytes);
    std::str::from_utf8(bytes).is_ok_and(|s| !s.chars().any(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r' | '\u{c}')))
}

/// What `bytes` are, given the name they came with: the accepted kind, or why not.
pub fn sniff(file_name: &str, bytes: &[u8]) -> Result<FileKind, Refusal> {
    if bytes.is_empty() {
        return Err(refuse("required", "The file is empty.".into()));
    }
    let ext = extension(file_name).unwrap_or_default();
    let kind = match infer::get(bytes) {
        Some(found) => match ALLOWED.iter().find(|k| k.mime_type == found.mime_type()) {
            Some(kind) => *kind,
            None => {
                return Err(refuse(
                    "invalidType",
                    format!("The file's content ({}) is not an allowed type; allowed: {}.", found.mime_type(), allowed_list()),
                ))
            }
        },
        // No magic number: only plain text is left, and only under a text name.
        None if is_plain_text(bytes) => match ALLOWED.iter().find(|k| k.mime_type.starts_with("text/") && k.extensions.contains(&ext.as_str())) {
            Some(kind) => *kind,
            None => return Err(refuse("invalidType", format!("The file is plain text; text files must end in .txt or .csv (allowed: {}).", allowed_list()))),
        },
        None => return Err(refuse("invalidType", format!("The file's content is not an allowed type; allowed: {}.", allowed_list()))),
    };
    if !kind.extensions.contains(&ext.as_str()) {
        return Err(refuse("invalidType", format!("The file's content is {} but its name ends in .{ext}.", kind.label)));
    }
    Ok(kind)
}

/// A PNG thumbnail (at most [`THUMBNAIL_SIZE`] pixels on its longest side) of an image; a refusal when the image
/// cannot be decoded. CPU-bound: run it on a blocking thread.
pub fn thumbnail(bytes: &[u8]) -> Result<Vec<u8>, Refusal> {
    let unreadable = || refuse("invalidImage", "The image could not be read; it may be damaged.".into());
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().map_err(|_| unreadable())?;
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_IMAGE_SIDE);
    limits.max_image_height = Some(MAX_IMAGE_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let img = reader.decode().map_err(|_| unreadable())?;
    let thumb = img.thumbnail(THUMBNAIL_SIZE, THUMBNAIL_SIZE);
    let mut out = Cursor::new(Vec::new());
    thumb.write_to(&mut out, ImageFormat::Png).map_err(|_| unreadable())?;
    Ok(out.into_inner())
}

/// Width and height of an image, when it can be read.
pub fn image_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    let img = ImageReader::new(Cursor::new(bytes)).with_guessed_format().ok()?.decode().ok()?;
    Some((img.width(), img.height()))
}

/// A believable product picture for demo data and tests: a soft background, a part-coloured disc with a hole (a
/// washer or a bearing seen from the front) and a shadow. PNG bytes.
pub fn demo_png(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
    let (w, h) = (width.max(8), height.max(8));
    // Integer geometry in hundredths of a pixel: distances are compared squared, the light is in thousandths.
    let outer = i64::from(w.min(h)) * 38;
    let inner = outer * 42 / 100;
    let img = RgbImage::from_fn(w, h, |x, y| {
        let (dx, dy) = (i64::from(x) * 100 - i64::from(w) * 50, i64::from(y) * 100 - i64::from(h) * 50);
        let d2 = dx * dx + dy * dy;
        let (sx, sy) = (dx - outer * 8 / 100, dy - outer / 10);
        let shadow2 = sx * sx + sy * sy;
        if d2 <= outer * outer && d2 >= inner * inner {
            // Lit from the top left.
            let light = 1000 - ((dx + dy) * 1000 / (2 * outer)).clamp(-1000, 1000) / 4;
            Rgb(colour.map(|c| u8::try_from((i64::from(c) * light / 1000).clamp(0, 255)).unwrap_or(u8::MAX)))
        } else if shadow2 <= outer * outer && d2 > outer * outer {
            Rgb([190, 192, 196])
        } else {
            let shade = 236 - (y * 24 / h) as u8;
            Rgb([shade, shade, shade.saturating_add(6)])
        }
    });
    let mut out = Cursor::new(Vec::new());
    // Encoding an in-memory RGB image to PNG cannot fail but for allocation.
    let _ = img.write_to(&mut out, ImageFormat::Png);
    out.into_inner()
}

/// `Content-Disposition` for a download of `name`: an ASCII fallback and the exact name (RFC 6266 / 5987).
pub fn content_disposition(disposition: &str, name: &str) -> String {
    let ascii: String = name.chars().map(|c| if c.is_ascii_graphic() && c != '"' && c != '\\' || c == ' ' { c } else { '_' }).collect();
    let mut encoded = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || b"!#$&+-.^_`|~".contains(&b) {
            encoded.push(b as char);
        } else {
            encoded.push_str(&format!("%{b:02X}"));
        }
    }
    format!("{disposition}; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_real_png_under_its_own_name_is_an_image() {
        let png = demo_png(40, 30, [200, 40, 40]);
        let kind = sniff("part.PNG", &png).expect("accepted");
        assert_eq!(kind.mime_type, "image/png");
        assert!(kind.is_image);
        let thumb = thumbnail(&png).expect("thumbnail");
        assert_eq!(sniff("t.png", &thumb).map(|k| k.label), Ok("png"));
    }

    #[test]
    fn an_executable_named_png_is_refused() {
        // The start of a Windows executable (MZ header with a PE offset) and of an ELF binary.
        let mut exe = b"MZ".to_vec();
        exe.resize(0x40, 0);
        exe[0x3c] = 0x40;
        exe.extend_from_slice(b"PE\0\0");
        exe.resize(512, 0);
        let refused = sniff("photo.png", &exe).expect_err("refused");
        assert_eq!(refused.error_type, "invalidType");
        let elf = [0x7f, b'E', b'L', b'F', 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0x3e, 0];
        assert!(sniff("photo.png", &elf).is_err());
    }

    #[test]
    fn content_and_name_must_agree() {
        let png = demo_png(10, 10, [0, 0, 0]);
        assert!(sniff("drawing.pdf", &png).expect_err("mismatch").message.contains("png"));
        assert!(sniff("notes.txt", b"%PDF-1.4\n%%EOF\n").is_err());
        assert_eq!(sniff("spec.pdf", b"%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n").map(|k| k.label), Ok("pdf"));
    }

    #[test]
    fn plain_text_is_accepted_only_as_txt_or_csv() {
        assert_eq!(sniff("list.csv", b"a,b\n1,2\n").map(|k| k.mime_type), Ok("text/csv"));
        assert_eq!(sniff("readme.TXT", "caf\u{e9}\r\n".as_bytes()).map(|k| k.label), Ok("txt"));
        assert!(sniff("page.html", b"<html></html>").is_err());
        assert!(sniff("x.txt", b"abc\x00def").is_err());
        assert!(sniff("x.txt", b"").is_err());
    }

    #[test]
    fn a_damaged_image_is_refused_when_thumbnailed() {
        let mut png = demo_png(50, 50, [10, 20, 30]);
        png.truncate(60);
        assert!(thumbnail(&png).is_err());
    }

    #[test]
    fn names_lose_their_folders_and_need_an_extension() {
        assert_eq!(clean_file_name("C:\\Users\\me\\bearing.jpg").as_deref(), Ok("bearing.jpg"));
        assert_eq!(clean_file_name("../../etc/passwd.txt").as_deref(), Ok("passwd.txt"));
        assert!(clean_file_name("noextension").is_err());
        assert!(clean_file_name("   ").is_err());
        assert!(clean_file_name("a\u{7}.txt").is_err());
        assert!(clean_file_name(&format!("{}.txt", "x".repeat(300))).is_err());
    }

    #[test]
    fn download_names_are_quoted_safely() {
        let h = content_disposition("attachment", "Zeichnung \"Lager\" ö.pdf");
        assert!(h.starts_with("attachment; filename=\"Zeichnung _Lager_ _.pdf\"; filename*=UTF-8''Zeichnung%20%22Lager%22%20%C3%B6.pdf"), "{h}");
    }
}
