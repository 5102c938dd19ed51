//! The rules editor: every rule option that applies to the chosen game (the
//! engine's option registry, [`specs`]), grouped as the registry groups them (a
//! table variant sits with its kin), each explained in one plain sentence and
//! marked when it differs from the preset. An option the engine writes as text
//! (bid steps, meld values, a number or off…) is entered in labelled fields
//! ([`rule_forms`]) that compose its text. A change goes through [`Rules::set_option`],
//! so a value the engine refuses is shown beside the option with the engine's
//! message and the rules stay as they were. An option that cannot take effect
//! under the others is shown disabled with the reason (RULES.md §7).

use pinochle_engine::options::{spec, specs, OptionKind, OptionSpec, RulesError};
use pinochle_engine::{PresetId, Rules};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::{component, html, use_state, Callback, Event, Html, MouseEvent, Properties};

use crate::rule_forms::{
    self, extended_value, layout, plain_value, Edit, Layout, TextForm, AWARDS, COPY_NAMES, PATTERNS,
};

/// A refused change in the editor's words: the options by their labels,
/// as the editor shows them, not by their keys ("options 'bid_raises' and
/// 'bid_bands' do not fit together" named no field on the page).
pub(crate) fn refusal_text(err: &RulesError) -> String {
    let clause = refusal_clause(err);
    let mut chars = clause.chars();
    chars
        .next()
        .map_or(String::new(), |c| c.to_uppercase().chain(chars).collect())
        + "."
}

/// [`refusal_text`] as a clause to go inside another sentence ("this app
/// has no option 'bogus'", "“Game target”: …").
pub(crate) fn refusal_clause(err: &RulesError) -> String {
    let label = |key: &str| spec(key).map_or(key.to_string(), |s| format!("“{}”", s.label));
    match err {
        RulesError::BadValue { key, reason } => format!("{}: {reason}", label(key)),
        RulesError::Conflict { keys, reason } => {
            let named: Vec<String> = keys.iter().map(|k| label(k)).collect();
            format!("{} do not fit together: {reason}", named.join(" and "))
        }
        RulesError::NotApplicable { key, preset } => {
            let game = PresetId::from_id(preset).map_or(*preset, PresetId::name);
            format!("{} does not apply to {game}", label(key))
        }
        RulesError::UnknownOption(key) => format!("this app has no option '{key}'"),
        other => other.to_string(),
    }
}

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

