//! Which key presses the table takes as its one-letter shortcuts (B bid, P
//! pass, + − change the bid, H hint). A press with Ctrl, ⌘ or Alt held belongs
//! to the browser (Ctrl+P prints, ⌘B opens bookmarks), and a letter typed into
//! a field that takes text is text: neither is a shortcut. Nor is a key
//! pressed while a window lies over the table (the rules, a hand's result,
//! a review): P passed at the auction behind the rules.

use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;

/// The attribute that lets shortcuts through a control that would otherwise
/// keep them: the bid amount's list (`controls.rs`), whose options are
/// numbers, so B and P typed there mean bid and pass.
const PASSES_SHORTCUTS: &str = "data-shortcuts";

/// The element a key press was typed into, as far as shortcuts care.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KeyTarget<'a> {
    /// The element's tag name, upper case as the DOM gives it.
    pub tag: &'a str,
    /// An `input`'s `type` attribute.
    pub input_type: Option<&'a str>,
    /// The element carries `PASSES_SHORTCUTS`.
    pub passes_shortcuts: bool,
}

impl KeyTarget<'_> {
    /// Whether a letter typed here is the element's own input.
    fn keeps_keys(&self) -> bool {
        if self.passes_shortcuts {
            return false;
        }
        match self.tag {
            "TEXTAREA" | "SELECT" => true,
            // A switch or a button takes no letters.
            "INPUT" => !matches!(self.input_type, Some("checkbox" | "radio" | "button")),
            _ => false,
        }
    }
}

/// Whether a key press is a shortcut: no browser modifier held, and not typed
/// into a field that keeps its keys (None: no element target).
pub fn is_shortcut(browser_modifier: bool, target: Option<KeyTarget<'_>>) -> bool {
    !browser_modifier && !target.is_some_and(|t| t.keeps_keys())
}

/// Whether Ctrl, ⌘ or Alt is held: the press is the browser's (Alt+← goes
/// back), whatever has the focus.
pub fn browser_modifier(e: &KeyboardEvent) -> bool {
    e.ctrl_key() || e.meta_key() || e.alt_key()
}

/// The class of the windows that lie over the whole table (`table.rs`,
/// `review_view.rs`).
const OVERLAY: &str = ".overlay";

/// The key of `e` if it is a shortcut ([`is_shortcut`]) and no window lies
/// over the table.
pub fn shortcut_key(e: &KeyboardEvent) -> Option<String> {
    let covered = gloo_utils::document()
        .query_selector(OVERLAY)
        .ok()
        .flatten()
        .is_some();
    if covered {
        return None;
    }
    let modifier = browser_modifier(e);
    let shortcut = match e
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
    {
        Some(el) => {
            let (tag, input_type) = (el.tag_name(), el.get_attribute("type"));
            let target = KeyTarget {
                tag: &tag,
                input_type: input_type.as_deref(),
                passes_shortcuts: el.has_attribute(PASSES_SHORTCUTS),
            };
            is_shortcut(modifier, Some(target))
        }
        None => is_shortcut(modifier, None),
    };
    shortcut.then(|| e.key())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn target<'a>(tag: &'a str, input_type: Option<&'a str>) -> Option<KeyTarget<'a>> {
        Some(KeyTarget {
            tag,
            input_type,
            passes_shortcuts: false,
        })
    }

    #[test]
    fn a_browser_modifier_is_never_a_shortcut() {
        // Ctrl+P prints; it must not pass the bid.
        assert!(!is_shortcut(true, None));
        assert!(!is_shortcut(true, target("BODY", None)));
        assert!(!is_shortcut(true, target("BUTTON", None)));
    }

    #[test]
    fn letters_typed_into_a_field_are_text() {
        assert!(!is_shortcut(false, target("INPUT", Some("text"))));
        assert!(!is_shortcut(false, target("INPUT", None)));
        assert!(!is_shortcut(false, target("INPUT", Some("number"))));
        assert!(!is_shortcut(false, target("TEXTAREA", None)));
        assert!(!is_shortcut(false, target("SELECT", None)));
    }

    #[test]
    fn switches_buttons_and_the_page_pass_shortcuts() {
        assert!(is_shortcut(false, None));
        assert!(is_shortcut(false, target("BODY", None)));
        assert!(is_shortcut(false, target("BUTTON", None)));
        assert!(is_shortcut(false, target("INPUT", Some("checkbox"))));
        assert!(is_shortcut(false, target("INPUT", Some("radio"))));
        let bid_amount = KeyTarget {
            tag: "SELECT",
            input_type: None,
            passes_shortcuts: true,
        };
        assert!(is_shortcut(false, Some(bid_amount)));
    }
}
