//! Direct assertions on the keyword sections of HTML 5.0 §4.12.4 and on the checker.

use harvest_dom::{Document, ParseOptions, Url};
use harvest_links::{
    by_type, check, default_feed, feeds, hierarchy, links, rel_list, FeedKind, LinkKind, RdfRel, Severity, Source,
    TokenEffect,
};

fn doc(html: &str) -> Document {
    Document::parse_with(html, &ParseOptions::new().url(Url::parse("http://example.com/dir/page").unwrap()))
}

fn rules(html: &str) -> Vec<(&'static str, Option<String>)> {
    check(&doc(html)).into_iter().map(|d| (d.rule, d.token)).collect()
}

#[test]
fn synonyms_map_and_keep_the_original_token() {
    let page = doc("<a href=a rel='COPYRIGHT Top contents toc Begin start END Previous archive'>x</a>");
    let all = links(&page);
    let tokens = all[0].types.tokens();
    let keywords: Vec<_> = tokens.iter().map(|t| t.keyword.unwrap()).collect();
    assert_eq!(keywords, ["license", "index", "index", "index", "first", "first", "last", "prev", "archives"]);
    assert!(tokens.iter().all(|t| t.synonym));
    assert_eq!(tokens[0].token, "COPYRIGHT");
    assert_eq!(tokens[0].normalized, "copyright");
    for keyword in ["license", "index", "first", "last", "prev", "archives", "copyright", "TOC"] {
        assert_eq!(by_type(&all, keyword).len(), 1, "{keyword}");
    }
    // One hyperlink per keyword after synonyms; the three index synonyms make one link.
    let created: Vec<_> = all[0].created.iter().map(|c| c.types.clone()).collect();
    assert_eq!(
        created,
        vec![vec!["license"], vec!["index"], vec!["first"], vec!["last"], vec!["prev"], vec!["archives"]]
    );
    let synonym_rules = rules("<a href=a rel='copyright top'>x</a>");
    assert_eq!(synonym_rules.iter().filter(|(rule, _)| *rule == "synonym-used").count(), 2);
}

#[test]
fn rev_made_means_author() {
    let page = doc("<a href='mailto:a@example.com' rev='MADE'>me</a><link rev=made href=/me>");
    let all = links(&page);
    assert_eq!(by_type(&all, "author").len(), 2);
    assert_eq!(all[0].created[0].types, vec!["author"]);
    assert!(!all[0].created.iter().any(|c| c.implied));
    assert_eq!(all[1].created[0].kind, LinkKind::Hyperlink);
    // RDF reads rel only.
    assert!(all[0].types.rdf_tokens().is_empty());
}

#[test]
fn case_insensitive_except_urls() {
    let page = doc("<link rel='NEXT http://Example.com/Rel' href=n>");
    let rel = rel_list(&page.elements().find(|e| e.is("link")).unwrap());
    assert!(rel.contains("next"));
    assert!(rel.contains("http://Example.com/Rel"));
    assert!(!rel.contains("http://example.com/rel"));
    assert_eq!(rel.tokens()[1].normalized, "http://Example.com/Rel");
    assert!(rel.tokens()[1].is_url);
    assert_eq!(rel.tokens()[1].effect, TokenEffect::Unknown);
    assert_eq!(rel.rdf_tokens(), vec![RdfRel::Keyword("next".into()), RdfRel::Url("http://Example.com/Rel".into())]);
}

#[test]
fn element_effects_follow_the_table() {
    let page = doc(concat!(
        "<link rel='bookmark external nofollow noreferrer' href=l>",
        "<a rel='icon pingback stylesheet' href=a>a</a>",
        "<area rel='prefetch' href=p>",
        "<link rel='prefetch pingback' href=q>",
    ));
    let all = links(&page);
    let effects = |i: usize| all[i].types.tokens().iter().map(|t| t.effect).collect::<Vec<_>>();
    assert_eq!(effects(0), vec![TokenEffect::NotAllowed; 4]);
    assert!(all[0].created.is_empty(), "a link element with nothing allowed creates nothing");
    assert_eq!(effects(1), vec![TokenEffect::NotAllowed; 3]);
    // No hyperlink keyword: the implied hyperlink.
    assert_eq!(all[1].created.len(), 1);
    assert!(all[1].created[0].implied);
    assert_eq!(effects(2), vec![TokenEffect::ExternalResource]);
    assert_eq!(all[2].created[0].kind, LinkKind::ExternalResource);
    assert!(all[2].created[1].implied, "prefetch is not a hyperlink keyword, so area still has one");
    assert_eq!(all[3].created.iter().map(|c| c.kind).collect::<Vec<_>>(), vec![LinkKind::ExternalResource; 2]);
    let not_allowed = rules("<link rel='bookmark nofollow' href=l><a rel=icon href=a>a</a>");
    assert_eq!(not_allowed.iter().filter(|(rule, _)| *rule == "not-allowed").count(), 3);
}

