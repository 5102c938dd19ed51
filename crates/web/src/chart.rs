//! Small SVG line charts: the running totals on the score sheet (per player
//! or side, with the target line in target games) and the duplicate rating's
//! trend (with the expert's level). Each chart carries a text alternative
//! that says what it shows, and the lines differ by dash pattern as well as
//! by colour.

use yew::{html, Html};

/// One line of a chart: its name and a value per step (step 0 first).
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    pub name: String,
    pub values: Vec<i64>,
}

/// A level drawn across the chart with its label: a game's target, the
/// expert's rating.
#[derive(Clone, Debug, PartialEq)]
pub struct Reference {
    pub value: i64,
    pub label: String,
}

/// Which values the chart's height spans.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scale {
    /// The values and zero: running totals, whose sign is the story.
    FromZero,
    /// The values and the reference with a margin: a rating moving by a few
    /// points near 1500 showed as a flat line along the top of a chart from 0.
    Fitted,
}

/// What a chart shows: its lines, its level, its scale, and the number of
/// its first step (0 for the totals before the first hand, 1 for the rating
/// after the first rated hand).
pub struct Chart<'a> {
    pub series: &'a [Series],
    pub reference: Option<Reference>,
    pub scale: Scale,
    pub first_step: usize,
    /// Names what the steps and the values are.
    pub caption: &'a str,
}

/// Colours and dash patterns, one pair per line.
const STYLES: [(&str, &str); 6] = [
    ("#f2c14e", ""),
    ("#8fd3ff", "6 3"),
    ("#ff9a8a", "2 3"),
    ("#b5f28a", "8 3 2 3"),
    ("#e0b3ff", "1 2"),
    ("#ffffff", "4 4"),
];

/// How far apart, in the chart's units, the lines are drawn (a line is 2
/// wide): lines on the same values lie side by side, not one over another.
const LINES_APART: f64 = 2.0;

const W: f64 = 300.0;
const H: f64 = 120.0;
/// Room for the value labels on the left and the step labels below.
const LEFT: f64 = 36.0;
const BOTTOM: f64 = 14.0;

/// The height of the value labels' text (the stylesheet's 9 px in the
/// chart's units): two labels' baselines at least this far apart never
/// overlap.
const LABEL_GAP: f64 = 10.0;
/// From a label's line down to its baseline: its digits' middle on the
/// line (digits stand about 0.7 of the text's size tall).
const LABEL_DROP: f64 = 3.2;
/// The highest and lowest baseline a value label may take: its digits whole
/// inside the chart, and clear of the steps' labels along its foot.
const LABEL_TOP: f64 = 7.0;
const LABEL_FOOT: f64 = H - 2.0 - LABEL_GAP;

/// Where a value `v` is drawn in a chart spanning `low..=high`.
fn height(v: i64, (low, high): (i64, i64)) -> f64 {
    4.0 + (H - BOTTOM - 8.0) * (high - v) as f64 / (high - low) as f64
}

/// The baselines of the axis's value labels, the highest value's (its line
/// at `top`) and the lowest's (at `bottom`, none where it is the same value):
/// each centred on its line, and where the two would overlap (values close
/// together, a rating of 1490 over one of 1488) moved apart evenly just
/// enough that they do not, the highest above; both kept inside the chart.
fn value_label_baselines(top: f64, bottom: Option<f64>) -> (f64, Option<f64>) {
    let clamp = |y: f64| y.clamp(LABEL_TOP, LABEL_FOOT);
    let Some(bottom) = bottom else {
        return (clamp(top + LABEL_DROP), None);
    };
    let mut high = (top + LABEL_DROP).max(LABEL_TOP);
    let mut low = (bottom + LABEL_DROP).min(LABEL_FOOT);
    if low - high < LABEL_GAP {
        let middle = (high + low) / 2.0;
        high = middle - LABEL_GAP / 2.0;
        low = middle + LABEL_GAP / 2.0;
    }
    // Moved together, back inside the chart.
    let shift = (LABEL_TOP - high).max(0.0) + (LABEL_FOOT - low).min(0.0);
    (high + shift, Some(low + shift))
}

/// The lowest and highest value to show (the reference included), never a
/// zero span.
fn bounds(series: &[Series], reference: Option<i64>, scale: Scale) -> (i64, i64) {
    let zero = (scale == Scale::FromZero).then_some(0);
    let values = series.iter().flat_map(|s| s.values.iter().copied());
    let (mut low, mut high) = values
        .chain(reference)
        .chain(zero)
        .fold((i64::MAX, i64::MIN), |(l, h), v| (l.min(v), h.max(v)));
    if scale == Scale::Fitted {
        // A tenth of the span above and below, at least 5, so no line runs
        // along an edge.
        let margin = ((high - low) / 10).max(5);
        low -= margin;
        high += margin;
    }
    if low == high {
        low -= 1;
        high += 1;
    }
    (low, high)
}

