//! The rules editor: every rule option that applies to the chosen game (the
//! engine's option registry, [`specs`]), grouped as the registry groups them (a
//! table variant sits with its kin), each explained in one sentence and marked
//! when it differs from the preset. A change goes through [`Rules::set_option`],
//! so a value the engine refuses is shown beside the option with the engine's
//! message and the rules stay as they were. An option that cannot take effect
//! under the others is shown disabled with the reason (RULES.md §7).

use pinochle_engine::options::{specs, OptionKind, OptionSpec};
use pinochle_engine::Rules;
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::{component, html, use_state, Callback, Event, Html, Properties};

#[derive(Properties, PartialEq)]
pub struct RulesEditorProps {
    pub rules: Rules,
    /// Called with the new rule set after every accepted change.
    pub onchange: Callback<Rules>,
}

/// The option groups in registry order, each with the options that apply.
pub fn grouped(rules: &Rules) -> Vec<(&'static str, Vec<&'static OptionSpec>)> {
    let mut groups: Vec<(&'static str, Vec<&'static OptionSpec>)> = Vec::new();
    for spec in specs().iter().filter(|s| s.applies(rules)) {
        match groups.iter_mut().find(|(g, _)| *g == spec.group) {
            Some((_, list)) => list.push(spec),
            None => groups.push((spec.group, vec![spec])),
        }
    }
    groups
}

/// The preset's value of an option, when the option applies to the preset.
pub fn preset_value(rules: &Rules, spec: &OptionSpec) -> Option<String> {
    let preset = Rules::preset(rules.preset);
    spec.applies(&preset).then(|| spec.get(&preset))
}

/// The value an input element holds after a change event.
fn event_value(e: &Event) -> String {
    let target = e.target();
    if let Some(input) = target
        .clone()
        .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
    {
        if input.type_() == "checkbox" {
            return input.checked().to_string();
        }
        return input.value();
    }
    target
        .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
        .unwrap_or_default()
}

/// The input of one option: `kind` is the kind with the range that holds for
/// the rule set; `disabled` when the option cannot take effect.
fn input_for(
    spec: &'static OptionSpec,
    kind: OptionKind,
    value: &str,
    disabled: bool,
    onchange: Callback<Event>,
) -> Html {
    let id = format!("rule-{}", spec.key);
    let testid = id.clone();
    match kind {
        OptionKind::Bool => html! {
            <input type="checkbox" id={id} checked={value == "true"} {disabled} onchange={onchange} data-testid={testid} />
        },
        OptionKind::Number { min, max } => html! {
            <input type="number" id={id} value={value.to_string()} min={min.to_string()} max={max.to_string()}
                   {disabled} onchange={onchange} data-testid={testid} />
        },
        OptionKind::Choice(choices) => html! {
            <select id={id} {disabled} onchange={onchange} data-testid={testid}>
                { for choices.iter().map(|c| html! { <option value={*c} selected={*c == value}>{ *c }</option> }) }
            </select>
        },
        OptionKind::Text => html! {
            <input type="text" id={id} value={value.to_string()} {disabled} onchange={onchange} data-testid={testid} />
        },
    }
}

#[component]
pub fn RulesEditor(props: &RulesEditorProps) -> Html {
    // The refused change: (option key, the engine's message).
    let refused = use_state(|| None::<(&'static str, String)>);
    let rules = &props.rules;
    html! {
        <div class="rules-editor" data-testid="rules-editor">
            { for grouped(rules).into_iter().map(|(group, options)| html! {
                <fieldset class="rule-group" data-testid={format!("rule-group-{}", group.to_lowercase())}>
                    <legend>{ group }</legend>
                    { for options.into_iter().map(|spec| {
                        let value = spec.get(rules);
                        let default = preset_value(rules, spec);
                        let changed = default.as_deref() != Some(value.as_str());
                        let onchange = {
                            let rules = rules.clone();
                            let refused = refused.clone();
                            let emit = props.onchange.clone();
                            Callback::from(move |e: Event| {
                                let mut next = rules.clone();
                                match next.set_option(spec.key, &event_value(&e)) {
                                    Ok(()) => {
                                        refused.set(None);
                                        emit.emit(next);
                                    }
                                    Err(err) => refused.set(Some((spec.key, err.to_string()))),
                                }
                            })
                        };
                        let error = refused.as_ref().filter(|(k, _)| *k == spec.key).map(|(_, m)| m.clone());
                        let inert = spec.inert_reason(rules);
                        html! {
                            <div class={if changed { "rule changed" } else { "rule" }} data-key={spec.key}>
                                <label for={format!("rule-{}", spec.key)}>{ spec.label }</label>
                                { input_for(spec, spec.kind_for(rules), &value, inert.is_some(), onchange) }
                                if changed {
                                    <span class="rule-default" data-testid={format!("rule-default-{}", spec.key)}>
                                        { format!("preset: {}", default.unwrap_or_else(|| "—".into())) }
                                    </span>
                                } else {
                                    <span class="rule-default">{ "preset default" }</span>
                                }
                                <small class="rule-help">{ spec.help }</small>
                                if let Some(reason) = inert {
                                    <small class="rule-inert" data-testid={format!("rule-inert-{}", spec.key)}>
                                        { format!("No effect: {reason}.") }
                                    </small>
                                }
                                if let Some(message) = error {
                                    <p class="error" role="alert" data-testid={format!("rule-error-{}", spec.key)}>{ message }</p>
                                }
                            </div>
                        }
                    }) }
                </fieldset>
            }) }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::PresetId;

    #[test]
    fn every_applicable_option_is_in_exactly_one_group() {
        for preset in PresetId::ALL {
            let rules = Rules::preset(preset);
            let groups = grouped(&rules);
            let listed: Vec<&str> = groups
                .iter()
                .flat_map(|(_, o)| o.iter().map(|s| s.key))
                .collect();
            let applicable: Vec<&str> = rules.option_values().into_iter().map(|(k, _)| k).collect();
            assert_eq!(listed.len(), applicable.len(), "{preset:?}");
            for key in applicable {
                assert!(listed.contains(&key), "{preset:?}: {key}");
            }
            for (group, options) in &groups {
                assert!(options.iter().all(|s| s.group == *group));
            }
        }
    }

    #[test]
    fn table_variants_sit_with_their_kin() {
        let rules = Rules::preset(PresetId::Partnership);
        let group_of = |key: &str| {
            grouped(&rules)
                .into_iter()
                .find(|(_, o)| o.iter().any(|s| s.key == key))
                .map(|(g, _)| g)
        };
        assert_eq!(group_of("automatic_set"), group_of("trump_marriage"));
        assert_eq!(group_of("concede_any_shortfall"), Some("Contract"));
        assert_eq!(group_of("redeal_nines"), Some("Auction"));
        for key in [
            "lose_at",
            "mercy",
            "must_bid_to_go_out",
            "defenders_always_score",
        ] {
            assert_eq!(group_of(key), group_of("target"), "{key}");
        }
    }

    #[test]
    fn preset_values_mark_changes() {
        let rules = Rules::from_preset_id("bison", &["target=1000"]).unwrap();
        let target = specs().iter().find(|s| s.key == "target").unwrap();
        assert_eq!(preset_value(&rules, target).as_deref(), Some("1500"));
        assert_eq!(target.get(&rules), "1000");
    }
}
