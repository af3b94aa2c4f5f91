//! The tokenizer (HTML § 13.2.5 "Tokenization"): html5gum's state machine, its tokens handed to
//! html5ever's tree builder as html5ever's own tokens.
//!
//! # Why html5gum
//!
//! html5ever's tokenizer moves through the input one character at a time (a tag name, an
//! attribute name, each line of text is built a character at a time in a tendril), and it alone
//! cost 0.63 of the whole parse of the corpus in instructions. html5gum implements the same
//! section of the standard (and passes html5lib's tokenizer tests) over bytes, reading each run
//! of ordinary characters with one search for the next byte that ends it: the corpus tokenizes
//! in about a third of the instructions (`docs/benchmarks.md`, "A faster tokenizer"). The tree
//! builder stays html5ever's; this module is the seam between them.
//!
//! # What the seam has to do
//!
//! * **Build html5ever's tokens.** A start or end tag with its name and attributes (a repeated
//!   attribute dropped, HTML § 13.2.5.33: "the complete attribute's name must be compared to the
//!   other attributes on the same token; if there is already an attribute on the token with the
//!   exact same name, then this is a duplicate-attribute parse error and the new attribute must
//!   be removed from the token"), a comment, a DOCTYPE, runs of characters, a U+0000 NULL
//!   character on its own (the tree builder's insertion modes treat it apart), end of file.
//! * **Let the tree builder switch the tokenizer's state.** After a start tag the tree builder
//!   may ask for the RCDATA, RAWTEXT, script data or PLAINTEXT state (HTML § 13.2.6.4.7 and
//!   the "generic raw text / RCDATA element parsing algorithm", § 13.2.6.2); the answer to
//!   a start tag is the state the tokenizer continues in. Whether a `<![CDATA[` opens a CDATA
//!   section depends on the tree builder's adjusted current node (§ 13.2.5.42).
//! * **Give every token the source line it starts on**, the line of the nodes it creates
//!   ([`crate::Node::line`]). [`OffsetReader`] tells how far the tokenizer has read and
//!   [`LineCounter`] counts the line breaks up to there (CR LF and a lone CR are one break
//!   each, as after the input stream preprocessing of § 13.2.3.5), once over the input in
//!   all; a tag starts on the line the token before it ended on, and
//!   text is handed over a line at a time, each piece with the line of its first character, so
//!   that an element the tree builder creates on seeing a character (an implied `body`) has the
//!   line of that character.
//! * **Stop at the deadline.** The windowed builder answers the first tag after the deadline
//!   with the pause html5ever has for scripts; the tokenizer then reads no further.

use super::window::WindowedBuilder;
use crate::name_key::NameKey;
use html5ever::tendril::StrTendril;
use html5ever::tokenizer::states::RawKind;
use html5ever::tokenizer::{Doctype, Tag, TagKind, Token, TokenSink, TokenSinkResult};
use html5ever::{ns, Attribute, QualName};
use html5gum::{Emitter, Reader, State};
use rustc_hash::FxHashSet;
use std::cell::Cell;
use std::convert::Infallible;
use std::rc::Rc;

/// The state html5ever's tree builder asks for, as html5gum's state.
pub(super) fn state_from_html5ever(state: html5ever::tokenizer::states::State) -> State {
    use html5ever::tokenizer::states::State as Html5ever;
    match state {
        Html5ever::RawData(kind) => raw_state(kind),
        Html5ever::Plaintext => State::PlainText,
        _ => State::Data,
    }
}

/// The state for the text of a raw text or RCDATA element (HTML § 13.2.6.2).
fn raw_state(kind: RawKind) -> State {
    match kind {
        RawKind::Rcdata => State::RcData,
        RawKind::Rawtext => State::RawText,
        RawKind::ScriptData | RawKind::ScriptDataEscaped(_) => State::ScriptData,
    }
}