/// A line chart of `chart`'s series over their steps; `format` writes a
/// value as the game does (points, money).
pub fn line_chart(chart: &Chart, format: &dyn Fn(i64) -> String) -> Html {
    let Chart {
        series,
        reference,
        scale,
        first_step,
        caption,
    } = chart;
    let steps = series.iter().map(|s| s.values.len()).max().unwrap_or(0);
    if steps < 2 {
        return html! {};
    }
    let (low, high) = bounds(series, reference.as_ref().map(|r| r.value), *scale);
    // The axis is labelled with the highest and lowest values drawn, not
    // the plot's edges (a fitted rating chart's top read 1505 where the
    // best rating was 1500); a scale from zero keeps its zero.
    let drawn = series.iter().flat_map(|s| s.values.iter().copied());
    let top = drawn.clone().max().unwrap_or(high);
    let bottom = drawn.min().unwrap_or(low);
    let bottom = if *scale == Scale::FromZero {
        bottom.min(0)
    } else {
        bottom
    };
    let x = |i: usize| LEFT + (W - LEFT - 4.0) * i as f64 / (steps - 1) as f64;
    let y = |v: i64| height(v, (low, high));
    let (top_label, bottom_label) =
        value_label_baselines(y(top), (bottom != top).then(|| y(bottom)));
    let summary = series
        .iter()
        .filter_map(|s| {
            s.values
                .last()
                .map(|&v| format!("{} {}", s.name, format(v)))
        })
        .collect::<Vec<_>>()
        .join(", ");
    let label = format!("{caption}. Now: {summary}.");
    // The reference's label sits above its line, or below it when the line
    // runs along the top of the chart.
    let label_y = |line: f64| if line < 12.0 { line + 9.0 } else { line - 2.0 };
    let label_left = reference
        .as_ref()
        .is_some_and(|r| reference_label_left(series, r.value, (low, high)));
    let (label_x, label_anchor) = if label_left {
        (LEFT + 2.0, "start")
    } else {
        (W - 2.0, "end")
    };
    html! {
        <figure class="chart">
            <svg viewBox={format!("0 0 {W} {H}")} role="img" aria-label={label}>
                if (low..=high).contains(&0) {
                    <line class="axis" x1={LEFT.to_string()} x2={W.to_string()} y1={format!("{:.1}", y(0))} y2={format!("{:.1}", y(0))} />
                }
                if let Some(r) = reference {
                    <line class="target" x1={LEFT.to_string()} x2={W.to_string()} y1={format!("{:.1}", y(r.value))} y2={format!("{:.1}", y(r.value))} />
                    <text class="target-label" x={label_x.to_string()} y={format!("{:.1}", label_y(y(r.value)))} text-anchor={label_anchor}>{ r.label.clone() }</text>
                }
                <text x={(LEFT - 3.0).to_string()} y={format!("{top_label:.1}")} text-anchor="end" data-value={top.to_string()}>{ format(top) }</text>
                if let Some(at) = bottom_label {
                    <text x={(LEFT - 3.0).to_string()} y={format!("{at:.1}")} text-anchor="end" data-value={bottom.to_string()}>{ format(bottom) }</text>
                }
                <text x={LEFT.to_string()} y={(H - 2.0).to_string()}>{ first_step }</text>
                <text x={W.to_string()} y={(H - 2.0).to_string()} text-anchor="end">{ first_step + steps - 1 }</text>
                { for series.iter().enumerate().map(|(i, s)| {
                    let (colour, dash) = STYLES[i % STYLES.len()];
                    // Lines a little apart, so two players level the whole
                    // way (the ledger's first hands) both show.
                    let apart = (i as f64 - (series.len() as f64 - 1.0) / 2.0) * LINES_APART;
                    let points = s.values.iter().enumerate()
                        .map(|(k, &v)| format!("{:.1},{:.1}", x(k), y(v) + apart))
                        .collect::<Vec<_>>()
                        .join(" ");
                    html! { <polyline points={points} stroke={colour} stroke-dasharray={dash} fill="none" stroke-width="2" /> }
                }) }
            </svg>
            <figcaption>
                { for series.iter().enumerate().map(|(i, s)| {
                    let (colour, dash) = STYLES[i % STYLES.len()];
                    html! {
                        <span class="legend">
                            <svg viewBox="0 0 20 6" width="20" height="6" aria-hidden="true">
                                <line x1="0" x2="20" y1="3" y2="3" stroke={colour} stroke-dasharray={dash} stroke-width="2" />
                            </svg>
                            { s.name.clone() }
                        </span>
                    }
                }) }
            </figcaption>
        </figure>
    }
}

/// Whether the reference line's label goes at its left end: at the right
/// end unless a line passes within the label's height of it there and
/// further from it at the left (a score chart's winner ends on its target; a
/// rating chart's lines start on the expert's).
fn reference_label_left(series: &[Series], reference: i64, span: (i64, i64)) -> bool {
    let nearest = |at: fn(&[i64]) -> Option<&i64>| {
        series
            .iter()
            .filter_map(|s| at(&s.values))
            .map(|&v| (height(v, span) - height(reference, span)).abs())
            .fold(f64::INFINITY, f64::min)
    };
    let (start, end) = (nearest(<[i64]>::first), nearest(<[i64]>::last));
    end < REFERENCE_LABEL_CLEARANCE && start > end
}

