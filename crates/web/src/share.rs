//! Rule-preset links in the page's URL: reading a link from the fragment
//! (`…/#v=2&game=bison&target=1000&check=…`; a fragment is never sent to a server) and
//! writing one for "share these rules". The codec is the engine's
//! ([`pinochle_engine::link`]), the same one `pinochle link` uses. Every link
//! shown has a Copy button beside it; where the browser has a share sheet
//! (a phone's), "Share these rules" opens it with the link.

use pinochle_engine::link::{decode_link, encode_link, linked_game, LinkError, SharedRules};
use pinochle_engine::PresetId;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;
use yew::{component, html, use_state, Callback, Html, MouseEvent, Properties};

thread_local! {
    /// The handler for a clipboard write or a share sheet that fails or is
    /// dismissed: nothing to do (the link stays on screen to copy by hand),
    /// but a rejection nobody handles is reported as an error.
    static IGNORE_REJECTION: Closure<dyn FnMut(JsValue)> = Closure::new(|_: JsValue| {});
}

/// Hands a browser promise the rejection handler.
fn settle_quietly(promise: &js_sys::Promise) {
    IGNORE_REJECTION.with(|ignore| {
        let _ = promise.catch(ignore);
    });
}

/// Puts `text` on the clipboard through `navigator.clipboard.writeText`;
/// `false` when the browser offers no clipboard here (a page not served
/// over https has none).
fn write_clipboard(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let clipboard = window.navigator().clipboard();
    if clipboard.is_undefined() {
        return false;
    }
    settle_quietly(&clipboard.write_text(text));
    true
}

/// Opens the system's share sheet with `url` where the browser has one (a
/// phone's: Messages, mail, a chat), `title` naming it. Where it has none
/// (most desktop browsers) nothing opens: the link field with its Copy button
/// is all there is.
pub fn open_share_sheet(title: &str, url: &str) {
    let Some(window) = web_sys::window() else {
        return;
    };
    let navigator = window.navigator();
    // (Feature detection: calling a method the browser lacks would throw.)
    if !js_sys::Reflect::has(&navigator, &JsValue::from_str("share")).unwrap_or(false) {
        return;
    }
    let data = web_sys::ShareData::new();
    data.set_title(title);
    data.set_url(url);
    settle_quietly(&navigator.share_with_data(&data));
}

#[derive(Properties, PartialEq)]
pub struct CopyButtonProps {
    /// What the button copies.
    pub text: String,
}

/// A Copy button for a link, saying whether it worked.
#[component]
pub fn CopyButton(props: &CopyButtonProps) -> Html {
    let said = use_state(|| None::<&'static str>);
    let onclick = {
        let (said, text) = (said.clone(), props.text.clone());
        Callback::from(move |_: MouseEvent| {
            said.set(Some(if write_clipboard(&text) {
                "Copied"
            } else {
                "Select the link to copy it"
            }))
        })
    };
    html! {
        <>
            <button type="button" {onclick} data-testid="copy-link">{ "Copy" }</button>
            <span class="copied" aria-live="polite">{ (*said).unwrap_or_default() }</span>
        </>
    }
}

/// What the page's fragment holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fragment {
    /// No fragment: start normally.
    None,
    /// A rule-preset link, decoded whole.
    Rules(Box<SharedRules>),
    /// A link that cannot be used: the problem, and the game it names where
    /// it names one (the new-game screen opens on it).
    Bad(LinkError, Option<PresetId>),
}

/// Reads a `location.hash` value (with or without its `#`). All or nothing: a
/// bad link is [`Fragment::Bad`], never a half-applied rule set.
pub fn read_fragment(hash: &str) -> Fragment {
    let body = hash.strip_prefix('#').unwrap_or(hash);
    if body.trim().is_empty() {
        return Fragment::None;
    }
    match decode_link(body) {
        Ok(shared) => Fragment::Rules(Box::new(shared)),
        Err(e) => Fragment::Bad(e, linked_game(body)),
    }
}

/// What is wrong with a link, for the page: rules options by the labels the
/// rules editor shows ("“Run”: …", not "option 'meld.run'").
pub fn link_problem(e: &LinkError) -> String {
    match e {
        LinkError::Rules(refused) => format!(
            "its rules are not valid: {}",
            crate::rules_editor::refusal_clause(refused)
        ),
        other => other.to_string(),
    }
}

/// The URL that opens this app with a new-game dialog preloaded with `shared`:
/// `page` (origin and path, no fragment) + `#` + the link text.
pub fn share_url(page: &str, shared: &SharedRules) -> String {
    let base = page.split('#').next().unwrap_or(page);
    format!("{base}#{}", encode_link(shared))
}

/// The page's own fragment, as the browser reports it.
#[cfg(target_arch = "wasm32")]
pub fn page_fragment() -> String {
    web_sys::window()
        .and_then(|w| w.location().hash().ok())
        .unwrap_or_default()
}

/// The page's origin and path followed by what `rest` makes of its
/// parameters (`?…`) and its fragment (`#…`), as the browser reports them.
#[cfg(target_arch = "wasm32")]
fn address_with(rest: impl FnOnce(&str, &str) -> String) -> String {
    let location = web_sys::window().map(|w| w.location());
    let part = |f: fn(&web_sys::Location) -> Result<String, wasm_bindgen::JsValue>| {
        location
            .as_ref()
            .and_then(|l| f(l).ok())
            .unwrap_or_default()
    };
    format!(
        "{}{}{}",
        part(web_sys::Location::origin),
        part(web_sys::Location::pathname),
        rest(
            &part(web_sys::Location::search),
            &part(web_sys::Location::hash)
        )
    )
}

