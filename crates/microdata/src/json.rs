//! HTML §5.4.1: converting microdata to JSON, and the typed document of that JSON.
//!
//! The writer walks items with an explicit stack and writes as it goes, so item nesting of any
//! depth (an `itemref` chain of any length) is written without recursion. The spec's memory
//! list is the path from the top-level item being written down to the current item: an item
//! already on that path is written as the string `"ERROR"`.
//!
//! The walk gives what it finds to a sink: the JSON text, or the typed [`JsonDocument`]
//! ([`Microdata::to_json_document`]), built directly, with no text written and read back. The
//! builder measures the text it stands for with the same writer over a counter, so both stop
//! at the same value.
//!
//! # Output limits
//!
//! The same item can appear in the output many times: every item that reaches it through
//! `itemref` gets its own copy, and a web of `itemref`s doubles the output at every level, so a
//! small page can ask for an output of exponential size. [`JsonOptions::max_values`] and
//! [`JsonOptions::max_bytes`] bound it. An `itemref` chain also nests items as deep as it is
//! long, where the tree's own nesting is bounded: [`JsonOptions::max_depth`] bounds the items'
//! nesting, so that the JSON stays within what JSON readers take by default (32 items deep is
//! 98 JSON levels; serde_json reads 128, Python's `json` about 1,000) and what serializes the
//! typed document stays shallow. When a limit is reached, [`crate::to_json`] stops adding
//! values (a property whose first value did not fit is left out, so that none is written
//! without values), closes what is open and adds `"truncated": true` beside `"items"`;
//! [`crate::try_to_json`] returns [`LimitExceeded`] instead.

use crate::json_document::{JsonDocument, JsonItem, JsonProperties, JsonValue};
use crate::model::{property_text, Inner, Microdata};
use std::borrow::Cow;
use std::collections::HashMap;
use thiserror::Error;

/// Default of [`JsonOptions::max_values`].
pub const DEFAULT_MAX_VALUES: usize = 1_000_000;
/// Default of [`JsonOptions::max_bytes`] (256 MiB).
pub const DEFAULT_MAX_BYTES: usize = 256 << 20;
/// Default of [`JsonOptions::max_depth`]: items nested 32 deep, 98 levels of JSON.
pub const DEFAULT_MAX_DEPTH: usize = 32;

/// How to write the JSON.
///
/// ```
/// let options = harvest_microdata::JsonOptions::new().pretty(true).max_values(10_000);
/// assert!(options.is_pretty());
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JsonOptions {
    pretty: bool,
    max_values: usize,
    max_bytes: usize,
    max_depth: usize,
}

impl Default for JsonOptions {
    fn default() -> Self {
        JsonOptions {
            pretty: false,
            max_values: DEFAULT_MAX_VALUES,
            max_bytes: DEFAULT_MAX_BYTES,
            max_depth: DEFAULT_MAX_DEPTH,
        }
    }
}

impl JsonOptions {
    /// Compact output (the spec's shortest serialization) with the default limits.
    pub fn new() -> Self {
        Self::default()
    }

    /// Indent with two spaces, one member or array entry per line.
    pub fn pretty(mut self, pretty: bool) -> Self {
        self.pretty = pretty;
        self
    }

    /// The most property values (strings, item objects and `"ERROR"` strings, counting each
    /// time one is written) the output may hold; default [`DEFAULT_MAX_VALUES`].
    pub fn max_values(mut self, max_values: usize) -> Self {
        self.max_values = max_values;
        self
    }

    /// The most bytes the output may hold, not counting the closing brackets and the
    /// `"truncated"` member written after a limit is reached (a value that would pass it is
    /// not written); default [`DEFAULT_MAX_BYTES`]. [`Microdata::to_json_document`] counts the
    /// bytes of the text it stands for.
    pub fn max_bytes(mut self, max_bytes: usize) -> Self {
        self.max_bytes = max_bytes;
        self
    }