/// Tokenizes `html` into `sink`, starting in `initial_state`, then ends the tree builder.
/// A byte order mark at the start is dropped, as html5ever's tokenizer does by default (the
/// decoder has usually removed it already: HTML § 13.2.3.1).
pub(super) fn tokenize(html: &str, sink: &WindowedBuilder, initial_state: Option<State>) {
    let html = html.strip_prefix('\u{feff}').unwrap_or(html);
    let offset = Rc::new(Cell::new(0));
    let reader =
        OffsetReader { inner: html5gum::Readable::to_reader(html), offset: offset.clone(), quoted_value_reads: 0 };
    let lines =
        LineCounter { input: html.as_bytes(), has_cr: html.contains('\r'), read: offset, counted_to: 0, breaks: 0 };
    let emitter = TokenAdapter::new(sink, lines);
    let mut tokenizer = html5gum::Tokenizer::new_with_emitter(reader, emitter);
    if let Some(state) = initial_state {
        tokenizer.set_state(state);
    }
    // The emitter hands each token to the sink as it is made and gives the iterator an item
    // only when the sink paused: then nothing more is read. An `Unwind` from the reader is not
    // an end: the tokenizer goes on from the state it is in.
    for paused in tokenizer {
        match paused {
            Ok(_) => break,
            Err(Unwind) => continue,
        }
    }
    sink.stop_feeding();
    sink.end();
}

/// html5gum's reader over the page's text, telling how far it has read, and bounding how deep
/// the tokenizer's states call each other.
///
/// Its methods are inlined into each tokenizer state that calls them (`#[inline(always)]`): the
/// set of bytes a state reads until is then a constant, and html5gum's search for them is
/// built at compile time, where a call kept apart built it on every run read (docs/
/// benchmarks.md, "The tokenizer's search, inlined").
///
/// # The depth of the tokenizer's calls
///
/// html5gum goes from some states to the next by calling it rather than by returning to its
/// loop, and within a start tag those calls form a cycle: attribute name, `=`, before
/// attribute value, `"`, attribute value (double-quoted), `"`, after attribute value (quoted),
/// whitespace, before attribute name, attribute name again (HTML § 13.2.5.32 to § 13.2.5.39).
/// Each double-quoted attribute of a tag is a few frames more of stack, so a tag with tens of
/// thousands of them overflowed it. Every attribute of that cycle reads in the double-quoted
/// value state, which is always entered by switching to it (html5gum records it as the
/// current state) and keeps nothing of its own between two reads. So every
/// [`READS_BETWEEN_UNWINDS`]th read there, the reader fails with [`Unwind`] instead of
/// reading: html5gum's states return the error up to its loop, which hands it to
/// [`tokenize`], which asks for the next token, and the tokenizer goes on in the state it was
/// in, with the stack empty again. Nothing was read, so nothing changes in the tokens.
struct OffsetReader<'a> {
    inner: html5gum::StringReader<'a>,
    /// Bytes read so far, shared with the [`TokenAdapter`].
    offset: Rc<Cell<usize>>,
    /// Reads in the double-quoted attribute value state since the tokenizer last unwound.
    quoted_value_reads: u32,
}

/// What html5gum's double-quoted attribute value state reads until (HTML § 13.2.5.36: `"`,
/// `&` and NULL end a run, and html5gum adds the CR of every search).
const QUOTED_VALUE_STOPS: &[u8] = b"\"&\0\r";

/// How many reads in the double-quoted attribute value state the tokenizer makes between two
/// unwinds: a few hundred frames of stack at most (a few tens of KiB).
const READS_BETWEEN_UNWINDS: u32 = 256;

/// The reader's error: not a failure, a request to unwind html5gum's calls to its loop (see
/// [`OffsetReader`]).
#[derive(Debug, thiserror::Error)]
#[error("the tokenizer unwinds its calls to its loop")]
struct Unwind;

/// html5gum's own reader over a string never fails.
impl From<Infallible> for Unwind {
    fn from(never: Infallible) -> Self {
        match never {}
    }
}

/// Moves the shared offset on by `bytes` read. (A free function: `read_until` calls it while
/// the run it returns still borrows the inner reader.)
fn advance(offset: &Cell<usize>, bytes: usize) {
    offset.set(offset.get() + bytes);
}

