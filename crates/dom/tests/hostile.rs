//! Hostile input for the document model (issue 9): every encoding label of the Encoding
//! Standard, NUL bytes, lone surrogates in character references, invalid UTF-8, a 10 MB text
//! node, 100,000 classes on one element, 50,000 siblings, misnested formatting elements, URLs
//! and a `<base>` that fail to parse. Each must finish without panic; the sibling and
//! formatting cases double their input and compare the best of three timings.

use harvest_dom::encoding::EncodingSource;
use harvest_dom::{Document, ParseOptions, Selector, TextOptions, Url};
use std::time::{Duration, Instant};

/// Every label of the Encoding Standard's "Encodings" table, with the name of the encoding it
/// selects.
const LABELS: &[(&str, &str)] = &[
    ("unicode-1-1-utf-8", "UTF-8"),
    ("unicode11utf8", "UTF-8"),
    ("unicode20utf8", "UTF-8"),
    ("utf-8", "UTF-8"),
    ("utf8", "UTF-8"),
    ("x-unicode20utf8", "UTF-8"),
    ("866", "IBM866"),
    ("cp866", "IBM866"),
    ("csibm866", "IBM866"),
    ("ibm866", "IBM866"),
    ("csisolatin2", "ISO-8859-2"),
    ("iso-8859-2", "ISO-8859-2"),
    ("iso-ir-101", "ISO-8859-2"),
    ("iso8859-2", "ISO-8859-2"),
    ("iso88592", "ISO-8859-2"),
    ("iso_8859-2", "ISO-8859-2"),
    ("iso_8859-2:1987", "ISO-8859-2"),
    ("l2", "ISO-8859-2"),
    ("latin2", "ISO-8859-2"),
    ("csisolatin3", "ISO-8859-3"),
    ("iso-8859-3", "ISO-8859-3"),
    ("iso-ir-109", "ISO-8859-3"),
    ("iso8859-3", "ISO-8859-3"),
    ("iso88593", "ISO-8859-3"),
    ("iso_8859-3", "ISO-8859-3"),
    ("iso_8859-3:1988", "ISO-8859-3"),
    ("l3", "ISO-8859-3"),
    ("latin3", "ISO-8859-3"),
    ("csisolatin4", "ISO-8859-4"),
    ("iso-8859-4", "ISO-8859-4"),
    ("iso-ir-110", "ISO-8859-4"),
    ("iso8859-4", "ISO-8859-4"),
    ("iso88594", "ISO-8859-4"),
    ("iso_8859-4", "ISO-8859-4"),
    ("iso_8859-4:1988", "ISO-8859-4"),
    ("l4", "ISO-8859-4"),
    ("latin4", "ISO-8859-4"),
    ("csisolatincyrillic", "ISO-8859-5"),
    ("cyrillic", "ISO-8859-5"),
    ("iso-8859-5", "ISO-8859-5"),
    ("iso-ir-144", "ISO-8859-5"),
    ("iso8859-5", "ISO-8859-5"),
    ("iso88595", "ISO-8859-5"),
    ("iso_8859-5", "ISO-8859-5"),
    ("iso_8859-5:1988", "ISO-8859-5"),
    ("arabic", "ISO-8859-6"),
    ("asmo-708", "ISO-8859-6"),
    ("csiso88596e", "ISO-8859-6"),
    ("csiso88596i", "ISO-8859-6"),
    ("csisolatinarabic", "ISO-8859-6"),
    ("ecma-114", "ISO-8859-6"),
    ("iso-8859-6", "ISO-8859-6"),
    ("iso-8859-6-e", "ISO-8859-6"),
    ("iso-8859-6-i", "ISO-8859-6"),
    ("iso-ir-127", "ISO-8859-6"),
    ("iso8859-6", "ISO-8859-6"),
    ("iso88596", "ISO-8859-6"),
    ("iso_8859-6", "ISO-8859-6"),
    ("iso_8859-6:1987", "ISO-8859-6"),
    ("csisolatingreek", "ISO-8859-7"),
    ("ecma-118", "ISO-8859-7"),
    ("elot_928", "ISO-8859-7"),
    ("greek", "ISO-8859-7"),
    ("greek8", "ISO-8859-7"),
    ("iso-8859-7", "ISO-8859-7"),
    ("iso-ir-126", "ISO-8859-7"),
    ("iso8859-7", "ISO-8859-7"),
    ("iso88597", "ISO-8859-7"),
    ("iso_8859-7", "ISO-8859-7"),
    ("iso_8859-7:1987", "ISO-8859-7"),
    ("sun_eu_greek", "ISO-8859-7"),
    ("csiso88598e", "ISO-8859-8"),
    ("csisolatinhebrew", "ISO-8859-8"),
    ("hebrew", "ISO-8859-8"),
    ("iso-8859-8", "ISO-8859-8"),
    ("iso-8859-8-e", "ISO-8859-8"),
    ("iso-ir-138", "ISO-8859-8"),
    ("iso8859-8", "ISO-8859-8"),
    ("iso88598", "ISO-8859-8"),
    ("iso_8859-8", "ISO-8859-8"),
    ("iso_8859-8:1988", "ISO-8859-8"),
    ("visual", "ISO-8859-8"),
    ("csiso88598i", "ISO-8859-8-I"),
    ("iso-8859-8-i", "ISO-8859-8-I"),
    ("logical", "ISO-8859-8-I"),
    ("csisolatin6", "ISO-8859-10"),
    ("iso-8859-10", "ISO-8859-10"),
    ("iso-ir-157", "ISO-8859-10"),
    ("iso8859-10", "ISO-8859-10"),
    ("iso885910", "ISO-8859-10"),
    ("l6", "ISO-8859-10"),
    ("latin6", "ISO-8859-10"),
    ("iso-8859-13", "ISO-8859-13"),
    ("iso8859-13", "ISO-8859-13"),
    ("iso885913", "ISO-8859-13"),
    ("iso-8859-14", "ISO-8859-14"),
    ("iso8859-14", "ISO-8859-14"),
    ("iso885914", "ISO-8859-14"),
    ("csisolatin9", "ISO-8859-15"),
    ("iso-8859-15", "ISO-8859-15"),
    ("iso8859-15", "ISO-8859-15"),
    ("iso885915", "ISO-8859-15"),
    ("iso_8859-15", "ISO-8859-15"),
    ("l9", "ISO-8859-15"),
    ("iso-8859-16", "ISO-8859-16"),
    ("cskoi8r", "KOI8-R"),
    ("koi", "KOI8-R"),
    ("koi8", "KOI8-R"),
    ("koi8-r", "KOI8-R"),
    ("koi8_r", "KOI8-R"),
    ("koi8-ru", "KOI8-U"),
    ("koi8-u", "KOI8-U"),
    ("csmacintosh", "macintosh"),
    ("mac", "macintosh"),
    ("macintosh", "macintosh"),
    ("x-mac-roman", "macintosh"),
    ("dos-874", "windows-874"),
    ("iso-8859-11", "windows-874"),
    ("iso8859-11", "windows-874"),
    ("iso885911", "windows-874"),
    ("tis-620", "windows-874"),
    ("windows-874", "windows-874"),
    ("cp1250", "windows-1250"),
    ("windows-1250", "windows-1250"),
    ("x-cp1250", "windows-1250"),
    ("cp1251", "windows-1251"),
    ("windows-1251", "windows-1251"),
    ("x-cp1251", "windows-1251"),
    ("ansi_x3.4-1968", "windows-1252"),
    ("ascii", "windows-1252"),
    ("cp1252", "windows-1252"),
    ("cp819", "windows-1252"),
    ("csisolatin1", "windows-1252"),
    ("ibm819", "windows-1252"),
    ("iso-8859-1", "windows-1252"),
    ("iso-ir-100", "windows-1252"),
    ("iso8859-1", "windows-1252"),
    ("iso88591", "windows-1252"),
    ("iso_8859-1", "windows-1252"),
    ("iso_8859-1:1987", "windows-1252"),
    ("l1", "windows-1252"),
    ("latin1", "windows-1252"),
    ("us-ascii", "windows-1252"),
    ("windows-1252", "windows-1252"),
    ("x-cp1252", "windows-1252"),
    ("cp1253", "windows-1253"),
    ("windows-1253", "windows-1253"),
    ("x-cp1253", "windows-1253"),
    ("cp1254", "windows-1254"),
    ("csisolatin5", "windows-1254"),
    ("iso-8859-9", "windows-1254"),
    ("iso-ir-148", "windows-1254"),
    ("iso8859-9", "windows-1254"),
    ("iso88599", "windows-1254"),
    ("iso_8859-9", "windows-1254"),
    ("iso_8859-9:1989", "windows-1254"),
    ("l5", "windows-1254"),
    ("latin5", "windows-1254"),
    ("windows-1254", "windows-1254"),
    ("x-cp1254", "windows-1254"),
    ("cp1255", "windows-1255"),
    ("windows-1255", "windows-1255"),
    ("x-cp1255", "windows-1255"),
    ("cp1256", "windows-1256"),
    ("windows-1256", "windows-1256"),
    ("x-cp1256", "windows-1256"),
    ("cp1257", "windows-1257"),
    ("windows-1257", "windows-1257"),
    ("x-cp1257", "windows-1257"),
    ("cp1258", "windows-1258"),
    ("windows-1258", "windows-1258"),
    ("x-cp1258", "windows-1258"),
    ("x-mac-cyrillic", "x-mac-cyrillic"),
    ("x-mac-ukrainian", "x-mac-cyrillic"),
    ("chinese", "GBK"),
    ("csgb2312", "GBK"),
    ("csiso58gb231280", "GBK"),
    ("gb2312", "GBK"),
    ("gb_2312", "GBK"),
    ("gb_2312-80", "GBK"),
    ("gbk", "GBK"),
    ("iso-ir-58", "GBK"),
    ("x-gbk", "GBK"),
    ("gb18030", "gb18030"),
    ("big5", "Big5"),
    ("big5-hkscs", "Big5"),
    ("cn-big5", "Big5"),
    ("csbig5", "Big5"),
    ("x-x-big5", "Big5"),
    ("cseucpkdfmtjapanese", "EUC-JP"),
    ("euc-jp", "EUC-JP"),
    ("x-euc-jp", "EUC-JP"),
    ("csiso2022jp", "ISO-2022-JP"),
    ("iso-2022-jp", "ISO-2022-JP"),
    ("csshiftjis", "Shift_JIS"),
    ("ms932", "Shift_JIS"),
    ("ms_kanji", "Shift_JIS"),
    ("shift-jis", "Shift_JIS"),
    ("shift_jis", "Shift_JIS"),
    ("sjis", "Shift_JIS"),
    ("windows-31j", "Shift_JIS"),
    ("x-sjis", "Shift_JIS"),
    ("cseuckr", "EUC-KR"),
    ("csksc56011987", "EUC-KR"),
    ("euc-kr", "EUC-KR"),
    ("iso-ir-149", "EUC-KR"),
    ("korean", "EUC-KR"),
    ("ks_c_5601-1987", "EUC-KR"),
    ("ks_c_5601-1989", "EUC-KR"),
    ("ksc5601", "EUC-KR"),
    ("ksc_5601", "EUC-KR"),
    ("windows-949", "EUC-KR"),
    ("csiso2022kr", "replacement"),
    ("hz-gb-2312", "replacement"),
    ("iso-2022-cn", "replacement"),
    ("iso-2022-cn-ext", "replacement"),
    ("iso-2022-kr", "replacement"),
    ("replacement", "replacement"),
    ("unicodefffe", "UTF-16BE"),
    ("utf-16be", "UTF-16BE"),
    ("csunicode", "UTF-16LE"),
    ("iso-10646-ucs-2", "UTF-16LE"),
    ("ucs-2", "UTF-16LE"),
    ("unicode", "UTF-16LE"),
    ("unicodefeff", "UTF-16LE"),
    ("utf-16", "UTF-16LE"),
    ("utf-16le", "UTF-16LE"),
    ("x-user-defined", "x-user-defined"),
];