#[test]
fn annotations_apply_to_every_hyperlink() {
    let page = doc("<a rel='nofollow next noreferrer prev' href=n>n</a><a rel=noreferrer href=m>m</a>");
    let all = links(&page);
    assert_eq!(all[0].created.len(), 2);
    for created in &all[0].created {
        assert_eq!(created.annotations, vec!["nofollow", "noreferrer"]);
        assert!(!created.implied);
    }
    assert!(all[1].created[0].implied);
    assert_eq!(all[1].created[0].annotations, vec!["noreferrer"]);
    // A link element with only annotations creates nothing; an href-less a creates nothing.
    assert!(links(&doc("<link rel=nofollow href=x><a rel=next>x</a>"))[0].created.is_empty());
    assert_eq!(links(&doc("<a rel=next>x</a>")).len(), 0);
}

#[test]
fn alternate_stylesheet() {
    let page =
        doc("<link rel='alternate stylesheet' title='Big' href=big.css><a rel='alternate stylesheet' href=x>x</a>");
    let all = links(&page);
    assert!(all[0].is_alternative_stylesheet());
    assert_eq!(all[0].created.len(), 1, "alternate creates no link of its own");
    assert_eq!(all[0].types.rdf_tokens(), vec![RdfRel::Keyword("ALTERNATE-STYLESHEET".into())]);
    // On a: alternate is a hyperlink, stylesheet not allowed.
    assert_eq!(all[1].types.tokens()[0].effect, TokenEffect::Hyperlink);
    assert_eq!(all[1].types.tokens()[1].effect, TokenEffect::NotAllowed);
    assert!(rules("<link rel='alternate stylesheet' title='Big' href=big.css>").is_empty());
    assert_eq!(rules("<link rel='stylesheet alternate' title='' href=a.css>")[0].0, "alternate-stylesheet-title");
    // An alternative style sheet with a feed type is still not a feed.
    assert!(feeds(&doc("<link rel='alternate stylesheet' type=application/rss+xml title=t href=a>")).is_empty());
}

#[test]
fn feed_autodiscovery() {
    let page = doc(concat!(
        "<a rel=alternate href=no-type.xml>x</a>",
        "<link rel=alternate type=text/html href=page.html>",
        "<a rel='ALTERNATE' type=' Application/RSS+XML; charset=utf-8 ' href=rss.xml>rss</a>",
        "<area rel=alternate type=application/atom+xml href=atom.xml>",
        "<link rel=feed type=application/atom+xml href=not-alternate.xml>",
    ));
    let found = feeds(&page);
    assert_eq!(found.iter().map(|l| l.href.as_str()).collect::<Vec<_>>(), vec!["rss.xml", "atom.xml"]);
    assert_eq!(found[0].feed, Some(FeedKind::Rss));
    assert_eq!(found[1].feed, Some(FeedKind::Atom));
    assert_eq!(default_feed(&page).unwrap().url_str(), Some("http://example.com/dir/rss.xml"));
    assert!(default_feed(&doc("<p>none")).is_none());
}

