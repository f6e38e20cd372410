"""Bots: every bot sees only its own player's view and the legal actions (see ``base``)."""

from inferno.bots.base import Bot, BotSpecError, RandomBot, make_bot, play_game, register_bot

__all__ = ["Bot", "BotSpecError", "RandomBot", "make_bot", "play_game", "register_bot"]