/// A page body with every byte value from 0x80 to 0xFF (what single-byte encodings decode
/// differently), sequences that are invalid in the multi-byte ones, an ISO-2022 escape and NULs.
fn awkward_bytes() -> Vec<u8> {
    let mut bytes = b"<p class=h-card itemscope><span itemprop=name class=p-name>".to_vec();
    bytes.extend(0x80u8..=0xFF);
    bytes.extend_from_slice(b"\x1b$B\x30\x21\x1b(B\x00\xFF\xFE\x00<a href=\"/x\xE9\">x</a>");
    bytes
}

#[test]
fn every_encoding_label_in_meta_and_transport() {
    for &(label, name) in LABELS {
        let mut page = format!("<meta charset=\"  {}\t\">", label.to_uppercase()).into_bytes();
        page.extend(awkward_bytes());
        let doc = Document::parse_bytes(&page, &ParseOptions::new());
        // The prescan turns UTF-16 and x-user-defined declarations into UTF-8 and windows-1252
        // (HTML "prescan a byte stream", "get an encoding" then the UTF-16 rule).
        let expected = match name {
            "UTF-16BE" | "UTF-16LE" => "UTF-8",
            "x-user-defined" => "windows-1252",
            other => other,
        };
        assert_eq!(doc.encoding().name(), expected, "<meta charset={label}>");
        assert_eq!(doc.encoding_source(), EncodingSource::MetaPrescan, "<meta charset={label}>");
        let _ = doc.text(doc.root(), &TextOptions::MICROFORMATS);
        let _ = doc.outer_html(doc.root());

        let transport = Document::parse_bytes(&awkward_bytes(), &ParseOptions::new().transport_charset(label));
        assert_eq!(transport.encoding().name(), name, "transport charset {label}");
        assert_eq!(transport.encoding_source(), EncodingSource::Transport);
        let _ = transport.root().text_content();
    }
}

