//! The HTML elements of a document by local name, for the questions several extractors ask of
//! every page ("its `meta` elements", "its `link` and `meta` elements", "its `script`
//! elements"): one walk over the tree answers all of them, instead of one walk each.

use crate::name_key::NameKey;
use crate::node::Element;
use crate::tree::{NodeData, NodeId, Tree};
use html5ever::ns;
use rustc_hash::FxHashMap;
use std::sync::Arc;

/// Every HTML element of a tree by local name, each with its position in tree order.
#[derive(Debug, Default)]
pub(crate) struct NameIndex {
    by_name: FxHashMap<NameKey, Vec<(u32, NodeId)>>,
}

impl NameIndex {
    /// Indexes the HTML elements inside `root`, in one walk in tree order (which, as every
    /// walk, stops at the document's deadline).
    pub(crate) fn build(tree: &Tree, root: NodeId) -> NameIndex {
        let mut by_name: FxHashMap<NameKey, Vec<(u32, NodeId)>> = FxHashMap::default();
        let mut position: u32 = 0;
        let mut next = tree.first_child(root);
        while let Some(id) = next {
            if let NodeData::Element(element) = tree.data(id) {
                if element.name.ns == ns!(html) {
                    by_name.entry(NameKey::new(&element.name.local)).or_default().push((position, id));
                    position = position.saturating_add(1);
                }
            }
            next = tree.next_in(root, id);
        }
        NameIndex { by_name }
    }

    /// The elements named one of `names`, in tree order.
    pub(crate) fn named(&self, tree: &Arc<Tree>, names: &[&str]) -> Vec<Element> {
        let mut wanted: Vec<NameKey> = Vec::with_capacity(names.len());
        // A long name the page never used has no atom, and no element.
        for name in names.iter().filter_map(|name| tree.names().find(name)) {
            let name = NameKey(name);
            if !wanted.contains(&name) {
                wanted.push(name);
            }
        }
        let lists: Vec<&Vec<(u32, NodeId)>> = wanted.iter().filter_map(|name| self.by_name.get(name)).collect();
        let mut found: Vec<(u32, NodeId)> = lists.iter().flat_map(|list| list.iter().copied()).collect();
        if lists.len() > 1 {
            found.sort_unstable_by_key(|&(position, _)| position);
        }
        found.into_iter().map(|(_, id)| Element { tree: Arc::clone(tree), id }).collect()
    }
}

#[cfg(test)]
mod tests {
    use crate::Document;

    #[test]
    fn named_elements_are_the_filtered_elements_in_tree_order() {
        let doc = Document::parse(concat!(
            "<head><meta name=a><link rel=x href=1><script>1</script><title>t</title></head>",
            "<body><table><meta name=fostered><tr><td><link href=2></table>",
            "<template><meta name=inert></template><svg><script>svg</script><title>s</title></svg>",
            "<b><p><meta name=late></b><script type=application/ld+json>{}</script><link href=3>",
        ));
        for names in
            [&["meta"][..], &["link", "meta"], &["script", "title", "link", "meta"], &["meta", "meta"], &["nothing"]]
        {
            let named: Vec<_> = doc.elements_named(names).collect();
            let filtered: Vec<_> = doc.elements().filter(|e| names.iter().any(|name| e.is(name))).collect();
            assert_eq!(named, filtered, "{names:?}");
        }
        assert_eq!(doc.elements_named(&["meta"]).count(), 3);
    }
}
