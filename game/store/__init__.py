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
    "StoredExercise": "exercises", "add_exercises": "exercises", "exercises_path": "exercises",
    "load_exercises": "exercises", "record_attempt": "exercises", "save_exercises": "exercises",
    "archive_dir": "paths", "autosave_path": "paths", "config_dir": "paths", "data_dir": "paths",
    "games_dir": "paths", "settings_path": "paths", "unfinished_dir": "paths",
    "replay": "replay",
    "LoadedGame": "saves", "StoreError": "saves", "default_tags": "saves",
    "display_name": "saves", "player_name": "saves",
    "read_games_file": "saves", "save_game": "saves",
    "Settings": "settings", "load_settings": "settings", "save_settings": "settings",
    "start_up": "startup",
    "PuzzleProgress": "training", "StoredRating": "training", "load_puzzle_progress": "training",
    "puzzle_progress_path": "training", "save_puzzle_progress": "training",
    "UnfinishedGame": "unfinished", "delete_unfinished": "unfinished", "has_unfinished": "unfinished",
    "latest_unfinished": "unfinished", "list_unfinished": "unfinished", "load_unfinished": "unfinished",
    "new_game_id": "unfinished", "save_unfinished": "unfinished",
}

__all__ = sorted(_EXPORTS)


TYPE_CHECKING = False
if TYPE_CHECKING:  # the same names, imported for the type checker: `from game.store import X` types as X
    # (tests/test_imports.py checks that this block and _EXPORTS name the same things)
    from .archive import archive_game as archive_game
    from .autosave import Autosave as Autosave
    from .autosave import clear_autosave as clear_autosave
    from .autosave import has_autosave as has_autosave
    from .autosave import load_autosave as load_autosave
    from .autosave import save_autosave as save_autosave
    from .exercises import StoredExercise as StoredExercise
    from .exercises import add_exercises as add_exercises
    from .exercises import exercises_path as exercises_path
    from .exercises import load_exercises as load_exercises
    from .exercises import record_attempt as record_attempt
    from .exercises import save_exercises as save_exercises
    from .paths import archive_dir as archive_dir
    from .paths import autosave_path as autosave_path
    from .paths import config_dir as config_dir
    from .paths import data_dir as data_dir
    from .paths import games_dir as games_dir
    from .paths import settings_path as settings_path
    from .paths import unfinished_dir as unfinished_dir
    from .replay import replay as replay
    from .saves import LoadedGame as LoadedGame
    from .saves import StoreError as StoreError
    from .saves import default_tags as default_tags
    from .saves import display_name as display_name
    from .saves import player_name as player_name
    from .saves import read_games_file as read_games_file
    from .saves import save_game as save_game
    from .settings import Settings as Settings
    from .settings import load_settings as load_settings
    from .settings import save_settings as save_settings
    from .startup import start_up as start_up
    from .training import PuzzleProgress as PuzzleProgress
    from .training import StoredRating as StoredRating
    from .training import load_puzzle_progress as load_puzzle_progress
    from .training import puzzle_progress_path as puzzle_progress_path
    from .training import save_puzzle_progress as save_puzzle_progress
    from .unfinished import UnfinishedGame as UnfinishedGame
    from .unfinished import delete_unfinished as delete_unfinished
    from .unfinished import has_unfinished as has_unfinished
    from .unfinished import latest_unfinished as latest_unfinished
    from .unfinished import list_unfinished as list_unfinished
    from .unfinished import load_unfinished as load_unfinished
    from .unfinished import new_game_id as new_game_id
    from .unfinished import save_unfinished as save_unfinished

__getattr__, __dir__ = lazy_exports(__name__, globals(), _EXPORTS)