#[test]
fn unknown_and_empty_labels_fall_through() {
    for label in ["", " ", "utf-7", "no-such-charset", "utf-8\0", "\u{FEFF}utf-8", "utf\u{2013}8"] {
        let doc = Document::parse_bytes(b"<p>\xC3\xA9", &ParseOptions::new().transport_charset(label));
        assert_eq!(doc.encoding().name(), "UTF-8", "label {label:?}");
        assert_eq!(doc.encoding_source(), EncodingSource::Utf8Valid, "label {label:?}");
        let page = format!("<meta charset='{label}'><p>\u{e9}");
        let doc = Document::parse_bytes(page.as_bytes(), &ParseOptions::new());
        assert_ne!(doc.encoding_source(), EncodingSource::MetaPrescan, "label {label:?}");
    }
}

#[test]
fn nul_bytes_lone_surrogates_and_invalid_utf8() {
    let references = "&#0;&#xD800;&#xDFFF;&#xDBFF;&#xDC00;&#x110000;&#xFFFFFFFFFF;&#55296;&#x;&#;&";
    let page = format!("<p id=a\0b class='h-card\0 x'>\0{references}<a href='/\0&#xD800;'>\0</a>");
    let doc = Document::parse_with(&page, &ParseOptions::new().url(Url::parse("https://example.com/").unwrap()));
    let text = doc.root().text_content();
    assert!(!text.contains('\0'), "NUL characters in text become U+FFFD or are dropped");
    // Every surrogate and out-of-range reference is U+FFFD (HTML "numeric character reference
    // end state"); &#0; too.
    assert!(text.matches('\u{FFFD}').count() >= 8, "{text:?}");
    let link = doc.elements().find(|e| e.is("a")).unwrap();
    let href = link.attr("href").unwrap().to_string();
    assert!(doc.resolve_url(&href).is_ok());

    let mut invalid = b"<p class='\xC3\x28 \xF0\x28\x8C\xBC \xED\xA0\x80'>".to_vec();
    invalid.extend_from_slice(b"\xC0\xAF\xE0\x80\xAF\xF8\x88\x80\x80\x80\xFF\xFE\xFD\x00\xF4\x90\x80\x80</p>");
    let doc = Document::parse_bytes(&invalid, &ParseOptions::new().transport_charset("utf-8"));
    assert_eq!(doc.encoding().name(), "UTF-8");
    let p = doc.elements().find(|e| e.is("p")).unwrap();
    assert!(p.text_content().contains('\u{FFFD}'));
    assert_eq!(p.class_names().len(), 3);
}