impl Reader for OffsetReader<'_> {
    type Error = Unwind;

    #[inline(always)]
    fn read_byte(&mut self) -> Result<Option<u8>, Unwind> {
        let byte = self.inner.read_byte()?;
        if byte.is_some() {
            advance(&self.offset, 1);
        }
        Ok(byte)
    }

    #[inline(always)]
    fn try_read_string(&mut self, s: &[u8], case_sensitive: bool) -> Result<bool, Unwind> {
        let read = self.inner.try_read_string(s, case_sensitive)?;
        if read {
            advance(&self.offset, s.len());
        }
        Ok(read)
    }

    #[inline(always)]
    fn read_until<'b>(&'b mut self, needle: &[u8], char_buf: &'b mut [u8; 4]) -> Result<Option<&'b [u8]>, Unwind> {
        // `needle` is a constant where this is inlined: the test costs nothing in other states.
        if needle == QUOTED_VALUE_STOPS {
            self.quoted_value_reads += 1;
            if self.quoted_value_reads == READS_BETWEEN_UNWINDS {
                self.quoted_value_reads = 0;
                return Err(Unwind);
            }
        }
        let run = self.inner.read_until(needle, char_buf)?;
        if let Some(run) = run {
            advance(&self.offset, run.len());
        }
        Ok(run)
    }
}

/// The line breaks of the input up to where the tokenizer has read, counted as it goes: an
/// LF, a CR, and a CR LF pair once (the input stream preprocessing of HTML § 13.2.3.5 turns
/// each into one LF).
struct LineCounter<'a> {
    input: &'a [u8],
    /// Whether the input holds a CR at all (else only LFs are counted).
    has_cr: bool,
    /// Where the reader is, and how far the count has got.
    read: Rc<Cell<usize>>,
    counted_to: usize,
    breaks: u64,
}

impl LineCounter<'_> {
    /// The line breaks before where the reader is.
    fn breaks(&mut self) -> u64 {
        let end = self.read.get().min(self.input.len());
        let Some(span) = self.input.get(self.counted_to..end) else { return self.breaks };
        if span.is_empty() {
            return self.breaks;
        }
        let mut breaks = count_lf(span);
        if self.has_cr {
            // A CR LF pair is one break: its LF is not counted again, in the span or across
            // its start.
            let (mut crs, mut pairs) = (0, 0);
            for at in memchr::memchr_iter(b'\r', span) {
                crs += 1;
                pairs += u64::from(span.get(at + 1) == Some(&b'\n'));
            }
            let pair_across = span.first() == Some(&b'\n')
                && self.counted_to.checked_sub(1).is_some_and(|before| self.input.get(before) == Some(&b'\r'));
            breaks = breaks + crs - pairs - u64::from(pair_across);
        }
        self.breaks += breaks;
        self.counted_to = end;
        self.breaks
    }
}

/// How many LFs `bytes` holds.
fn count_lf(bytes: &[u8]) -> u64 {
    memchr::memchr_iter(b'\n', bytes).count() as u64
}

/// Up to how many attributes a tag's duplicates are found by scanning its list.
const SCANNED_ATTRIBUTES: usize = 16;

/// The tag being read.
struct TagBeingRead {
    kind: TagKind,
    name: Vec<u8>,
    self_closing: bool,
    attributes: Vec<Attribute>,
    /// Whether an attribute is being read, and its name and value so far (the buffers are
    /// kept from one attribute to the next).
    in_attribute: bool,
    attribute_name: Vec<u8>,
    attribute_value: Vec<u8>,
    /// The names of `attributes`, once there are more than [`SCANNED_ATTRIBUTES`]: a tag with
    /// thousands of attributes finds its duplicates in linear time.
    names: FxHashSet<NameKey>,
    /// The line its `<` is on.
    line: u64,
}

/// The DOCTYPE being read.
#[derive(Default)]
struct DoctypeBeingRead {
    name: Option<Vec<u8>>,
    public_id: Option<Vec<u8>>,
    system_id: Option<Vec<u8>>,
    force_quirks: bool,
    line: u64,
}

