"""The words of rule citations, for :func:`inferno.rules.citations.cite` to translate when it renders.

Every topic a rule tag names (the free words after its source code: "S2 Florence phase" is the topic
"Florence phase"), wherever the tags are written (the engine's events, the components, the decision
help, the outcomes, the story, the "why can't I?" answers, the tutorial), and the few whole texts that
stand where a rule tag would. They are looked up without regard to case ("Hell Phase" is "Hell phase").
"""

from __future__ import annotations

from inferno.i18n import N_

TOPICS: tuple[str, ...] = (
    # the rulebook's sections and paragraphs
    N_("Boards & General Concepts"),
    N_("Game End & Final Scoring"),
    N_("Setup"),
    N_("Your turn"),
    N_("Hell phase"),
    N_("Florence phase"),
    N_("Final scoring"),
    N_("When the game ends"),
    N_("Sudden death"),
    N_("Ties"),
    N_("Money"),
    N_("Sin Tracks"),
    N_("bonus only when you accuse"),
    N_("supply panel"),
    N_("Family members"),
    N_("Guests"),
    N_("Barrels"),
    N_("Tower"),
    N_("Graveyard"),
    N_("Graveyard and Plague cards"),
    N_("Plague cards and Graveyard"),
    N_("Graveyard: colour runs out"),
    N_("Fraud cards"),
    N_("Fraud cards: left half"),
    N_("Fraud cards: replacement"),
    N_("Loans from Charon"),
    N_("loan table"),
    N_("River Styx"),
    N_("The River Styx"),
    N_("Walls of Dis"),
    N_("Move one Soul"),
    N_("Soul movement"),
    N_("Soul movement: jumps"),
    N_("Soul movement: lying down"),
    N_("The shield picks the quartiere"),
    N_("The shield sets the quartiere"),
    N_("Or bribe Charon"),
    N_("accusation"),
    N_("accusation step 1"),
    N_("accusation step 2"),
    N_("accusation step 3"),
    N_("Guardians"),
    N_("Geryon's Pits"),
    # i18n: the Guardian Medusa's rule (BM is the code of the source that describes it)
    N_("BM Medusa"),
    N_("Dante's path"),
    N_("Reputation"),
    N_("data rule"),
    N_("DEFAULT: nothing is placed"),
    # the P&P expansion
    N_("P&P"),
    N_("P&P: Plutus"),
    N_("P&P: Phlegyas"),
    # the sections of IronTarkles' teaching summary
    N_("family council"),
    N_("pagan stop"),
    N_("Diploma stops"),
    N_("Dante's stops"),
    N_("MARKET and WALL"),
    # i18n: the locations' names, as the game's data names them (the same words as the game catalog)
    N_("HAYSTACK"),
    N_("BANQUET"),
    N_("BANK"),
    N_("COURTYARD"),
    N_("BONFIRE"),
    N_("WALL"),
    N_("MARKET"),
    N_("PALACE"),
)

# Texts the engine writes where a rule tag would stand (no source code in them), translated whole.
WHOLE: tuple[str, ...] = (
    N_("Solo game set-up"),
    N_("Solo game: the Rival's card"),
)
