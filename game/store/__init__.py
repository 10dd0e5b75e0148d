"""What the game remembers: settings, unfinished games, finished games, saved games.

Files live in the user's config and data folders (``platformdirs``), or under
``$CHECKERS_HOME/config`` and ``$CHECKERS_HOME/data``.  Nothing here imports
pygame; nothing here raises on a bad file: problems are reported (logged, and
as one-line messages for the screen) and bad files are set aside under a new
name, never overwritten or deleted.  Call ``start_up()`` once when the game starts.
"""

from ..lazy import lazy_exports

# Each name and the submodule that holds it.  Submodules load on first use:
# the window asks for its settings at launch and should not pay for the PDN
# reader and the archive before the first frame.
_EXPORTS = {
    "archive_game": "archive",
    "Autosave": "autosave", "clear_autosave": "autosave", "has_autosave": "autosave",
    "load_autosave": "autosave", "save_autosave": "autosave",
    "ExerciseRecord": "exercises", "add_exercises": "exercises", "exercises_path": "exercises",
    "load_exercises": "exercises", "record_attempt": "exercises", "save_exercises": "exercises",
    "archive_dir": "paths", "autosave_path": "paths", "config_dir": "paths", "data_dir": "paths",
    "games_dir": "paths", "settings_path": "paths", "unfinished_dir": "paths",
    "replay": "replay",
    "LoadedGame": "saves", "StoreError": "saves", "default_tags": "saves",
    "display_name": "saves", "player_name": "saves",
    "read_games_file": "saves", "save_game": "saves",
    "Settings": "settings", "load_settings": "settings", "save_settings": "settings",
    "start_up": "startup",
    "PuzzleRecord": "training", "StoredRating": "training", "load_puzzle_record": "training",
    "puzzle_record_path": "training", "save_puzzle_record": "training",
    "UnfinishedGame": "unfinished", "delete_unfinished": "unfinished", "has_unfinished": "unfinished",
    "latest_unfinished": "unfinished", "list_unfinished": "unfinished", "load_unfinished": "unfinished",
    "new_game_id": "unfinished", "save_unfinished": "unfinished",
}

__all__ = sorted(_EXPORTS)


__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