/// html5gum's emitter that builds html5ever's tokens and hands them to the windowed builder.
struct TokenAdapter<'a> {
    sink: &'a WindowedBuilder,
    /// The line breaks read so far.
    lines: LineCounter<'a>,
    /// The line breaks read when the last token or piece of text ended: the line the next one
    /// starts on, less one.
    breaks_at_last_end: u64,
    /// Characters not yet handed over, all on `text_line`.
    text: Vec<u8>,
    text_line: u64,
    tag: TagBeingRead,
    comment: (Vec<u8>, u64),
    doctype: DoctypeBeingRead,
    /// The name of the last start tag handed over (HTML § 13.2.5: an "appropriate end tag").
    last_start_tag: Vec<u8>,
    /// The sink paused the parse: the iterator gets an item and stops.
    paused: bool,
}

impl<'a> TokenAdapter<'a> {
    fn new(sink: &'a WindowedBuilder, lines: LineCounter<'a>) -> Self {
        TokenAdapter {
            sink,
            lines,
            breaks_at_last_end: 0,
            text: Vec::new(),
            text_line: 1,
            tag: TagBeingRead {
                kind: TagKind::StartTag,
                name: Vec::new(),
                self_closing: false,
                attributes: Vec::new(),
                in_attribute: false,
                attribute_name: Vec::new(),
                attribute_value: Vec::new(),
                names: FxHashSet::default(),
                line: 1,
            },
            comment: (Vec::new(), 1),
            doctype: DoctypeBeingRead::default(),
            last_start_tag: Vec::new(),
            paused: false,
        }
    }

    /// The line the token starting now starts on.
    fn start_line(&self) -> u64 {
        self.breaks_at_last_end + 1
    }

    /// A token is complete: the next starts on the line the reader is on.
    fn ended(&mut self) {
        self.breaks_at_last_end = self.lines.breaks();
    }

    /// Hands a token other than a tag to the tree builder: only a tag's answer can switch the
    /// tokenizer's state or pause it.
    fn send(&self, token: Token, line: u64) {
        let _continue = self.sink.process_token(token, line);
    }

    /// Hands the characters read so far over as one token.
    fn flush_text(&mut self) {
        if self.text.is_empty() {
            return;
        }
        let text = tendril(&self.text);
        self.text.clear();
        self.send(Token::CharacterTokens(text), self.text_line);
    }

    /// Adds characters to the text, a piece ending at each line break of the input.
    fn add_text(&mut self, chars: &[u8]) {
        let start = self.breaks_at_last_end;
        let read = self.lines.breaks() - start;
        self.ended();
        if self.text.is_empty() {
            self.text_line = start + 1;
        }
        if read == 0 {
            self.text.extend_from_slice(chars);
            return;
        }
        if count_lf(chars) != read {
            // Characters that are not what the input held where it broke lines (a character
            // reference to a line feed): kept whole; the next piece starts on the reader's line.
            self.text.extend_from_slice(chars);
            self.flush_text();
            return;
        }
        let mut line = start + 1;
        for piece in chars.split_inclusive(|&byte| byte == b'\n') {
            if self.text.is_empty() {
                self.text_line = line;
            }
            self.text.extend_from_slice(piece);
            if piece.last() == Some(&b'\n') {
                self.flush_text();
                line += 1;
            }
        }
    }

    /// Ends the attribute being read, dropping it when the tag already has one of its name.
    fn finish_attribute(&mut self) {
        if !std::mem::replace(&mut self.tag.in_attribute, false) {
            return;
        }
        // Past the deadline no more names are made: the tag is then not built anyway (the
        // builder stops at it), and a tag of a million attributes ends with the time.
        if !self.sink.keep_going() {
            return;
        }
        let name = self.sink.page_name(&text(&self.tag.attribute_name));
        let attributes = &self.tag.attributes;
        let repeated = if attributes.len() <= SCANNED_ATTRIBUTES {
            attributes.iter().any(|attribute| attribute.name.local == name)
        } else {
            if self.tag.names.is_empty() {
                self.tag.names.extend(attributes.iter().map(|attribute| NameKey::new(&attribute.name.local)));
            }
            !self.tag.names.insert(NameKey::new(&name))
        };
        if repeated {
            return;
        }
        let value = tendril(&self.tag.attribute_value);
        self.tag.attributes.push(Attribute { name: QualName::new(None, ns!(), name), value });
    }