    /// The most items nested in one another, top-level items counting one (an item nested
    /// deeper ends the output, as the other limits do); default [`DEFAULT_MAX_DEPTH`].
    pub fn max_depth(mut self, max_depth: usize) -> Self {
        self.max_depth = max_depth;
        self
    }

    /// Whether the output is indented.
    pub fn is_pretty(&self) -> bool {
        self.pretty
    }
}

/// Which output limit was reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum LimitExceeded {
    /// More than [`JsonOptions::max_values`] values.
    #[error("the microdata JSON would hold more than {0} values")]
    Values(usize),
    /// More than [`JsonOptions::max_bytes`] bytes.
    #[error("the microdata JSON would be longer than {0} bytes")]
    Bytes(usize),
    /// Items nested more than [`JsonOptions::max_depth`] deep.
    #[error("the microdata JSON would nest items more than {0} deep")]
    Depth(usize),
}

/// Where the text goes: the text itself, or only its length ([`Length`]).
trait Output {
    fn push(&mut self, c: char);
    fn push_str(&mut self, s: &str);
    fn len(&self) -> usize;
    fn truncate(&mut self, length: usize);
}

impl Output for String {
    fn push(&mut self, c: char) {
        String::push(self, c);
    }

    fn push_str(&mut self, s: &str) {
        String::push_str(self, s);
    }

    fn len(&self) -> usize {
        String::len(self)
    }

    fn truncate(&mut self, length: usize) {
        String::truncate(self, length);
    }
}

/// The length in bytes of a text that is not kept.
#[derive(Default)]
struct Length(usize);

impl Output for Length {
    fn push(&mut self, c: char) {
        self.0 = self.0.saturating_add(c.len_utf8());
    }

    fn push_str(&mut self, s: &str) {
        self.0 = self.0.saturating_add(s.len());
    }

    fn len(&self) -> usize {
        self.0
    }

    fn truncate(&mut self, length: usize) {
        self.0 = self.0.min(length);
    }
}

/// A JSON writer with separators and optional indentation; containers are tracked with a
/// stack of "no entry yet" flags. Over a [`Length`], it measures the text it would write.
struct Writer<O> {
    out: O,
    pretty: bool,
    empty: Vec<bool>,
    after_key: bool,
}

/// The state of a [`Writer`] to go back to with [`Sink::rollback`].
#[derive(Clone, Copy)]
struct WriterCheckpoint {
    length: usize,
    empty: Option<bool>,
    depth: usize,
}

impl<O: Output> Writer<O> {
    fn new(out: O, pretty: bool) -> Self {
        Writer { out, pretty, empty: Vec::new(), after_key: false }
    }

    fn newline(&mut self) {
        if self.pretty {
            self.out.push('\n');
            for _ in 0..self.empty.len() {
                self.out.push_str("  ");
            }
        }
    }

    /// What goes before a value or a key: nothing after a key, else a comma unless it is the
    /// container's first entry, and the indentation.
    fn entry(&mut self) {
        if std::mem::take(&mut self.after_key) {
            return;
        }
        if let Some(empty) = self.empty.last_mut() {
            let first = std::mem::replace(empty, false);
            if !first {
                self.out.push(',');
            }
            self.newline();
        }
    }

    fn open(&mut self, bracket: char) {
        self.entry();
        self.out.push(bracket);
        self.empty.push(true);
    }

    fn close(&mut self, bracket: char) {
        let empty = self.empty.pop().unwrap_or(true);
        if !empty {
            self.newline();
        }
        self.out.push(bracket);
    }

    fn key(&mut self, key: &str) {
        self.entry();
        write_string(&mut self.out, key);
        self.out.push(':');
        if self.pretty {
            self.out.push(' ');
        }
        self.after_key = true;
    }

    fn string(&mut self, value: &str) {
        self.entry();
        write_string(&mut self.out, value);
    }
}

