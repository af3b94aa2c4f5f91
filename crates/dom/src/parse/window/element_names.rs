//! The elements HTML's tree construction names in the steps the window has to foresee: the
//! formatting elements (HTML § 13.2.4.3), the elements that end a scope (§ 13.2.4.2), those
//! "reset the insertion mode appropriately" stops at (§ 13.2.4.1), and what a start tag may
//! look for down the stack of open elements (§ 13.2.6.4.7 and the table and select insertion
//! modes).

use html5ever::{local_name, ns, LocalName, QualName};

/// HTML § 13.2.4.3: the formatting elements.
pub(super) fn is_formatting(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("a")
            | local_name!("b")
            | local_name!("big")
            | local_name!("code")
            | local_name!("em")
            | local_name!("font")
            | local_name!("i")
            | local_name!("nobr")
            | local_name!("s")
            | local_name!("small")
            | local_name!("strike")
            | local_name!("strong")
            | local_name!("tt")
            | local_name!("u")
    )
}

/// The table parts: end tags of one close the others in the table insertion modes.
pub(super) const TABLE_PARTS: [LocalName; 10] = [
    local_name!("table"),
    local_name!("caption"),
    local_name!("colgroup"),
    local_name!("tbody"),
    local_name!("thead"),
    local_name!("tfoot"),
    local_name!("tr"),
    local_name!("td"),
    local_name!("th"),
    local_name!("template"),
];

pub(super) fn is_table_part(name: &LocalName) -> bool {
    TABLE_PARTS.contains(name) || *name == local_name!("col")
}

/// The elements a start tag may look for down the stack of open elements (HTML § 13.2.6.4.7
/// "in body" and the table and select insertion modes): the `p` a block closes, list items,
/// `button`, `a` and `nobr` (through the list of active formatting elements too), ruby, the
/// table parts a cell or row closes, `select` and its options, `form` and `template`; and the
/// `table` any tag is foster-parented before in a table insertion mode.
pub(super) fn sought_by_start_tag(name: &LocalName) -> Vec<LocalName> {
    let mut sought = vec![local_name!("table"), local_name!("template")];
    let closes_p = matches!(
        *name,
        local_name!("address")
            | local_name!("article")
            | local_name!("aside")
            | local_name!("blockquote")
            | local_name!("center")
            | local_name!("details")
            | local_name!("dialog")
            | local_name!("dir")
            | local_name!("div")
            | local_name!("dl")
            | local_name!("fieldset")
            | local_name!("figcaption")
            | local_name!("figure")
            | local_name!("footer")
            | local_name!("header")
            | local_name!("hgroup")
            | local_name!("main")
            | local_name!("menu")
            | local_name!("nav")
            | local_name!("ol")
            | local_name!("p")
            | local_name!("search")
            | local_name!("section")
            | local_name!("summary")
            | local_name!("ul")
            | local_name!("pre")
            | local_name!("listing")
            | local_name!("form")
            | local_name!("plaintext")
            | local_name!("xmp")
            | local_name!("hr")
            | local_name!("table")
            | local_name!("h1")
            | local_name!("h2")
            | local_name!("h3")
            | local_name!("h4")
            | local_name!("h5")
            | local_name!("h6")
            | local_name!("li")
            | local_name!("dd")
            | local_name!("dt")
            | local_name!("button")
    );
    if closes_p {
        sought.push(local_name!("p"));
    }
    match *name {
        local_name!("li") => sought.push(local_name!("li")),
        local_name!("dd") | local_name!("dt") => sought.extend([local_name!("dd"), local_name!("dt")]),
        local_name!("button") | local_name!("a") | local_name!("nobr") | local_name!("form") => {
            sought.push(name.clone())
        }
        local_name!("option") | local_name!("optgroup") => {
            sought.extend([local_name!("option"), local_name!("optgroup"), local_name!("select")])
        }
        local_name!("select") | local_name!("input") | local_name!("keygen") | local_name!("textarea") => {
            sought.push(local_name!("select"))
        }
        local_name!("rb") | local_name!("rtc") | local_name!("rp") | local_name!("rt") => {
            sought.extend([local_name!("ruby"), local_name!("rtc")])
        }
        _ if is_table_part(name) => sought.extend(TABLE_PARTS),
        _ => {}
    }
    sought
}

/// HTML § 13.2.4.2 "has an element in scope": the elements that end the scope (besides `html`).
pub(super) fn is_scope_boundary(name: &QualName) -> bool {
    match name.ns {
        ns!(html) => matches!(
            name.local,
            local_name!("applet")
                | local_name!("caption")
                | local_name!("html")
                | local_name!("table")
                | local_name!("td")
                | local_name!("th")
                | local_name!("marquee")
                | local_name!("object")
                | local_name!("template")
        ),
        ns!(mathml) => matches!(
            name.local,
            local_name!("mi")
                | local_name!("mo")
                | local_name!("mn")
                | local_name!("ms")
                | local_name!("mtext")
                | local_name!("annotation-xml")
        ),
        ns!(svg) => matches!(name.local, local_name!("foreignObject") | local_name!("desc") | local_name!("title")),
        _ => false,
    }
}

/// A local name that ends the scope in some namespace (the summary below the window keeps names
/// only).
pub(super) fn is_scope_boundary_name(local: &LocalName) -> bool {
    [ns!(html), ns!(mathml), ns!(svg)]
        .into_iter()
        .any(|ns| local != &local_name!("html") && is_scope_boundary(&QualName::new(None, ns, local.clone())))
}

/// HTML § 13.2.4.1 "reset the insertion mode appropriately": the elements its walk stops at.
pub(super) fn sets_mode(name: &LocalName) -> bool {
    matches!(
        *name,
        local_name!("select")
            | local_name!("td")
            | local_name!("th")
            | local_name!("tr")
            | local_name!("tbody")
            | local_name!("thead")
            | local_name!("tfoot")
            | local_name!("caption")
            | local_name!("colgroup")
            | local_name!("table")
            | local_name!("template")
            | local_name!("head")
            | local_name!("body")
            | local_name!("frameset")
            | local_name!("html")
    )
}
