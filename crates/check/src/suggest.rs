//! "Did you mean": the known term nearest an unknown one.

/// The name among `names` (sorted) that `unknown` most likely meant: one that differs only in
/// case, else the nearest within 2 edits (optimal string alignment distance: insertions,
/// deletions, substitutions, adjacent transpositions), and fewer edits than `unknown` has
/// characters; the first in order on a tie. `None` when nothing is that near.
pub(crate) fn suggest<'a>(unknown: &str, names: &'a [Box<str>]) -> Option<&'a str> {
    if let Some(name) = names.iter().find(|n| n.eq_ignore_ascii_case(unknown)) {
        return Some(name);
    }
    let length = unknown.chars().count();
    let mut best: Option<(usize, &str)> = None;
    for name in names {
        // A length difference over 2 is over 2 edits: skip the distance.
        if name.chars().count().abs_diff(length) > 2 {
            continue;
        }
        let distance = strsim::osa_distance(unknown, name);
        if distance <= 2 && distance < length && best.is_none_or(|(d, _)| distance < d) {
            best = Some((distance, name));
        }
    }
    best.map(|(_, name)| name)
}

#[cfg(test)]
mod tests {
    use super::suggest;

    #[test]
    fn case_first_then_nearest() {
        let names: Vec<Box<str>> = ["Product", "name", "named", "Name"].into_iter().map(Box::from).collect();
        assert_eq!(suggest("Prodcut", &names), Some("Product"));
        assert_eq!(suggest("NAME", &names), Some("name"));
        assert_eq!(suggest("nmae", &names), Some("name"));
        assert_eq!(suggest("zzzzzz", &names), None);
        assert_eq!(suggest("x", &names), None);
    }
}