#[test]
fn hierarchy_scopes_and_depth() {
    let page = doc(concat!(
        "<link rel='up index' href=/top-from-head>",
        "<p><a href=/ rel='up up index'>a</a><a href=/x rel='INDEX up up up up'>b</a></p>",
        "<div><a href=/i rel=top>i</a></div>",
    ));
    let scopes = hierarchy(&page);
    assert_eq!(scopes.len(), 2);
    assert_eq!(scopes[0].paragraph, None);
    assert_eq!(scopes[0].depth, Some(1));
    assert_eq!(scopes[0].links.len(), 2, "the div's link is in the document scope too");
    assert_eq!(scopes[0].links[1].distance, 0);
    assert!(scopes[0].links[1].index);
    assert_eq!(scopes[1].paragraph.as_deref(), Some("html>body>p"));
    assert_eq!(scopes[1].depth, Some(4), "the greater number of up keywords gives the depth");
    // Repeated up is allowed; other repeats are not.
    assert!(rules("<a href=/ rel='up up'>x</a>").is_empty());
    assert_eq!(rules("<a href=/ rel='index INDEX'>x</a>"), vec![("duplicate-keyword", Some("INDEX".to_owned()))]);
}

#[test]
fn extensions_are_separate_and_accepted() {
    let page = doc(concat!(
        "<link rel='me webmention pingback preconnect dns-prefetch manifest modulepreload canonical' href=x>",
        "<a rel='me noopener ugc' href=y>y</a>",
    ));
    let all = links(&page);
    let sources: Vec<_> = all[0].types.tokens().iter().map(|t| t.source).collect();
    assert_eq!(sources[2], Some(Source::Spec));
    assert_eq!(sources.iter().filter(|s| **s == Some(Source::Extension)).count(), 7);
    assert!(check(&page).is_empty(), "{:?}", check(&page));
    assert_eq!(all[1].created.len(), 1);
    assert_eq!(all[1].created[0].types, vec!["me"]);
    assert_eq!(all[1].created[0].annotations, vec!["noopener", "ugc"]);
    assert_eq!(rules("<a rel=canonical href=c>c</a>")[0].0, "not-allowed");
    assert_eq!(rules("<link rel=shortcut href=c>")[0].0, "not-allowed");
}

#[test]
fn unknown_and_url_keywords() {
    let found = rules("<a rel='made-up http://example.org/rel :nope' href=x>x</a>");
    assert_eq!(
        found,
        vec![
            ("unknown-keyword", Some("made-up".to_owned())),
            ("unregistered-url-keyword", Some("http://example.org/rel".to_owned())),
            ("url-keyword-not-absolute", Some(":nope".to_owned())),
        ]
    );
    let diagnostics = check(&doc("<a rel='http://example.org/rel' href=x>x</a>"));
    assert_eq!(diagnostics[0].severity, Severity::Warning);
    assert_eq!(diagnostics[0].section, "4.12.4.19");
    assert_eq!(diagnostics[0].path, "html>body>a");
}

#[test]
fn urls_resolve_or_say_why_not() {
    let no_base =
        Document::parse("<a href=relative>x</a><a href='http://a b/'>y</a><a href='  http://ok.example/  '>z</a>");
    let all = links(&no_base);
    assert!(all[0].url.is_err());
    assert!(all[1].url.is_err());
    assert_eq!(all[2].url_str(), Some("http://ok.example/"));
    let json = serde_json::to_value(&all).unwrap();
    assert_eq!(json[0]["url"], serde_json::Value::Null);
    assert!(json[0]["url_error"].as_str().unwrap().contains("no base URL"));
    // Only the malformed one is a page error; a relative URL without base is not.
    let found: Vec<_> = check(&no_base).into_iter().map(|d| d.rule).collect();
    assert_eq!(found, vec!["invalid-href"]);
}

#[test]
fn only_html_elements_outside_templates() {
    let page = doc(concat!(
        "<svg><a href=svg-link>s</a></svg>",
        "<template><a href=inert>t</a></template>",
        "<math><link href=m /></math>",
        "<a href=real>r</a>",
    ));
    let all = links(&page);
    assert_eq!(all.len(), 1);
    assert_eq!(all[0].href, "real");
    assert!(rel_list(&page.elements().find(|e| e.local_name() == "a").unwrap()).is_empty());
}

#[test]
fn paths_match_the_dom() {
    let page = doc("<ul><li><a href=1>1</a><li><a href=2>2</a><a href=3>3</a></ul>");
    for link in links(&page) {
        assert_eq!(link.path, link.element.path());
    }
}