/// The page's origin and path (where share links point): without its
/// fragment, and without its parameters, which are the sharer's own start
/// settings (a name, a pace) and not part of the rules shared.
#[cfg(target_arch = "wasm32")]
pub fn page_url() -> String {
    address_with(|_, _| String::new())
}

/// The address's parameters (`?…`, or empty) without a request to deal at
/// once (`autostart`): what the address keeps once that game is dealt.
pub fn query_without_autostart(query: &str) -> String {
    let kept: Vec<&str> = query
        .trim_start_matches('?')
        .split('&')
        .filter(|pair| !pair.is_empty() && pair.split('=').next() != Some("autostart"))
        .collect();
    if kept.is_empty() {
        String::new()
    } else {
        format!("?{}", kept.join("&"))
    }
}

/// Writes `url` over the address bar (without reloading or a history entry).
#[cfg(target_arch = "wasm32")]
fn replace_address(url: &str) {
    if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(url));
    }
}

/// Removes the fragment from the address bar: a bad link at once, a good
/// one when its game starts, so a reload then resumes the game instead of
/// reopening the link. A request to deal at once goes with it, so a reload
/// does not deal again.
#[cfg(target_arch = "wasm32")]
pub fn forget_link() {
    replace_address(&address_with(|search, _| query_without_autostart(search)));
}

/// Removes the parameters from the address bar (they could not be used),
/// keeping a fragment.
#[cfg(target_arch = "wasm32")]
pub fn forget_query() {
    replace_address(&address_with(|_, hash| hash.to_string()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::Rules;

    #[test]
    fn a_dealt_game_keeps_the_address_but_its_request_to_deal_at_once() {
        assert_eq!(
            query_without_autostart("?game=club&autostart=1&pace=fast"),
            "?game=club&pace=fast"
        );
        assert_eq!(query_without_autostart("?autostart=1"), "");
        assert_eq!(query_without_autostart(""), "");
        assert_eq!(query_without_autostart("?autostarts=2"), "?autostarts=2");
    }

    #[test]
    fn fragments_read_as_rules_or_a_named_problem() {
        assert_eq!(read_fragment(""), Fragment::None);
        assert_eq!(read_fragment("#"), Fragment::None);
        let Fragment::Rules(shared) = read_fragment("#v=1&game=bison&seed=9&target=1000") else {
            panic!("a good link reads");
        };
        assert_eq!(
            shared.rules,
            Rules::from_preset_id("bison", &["target=1000"]).unwrap()
        );
        assert_eq!(shared.seed, Some(9));
        let Fragment::Bad(e, game) = read_fragment("#v=1&game=bison&target=5") else {
            panic!("a bad value is refused");
        };
        assert!(e.to_string().contains("option 'target'"), "{e}");
        assert_eq!(game, Some(PresetId::Bison), "the game it was for");
        assert!(matches!(
            read_fragment("#v=1&game=poker"),
            Fragment::Bad(LinkError::UnknownGame(_), None)
        ));
        assert!(matches!(read_fragment("#v=1&gam"), Fragment::Bad(_, None)));
        // A link cut short at an '&' (as some chat apps end links) is refused.
        assert!(matches!(
            read_fragment("#v=2&game=club&name=Our%20Friday%20rules&seed=3"),
            Fragment::Bad(LinkError::Unchecked, Some(PresetId::Club))
        ));
        // The page's message names the option and sends nobody to a command line.
        let Fragment::Bad(e, _) = read_fragment("#v=1&game=bison&bogus=1") else {
            panic!("an unknown option is refused");
        };
        assert_eq!(
            e.to_string(),
            "the link's rules are not valid: unknown option 'bogus'"
        );
    }

    #[test]
    fn link_problems_name_options_by_their_labels() {
        let Fragment::Bad(e, _) = read_fragment("#v=1&game=bison&target=5") else {
            panic!("a bad value is refused");
        };
        let text = link_problem(&e);
        assert!(text.starts_with("its rules are not valid: “"), "{text}");
        assert!(
            !text.contains("option 'target'") && !text.ends_with('.'),
            "{text}"
        );
        let Fragment::Bad(e, _) = read_fragment("#v=1&game=bison&bogus=1") else {
            panic!("an unknown option is refused");
        };
        assert_eq!(
            link_problem(&e),
            "its rules are not valid: this app has no option 'bogus'"
        );
        assert_eq!(
            link_problem(&LinkError::UnknownGame("poker".into())),
            "unknown game 'poker' in the link"
        );
    }

    #[test]
    fn share_urls_round_trip() {
        let shared = SharedRules {
            rules: Rules::from_preset_id("club", &["seats=5"]).unwrap(),
            name: Some("Our Friday rules".into()),
            seed: Some(3),
        };
        let url = share_url("https://pinochle.example/play/#old", &shared);
        assert_eq!(
            url,
            "https://pinochle.example/play/#v=2&game=club&name=Our%20Friday%20rules&seed=3&seats=5&check=a3b8c4"
        );
        let hash = &url[url.find('#').unwrap()..];
        assert_eq!(read_fragment(hash), Fragment::Rules(Box::new(shared)));
    }
}
