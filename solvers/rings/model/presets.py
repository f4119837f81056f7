"""The named ring configurations (data only: the command line's help reads them without
importing the model)."""

PRESETS: dict[str, str] = {
    "original": "2/20/2/4",
    "three": "3/20/1/4",
    "three-2": "3/20/2/4",
    "olympic": "5/18/1/2",
    "olympic-2": "5/18/2/2",
}