    fn start_tag(&mut self, kind: TagKind) {
        self.flush_text();
        self.tag.kind = kind;
        self.tag.name.clear();
        self.tag.self_closing = false;
        self.tag.attributes.clear();
        self.tag.names.clear();
        self.tag.in_attribute = false;
        self.tag.line = self.start_line();
    }
}

/// The text of bytes html5gum read from a `&str`. They are whole characters (html5gum splits
/// the input only at ASCII bytes and writes replacement characters whole); a broken sequence
/// would be replaced, never a panic. `from_utf8` first: its check of the whole slice costs a
/// fraction of `from_utf8_lossy`'s chunk by chunk walk, which showed at 6% of `all`.
fn text(bytes: &[u8]) -> std::borrow::Cow<'_, str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => std::borrow::Cow::Borrowed(text),
        Err(_) => String::from_utf8_lossy(bytes),
    }
}

fn tendril(bytes: &[u8]) -> StrTendril {
    StrTendril::from_slice(&text(bytes))
}

impl Emitter for TokenAdapter<'_> {
    /// An item for the iterator only when the sink paused.
    type Token = ();

    fn set_last_start_tag(&mut self, last_start_tag: Option<&[u8]>) {
        self.last_start_tag.clear();
        self.last_start_tag.extend_from_slice(last_start_tag.unwrap_or_default());
    }

    fn emit_eof(&mut self) {
        self.flush_text();
        let line = self.lines.breaks() + 1;
        self.send(Token::EOFToken, line);
    }

    fn emit_error(&mut self, _error: html5gum::Error) {}

    fn should_emit_errors(&mut self) -> bool {
        // The tree builder ignores the tokenizer's parse errors.
        false
    }

    fn pop_token(&mut self) -> Option<()> {
        self.paused.then_some(())
    }

    fn emit_string(&mut self, chars: &[u8]) {
        // A U+0000 NULL reaches here only from the data and CDATA section states (the others
        // replace it); html5ever's tree builder takes it as a token of its own.
        if !chars.contains(&0) {
            self.add_text(chars);
            return;
        }
        for (index, run) in chars.split(|&byte| byte == 0).enumerate() {
            if index > 0 {
                self.flush_text();
                self.send(Token::NullCharacterToken, self.start_line());
            }
            if !run.is_empty() {
                self.add_text(run);
            }
        }
        self.ended();
    }

    fn init_start_tag(&mut self) {
        self.start_tag(TagKind::StartTag);
    }

    fn init_end_tag(&mut self) {
        self.start_tag(TagKind::EndTag);
    }

    fn init_comment(&mut self) {
        self.flush_text();
        self.comment.0.clear();
        self.comment.1 = self.start_line();
    }

    fn emit_current_tag(&mut self) -> Option<State> {
        self.finish_attribute();
        self.ended();
        let tag = Tag {
            kind: self.tag.kind,
            name: self.sink.page_name(&text(&self.tag.name)),
            self_closing: self.tag.self_closing,
            // The tag's own list, of the right size; the one filled keeps its room.
            attrs: self.tag.attributes.drain(..).collect(),
        };
        if tag.kind == TagKind::StartTag {
            self.last_start_tag.clone_from(&self.tag.name);
        }
        match self.sink.process_token(Token::TagToken(tag), self.tag.line) {
            TokenSinkResult::RawData(kind) => Some(raw_state(kind)),
            TokenSinkResult::Plaintext => Some(State::PlainText),
            TokenSinkResult::Script(_) => {
                self.paused = self.sink.paused();
                None
            }
            _ => None,
        }
    }

    fn emit_current_comment(&mut self) {
        self.ended();
        let comment = tendril(&self.comment.0);
        self.send(Token::CommentToken(comment), self.comment.1);
    }

    fn emit_current_doctype(&mut self) {
        self.ended();
        let doctype = std::mem::take(&mut self.doctype);
        let token = Doctype {
            name: doctype.name.as_deref().map(tendril),
            public_id: doctype.public_id.as_deref().map(tendril),
            system_id: doctype.system_id.as_deref().map(tendril),
            force_quirks: doctype.force_quirks,
        };
        self.send(Token::DoctypeToken(token), doctype.line);
    }

    fn set_self_closing(&mut self) {
        self.tag.self_closing = true;
    }

    fn set_force_quirks(&mut self) {
        self.doctype.force_quirks = true;
    }

    fn push_tag_name(&mut self, s: &[u8]) {
        self.tag.name.extend_from_slice(s);
    }

    fn push_comment(&mut self, s: &[u8]) {
        self.comment.0.extend_from_slice(s);
    }

    fn push_doctype_name(&mut self, s: &[u8]) {
        self.doctype.name.get_or_insert_with(Vec::new).extend_from_slice(s);
    }

    fn init_doctype(&mut self) {
        self.flush_text();
        self.doctype = DoctypeBeingRead { line: self.start_line(), ..DoctypeBeingRead::default() };
    }

    fn init_attribute(&mut self) {
        self.finish_attribute();
        self.tag.in_attribute = true;
        self.tag.attribute_name.clear();
        self.tag.attribute_value.clear();
    }

    fn push_attribute_name(&mut self, s: &[u8]) {
        self.tag.attribute_name.extend_from_slice(s);
    }

    fn push_attribute_value(&mut self, s: &[u8]) {
        self.tag.attribute_value.extend_from_slice(s);
    }

    fn set_doctype_public_identifier(&mut self, value: &[u8]) {
        self.doctype.public_id = Some(value.to_vec());
    }

    fn set_doctype_system_identifier(&mut self, value: &[u8]) {
        self.doctype.system_id = Some(value.to_vec());
    }

    fn push_doctype_public_identifier(&mut self, s: &[u8]) {
        self.doctype.public_id.get_or_insert_with(Vec::new).extend_from_slice(s);
    }

    fn push_doctype_system_identifier(&mut self, s: &[u8]) {
        self.doctype.system_id.get_or_insert_with(Vec::new).extend_from_slice(s);
    }

    fn current_is_appropriate_end_tag_token(&mut self) -> bool {
        self.tag.kind == TagKind::EndTag && !self.last_start_tag.is_empty() && self.tag.name == self.last_start_tag
    }

    fn adjusted_current_node_present_but_not_in_html_namespace(&mut self) -> bool {
        self.sink.adjusted_current_node_present_but_not_in_html_namespace()
    }
}