#[test]
fn a_ten_megabyte_text_node() {
    let text = "x&amp;y ".repeat(10 * 1024 * 1024 / 8);
    let page = format!("<div class=h-entry><p class=e-content>{text}</p></div>");
    let started = Instant::now();
    let doc = Document::parse(&page);
    let p = doc.elements().find(|e| e.is("p")).unwrap();
    assert_eq!(p.text_content().len(), 10 * 1024 * 1024 / 8 * 4);
    assert_eq!(doc.text(&p.as_node(), &TextOptions::MICROFORMATS).len(), 10 * 1024 * 1024 / 8 * 4 - 1);
    assert_eq!(doc.inner_html(&p.as_node()).len(), text.len());
    assert!(started.elapsed() < Duration::from_secs(30));
}

#[test]
fn a_hundred_thousand_classes_on_one_element() {
    let classes: Vec<String> = (0..100_000).map(|i| format!("c{i}")).collect();
    let page = format!("<div class='{} c7'>x</div>", classes.join(" "));
    let doc = Document::parse(&page);
    let div = doc.elements().find(|e| e.is("div")).unwrap();
    // `class_names` de-duplicates.
    assert_eq!(div.class_names().len(), 100_000);
    assert!(div.has_class("c99999"));
    let selector = Selector::parse(".c50000.c99999").unwrap();
    assert!(div.matches(&selector));
    let class = div.attr("class").unwrap().to_string();
    let unique = harvest_dom::unique_tokens(&class);
    assert_eq!(unique.len(), 100_000);
}

