//! The DOM-style handles on the model (after the microdata DOM API of HTML 5.0 §5.3: items,
//! their `properties`, `itemValue`): cheap clones of a shared reference to the table.

use super::*;

/// An item: an HTML element with `itemscope` (HTML §5.2.2).
///
/// Equality and hashing are by identity: two `Item`s are equal when they are the item of the
/// same element, so items can key the memory maps of exporters (the RDF conversion's
/// item/subject list).
#[derive(Clone)]
pub struct Item {
    pub(crate) md: Arc<Inner>,
    pub(crate) index: usize,
}

impl PartialEq for Item {
    fn eq(&self, other: &Self) -> bool {
        self.node_element() == other.node_element()
    }
}
impl Eq for Item {}
impl Hash for Item {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.node_element().hash(state);
    }
}

impl fmt::Debug for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Item")
            .field("element", &self.element())
            .field("types", &self.types())
            .field("id", &self.id().map(Url::as_str))
            .finish()
    }
}

impl Item {
    fn data(&self) -> &ItemData {
        &self.md.items[self.index]
    }

    fn node_element(&self) -> &Element {
        &self.md.nodes[self.data().node].element
    }

    /// The item's position among all the items of the document in tree order (as
    /// [`Microdata::all_items`] lists them): a plain key for maps of items, the same for every
    /// [`Microdata`] read from one document.
    pub fn index(&self) -> usize {
        self.index
    }

    /// The element with the `itemscope` attribute.
    pub fn element(&self) -> Element {
        self.md.nodes[self.data().node].element.clone()
    }

    /// The item types: the `itemtype` value split on ASCII whitespace, in order as written
    /// (HTML §5.2.2). Empty when the item has no item types.
    pub fn types(&self) -> &[String] {
        &self.data().types
    }

    /// Whether `item_type` is one of the item types.
    pub fn has_type(&self, item_type: &str) -> bool {
        self.types().iter().any(|t| t == item_type)
    }

    /// The global identifier: `itemid` parsed against the document base URL; `None` when the
    /// attribute is missing or does not parse (HTML §5.2.2).
    pub fn id(&self) -> Option<&Url> {
        self.data().id.as_ref()
    }

    /// Whether this is a top-level microdata item (its element has no `itemprop` attribute).
    pub fn is_top_level(&self) -> bool {
        !self.md.nodes[self.data().node].itemprop_attr
    }

    /// The properties of the item (HTML §5.2.5): the elements with one or more property names
    /// that add properties to it, in tree order.
    pub fn properties(&self) -> Properties {
        Properties { md: self.md.clone(), nodes: self.md.crawl(self.index).properties.clone() }
    }

    /// The microdata errors the properties algorithm meets for this item: the elements it
    /// reaches while they are already in its memory (an `itemref` target reached twice, or the
    /// item's own element reached again through `itemref`), one entry per extra meeting —
    /// targets in `itemref` order, then the item's own element.
    pub fn microdata_errors(&self) -> Vec<Element> {
        self.md.crawl(self.index).errors.iter().map(|&node| self.md.nodes[node].element.clone()).collect()
    }
}

/// The value of a property: a nested item or a string (HTML §5.2.1).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PropertyValue {
    /// The element also has `itemscope`: the value is the item it creates.
    Item(Item),
    /// Any other element: the string HTML §5.2.4 gives for it.
    Text(String),
}

impl PropertyValue {
    /// The string, when the value is not an item.
    pub fn as_text(&self) -> Option<&str> {
        match self {
            PropertyValue::Text(text) => Some(text),
            PropertyValue::Item(_) => None,
        }
    }

    /// The item, when the value is one.
    pub fn as_item(&self) -> Option<&Item> {
        match self {
            PropertyValue::Item(item) => Some(item),
            PropertyValue::Text(_) => None,
        }
    }
}

/// One element that adds properties to an item: its names, its element and its value.
#[derive(Clone)]
pub struct Property {
    md: Arc<Inner>,
    node: usize,
}

impl fmt::Debug for Property {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Property").field("names", &self.names()).field("element", &self.element()).finish()
    }
}

impl PartialEq for Property {
    fn eq(&self, other: &Self) -> bool {
        self.md.nodes[self.node].element == other.md.nodes[other.node].element
    }
}
impl Eq for Property {}

impl Property {
    /// The property element (the one with the `itemprop` attribute).
    pub fn element(&self) -> Element {
        self.md.nodes[self.node].element.clone()
    }

    /// The property names of the element, in order, without duplicates (HTML §5.2.3).
    pub fn names(&self) -> &[String] {
        &self.md.nodes[self.node].names
    }

    /// The property value (HTML §5.2.4), computed on each call.
    pub fn value(&self) -> PropertyValue {
        property_value(&self.md, self.node)
    }

