"""What the game remembers: settings, unfinished games, finished games, saved games.

Files live in the user's config and data folders (``platformdirs``), or under
``$CHECKERS_HOME/config`` and ``$CHECKERS_HOME/data``.  Nothing here imports
pygame; nothing here raises on a bad file: problems are reported (logged, and
as one-line messages for the screen) and bad files are set aside under a new
name, never overwritten or deleted.  Call ``start_up()`` once when the game starts.
"""

from .archive import archive_game
from .autosave import Autosave, clear_autosave, has_autosave, load_autosave, save_autosave
from .paths import archive_dir, autosave_path, config_dir, data_dir, games_dir, settings_path, unfinished_dir
from .replay import find_move, replay
from .saves import (LoadedGame, SavedGameInfo, StoreError, default_tags, display_name, list_saved_games,
                    player_name, read_games_file, save_game)
from .settings import Settings, load_settings, save_settings
from .startup import start_up
from .unfinished import (UnfinishedGame, delete_unfinished, has_unfinished, latest_unfinished,
                         list_unfinished, load_unfinished, new_game_id, save_unfinished)

__all__ = [
    "Autosave", "LoadedGame", "SavedGameInfo", "Settings", "StoreError", "UnfinishedGame", "archive_dir",
    "archive_game",
    "autosave_path", "clear_autosave", "config_dir", "data_dir", "default_tags", "delete_unfinished",
    "display_name", "find_move", "games_dir", "has_autosave", "has_unfinished", "latest_unfinished",
    "list_saved_games", "list_unfinished", "load_autosave", "load_settings", "load_unfinished",
    "new_game_id", "player_name", "read_games_file", "replay", "save_autosave", "save_game",
    "save_settings", "save_unfinished", "settings_path", "start_up", "unfinished_dir",
]
