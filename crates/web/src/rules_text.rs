//! The in-app rules of a game, generated from its [`Rules`] value: the table and
//! deal, the auction, what the declarer does, the meld table, the head rule,
//! counting and scoring — so a rule option changes the text with the game, the
//! table variants of RULES.md §6 included when they are on.

use pinochle_engine::rules::{
    meld_value, money_text, AllPass, BidBand, Bunch, ConcedeTiming, Counting, DefenderNeeds,
    HeadRule, MeldBy, MeldValues, PassOrder, Scoring, SitOut, StakeSchedule, SurrenderAward,
    TrumpMarriage,
};
use pinochle_engine::{PresetId, Rules};
use yew::{component, html, Html, Properties};

fn head_rule_text(head: HeadRule) -> &'static str {
    match head {
        HeadRule::TrumpLed => "When trump is led you must beat the winning trump if you can. When a plain suit is led there is no duty to beat.",
        HeadRule::Always => "You must try to win the trick: follow suit with a higher card if you can (once the trick has been trumped, any card of the suit led will do); when trumping, beat any trump already played if you can.",
        HeadRule::Strict => "Strict: when you follow suit you must beat the highest card of the suit led if you can, even when the trick has already been trumped; when trumping, beat the highest trump if you can.",
        HeadRule::Never => "There is no duty to beat the winning card.",
    }
}

fn counting_text(c: Counting) -> &'static str {
    match c {
        Counting::Classic => {
            "Aces 11, tens 10, kings 4, queens 3, jacks 2, nines 0; last trick 10 (250 in all)."
        }
        Counting::Counters => {
            "Aces, tens and kings 10 each; the rest nothing; last trick 10 (250 in all)."
        }
        Counting::Fives => "Aces and tens 10, kings and queens 5; last trick 10 (250 in all).",
        Counting::CountersOne => "Aces, tens and kings 1 each; last trick 2 (50 in all).",
    }
}

/// How bids step: "Every bid is a multiple of 10." or, with bands, "Bids are
/// multiples of 1 up to 60, then of 5.".
fn bid_steps_text(bands: &[BidBand]) -> String {
    match bands {
        [] => "Bids may be any number.".into(),
        [only] => format!("Every bid is a multiple of {}.", only.step),
        [first, rest @ ..] => {
            let mut text = format!("Bids are multiples of {}", first.step);
            for band in rest {
                text += &format!(
                    " up to {}, then of {}",
                    band.from.saturating_sub(1),
                    band.step
                );
            }
            text + "."
        }
    }
}

/// Who plays: "3 players", or with more at the table than are dealt in,
/// who sits out each hand.
fn players_text(t: &pinochle_engine::rules::Table) -> String {
    let out = t.seats.saturating_sub(t.active);
    if out == 0 {
        return format!("{} players", t.seats);
    }
    let who = match (t.sit_out, out) {
        (SitOut::DealerPlays, 1) => "the player on the dealer's right sits out",
        (SitOut::DealerPlays, _) => "the players on the dealer's right sit out",
        (SitOut::DealerSitsOut, 1) | (SitOut::Club, 1) => "the dealer sits out",
        (SitOut::DealerSitsOut, _) => "the dealer and the player on the dealer's right sit out",
        (SitOut::Club, _) => "the dealer and the player two to the dealer's left sit out",
    };
    format!(
        "{} at the table; {} play each hand and {who}",
        t.seats, t.active
    )
}

/// The points scoring of the preset a rule set derives from.
fn preset_points(rules: &Rules) -> Option<pinochle_engine::rules::PointsScoring> {
    match Rules::preset(rules.preset).scoring {
        Scoring::Points(p) => Some(p),
        _ => None,
    }
}

/// An amount the rules set in cents, "$2.00".
fn cents(c: u32) -> String {
    money_text(i64::from(c), false)
}