/// A JSON string, escaped the shortest way (HTML §5.4.1 step 5): the two-character escapes for
/// `"`, `\`, backspace, form feed, line feed, carriage return and tab, `\u00XX` for the other
/// control characters, everything else as it is.
fn write_string<O: Output>(out: &mut O, value: &str) {
    out.push('"');
    let mut rest = value;
    // The characters to escape are ASCII, and no byte of another character's UTF-8 is one.
    while let Some(position) = rest.bytes().position(|b| b < b' ' || b == b'"' || b == b'\\') {
        out.push_str(&rest[..position]);
        let c = rest[position..].chars().next().unwrap_or(' ');
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            other => {
                const HEX: &[u8; 16] = b"0123456789abcdef";
                let code = other as usize;
                out.push_str("\\u00");
                out.push(char::from(HEX[(code >> 4) & 0xf]));
                out.push(char::from(HEX[code & 0xf]));
            }
        }
        rest = &rest[position + c.len_utf8()..];
    }
    out.push_str(rest);
    out.push('"');
}

/// What the traversal of [`write_json`] gives, in document order: the JSON text ([`Writer`])
/// or the typed [`JsonDocument`] ([`Builder`]). The limits are checked on [`Sink::size`], the
/// length of the text so far, which the builder measures with a writer that only counts, so
/// both stop at the same value.
trait Sink {
    /// The state to go back to with [`Sink::rollback`].
    type Checkpoint: Copy;
    /// The document object and its `items` array.
    fn start(&mut self);
    /// An item object, its `type` and `id` members, and its `properties` object opened.
    fn open_item(&mut self, types: &[String], id: Option<&str>);
    /// A property name, its array of values opened.
    fn property(&mut self, name: &str);
    /// A string value of the open property.
    fn text(&mut self, value: Cow<'_, str>);
    /// The open property's array closed.
    fn end_property(&mut self);
    /// The open item's `properties` object and the item object closed.
    fn close_item(&mut self);
    /// The `items` array closed, the `truncated` member when `truncated`, the document closed.
    fn end(&mut self, truncated: bool);
    /// The length of the text so far, in bytes.
    fn size(&self) -> usize;
    fn checkpoint(&self) -> Self::Checkpoint;
    /// Takes back what was given since `checkpoint`: an item just opened or a value.
    fn rollback(&mut self, checkpoint: Self::Checkpoint);
}

impl<O: Output> Sink for Writer<O> {
    type Checkpoint = WriterCheckpoint;

    fn start(&mut self) {
        self.open('{');
        self.key("items");
        self.open('[');
    }

    fn open_item(&mut self, types: &[String], id: Option<&str>) {
        self.open('{');
        if !types.is_empty() {
            self.key("type");
            self.open('[');
            for item_type in types {
                self.string(item_type);
            }
            self.close(']');
        }
        if let Some(id) = id {
            self.key("id");
            self.string(id);
        }
        self.key("properties");
        self.open('{');
    }

    fn property(&mut self, name: &str) {
        self.key(name);
        self.open('[');
    }

    fn text(&mut self, value: Cow<'_, str>) {
        self.string(&value);
    }

    fn end_property(&mut self) {
        self.close(']');
    }

    fn close_item(&mut self) {
        self.close('}');
        self.close('}');
    }

    fn end(&mut self, truncated: bool) {
        self.close(']');
        if truncated {
            self.key("truncated");
            self.entry();
            self.out.push_str("true");
        }
        self.close('}');
    }

    fn size(&self) -> usize {
        self.out.len()
    }

    fn checkpoint(&self) -> WriterCheckpoint {
        WriterCheckpoint { length: self.out.len(), empty: self.empty.last().copied(), depth: self.empty.len() }
    }