    /// Whether the element is a URL property element (`a`, `area`, `audio`, `embed`,
    /// `iframe`, `img`, `link`, `object`, `source`, `track`, `video`).
    pub fn is_url_property_element(&self) -> bool {
        is_url_property_element(&self.md.nodes[self.node].element)
    }

    /// Whether the value is an item (the element also has `itemscope`).
    pub fn is_item(&self) -> bool {
        self.md.nodes[self.node].itemscope
    }
}

/// The properties of an item (`element.properties`, an `HTMLPropertiesCollection`): the
/// property elements in tree order, also indexable by name.
#[derive(Clone)]
pub struct Properties {
    md: Arc<Inner>,
    nodes: Arc<[usize]>,
}

impl fmt::Debug for Properties {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl Properties {
    /// The number of property elements.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the item has no properties.
    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    /// The property element at `index` in tree order.
    pub fn get(&self, index: usize) -> Option<Property> {
        self.nodes.get(index).map(|&node| Property { md: self.md.clone(), node })
    }

    /// The property elements in tree order. The iterator holds its own reference to the
    /// model, so it can outlive this collection.
    pub fn iter(&self) -> PropertiesIter {
        PropertiesIter { md: self.md.clone(), nodes: self.nodes.clone(), position: 0 }
    }

    /// Every (name, property) pair: for each property element in tree order, for each of its
    /// names in order — the iteration order of the JSON, vCard and iCalendar conversions.
    pub fn entries(&self) -> impl Iterator<Item = (&str, Property)> + '_ {
        self.nodes.iter().flat_map(move |&node| {
            self.md.nodes[node].names.iter().map(move |name| (name.as_str(), Property { md: self.md.clone(), node }))
        })
    }

    /// `properties[name]` (`namedItem`, a `PropertyNodeList`): the property elements with
    /// that name, in tree order.
    pub fn named(&self, name: &str) -> PropertyList {
        let properties = self
            .nodes
            .iter()
            .filter(|&&node| self.md.nodes[node].names.iter().any(|n| n == name))
            .map(|&node| Property { md: self.md.clone(), node })
            .collect();
        PropertyList { properties }
    }

    /// The first property element with that name.
    pub fn first(&self, name: &str) -> Option<Property> {
        self.nodes
            .iter()
            .find(|&&node| self.md.nodes[node].names.iter().any(|n| n == name))
            .map(|&node| Property { md: self.md.clone(), node })
    }

    /// `properties.names`: every property name, in the order first met, without duplicates.
    pub fn names(&self) -> Vec<&str> {
        let mut seen = HashSet::new();
        let mut names = Vec::new();
        for &node in self.nodes.iter() {
            for name in &self.md.nodes[node].names {
                if seen.insert(name.as_str()) {
                    names.push(name.as_str());
                }
            }
        }
        names
    }
}

impl IntoIterator for Properties {
    type Item = Property;
    type IntoIter = PropertiesIter;
    fn into_iter(self) -> PropertiesIter {
        PropertiesIter { md: self.md, nodes: self.nodes, position: 0 }
    }
}

impl IntoIterator for &Properties {
    type Item = Property;
    type IntoIter = PropertiesIter;
    fn into_iter(self) -> PropertiesIter {
        self.iter()
    }
}

/// The property elements of an item in tree order ([`Properties::iter`]).
#[derive(Clone)]
pub struct PropertiesIter {
    md: Arc<Inner>,
    nodes: Arc<[usize]>,
    position: usize,
}

impl fmt::Debug for PropertiesIter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("PropertiesIter").field("remaining", &self.nodes.len().saturating_sub(self.position)).finish()
    }
}

impl Iterator for PropertiesIter {
    type Item = Property;
    fn next(&mut self) -> Option<Property> {
        let node = *self.nodes.get(self.position)?;
        self.position += 1;
        Some(Property { md: self.md.clone(), node })
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let remaining = self.nodes.len().saturating_sub(self.position);
        (remaining, Some(remaining))
    }
}

impl ExactSizeIterator for PropertiesIter {}

/// The property elements with one name (a `PropertyNodeList`).
#[derive(Clone, Debug, Default)]
pub struct PropertyList {
    properties: Vec<Property>,
}

impl PropertyList {
    /// The number of elements.
    pub fn len(&self) -> usize {
        self.properties.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.properties.is_empty()
    }

    /// The elements in tree order.
    pub fn iter(&self) -> std::slice::Iter<'_, Property> {
        self.properties.iter()
    }

    /// `getValues()`: the value of each element, in tree order.
    pub fn values(&self) -> Vec<PropertyValue> {
        self.properties.iter().map(Property::value).collect()
    }
}

impl<'a> IntoIterator for &'a PropertyList {
    type Item = &'a Property;
    type IntoIter = std::slice::Iter<'a, Property>;
    fn into_iter(self) -> Self::IntoIter {
        self.properties.iter()
    }
}
