//! The schema.org vocabulary, compiled from its compact table (`data/schemaorg.tsv`, built
//! from schema.org release 30.0) or from another release file.

use std::collections::HashMap;
use std::sync::OnceLock;

pub use crate::table::Status;
use crate::table::{RawTable, RawTerm};

/// The bundled table (schema.org release 30.0; `data/NOTICE.md`).
pub(crate) const BUNDLED_TABLE: &str = include_str!("../data/schemaorg.tsv");

/// A type's index in [`Vocabulary`].
pub(crate) type TypeId = u32;

/// Why a vocabulary could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum VocabularyError {
    /// The release file is not JSON.
    #[error("the vocabulary is not JSON: {0}")]
    Json(String),
    /// The release file has no `@graph` of schema.org types and properties.
    #[error("the vocabulary has no @graph of schema.org types and properties")]
    NoGraph,
    /// A line of a table is not a term.
    #[error("line {line} of the vocabulary table is not a term")]
    Table {
        /// The line, from 1.
        line: usize,
    },
}

/// A term's section and replacement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Standing {
    pub(crate) status: Status,
    pub(crate) superseded_by: Option<Box<str>>,
}

#[derive(Debug)]
pub(crate) struct TypeEntry {
    pub(crate) name: Box<str>,
    pub(crate) standing: Standing,
    /// The type and every superclass, transitively, sorted.
    ancestors: Vec<TypeId>,
}

#[derive(Debug)]
pub(crate) struct Property {
    pub(crate) standing: Standing,
    pub(crate) domain: Vec<TypeId>,
    pub(crate) range: Vec<TypeId>,
}

#[derive(Debug)]
pub(crate) struct Member {
    pub(crate) standing: Standing,
    /// The types it is an instance of (an enumeration, `Boolean` for `True`).
    pub(crate) of: Vec<TypeId>,
}

/// The schema.org vocabulary: its types (with their superclasses), properties (with the types
/// they are expected on and the types of their values), enumeration members, and each term's
/// section (pending, attic) and replacement (`supersededBy`).
///
/// ```
/// use harvest_check::Vocabulary;
/// let schema = Vocabulary::bundled();
/// assert!(schema.has_type("Product") && schema.has_property("name"));
/// assert!(schema.is_subclass_of("Restaurant", "Organization"));
/// ```
#[derive(Debug)]
pub struct Vocabulary {
    table: RawTable,
    types: Vec<TypeEntry>,
    type_ids: HashMap<Box<str>, TypeId>,
    properties: HashMap<Box<str>, Property>,
    members: HashMap<Box<str>, Member>,
    /// Type names sorted, for suggestions.
    type_names: Vec<Box<str>>,
    /// Property names sorted, for suggestions.
    property_names: Vec<Box<str>>,
}

fn standing(term: &RawTerm) -> Standing {
    Standing { status: term.status(), superseded_by: term.superseded_by.as_deref().map(Box::from) }
}