    fn rollback(&mut self, checkpoint: WriterCheckpoint) {
        self.out.truncate(checkpoint.length);
        self.empty.truncate(checkpoint.depth);
        if let (Some(flag), Some(empty)) = (self.empty.last_mut(), checkpoint.empty) {
            *flag = empty;
        }
        self.after_key = false;
    }
}

/// Builds the [`JsonDocument`] of the text a [`Writer`] would write, measuring that text as it
/// goes (for [`JsonOptions::max_bytes`]) without writing it.
struct Builder {
    length: Writer<Length>,
    document: JsonDocument,
    /// The items being built, outermost first; each goes into its parent's last property (or
    /// the document) when closed.
    open: Vec<JsonItem>,
}

impl Builder {
    fn new(pretty: bool) -> Self {
        Builder { length: Writer::new(Length::default(), pretty), document: JsonDocument::default(), open: Vec::new() }
    }

    /// The values of the property being built.
    fn values(&mut self) -> Option<&mut Vec<JsonValue>> {
        self.open.last_mut().and_then(|item| item.properties.0.last_mut()).map(|(_, values)| values)
    }
}

impl Sink for Builder {
    /// The measuring writer's state, how many items are open, how many properties the open
    /// item has, and how many values its last property has.
    type Checkpoint = (WriterCheckpoint, usize, usize, usize);

    fn start(&mut self) {
        self.length.start();
    }

    fn open_item(&mut self, types: &[String], id: Option<&str>) {
        self.length.open_item(types, id);
        let properties = JsonProperties::default();
        self.open.push(JsonItem { types: types.to_vec(), id: id.map(str::to_owned), properties });
    }

    fn property(&mut self, name: &str) {
        self.length.property(name);
        if let Some(item) = self.open.last_mut() {
            item.properties.0.push((name.to_owned(), Vec::new()));
        }
    }

    fn text(&mut self, value: Cow<'_, str>) {
        self.length.string(&value);
        if let Some(values) = self.values() {
            values.push(JsonValue::Text(value.into_owned()));
        }
    }

    fn end_property(&mut self) {
        self.length.end_property();
    }

    fn close_item(&mut self) {
        self.length.close_item();
        let Some(item) = self.open.pop() else { return };
        match self.values() {
            Some(values) => values.push(JsonValue::Item(item)),
            None => self.document.items.push(item),
        }
    }

    fn end(&mut self, truncated: bool) {
        self.length.end(truncated);
        self.document.truncated = truncated;
    }

    fn size(&self) -> usize {
        self.length.size()
    }

    fn checkpoint(&self) -> Self::Checkpoint {
        let properties = self.open.last().map_or(0, |item| item.properties.0.len());
        let values = self.open.last().and_then(|item| item.properties.0.last()).map_or(0, |(_, values)| values.len());
        (self.length.checkpoint(), self.open.len(), properties, values)
    }