/// Parsing `page(n)` and running `work` on it grows linearly (the shared doubling check).
fn assert_linear(what: &str, page: impl Fn(usize) -> String, n: usize, work: impl Fn(&Document) -> usize) {
    harvest_test_support::assert_linear(what, n, page, |html| {
        let doc = Document::parse(html);
        std::hint::black_box(work(&doc));
    });
}

fn walk_everything(doc: &Document) -> usize {
    let mut n = 0;
    for element in doc.elements() {
        n += element.local_name().len() + element.class_names().len();
        if let Some(id) = element.id() {
            n += usize::from(doc.element_by_id(id).is_some());
        }
    }
    n + doc.outer_html(doc.root()).len() + doc.text(doc.root(), &TextOptions::MICROFORMATS).len()
}

#[test]
fn fifty_thousand_siblings_are_linear() {
    let page = |n: usize| -> String {
        (0..n).map(|i| format!("<div id=i{i} class='h-card c{i}' itemscope><a href=/p{i}>x</a></div>")).collect()
    };
    let doc = Document::parse(&page(50_000));
    assert_eq!(doc.elements().filter(|e| e.is("div")).count(), 50_000);
    assert!(doc.element_by_id("i49999").is_some());
    assert_linear("siblings", page, 25_000, walk_everything);
}

/// Naming every element (`Document::element_path`; `Element::path` looks at all siblings at
/// every step and is meant for naming a few elements).
fn path_of_every_element(doc: &Document) -> usize {
    doc.elements().map(|e| doc.element_path(&e).len()).sum()
}

#[test]
fn paths_of_fifty_thousand_siblings_are_linear() {
    let page = |n: usize| -> String { "<p>x</p>".repeat(n) };
    let doc = Document::parse(&page(2));
    assert_eq!(doc.elements().last().unwrap().path(), "html>body>p:nth-child(2)");
    assert_linear("paths of siblings", page, 25_000, path_of_every_element);
}

/// The `i`th of up to 46,656 distinct names that string_cache hashes alike: a name of up to 7
/// bytes hashes as its 8-byte word folded onto itself, so bytes 1 to 3 repeated as bytes 5 to
/// 7 cancel out.
fn colliding_name(i: usize) -> String {
    const LETTERS: &[u8] = b"abcdefghijklmnopqrstuvwxyz0123456789";
    let letter = |k: usize| char::from(LETTERS[(i / LETTERS.len().pow(k as u32)) % LETTERS.len()]);
    let stem: String = (0..3).map(letter).collect();
    format!("{stem}q{stem}")
}

