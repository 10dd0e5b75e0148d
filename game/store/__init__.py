"""What the game remembers: settings, the autosave behind Continue, saved games.

Files live in the user's config and data folders (``platformdirs``), or under
``$CHECKERS_HOME/config`` and ``$CHECKERS_HOME/data``.  Nothing here imports
pygame; nothing here raises on a bad file: problems are logged and bad files
are kept aside, never overwritten.
"""

from .autosave import Autosave, clear_autosave, has_autosave, load_autosave, save_autosave
from .paths import autosave_path, config_dir, data_dir, games_dir, settings_path
from .replay import find_move, replay
from .saves import (LoadedGame, SavedGameInfo, StoreError, default_tags, list_saved_games,
                    player_name, read_games_file, save_game)
from .settings import Settings, load_settings, save_settings

__all__ = [
    "Autosave", "LoadedGame", "SavedGameInfo", "Settings", "StoreError", "autosave_path",
    "clear_autosave", "config_dir", "data_dir", "default_tags", "find_move", "games_dir",
    "has_autosave", "list_saved_games", "load_autosave", "load_settings", "player_name",
    "read_games_file", "replay", "save_autosave", "save_game", "save_settings", "settings_path",
]