    fn rollback(&mut self, (checkpoint, depth, properties, values): Self::Checkpoint) {
        self.length.rollback(checkpoint);
        // An item opened since is not in its parent yet: it is dropped here.
        self.open.truncate(depth);
        if let Some(item) = self.open.last_mut() {
            item.properties.0.truncate(properties);
        }
        if let Some(open) = self.values() {
            open.truncate(values);
        }
    }
}

/// One item object being written: its properties grouped by name, and how far the writing got.
struct Frame<'a> {
    item: usize,
    /// (name, property elements with that name), names in the order first met.
    groups: Vec<(&'a str, Vec<usize>)>,
    group: usize,
    /// Next element of the current group; 0 means the group's array is not open yet.
    position: usize,
}

/// HTML §5.4.1 for the top-level items `top` (item indices in tree order), given to `sink`;
/// the limit reached, if one was.
fn write_json<S: Sink>(inner: &Inner, top: &[usize], options: &JsonOptions, sink: &mut S) -> Option<LimitExceeded> {
    let mut values = 0usize;
    let mut limit = None;
    // The memory list of "get the object": the items on the path being written.
    let mut on_path = vec![false; inner.items.len()];
    let mut stack: Vec<Frame<'_>> = Vec::new();
    sink.start();
    'items: for &item in top {
        if options.max_depth == 0 {
            limit = Some(LimitExceeded::Depth(0));
            break;
        }
        let checkpoint = sink.checkpoint();
        open_item(inner, sink, &mut stack, &mut on_path, item);
        if sink.size() > options.max_bytes {
            sink.rollback(checkpoint);
            stack.clear();
            on_path[item] = false;
            limit = Some(LimitExceeded::Bytes(options.max_bytes));
            break;
        }
        while let Some(frame) = stack.last_mut() {
            let Some((_, elements)) = frame.groups.get(frame.group) else {
                // Step 8: the properties object is complete.
                sink.close_item();
                on_path[frame.item] = false;
                stack.pop();
                continue;
            };
            // Where the property began, while its first value is being written: a limit reached
            // there takes the property back too, so that none is left without values.
            let property_start = (frame.position == 0).then(|| {
                let start = sink.checkpoint();
                sink.property(frame.groups[frame.group].0);
                start
            });
            let Some(&node) = elements.get(frame.position) else {
                sink.end_property();
                frame.group += 1;
                frame.position = 0;
                continue;
            };
            frame.position += 1;
            if values >= options.max_values {
                limit = Some(LimitExceeded::Values(options.max_values));
                take_back_property(sink, &mut stack, property_start);
                break 'items;
            }
            values += 1;
            let entry = &inner.nodes[node];
            let checkpoint = sink.checkpoint();
            let depth = stack.len();
            // Step 7.2: an item value is written as an object, or "ERROR" if in memory.
            if entry.itemscope {
                if on_path[entry.item] {
                    sink.text(Cow::Borrowed("ERROR"));
                } else if stack.len() >= options.max_depth {
                    limit = Some(LimitExceeded::Depth(options.max_depth));
                    take_back_property(sink, &mut stack, property_start);
                    break 'items;
                } else {
                    open_item(inner, sink, &mut stack, &mut on_path, entry.item);
                }
            } else {
                sink.text(property_text(inner, node));
            }
            if sink.size() > options.max_bytes {
                // Take the value back out, so the output stays within the limit.
                sink.rollback(checkpoint);
                if stack.len() > depth {
                    if let Some(frame) = stack.pop() {
                        on_path[frame.item] = false;
                    }
                }
                take_back_property(sink, &mut stack, property_start);
                limit = Some(LimitExceeded::Bytes(options.max_bytes));
                break 'items;
            }
        }
    }
    if limit.is_some() {
        // Close what is open: the current group's array, then every item object.
        while let Some(frame) = stack.pop() {
            if frame.position > 0 {
                sink.end_property();
            }
            sink.close_item();
        }
    }
    sink.end(limit.is_some());
    limit
}

/// After a limit was reached on a property's first value: the property is taken back (its
/// name and opened array), so that the output never holds a property without values.
fn take_back_property<S: Sink>(sink: &mut S, stack: &mut [Frame<'_>], property_start: Option<S::Checkpoint>) {
    if let (Some(start), Some(frame)) = (property_start, stack.last_mut()) {
        sink.rollback(start);
        frame.position = 0;
    }
}

/// Items with up to this many property names find a name's group by comparing names.
const FEW_GROUPS: usize = 16;

/// Steps 1–6 of "get the object for an item": opens the item object and its properties.
fn open_item<'a, S: Sink>(
    inner: &'a Inner,
    sink: &mut S,
    stack: &mut Vec<Frame<'a>>,
    on_path: &mut [bool],
    item: usize,
) {
    on_path[item] = true;
    let data = &inner.items[item];
    sink.open_item(&data.types, data.id.as_ref().map(|id| id.as_str()));
    let mut groups: Vec<(&str, Vec<usize>)> = Vec::new();
    // Names → groups, once there are too many groups to compare a name with each.
    let mut group_of: HashMap<&str, usize> = HashMap::new();
    for &node in inner.crawl(item).properties.iter() {
        for name in &inner.nodes[node].names {
            let name = name.as_str();
            let known = if groups.len() <= FEW_GROUPS {
                groups.iter().position(|(group, _)| *group == name)
            } else {
                if group_of.is_empty() {
                    group_of.extend(groups.iter().enumerate().map(|(index, (group, _))| (*group, index)));
                }
                group_of.get(name).copied()
            };
            let index = known.unwrap_or_else(|| {
                groups.push((name, Vec::new()));
                if !group_of.is_empty() {
                    group_of.insert(name, groups.len() - 1);
                }
                groups.len() - 1
            });
            if let Some(group) = groups.get_mut(index) {
                group.1.push(node);
            }
        }
    }
    stack.push(Frame { item, groups, group: 0, position: 0 });
}

