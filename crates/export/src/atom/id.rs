//! Stable entry identifiers for entries the page gives none: the same input, the same id.

/// §5.5.3 step 16.11, "otherwise": an undereferenceable, globally unique absolute URL that is
/// the same for the same input — a `urn:uuid:` (version 8, RFC 9562) whose bits are a 128-bit
/// FNV-1a hash of the document address, the article's position among the top-level articles
/// and its content.
pub(super) fn generated_id(address: &str, ordinal: usize, content: &str) -> String {
    const OFFSET: u128 = 0x6c62_272e_07bb_0142_62b8_2175_6295_c58d;
    const PRIME: u128 = 0x0000_0000_0100_0000_0000_0000_0000_013b;
    let mut hash = OFFSET;
    let ordinal = ordinal.to_string();
    for part in [address, "\u{0}", ordinal.as_str(), "\u{0}", content] {
        for byte in part.bytes() {
            hash ^= u128::from(byte);
            hash = hash.wrapping_mul(PRIME);
        }
    }
    let mut bytes = hash.to_be_bytes();
    bytes[6] = (bytes[6] & 0x0f) | 0x80; // version 8
    bytes[8] = (bytes[8] & 0x3f) | 0x80; // variant 10
    let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    format!("urn:uuid:{}-{}-{}-{}-{}", &hex[0..8], &hex[8..12], &hex[12..16], &hex[16..20], &hex[20..32])
}
