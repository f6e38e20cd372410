"""Learning from a game: move-by-move review, hints during play and hidden-card estimates.

Everything here judges a decision from the deciding player's view only (the engine's ``view``),
never from the hidden cards, using the search bot's information-set search.
"""