#[test]
fn attribute_names_that_hash_alike_are_linear() {
    let page = |n: usize| -> String {
        let attributes: String = (0..n).map(|i| format!(" {}=v", colliding_name(i))).collect();
        format!("<p{attributes} {}=again>x</p>", colliding_name(0))
    };
    let doc = Document::parse(&page(40_000));
    let p = doc.elements().find(|e| e.is("p")).unwrap();
    assert_eq!(p.attributes().len(), 40_000);
    assert_eq!(p.attr(&colliding_name(0)), Some("v"));
    assert_linear("attribute names that hash alike", page, 5_000, |doc| doc.elements().count());
}

#[test]
fn a_tag_read_past_the_deadline_makes_no_more_attribute_names() {
    // Past the deadline the tag's remaining names are not made, and the tag is not built.
    let attributes: String = (0..50_000).map(|i| format!(" data-a-long-attribute-name-{i}=v")).collect();
    let page = format!("<div>before</div><p{attributes}>x</p>");
    let deadline = harvest_dom::Deadline::cancellable();
    deadline.cancel();
    let doc = Document::parse_with(&page, &ParseOptions::new().deadline(deadline));
    assert!(doc.interrupted());
    assert!(doc.elements().all(|e| !e.is("p")));
}

#[test]
fn long_attribute_and_element_names_are_linear() {
    // Names past 7 bytes outside html5ever's static set: interned by the page, not in
    // string_cache's process-wide chains (crates/dom/src/page_names.rs).
    let attributes = |n: usize| -> String {
        let attributes: String = (0..n).map(|i| format!(" data-long-name-{i}=v")).collect();
        format!("<p{attributes}>x</p>")
    };
    let elements = |n: usize| -> String { (0..n).map(|i| format!("<long-element-{i}>x</long-element-{i}>")).collect() };
    let doc = Document::parse(&attributes(3));
    assert_eq!(doc.elements().find(|e| e.is("p")).unwrap().attr("data-long-name-2"), Some("v"));
    assert_linear("long attribute names", attributes, 5_000, |doc| doc.elements().count());
    assert_linear("long element names", elements, 5_000, |doc| doc.elements().map(|e| e.local_name().len()).sum());
}

#[test]
fn element_names_that_hash_alike_are_linear() {
    // As siblings (the paths of repeated names, the index by name) and nested (the names the
    // tree builder's window keeps below it).
    let siblings = |n: usize| -> String { (0..n).map(|i| format!("<{0}>x</{0}>", colliding_name(i))).collect() };
    let nested = |n: usize| -> String { (0..n).map(|i| format!("<{}>x", colliding_name(i))).collect() };
    let doc = Document::parse(&siblings(3));
    assert_eq!(doc.element_path(&doc.elements().last().unwrap()), format!("html>body>{}", colliding_name(2)));
    let named = |doc: &Document| doc.elements_named(&[colliding_name(7).as_str()]).count();
    assert_eq!(named(&Document::parse(&siblings(10))), 1);
    assert_linear("sibling names that hash alike", siblings, 5_000, |doc| path_of_every_element(doc) + named(doc));
    assert_linear("nested names that hash alike", nested, 5_000, |doc| doc.elements().count() + named(doc));
}

#[test]
fn deep_nesting_of_every_kind_of_element() {
    // Tables, lists, formatting elements, foreign content and templates take different paths
    // through the tree builder; each, a hundred thousand deep, must load, walk and drop.
    for (open, close) in [
        ("<table><tr><td>", "</td></tr></table>"),
        ("<ul><li>", "</li></ul>"),
        ("<b>", "</b>"),
        ("<svg><g>", "</g></svg>"),
        ("<math><mi>", "</mi></math>"),
        ("<template>", "</template>"),
        ("<object>", "</object>"),
        ("<select><option>", "</option></select>"),
        ("<div itemscope itemprop=a class='h-entry e-content'>", "</div>"),
    ] {
        let page = format!("{}x{}", open.repeat(100_000), close.repeat(100_000));
        let doc = Document::parse(&page);
        let n = walk_everything(&doc);
        assert!(n > 0, "{open}");
    }
}