/// How a stake schedule grows with the bid, in units won from each opponent.
fn stake_schedule_text(schedule: StakeSchedule) -> String {
    let steps = |u: [u32; 7]| {
        format!(
            "The higher the bid, the bigger the stake: {} {} for a bid up to 340, then {}, {}, {}, {} and {} for each 50 more, and {} from 600 up.",
            u[0],
            if u[0] == 1 { "unit" } else { "units" },
            u[1], u[2], u[3], u[4], u[5], u[6]
        )
    };
    match schedule {
        StakeSchedule::Classic => {
            "The higher the bid, the bigger the stake (1 unit below 350, doubling every 50).".into()
        }
        StakeSchedule::GentleA => steps([1, 2, 4, 6, 8, 10, 12]),
        StakeSchedule::GentleB => steps([1, 3, 7, 10, 13, 16, 19]),
        StakeSchedule::GentleC => steps([2, 3, 4, 5, 6, 7, 8]),
    }
}

fn scoring_items(rules: &Rules) -> Vec<String> {
    match &rules.scoring {
        Scoring::Points(p) => {
            let mut v = Vec::new();
            // (A fixed number of deals replaces the target: said below.)
            if p.fixed_deals.is_none() {
                v.push(format!(
                    "Play to {} points{}.",
                    p.sheet_target(),
                    if rules.table.partnerships {
                        " per team"
                    } else {
                        ""
                    }
                ));
            }
            // Every score is scaled, the game's target and limits with it.
            if p.multiplier > 1 {
                v.push(format!("Every hand's score is multiplied by {}, and the game's target and limits with it (a target of {} becomes {}).", p.multiplier, p.target, p.sheet_target()));
            }
            if p.divisor > 1 {
                v.push(format!("Every hand's score is divided by {} (bids stay as they are), and the game's target and limits with it (a target of {} becomes {}).", p.divisor, p.target, p.sheet_target()));
            }
            v.push("The bidder makes the contract when meld plus card points reach the bid; otherwise the bid is subtracted.".into());
            if p.bidder_needs_trick_points && p.defender_needs == DefenderNeeds::Nothing {
                // (The defenders score whatever they take: said below.)
                v.push(
                    "A bidding side that takes no trick points scores nothing for the hand.".into(),
                );
            } else if p.bidder_needs_trick_points {
                v.push("A side that takes no trick points scores nothing for the hand.".into());
            } else if preset_points(rules).is_some_and(|q| q.bidder_needs_trick_points) {
                v.push("A bidding side whose meld alone reaches the bid makes it without taking a trick point.".into());
            }
            v.push(match p.defender_needs {
                DefenderNeeds::CounterCard => "Whether the bidder makes it or not, an opponent scores meld and card points only after capturing a counter (ace, ten or king); otherwise nothing at all for the hand (the last-trick bonus alone does not count).".to_string(),
                DefenderNeeds::TrickPoints(n) => format!("The non-bidding side scores meld and card points only with at least {n} card points in tricks."),
                DefenderNeeds::Nothing => "The non-bidding side always adds its meld and card points, even without taking a trick.".to_string(),
            });
            if rules.preset == PresetId::Bison && p.fixed_deals.is_none() {
                v.push(format!("If several players reach {} on one hand, the bidder wins if among them; otherwise the higher score wins, and a tie between the two non-bidders plays another hand.", p.sheet_target()));
            }
            if let Some(n) = p.fixed_deals {
                v.push(format!("The game is {n} deals instead of a race to the target; the highest score wins."));
            }
            if let Some(f) = p.sheet_floor() {
                // (A true minus sign.)
                let floor = if f < 0 {
                    format!("−{}", -f)
                } else {
                    f.to_string()
                };
                v.push(format!("The game ends when a player is below {floor} while someone is positive; the highest score wins."));
            }
            if let Some(x) = p.sheet_lose_at() {
                v.push(format!("The game ends as soon as a player or team is at −{x} or lower; the highest score wins."));
            }
            if p.mercy {
                v.push(format!("Mercy rule: the game ends when the highest and the lowest scores are {} or more apart; the leader wins.", p.sheet_target()));
            }
            if let Some(min) = p.meld_minimum {
                v.push(format!("Minimum {min}: a side's meld counts only if it totals {min} or more; a side that takes fewer than {min} card points in tricks scores nothing and, if it holds the bid, is set; a bidding side with less than {min} meld loses the bid without play."));
            }
            if !p.bunching.is_empty() {
                let patterns: Vec<&str> = p
                    .bunching
                    .iter()
                    .map(|b| match b {
                        Bunch::FiveNinesOnlyDix => "five nines and no meld but a dix",
                        Bunch::SixNinesNoMeld => "six nines and no meld",
                        Bunch::SevenNines => "seven nines",
                        Bunch::FiveNinesNoAces => "five nines and no aces",
                        Bunch::SixNinesOneAce => "six nines and at most one ace",
                    })
                    .collect();
                v.push(format!(
                    "Bunching: the hand is thrown in and dealt again when a player holds {}.",
                    patterns.join("; or ")
                ));
            }
            if let Some(m) = &p.money {
                v.push(format!(
                    "Money play: nothing is paid hand by hand; at the game's end each loser pays the winner {}, and {} more for each hand of its own it conceded and twice that for each it played and lost.",
                    money_text(i64::from(m.game_stake), false),
                    money_text(i64::from(m.set_stake), false)
                ));
            }
            if p.must_bid_to_go_out {
                v.push("Must bid or set to go out: you win only on a hand in which you made the contract or set the declarer; reaching the target otherwise plays on.".into());
            }
            v
        }
        Scoring::Stakes(s) => {
            let mut v = vec![
                "A running ledger in stake units, no game end: each opponent pays the declarer when the contract is made and is paid double when it is set.".into(),
                "A player sitting out pays and is paid as one of the declarer's opponents.".into(),
                format!("Spades trump multiplies every payment by {}.", s.spades),
            ];
            if s.hearts > 1 {
                v.push(format!(
                    "Hearts trump multiplies every payment by {}.",
                    s.hearts
                ));
            }
            v.push(stake_schedule_text(s.schedule));
            v
        }
        Scoring::Pot(p) => {
            let mut v = vec![
                format!("Everyone antes {} into the pot.", cents(p.ante)),
                format!("A bid is worth a tenth of itself in cents, rounded down to 5¢; a made bid of {} or more also takes the pot, and everyone antes again.", p.pot_bid),
                "A conceded hand pays each opponent and the pot once; a played, lost hand twice.".into(),
            ];
            if p.spades > 1 {
                v.push(format!(
                    "Spades trump multiplies every payment by {}.",
                    p.spades
                ));
            }
            v
        }
        Scoring::Bowl(b) => {
            let mut v = vec![
                format!("Everyone buys into the kitty bowl for {}.", cents(b.buy_in)),
                format!("The basic stake is {} for 300–340 and doubles every 50 points; spades trump multiplies it by {}. \"Everyone\" below takes in the players sitting out.", cents(b.base_stake), b.spades),
                "The bidder needs the bid less the shown meld from the bury and the play; the defenders together need the rest of the 250, plus one.".into(),
                "The bidder who passes instead of playing pays the basic stake (never multiplied for spades) to everyone and to the bowl.".into(),
                format!("Unchallenged: everyone pays the bidder the stake; the bowl pays too when the bid is {} or more.", b.bowl_pays_from),
                format!("Challenged and made: everyone pays the bidder double the stake; the bowl pays too from {}.", b.bowl_pays_from),
                "Challenged and lost: the bidder pays everyone and the bowl double the stake.".into(),
            ];
            if let Some(h) = &b.high_hand {
                v.push(format!(
                    "High hand: the highest bid of {} or more that was played and paid for (unchallenged or made), ranked by bid and then by trump (♠ ♥ ♦ ♣), is shown on the ledger; a made bid of {} or more takes a {} bonus at once and a new competition starts, and players tied below that share one bonus.",
                    h.min_bid, h.instant_bid, cents(h.bonus)
                ));
            }
            v
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct RulesViewProps {
    pub rules: Rules,
}

/// The rules of one game, for the start screen and the table's rules button.
#[component]
pub fn RulesView(props: &RulesViewProps) -> Html {
    let r = &props.rules;
    let t = &r.table;
    let a = &r.auction;
    let c = &r.contract;
    let m = &r.meld;
    let hand = r.hand_size();
    let copies = r.deck.copies() as usize;
    let table_line = format!(
        "{}{}. {}-card deck, {} cards each{}.",
        players_text(t),
        if t.partnerships {
            ", partners sit opposite"
        } else {
            ""
        },
        r.deck.size(),
        hand,
        if r.deal.kitty > 0 {
            format!(", {} to the kitty", r.deal.kitty)
        } else {
            String::new()
        }
    );
    // The lowest bid the steps allow: a minimum of 355 with bids in tens
    // is 360 at the table.
    let mut auction = vec![format!(
        "Bidding starts left of the dealer; the lowest bid is {}.",
        pinochle_engine::game::bidding::lowest_bid(r).unwrap_or(a.min_bid)
    )];
    auction.push(bid_steps_text(&a.bands));
    if a.open_at_minimum {
        auction.push("The opening bid must be exactly the lowest bid.".into());
    }
    if let Some(raises) = &a.raises {
        let steps: Vec<String> = raises.iter().map(u32::to_string).collect();
        auction.push(format!(
            "Each later bid raises by exactly {}.",
            steps.join(" or ")
        ));
    }
    if a.no_40_90 {
        auction.push("Bids ending in 40 or 90 are not allowed.".into());
    }
    if a.opener_must_bid {
        // (So everyone cannot pass.)
        auction.push("The first player must bid.".into());
    } else {
        auction.push(
            match a.all_pass {
                AllPass::ThrowIn => "If everyone passes the hand is thrown in.",
                AllPass::DealerMustBid => "If all others pass, the dealer must bid.",
                AllPass::DealerStuck => "If the others all pass, the last player to speak (the dealer, when dealt in) is stuck with the minimum.",
            }
            .into(),
        );
    }
    auction.push("A pass is final. The highest bidder becomes the declarer.".into());
    if let Some(escape) = a.escape_to {
        auction.push(format!(
            "If the opening bid of {} is followed by passes only, the opener may keep it or make the dealer take the contract at {escape} (not when the dealer sits out).",
            pinochle_engine::game::bidding::lowest_bid(r).unwrap_or(a.min_bid)
        ));
    }
    if let Some(n) = a.max_rounds {
        auction.push(if n == 1 {
            "Each player may speak only once.".to_string()
        } else {
            format!("Each player may speak at most {n} times.")
        });
    }
    if let Some(n) = a.redeal_nines {
        auction.push(format!("A player dealt {n} or more nines may ask for a redeal at their first turn in the auction; the same dealer deals again."));
    }
    let mut contract = Vec::new();
    if r.deal.kitty > 0 {
        contract.push(if c.kitty_exposed {
            "The declarer turns the kitty up for all to see and takes it.".to_string()
        } else {
            "The declarer takes the kitty.".to_string()
        });
    }
    if let Some(left) = &r.passing.to_left {
        contract.insert(
            0,
            format!(
                "Before the auction everyone passes {} to the left, face down{}.",
                if left.cards == 1 { "a card".to_string() } else { format!("{} cards", left.cards) },
                if left.nine_restricted {
                    "; a nine may be passed only if every other card of the hand is part of a complete meld"
                } else {
                    ""
                }
            ),
        );
    }
    contract.push(match c.trump_marriage {
        TrumpMarriage::NotRequired => "The declarer names trump.".into(),
        TrumpMarriage::Required => "The declarer names trump, which must be a suit in which they hold a marriage.".into(),
        TrumpMarriage::RequiredAfterExchange => "The declarer names trump, and must hold a marriage in it after the exchange with the partner.".into(),
    });
    if let Some(p) = &r.passing.partner {
        contract.push(match p.order {
            PassOrder::PartnerFirst => format!(
                "Partner passes {} cards to the declarer, who passes {} back.",
                p.cards, p.cards
            ),
            PassOrder::Simultaneous => format!(
                "Partner and declarer pass each other {} cards at the same time.",
                p.cards
            ),
        });
    }
    if c.bury > 0 {
        contract.push(format!(
            "The declarer buries {} cards{}; they count for the declarer.",
            c.bury,
            if c.bury_after_meld {
                " not used in the shown meld"
            } else {
                ""
            }
        ));
    }
    if c.announce_buried_trump {
        contract.push("A buried trump is shown to all.".into());
    }
    if let Scoring::Bowl(bowl) = &r.scoring {
        if c.dealer_may_decline {
            contract.push(format!(
                "A dealer stuck with the bid may decline to look at the widow and pay {} into the bowl instead; the hand ends there.",
                cents(bowl.dealer_decline_fee)
            ));
        }
        if c.duplicate_widow_decline {
            contract.push(format!(
                "A bidder whose widow holds three cards that duplicate cards in hand may decline to play; every other player then pays {} into the bowl.",
                cents(bowl.duplicate_decline_fee)
            ));
        }
    }
    if let Some(concede) = &c.concede {
        contract.push(match concede.timing {
            ConcedeTiming::AfterKitty => match &r.scoring {
                Scoring::Pot(_) => "After seeing the kitty, before naming trump, the declarer may concede instead of playing: a single set, the bid's worth to each opponent and to the pot.".into(),
                _ => "After seeing the kitty, before naming trump, the declarer may concede instead of playing: a voluntary set, paying each opponent what a made bid would win, never doubled for spades.".into(),
            },
            ConcedeTiming::AfterMeld => {
                let when = match concede.min_shortfall {
                    Some(n) => format!("when the bid exceeds the side's meld by more than {n}"),
                    None => "whatever the bid".into(),
                };
                // What the opponents take from a throw-in.
                let award = match &r.scoring {
                    Scoring::Points(p) => match p.surrender {
                        SurrenderAward::Nothing => " (the declaring side loses the bid; the opponents score nothing)".to_string(),
                        SurrenderAward::Meld => " (the declaring side loses the bid; the opponents score their meld)".to_string(),
                        SurrenderAward::MeldPlus(x) => format!(" (the declaring side loses the bid; the opponents score their meld plus {x})"),
                        SurrenderAward::PlayOut => " (the declaring side loses the bid; the hand is played out for the opponents, who score their meld and card points)".to_string(),
                    },
                    _ => String::new(),
                };
                format!("After the meld the declarer may concede instead of playing, {when}{award}.")
            }
        });
    }
    if c.automatic_set {
        contract.push("Automatic set: when the declaring side's meld plus every card point still to be taken cannot reach the bid, the hand ends at once as a concession, without play.".into());
    }
    if c.challenge {
        contract.push("The bidder says play or pass; after play, each defender may challenge. Unchallenged, the bidder wins without play.".into());
    }
    let rows: [(&str, &MeldValues); 9] = [
        ("Run (A 10 K Q J of trump)", &m.table.run),
        ("Royal marriage (K Q of trump)", &m.table.royal_marriage),
        ("Marriage (K Q of a plain suit)", &m.table.marriage),
        ("Dix (9 of trump)", &m.table.dix),
        ("Pinochle (Q♠ J♦)", &m.table.pinochle),
        ("Aces around", &m.table.aces),
        ("Kings around", &m.table.kings),
        ("Queens around", &m.table.queens),
        ("Jacks around", &m.table.jacks),
    ];
    let has_nines = r.deck.has_nines();
    let headers = ["Single", "Double", "Triple", "Quadruple"];
    html! {
        <article class="rules" aria-label={format!("Rules of {}", r.preset.name())}>
            <h3>{ r.preset.name() }</h3>
            <p>{ r.preset.description() }</p>
            <h4>{ "Table and deal" }</h4>
            <p>{ table_line }</p>
            <h4>{ "Auction" }</h4>
            <ul>{ for auction.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ul>
            <h4>{ "The contract" }</h4>
            <ul>{ for contract.iter().map(|l| html! { <li>{ l.clone() }</li> }) }</ul>
            <h4>{ "Meld" }</h4>
            <p>{ match m.by { MeldBy::Declarer => "Only the declarer melds.", MeldBy::All => if t.partnerships { "Everyone melds; partners add their meld together." } else { "Everyone melds." } } }</p>
            <div class="table-scroll">
                <table class="meld-table">
                    <thead><tr><th scope="col">{ "Meld" }</th>
                        { for headers.iter().take(copies).map(|h| html! { <th scope="col">{ *h }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for rows.iter().filter(|(name, _)| has_nines || !name.starts_with("Dix")).map(|(name, values)| html! {
                            <tr><th scope="row">{ *name }</th>
                                { for (1..=copies).map(|n| html! { <td>{ meld_value(values, n as u32, m.double_bonuses) }</td> }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if let Some(rh) = &m.roundhouse {
                <p>{ format!("Roundhouse (K Q in every suit): {}; with a run: {}.", rh.value, rh.with_run) }</p>
            }
            if let Some(dr) = &m.double_royal {
                <p>{ format!("Double royal marriage (K K Q Q of trump): {}; with a run (A 10 K K Q Q J): {}.", dr.value, dr.with_run) }</p>
            }
            if m.run_extra_marriage {
                <p>{ "A king or queen of trump beside a run marries the run's queen or king: a royal marriage more." }</p>
            }
            if m.show_subset {
                <p>{ "The declarer may show less meld than the hand holds." }</p>
            }
            <p>{ "A card may serve in melds of different kinds (runs and marriages; pinochles; arounds), but not twice in the same kind." }</p>
            <h4>{ "Play" }</h4>
            <p>{ "The declarer leads the first trick; the winner of each trick leads the next. Follow suit if you can; if you cannot, trump if you can." }</p>
            <p>{ head_rule_text(r.play.head) }</p>
            <p>{ counting_text(r.counting) }</p>
            <p class="note">{ "Illegal plays are impossible here: only legal cards can be played, so the renege penalties of the printed rules do not apply." }</p>
            <h4>{ "Scoring" }</h4>
            <ul>{ for scoring_items(r).into_iter().map(|l| html! { <li>{ l }</li> }) }</ul>
            if r.preset == PresetId::Partnership || r.preset == PresetId::DoubleDeck {
                <p>{ "Partners' scores are shared: the score sheet shows each team." }</p>
            }
        </article>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::rules::MoneyPlay;

    fn points(rules: &mut Rules) -> &mut pinochle_engine::rules::PointsScoring {
        match &mut rules.scoring {
            Scoring::Points(p) => p,
            _ => panic!("a points game"),
        }
    }

    /// Scaled scores scale the target the text states; money play and a
    /// fixed number of deals are said; defenders who always score are not
    /// told they score nothing without a trick point.
    #[test]
    fn the_scoring_text_follows_the_options() {
        let mut rules = Rules::preset(PresetId::DoubleDeck);
        points(&mut rules).multiplier = 10;
        let text = scoring_items(&rules);
        assert_eq!(text[0], "Play to 5000 points per team.");
        assert!(
            text[1].starts_with("Every hand's score is multiplied by 10"),
            "{text:?}"
        );

        let mut rules = Rules::preset(PresetId::Bison);
        points(&mut rules).money = Some(MoneyPlay {
            game_stake: 100,
            set_stake: 25,
        });
        let text = scoring_items(&rules);
        assert!(
            text.iter().any(|l| l.starts_with("Money play: nothing is paid hand by hand; at the game's end each loser pays the winner $1.00, and $0.25 more")),
            "{text:?}"
        );
        assert!(scoring_items(&Rules::preset(PresetId::Bison))
            .iter()
            .all(|l| !l.contains("Money")));

        // The double deck's minimum, bison's bunching, a gentle schedule.
        let mut rules = Rules::preset(PresetId::DoubleDeck);
        points(&mut rules).meld_minimum = Some(20);
        let text = scoring_items(&rules);
        assert!(
            text.iter().any(|l| l.starts_with("Minimum 20: ")),
            "{text:?}"
        );
        let mut rules = Rules::preset(PresetId::Bison);
        points(&mut rules).bunching = vec![Bunch::SevenNines, Bunch::SixNinesNoMeld];
        let text = scoring_items(&rules);
        assert!(
            text.iter().any(|l| l == "Bunching: the hand is thrown in and dealt again when a player holds seven nines; or six nines and no meld."),
            "{text:?}"
        );
        let mut rules = Rules::preset(PresetId::Brooklyn);
        if let Scoring::Stakes(s) = &mut rules.scoring {
            s.schedule = StakeSchedule::GentleB;
            s.hearts = 3;
        }
        let text = scoring_items(&rules);
        assert!(
            text.contains(&"Hearts trump multiplies every payment by 3.".to_string()),
            "{text:?}"
        );
        assert!(
            text.contains(&"The higher the bid, the bigger the stake: 1 unit for a bid up to 340, then 3, 7, 10, 13 and 16 for each 50 more, and 19 from 600 up.".to_string()),
            "{text:?}"
        );

        let mut rules = Rules::preset(PresetId::Partnership);
        points(&mut rules).fixed_deals = Some(10);
        points(&mut rules).defender_needs = DefenderNeeds::Nothing;
        let text = scoring_items(&rules);
        assert!(text.iter().all(|l| !l.starts_with("Play to")), "{text:?}");
        assert!(
            text.iter()
                .all(|l| !l.starts_with("A side that takes no trick points")),
            "{text:?}"
        );
    }
}