#[cfg(test)]
mod tests {
    use crate::{Document, NodeKind};

    /// Each node's kind, line and (for an element) name, in tree order.
    fn lines(html: &str) -> Vec<(String, u32)> {
        let doc = Document::parse(html);
        doc.root()
            .descendants()
            .map(|node| {
                let what = match node.as_element() {
                    Some(element) => element.local_name().to_owned(),
                    None if node.kind() == NodeKind::Text => format!("{:?}", node.as_text().unwrap_or_default()),
                    None => format!("{:?}", node.kind()),
                };
                (what, node.line().unwrap_or(0))
            })
            .collect()
    }

    fn line_of(html: &str, what: &str) -> u32 {
        let found = lines(html).into_iter().find(|(name, _)| name == what);
        found.map(|(_, line)| line).unwrap_or_else(|| panic!("no {what} in {html:?}"))
    }

    #[test]
    fn a_line_break_inside_a_tag_counts() {
        // Before an attribute's value, between attributes, before the `>`.
        let html = "<head>\n<meta content=\n  \"x\">\n<meta\nname=a\n>\n<title>t</title>";
        assert_eq!(line_of(html, "title"), 7);
        let html = "<p b=\n>c</p>\n<i>d</i>";
        assert_eq!(line_of(html, "\"c\""), 2);
        assert_eq!(line_of(html, "i"), 3);
    }

    #[test]
    fn cr_lf_and_a_lone_cr_are_one_line_break_each() {
        let html = "<p>a\r\nb\rc\n<b>x</b>\r\n<i\r\nclass=x>y</i>\r\r\n<u>z</u>";
        assert_eq!(line_of(html, "b"), 4);
        assert_eq!(line_of(html, "i"), 5);
        assert_eq!(line_of(html, "\"y\""), 6);
        assert_eq!(line_of(html, "u"), 8);
    }

