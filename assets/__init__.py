"""Sprites and sounds, rendered by tools/make_assets.py; installed as game.assets."""