#[test]
fn misnested_formatting_elements_are_linear() {
    // Unclosed formatting elements with distinct attributes defeat the "Noah's Ark" limit of
    // the active formatting list, so each paragraph reconstructs them all (HTML §13.2.4.3). The
    // DOM bounds the nesting depth, which bounds what a page can make it reconstruct.
    let page = |n: usize| {
        let mut page: String = (0..n).map(|i| format!("<b class=b{i}>")).collect();
        page.push_str(&"<p>x</p>".repeat(n));
        page
    };
    let doc = Document::parse(&page(2_000));
    assert!(doc.elements().count() >= 2_000);
    assert_linear("misnested formatting", page, 4_000, |doc| doc.elements().count());
}

#[test]
fn urls_and_base_elements_that_fail_to_parse() {
    let page_url = Url::parse("https://example.com/dir/page.html").unwrap();
    for base in ["http://[::1", "http://a b/", "https://exa%mple.com/", "http://999999999999/", "\0", "//[", "http:"] {
        let page = format!("<base href='{base}'><a href='x'>a</a><a href='http://%zz/'>b</a><a href='//:0'>c</a>");
        for options in [ParseOptions::new(), ParseOptions::new().url(page_url.clone())] {
            let doc = Document::parse_with(&page, &options);
            if let Some(base) = doc.base_url() {
                assert!(Url::parse(base.as_str()).is_ok());
            }
            for a in doc.elements().filter(|e| e.is("a")) {
                let href = a.attr("href").unwrap().to_string();
                if let Ok(url) = doc.resolve_url(&href) {
                    assert!(Url::parse(url.as_str()).is_ok(), "{base} + {href}");
                }
            }
        }
    }
    // A cannot-be-a-base base URL: relative references fail with an error, not a panic.
    let doc = Document::parse_with("<base href='mailto:x@example.com'>", &ParseOptions::new().url(page_url));
    assert!(doc.resolve_url("relative").is_err());
}

/// Selectors within the bounds compile and match on a thread with a small stack (a server's
/// worker has 2 MiB): the longest chains of combinators and the deepest nesting allowed, on a
/// page nested to the parser's depth bound.
#[test]
fn selectors_within_the_bounds_fit_a_small_stack() {
    let chain = |combinator: &str| {
        let mut selector = "div".to_owned();
        while selector.len() + combinator.len() + 3 <= Selector::MAX_LENGTH {
            selector.push_str(combinator);
            selector.push_str("div");
        }
        selector
    };
    let nested =
        |function: &str| format!("{}div{}", function.repeat(Selector::MAX_NESTING), ")".repeat(Selector::MAX_NESTING));
    let selectors = [chain(" "), chain(">"), chain("~"), chain("+"), nested(":not("), nested(":not(p,")];
    let page = format!("{}{}", "<div>".repeat(600), "<p>x</p>".repeat(100));
    let worker = std::thread::Builder::new().stack_size(512 * 1024);
    let matched = worker
        .spawn(move || {
            let doc = Document::parse(&page);
            selectors
                .iter()
                .map(|source| {
                    let selector = Selector::parse(source).unwrap_or_else(|error| panic!("{error}"));
                    doc.root().select(&selector).count()
                })
                .collect::<Vec<_>>()
        })
        .unwrap()
        .join()
        .unwrap();
    assert_eq!(matched.len(), 6);
}

/// A deadline stops the parse within a few hundred tokens, and every walk over a finished
/// document within a few hundred steps; the document says it is partial.
#[test]
fn a_deadline_stops_the_parse_and_the_walks() {
    use harvest_dom::Deadline;
    let page = "<div>".repeat(2_000_000);
    let start = Instant::now();
    let doc = Document::parse_with(&page, &ParseOptions::new().deadline(Deadline::after(Duration::from_millis(50))));
    let elapsed = start.elapsed();
    assert!(doc.interrupted());
    assert!(elapsed < Duration::from_millis(1_000), "{elapsed:?}");

    let page = "<p>a</p>".repeat(100_000);
    let deadline = Deadline::cancellable();
    let doc = Document::parse_with(&page, &ParseOptions::new().deadline(deadline.clone()));
    assert!(!doc.interrupted());
    assert_eq!(doc.elements().count(), 100_003);
    deadline.cancel();
    assert!(doc.elements().count() < 1_000);
    assert!(doc.root().text_content().len() < 1_000);
    assert!(doc.inner_html(doc.root()).len() < 10_000);
    assert!(doc.interrupted());
}