    #[test]
    fn text_is_on_the_line_of_its_first_character_and_implied_elements_on_their_tokens() {
        // The whitespace goes before the implied `head`; `x` makes the parser add `head` and
        // `body`, on its line.
        let found = lines("<html>\n  x");
        assert_eq!(found.iter().find(|(name, _)| name == "body").map(|found| found.1), Some(2));
        assert_eq!(line_of("<html>\n  x", "\"x\""), 2);
        // A character reference to a line feed is not a line break of the input.
        assert_eq!(line_of("<p>&#10;y</p><b>z</b>", "b"), 1);
        assert_eq!(line_of("<p>a\n&amp;\nb</p><b>z</b>", "b"), 3);
    }

    #[test]
    fn a_repeated_attribute_is_dropped() {
        let doc = Document::parse("<p id=a ID=b class=c id=d>");
        let p = doc.elements().find(|element| element.local_name() == "p").expect("a p");
        assert_eq!(p.attr("id"), Some("a"));
        assert_eq!(p.attributes().len(), 2);
    }

    #[test]
    fn thousands_of_attributes_on_one_tag_find_their_duplicates_in_linear_time() {
        let page = |n: usize| {
            let attributes: String = (0..n).map(|i| format!("a{i}=x ")).collect();
            format!("<p {attributes} a0=again a{}=again>", n - 1)
        };
        let doc = Document::parse(&page(1000));
        let p = doc.elements().find(|element| element.local_name() == "p").expect("a p");
        assert_eq!(p.attributes().len(), 1000);
        assert_eq!((p.attr("a0"), p.attr("a999")), (Some("x"), Some("x")));
        harvest_test_support::assert_linear("attributes on one tag", 20_000, page, |html| {
            std::hint::black_box(Document::parse(html));
        });
    }

    #[test]
    fn a_tag_with_a_hundred_thousand_quoted_attributes_parses_on_a_small_stack() {
        // Each double-quoted attribute was a few frames more of html5gum's calls: 80,000 of
        // them overflowed an 8 MiB stack. (A character reference goes back to html5gum's loop,
        // so only the first value has one.)
        let value = |i: usize| match i {
            0 => format!("v&amp;{i}"),
            1 => String::new(),
            _ => format!("v{i}"),
        };
        let attributes: String = (0..100_000).map(|i| format!("a{i}=\"{}\" ", value(i))).collect();
        let page = format!("<p {attributes}a0=\"again\">text</p><b>after</b>");
        let parsed = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let doc = Document::parse(&page);
                let p = doc.elements().find(|element| element.local_name() == "p").map(|p| {
                    (p.attributes().len(), p.attr("a0").map(str::to_owned), p.attr("a99999").map(str::to_owned))
                });
                (p, doc.elements().any(|element| element.local_name() == "b"))
            })
            .expect("a thread")
            .join()
            .expect("no overflow");
        let expected = (100_000, Some("v&0".to_owned()), Some("v99999".to_owned()));
        assert_eq!(parsed, (Some(expected), true));
    }

    #[test]
    fn null_characters_reach_the_tree_builder_apart() {
        // In body a NULL is dropped; in foreign content it becomes U+FFFD (HTML § 13.2.6.5).
        let doc = Document::parse("<p>a\0b</p><svg><![CDATA[x\0y]]></svg>");
        let texts: Vec<String> = doc
            .root()
            .descendants()
            .filter(|node| node.kind() == NodeKind::Text)
            .map(|node| node.as_text().unwrap_or_default().to_owned())
            .collect();
        assert_eq!(texts, ["ab", "x\u{fffd}y"]);
    }

    #[test]
    fn a_byte_order_mark_at_the_start_is_dropped() {
        let doc = Document::parse("\u{feff}<p>x</p>");
        assert_eq!(doc.root().descendants().filter(|node| node.kind() == NodeKind::Text).count(), 1);
    }

    #[test]
    fn the_tree_builder_switches_the_tokenizer_state() {
        // Markup inside RCDATA, RAWTEXT, script data and PLAINTEXT is text.
        let doc = Document::parse("<title><b>t</b></title><textarea><i></textarea><script>a<b</script><style></p></style><plaintext></plaintext><p>");
        let elements: Vec<String> = doc.elements().map(|element| element.local_name().to_owned()).collect();
        assert_eq!(elements, ["html", "head", "title", "body", "textarea", "script", "style", "plaintext"]);
    }
}