/// The preset's value of an option in words ("—" when the option does not
/// apply to the preset).
fn preset_words(rules: &Rules, spec: &OptionSpec) -> String {
    let preset = Rules::preset(rules.preset);
    if spec.applies(&preset) {
        plain_value(spec, &preset)
    } else {
        "—".into()
    }
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

/// The input of a yes/no, number or choice option: `kind` is the kind with the
/// range that holds for the rule set; `disabled` when the option cannot take
/// effect; `apply` takes the new value.
fn simple_input(
    spec: &'static OptionSpec,
    kind: OptionKind,
    value: &str,
    disabled: bool,
    apply: Callback<String>,
) -> Html {
    let id = format!("rule-{}", spec.key);
    let testid = id.clone();
    let onchange = apply.reform(|e: Event| event_value(&e));
    match kind {
        OptionKind::Bool => html! {
            <input type="checkbox" id={id} checked={value == "true"} {disabled} {onchange} data-testid={testid} />
        },
        OptionKind::Number { min, max } => html! {
            <input type="number" id={id} value={value.to_string()} min={min.to_string()} max={max.to_string()}
                   inputmode="numeric" {disabled} {onchange} data-testid={testid} />
        },
        OptionKind::Choice(choices) => html! {
            <select id={id} {disabled} {onchange} data-testid={testid}>
                { for choices.iter().map(|c| html! { <option value={*c} selected={*c == value}>{ *c }</option> }) }
            </select>
        },
        // A text option gets its friendly fields from `rule_forms::layout`; this
        // plain field is only for one that has none yet (none today).
        OptionKind::Text => html! {
            <input type="text" id={id} value={value.to_string()} {disabled} {onchange} data-testid={testid} />
        },
    }
}

/// A labelled number field of a text option; `index` names it
/// (`rule-KEY-INDEX`) and goes with its edit.
fn number_field(
    key: &str,
    index: usize,
    label: &str,
    value: &str,
    placeholder: Option<String>,
    disabled: bool,
    edit: &Callback<Edit>,
) -> Html {
    let onchange = edit.reform(move |e: Event| Edit::Field(index, event_value(&e)));
    html! {
        <label class="rule-field">
            <span>{ label.to_string() }</span>
            <input type="number" inputmode="numeric" value={value.to_string()} {placeholder} {disabled} {onchange}
                   data-testid={format!("rule-{key}-{index}")} />
        </label>
    }
}

/// A labelled switch of a text option.
fn switch(key: &str, label: &str, on: bool, disabled: bool, edit: &Callback<Edit>) -> Html {
    let onchange = edit.reform(|e: Event| Edit::Switch(event_value(&e) == "true"));
    html! {
        <label class="rule-switch">
            <input type="checkbox" checked={on} {disabled} {onchange} data-testid={format!("rule-{key}-switch")} />
            <span>{ label.to_string() }</span>
        </label>
    }
}

/// A button (✕) that removes row `index` of a list (bid steps, raises).
fn remove_button(
    key: &str,
    index: usize,
    what: String,
    disabled: bool,
    edit: &Callback<Edit>,
) -> Html {
    let onclick = edit.reform(move |_: MouseEvent| Edit::RemoveRow(index));
    let label = format!("Remove {what}");
    html! {
        <button type="button" class="rule-remove" aria-label={label.clone()} title={label} {disabled} {onclick}
                data-testid={format!("rule-{key}-remove-{index}")}>{ "✕" }</button>
    }
}

/// A button that adds a row to a list.
fn add_button(key: &str, label: &str, disabled: bool, edit: &Callback<Edit>) -> Html {
    let onclick = edit.reform(|_: MouseEvent| Edit::AddRow);
    html! {
        <button type="button" class="rule-add" {disabled} {onclick} data-testid={format!("rule-{key}-add")}>
            { label.to_string() }
        </button>
    }
}

/// The friendly inputs of a text option, in the layout [`rule_forms`] gives it;
/// each change is an [`Edit`].
/// `multiples_off`: a meld's values past the single count for nothing
/// (double bonuses off: two copies score twice the single), so their boxes
/// are shown disabled with what they score.
fn text_inputs(
    spec: &'static OptionSpec,
    layout: Layout,
    value: &str,
    disabled: bool,
    multiples_off: bool,
    edit: Callback<Edit>,
) -> Html {
    let key = spec.key;
    match TextForm::read(layout, value) {
        TextForm::Steps(rows) => {
            let single = rows.len() == 1;
            html! { <>
                { for rows.iter().enumerate().map(|(i, (from, step))| html! {
                    <div class="rule-row" data-testid={format!("rule-{key}-row")}>
                        { number_field(key, 2 * i, "From", from, None, disabled, &edit) }
                        { number_field(key, 2 * i + 1, "bids go up by", step, None, disabled, &edit) }
                        { remove_button(key, i, format!("the steps from {from}"), disabled || single, &edit) }
                    </div>
                }) }
                { add_button(key, "Add a step", disabled, &edit) }
            </> }
        }
        TextForm::Raises(amounts) => {
            let single = amounts.len() == 1;
            html! { <>
                { switch(key, "Any raise", amounts.is_empty(), disabled, &edit) }
                { for amounts.iter().enumerate().map(|(i, amount)| html! {
                    <div class="rule-row">
                        { number_field(key, i, if i == 0 { "Raise by" } else { "or by" }, amount, None, disabled, &edit) }
                        { remove_button(key, i, format!("the raise by {amount}"), disabled || single, &edit) }
                    </div>
                }) }
                if !amounts.is_empty() {
                    { add_button(key, "Add a raise", disabled, &edit) }
                }
            </> }
        }
        TextForm::Copies(values) => html! {
            <div class="rule-row">
                { for values.iter().zip(COPY_NAMES).enumerate().map(|(i, (v, name))| {
                    if multiples_off && i > 0 {
                        // What the copies score: the single's multiple.
                        let scored = values[0].trim().parse::<u32>().ok().map(|s| (s * (i as u32 + 1)).to_string()).unwrap_or_default();
                        return number_field(key, i, name, &scored, None, true, &edit);
                    }
                    let placeholder = (i > 0).then(|| extended_value(&values, i + 1)).flatten().map(|n| n.to_string());
                    number_field(key, i, name, v, placeholder, disabled, &edit)
                }) }
            </div>
        },
        TextForm::Switched(values) => {
            let Layout::Switched(s) = layout else {
                return Html::default();
            };
            html! { <>
                { switch(key, s.switch, values.is_some(), disabled, &edit) }
                if let Some(values) = values {
                    <div class="rule-row">
                        { for values.iter().zip(s.fields).enumerate().map(|(i, (v, label))| {
                            number_field(key, i, label, v, None, disabled, &edit)
                        }) }
                    </div>
                }
            </> }
        }
        TextForm::Surrender(award, bonus) => {
            let onchange = edit.reform(|e: Event| Edit::Award(event_value(&e)));
            html! { <>
                <select aria-labelledby={format!("rule-{key}-label")} {disabled} {onchange}
                        data-testid={format!("rule-{key}-award")}>
                    { for AWARDS.iter().map(|(word, words)| html! {
                        <option value={*word} selected={*word == award}>{ *words }</option>
                    }) }
                </select>
                if award == "meld+" {
                    { number_field(key, 0, "bonus", &bonus, None, disabled, &edit) }
                }
            </> }
        }
        TextForm::Patterns(chosen) => html! { <>
            { for PATTERNS.iter().map(|(name, words)| {
                let on = chosen.iter().any(|c| c == name);
                let onchange = edit.reform(move |e: Event| Edit::Pattern(name.to_string(), event_value(&e) == "true"));
                html! {
                    <label class="rule-switch">
                        <input type="checkbox" checked={on} {disabled} {onchange}
                               data-testid={format!("rule-{key}-{name}")} />
                        <span>{ *words }</span>
                    </label>
                }
            }) }
        </> },
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
                        let apply = {
                            let rules = rules.clone();
                            let refused = refused.clone();
                            let emit = props.onchange.clone();
                            Callback::from(move |value: String| {
                                let mut next = rules.clone();
                                match next.set_option(spec.key, &value) {
                                    Ok(()) => {
                                        refused.set(None);
                                        emit.emit(next);
                                    }
                                    Err(err) => refused.set(Some((spec.key, refusal_text(&err)))),
                                }
                            })
                        };
                        let error = refused.as_ref().filter(|(k, _)| *k == spec.key).map(|(_, m)| m.clone());
                        let inert = spec.inert_reason(rules);
                        let disabled = inert.is_some();
                        let label_id = format!("rule-{}-label", spec.key);
                        html! {
                            <div class={if changed { "rule changed" } else { "rule" }} data-key={spec.key}
                                 data-testid={format!("rule-{}-option", spec.key)}>
                                if let Some(layout) = layout(spec, rules) {
                                    <span class="rule-label" id={label_id.clone()}>{ spec.label }</span>
                                    <div class="rule-inputs" role="group" aria-labelledby={label_id}>
                                        {{
                                            let multiples_off = spec.key.starts_with("meld.") && !rules.meld.double_bonuses;
                                            let rules = rules.clone();
                                            let edit = apply.reform(move |e: Edit| rule_forms::edit(spec, layout, &rules, e));
                                            text_inputs(spec, layout, &value, disabled, multiples_off, edit)
                                        }}
                                    </div>
                                } else {
                                    <label class="rule-label" id={label_id} for={format!("rule-{}", spec.key)}>{ spec.label }</label>
                                    { simple_input(spec, spec.kind_for(rules), &value, disabled, apply) }
                                }
                                if changed {
                                    <span class="rule-default" data-testid={format!("rule-default-{}", spec.key)}>
                                        { format!("Changed (preset: {})", preset_words(rules, spec)) }
                                    </span>
                                } else {
                                    <span class="rule-default">{ "Preset default" }</span>
                                }
                                <small class="rule-help">{ spec.help }</small>
                                if let Some(reason) = inert {
                                    <small class="rule-inert" data-testid={format!("rule-inert-{}", spec.key)}>
                                        { format!("No effect: {reason}.") }
                                    </small>
                                } else if spec.key.starts_with("meld.") && !rules.meld.double_bonuses && rules.deck.copies() > 1 {
                                    <small class="rule-inert" data-testid={format!("rule-inert-{}", spec.key)}>
                                        { "Double bonuses are off: two or more copies score the single's multiple." }
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
