//! The drive's image, as the page keeps it in the browser's storage: every directory and
//! file of drive C: in one byte string. The format is this crate's own and versioned by
//! its magic: `GWDRIVE1`, then for each entry its kind (0 a directory, 1 a file), the
//! length of its path (u16, little-endian) and the path (the bytes of the names below
//! the root joined by `\`), and for a file the length of its contents (u32) and the
//! contents. A parent comes before what is in it.

/// The image's first bytes.
const MAGIC: &[u8; 8] = b"GWDRIVE1";

/// One entry: a directory (`data` None) or a file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Item {
    pub path: Vec<u8>,
    pub data: Option<Vec<u8>>,
}

/// Why an image could not be read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Damaged;

/// The image of these entries.
pub fn encode(items: &[Item]) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    for item in items {
        let path = &item.path[..item.path.len().min(usize::from(u16::MAX))];
        out.push(u8::from(item.data.is_some()));
        out.extend_from_slice(&(path.len() as u16).to_le_bytes());
        out.extend_from_slice(path);
        if let Some(data) = &item.data {
            let data = &data[..data.len().min(u32::MAX as usize)];
            out.extend_from_slice(&(data.len() as u32).to_le_bytes());
            out.extend_from_slice(data);
        }
    }
    out
}

/// The entries of an image (an empty image holds none).
pub fn decode(image: &[u8]) -> Result<Vec<Item>, Damaged> {
    if image.is_empty() {
        return Ok(Vec::new());
    }
    let mut rest = image.strip_prefix(MAGIC.as_slice()).ok_or(Damaged)?;
    let mut items = Vec::new();
    while let Some((&kind, tail)) = rest.split_first() {
        let (len, tail) = take_len(tail, 2)?;
        let (path, tail) = take(tail, len)?;
        rest = tail;
        let data = match kind {
            0 => None,
            1 => {
                let (len, tail) = take_len(rest, 4)?;
                let (data, tail) = take(tail, len)?;
                rest = tail;
                Some(data.to_vec())
            }
            _ => return Err(Damaged),
        };
        items.push(Item {
            path: path.to_vec(),
            data,
        });
    }
    Ok(items)
}

/// A little-endian length of `n` bytes, and what follows it.
fn take_len(bytes: &[u8], n: usize) -> Result<(usize, &[u8]), Damaged> {
    let (len, rest) = take(bytes, n)?;
    let len = len
        .iter()
        .rev()
        .fold(0usize, |a, &b| (a << 8) | usize::from(b));
    Ok((len, rest))
}

fn take(bytes: &[u8], n: usize) -> Result<(&[u8], &[u8]), Damaged> {
    if bytes.len() < n {
        return Err(Damaged);
    }
    Ok(bytes.split_at(n))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn items() -> Vec<Item> {
        vec![
            Item {
                path: b"DATA".to_vec(),
                data: None,
            },
            Item {
                path: b"DATA\\SCORES.TXT".to_vec(),
                data: Some(b"10\r\n20\r\n\x1a".to_vec()),
            },
            Item {
                path: b"EMPTY.BAS".to_vec(),
                data: Some(Vec::new()),
            },
        ]
    }

    #[test]
    fn an_image_reads_back_as_written() {
        let image = encode(&items());
        assert_eq!(&image[..8], b"GWDRIVE1");
        assert_eq!(decode(&image), Ok(items()));
        assert_eq!(decode(&encode(&[])), Ok(vec![]));
        assert_eq!(decode(b""), Ok(vec![]));
    }

    #[test]
    fn a_damaged_image_is_refused_whole() {
        let all = items();
        let image = encode(&all);
        // the ends of entries: an image cut there is the drive with the entries before
        let ends: Vec<usize> = (0..=all.len()).map(|n| encode(&all[..n]).len()).collect();
        for cut in 1..image.len() {
            match ends.iter().position(|&e| e == cut) {
                Some(n) => assert_eq!(decode(&image[..cut]), Ok(all[..n].to_vec())),
                None => assert_eq!(decode(&image[..cut]), Err(Damaged), "cut at {cut}"),
            }
        }
        let mut bad = image.clone();
        bad[8] = 7;
        assert_eq!(decode(&bad), Err(Damaged));
        assert_eq!(decode(b"GWDRIVE2"), Err(Damaged));
    }
}