impl Vocabulary {
    /// The bundled vocabulary (schema.org release 30.0), read once per process.
    pub fn bundled() -> &'static Vocabulary {
        static BUNDLED: OnceLock<Vocabulary> = OnceLock::new();
        BUNDLED.get_or_init(|| {
            // The bundled table is checked against the release by the crate's tests, so it
            // always reads; an empty vocabulary would still never panic.
            RawTable::from_text(BUNDLED_TABLE)
                .map(Vocabulary::compile)
                .unwrap_or_else(|_| Vocabulary::compile(RawTable::default()))
        })
    }

    /// The vocabulary of a schema.org release file in JSON-LD (`schemaorg-current-https.jsonld`
    /// of any release, or its `http` twin).
    ///
    /// # Errors
    ///
    /// When the text is not JSON or holds no schema.org types and properties.
    pub fn from_release(json: &str) -> Result<Vocabulary, VocabularyError> {
        RawTable::from_release(json).map(Vocabulary::compile)
    }

    /// The vocabulary as the compact table harvest-check bundles (`data/schemaorg.tsv`): one
    /// term a line, the format `src/table.rs` describes.
    pub fn to_table(&self) -> String {
        self.table.to_text()
    }

    fn compile(table: RawTable) -> Vocabulary {
        let names: Vec<&String> = table.types.keys().collect();
        let type_ids: HashMap<Box<str>, TypeId> =
            names.iter().enumerate().map(|(i, name)| (Box::from(name.as_str()), i as TypeId)).collect();
        let resolve = |names: &[String]| -> Vec<TypeId> {
            let mut ids: Vec<TypeId> = names.iter().filter_map(|n| type_ids.get(n.as_str()).copied()).collect();
            ids.sort_unstable();
            ids.dedup();
            ids
        };
        let parents: Vec<Vec<TypeId>> = table.types.values().map(|t| resolve(&t.parents)).collect();
        let mut types = Vec::with_capacity(parents.len());
        for ((name, term), own) in table.types.iter().zip(0..) {
            // Every superclass, transitively, by an explicit walk (the hierarchy may have cycles
            // in a file that is not schema.org's).
            let mut seen = vec![own];
            let mut stack = vec![own];
            while let Some(at) = stack.pop() {
                for &parent in &parents[at as usize] {
                    if !seen.contains(&parent) {
                        seen.push(parent);
                        stack.push(parent);
                    }
                }
            }
            seen.sort_unstable();
            types.push(TypeEntry { name: Box::from(name.as_str()), standing: standing(term), ancestors: seen });
        }
        let properties = table
            .properties
            .iter()
            .map(|(name, term)| {
                let property =
                    Property { standing: standing(term), domain: resolve(&term.domain), range: resolve(&term.range) };
                (Box::from(name.as_str()), property)
            })
            .collect();
        let members = table
            .members
            .iter()
            .map(|(name, term)| {
                (Box::from(name.as_str()), Member { standing: standing(term), of: resolve(&term.parents) })
            })
            .collect();
        let type_names = table.types.keys().map(|n| Box::from(n.as_str())).collect();
        let property_names = table.properties.keys().map(|n| Box::from(n.as_str())).collect();
        Vocabulary { table, types, type_ids, properties, members, type_names, property_names }
    }

    /// Whether `name` (`Product`, without a namespace) is a type.
    pub fn has_type(&self, name: &str) -> bool {
        self.type_ids.contains_key(name)
    }

    /// Whether `name` (`name`, without a namespace) is a property.
    pub fn has_property(&self, name: &str) -> bool {
        self.properties.contains_key(name)
    }

    /// Whether `name` (`InStock`) is an instance of a type: an enumeration member, a `Boolean`
    /// value, a data type (an instance of `DataType`).
    pub fn has_member(&self, name: &str) -> bool {
        self.members.contains_key(name)
    }

    /// Whether type `sub` is type `sup` or one of its subclasses, transitively.
    pub fn is_subclass_of(&self, sub: &str, sup: &str) -> bool {
        match (self.type_id(sub), self.type_id(sup)) {
            (Some(sub), Some(sup)) => self.is_sub(sub, sup),
            _ => false,
        }
    }

    /// The section of a term (type, property or member) when the vocabulary has it.
    ///
    /// ```
    /// use harvest_check::{Status, Vocabulary};
    /// assert_eq!(Vocabulary::bundled().status("3DModel"), Some(Status::Pending));
    /// assert_eq!(Vocabulary::bundled().status("Prodcut"), None);
    /// ```
    pub fn status(&self, name: &str) -> Option<Status> {
        self.standing(name).map(|s| s.status)
    }

    /// The term that replaces a term (`supersededBy`): `actor` for `actors`.
    ///
    /// ```
    /// assert_eq!(harvest_check::Vocabulary::bundled().superseded_by("actors"), Some("actor"));
    /// ```
    pub fn superseded_by(&self, name: &str) -> Option<&str> {
        self.standing(name)?.superseded_by.as_deref()
    }

    fn standing(&self, name: &str) -> Option<&Standing> {
        let of_type = self.type_id(name).map(|id| &self.type_entry(id).standing);
        of_type.or_else(|| Some(&self.property(name)?.standing)).or_else(|| Some(&self.member(name)?.standing))
    }

    /// Every type's name, sorted.
    pub fn type_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.type_names.iter().map(|n| &**n)
    }

    /// Every property's name, sorted.
    pub fn property_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.property_names.iter().map(|n| &**n)
    }

    pub(crate) fn type_id(&self, name: &str) -> Option<TypeId> {
        self.type_ids.get(name).copied()
    }

    pub(crate) fn type_entry(&self, id: TypeId) -> &TypeEntry {
        &self.types[id as usize]
    }

    pub(crate) fn property(&self, name: &str) -> Option<&Property> {
        self.properties.get(name)
    }

    pub(crate) fn member(&self, name: &str) -> Option<&Member> {
        self.members.get(name)
    }

    /// Whether `sub` is `sup` or a subclass of it.
    pub(crate) fn is_sub(&self, sub: TypeId, sup: TypeId) -> bool {
        self.types[sub as usize].ancestors.binary_search(&sup).is_ok()
    }

    /// Whether any of `types` is in `expected` (with subclasses).
    pub(crate) fn any_in(&self, types: &[TypeId], expected: &[TypeId]) -> bool {
        types.iter().any(|&t| expected.iter().any(|&e| self.is_sub(t, e)))
    }

    pub(crate) fn sorted_type_names(&self) -> &[Box<str>] {
        &self.type_names
    }

    pub(crate) fn sorted_property_names(&self) -> &[Box<str>] {
        &self.property_names
    }
}