impl Microdata {
    /// The JSON of HTML §5.4.1 for every top-level item of the document; see
    /// [`crate::to_json`].
    pub fn to_json(&self, options: &JsonOptions) -> String {
        self.write(options).0
    }

    /// Like [`Microdata::to_json`], but an output limit gives an error instead of a truncated
    /// output.
    pub fn try_to_json(&self, options: &JsonOptions) -> Result<String, LimitExceeded> {
        match self.write(options) {
            (out, None) => Ok(out),
            (_, Some(limit)) => Err(limit),
        }
    }

    /// The document [`Microdata::to_json`] writes, as the typed [`JsonDocument`], built by the
    /// same walk without writing the text (and without recursion, however deep the items
    /// nest). It is what reading that text back gives: the limits of `options` cut it at the
    /// same value and set [`JsonDocument::truncated`] alike (`max_bytes` counts the bytes the
    /// text would have, indented when `options` is pretty).
    ///
    /// ```
    /// use harvest_microdata::{JsonDocument, JsonOptions, JsonValue, Microdata};
    /// let doc = harvest_dom::Document::parse("<p itemscope itemtype='https://e.example/T'><b itemprop=n>x</b><b itemprop=n>y</b></p>");
    /// let microdata = Microdata::new(&doc);
    /// let document = microdata.to_json_document(&JsonOptions::new());
    /// assert_eq!(document.items[0].types, ["https://e.example/T"]);
    /// assert_eq!(document.items[0].properties.get("n"), Some(&[JsonValue::Text("x".into()), JsonValue::Text("y".into())][..]));
    /// let cut = microdata.to_json_document(&JsonOptions::new().max_values(1));
    /// assert!(cut.truncated);
    /// assert_eq!(cut, JsonDocument::from_json(&microdata.to_json(&JsonOptions::new().max_values(1)))?);
    /// # Ok::<(), harvest_microdata::JsonReadError>(())
    /// ```
    pub fn to_json_document(&self, options: &JsonOptions) -> JsonDocument {
        self.build(options).0
    }

    /// Like [`Microdata::to_json_document`], but an output limit gives an error instead of a
    /// truncated document (exactly when [`Microdata::try_to_json`] does).
    pub fn try_to_json_document(&self, options: &JsonOptions) -> Result<JsonDocument, LimitExceeded> {
        match self.build(options) {
            (document, None) => Ok(document),
            (_, Some(limit)) => Err(limit),
        }
    }

    fn write(&self, options: &JsonOptions) -> (String, Option<LimitExceeded>) {
        let mut writer = Writer::new(String::new(), options.pretty);
        let limit = write_json(&self.inner, &self.top_level(), options, &mut writer);
        (writer.out, limit)
    }

    fn build(&self, options: &JsonOptions) -> (JsonDocument, Option<LimitExceeded>) {
        let mut builder = Builder::new(options.pretty);
        let limit = write_json(&self.inner, &self.top_level(), options, &mut builder);
        (builder.document, limit)
    }

    /// The top-level items, as item indices in tree order.
    fn top_level(&self) -> Vec<usize> {
        self.inner
            .items
            .iter()
            .enumerate()
            .filter(|(_, item)| !self.inner.nodes[item.node].itemprop_attr)
            .map(|(i, _)| i)
            .collect()
    }
}