/// How far (in the chart's units) a line must pass from the reference line
/// to leave its label clear.
const REFERENCE_LABEL_CLEARANCE: f64 = 12.0;

#[cfg(test)]
mod tests {
    use super::*;

    /// The target's label goes where no line runs over it: at the left of a
    /// score chart whose leader ends on the target, at the right of a rating
    /// chart whose lines start on the expert's rating.
    #[test]
    fn the_reference_label_goes_where_the_lines_leave_it_clear() {
        let line = |values: Vec<i64>| Series {
            name: "a".into(),
            values,
        };
        let scores = vec![line(vec![0, 700, 1500]), line(vec![0, 200, 250])];
        assert!(reference_label_left(
            &scores,
            1500,
            bounds(&scores, Some(1500), Scale::FromZero)
        ));
        let far = vec![line(vec![0, 200, 400])];
        assert!(!reference_label_left(
            &far,
            1500,
            bounds(&far, Some(1500), Scale::FromZero)
        ));
        let rating = vec![line(vec![1500, 1490, 1470])];
        assert!(!reference_label_left(
            &rating,
            1500,
            bounds(&rating, Some(1500), Scale::Fitted)
        ));
    }

    #[test]
    fn bounds_take_in_the_target_and_zero_and_never_collapse() {
        let s = vec![Series {
            name: "a".into(),
            values: vec![120, 300],
        }];
        assert_eq!(bounds(&s, Some(1500), Scale::FromZero), (0, 1500));
        let flat = vec![Series {
            name: "a".into(),
            values: vec![0, 0],
        }];
        assert_eq!(bounds(&flat, None, Scale::FromZero), (-1, 1));
        let negative = vec![Series {
            name: "a".into(),
            values: vec![-50, 20],
        }];
        assert_eq!(bounds(&negative, None, Scale::FromZero), (-50, 20));
    }

    /// The axis's labels of the highest and lowest rating sit on their
    /// lines, and never over one another: 1490 over 1488 on a chart to the
    /// expert's 1500 were drawn at one height.
    #[test]
    fn value_labels_sit_on_their_lines_and_never_overlap() {
        let rating = vec![Series {
            name: "Bison".into(),
            values: vec![1490, 1489, 1488],
        }];
        let span = bounds(&rating, Some(1500), Scale::Fitted);
        let (top, bottom) = (height(1490, span), height(1488, span));
        let (high, low) = value_label_baselines(top, Some(bottom));
        let low = low.expect("two values, two labels");
        assert!(low - high >= LABEL_GAP - 1e-9, "{high} {low}");
        assert!(high < low, "the highest value's label above");
        // Each as near its line as room allows: the pair centred on the two.
        let middle = (top + bottom) / 2.0 + LABEL_DROP;
        assert!(((high + low) / 2.0 - middle).abs() < 1e-9);
        // Far apart, each is centred on its own line.
        let spread = bounds(
            &[Series {
                name: "a".into(),
                values: vec![1400, 1600],
            }],
            Some(1500),
            Scale::Fitted,
        );
        let (high, low) = value_label_baselines(height(1600, spread), Some(height(1400, spread)));
        assert!((high - (height(1600, spread) + LABEL_DROP)).abs() < 1e-9);
        assert!((low.unwrap() - (height(1400, spread) + LABEL_DROP)).abs() < 1e-9);
        // At the plot's edges they stay inside the chart and apart, whatever
        // the values: every pair of heights the plot draws, on a fine grid.
        for t in 4..=102 {
            for b in t..=102 {
                let (high, low) = value_label_baselines(f64::from(t), Some(f64::from(b)));
                let low = low.unwrap();
                assert!(low - high >= LABEL_GAP - 1e-9, "{t} {b}: {high} {low}");
                assert!(
                    high >= LABEL_TOP - 1e-9 && low <= LABEL_FOOT + 1e-9,
                    "{t} {b}"
                );
            }
        }
        // One value, one label, on its line.
        assert_eq!(value_label_baselines(50.0, None), (50.0 + LABEL_DROP, None));
    }

    #[test]
    fn a_fitted_scale_spans_the_values_and_the_reference_with_a_margin() {
        let rating = vec![Series {
            name: "Bison".into(),
            values: vec![1488, 1470, 1415],
        }];
        // From 1415 to the expert's 1500, a tenth (8) beyond each end.
        assert_eq!(bounds(&rating, Some(1500), Scale::Fitted), (1407, 1508));
        // A flat trend still gets a height of its own.
        let flat = vec![Series {
            name: "Bison".into(),
            values: vec![1500, 1500],
        }];
        assert_eq!(bounds(&flat, Some(1500), Scale::Fitted), (1495, 1505));
    }
}
