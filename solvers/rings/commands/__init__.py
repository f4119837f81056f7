"""The command line's side of rings: `solve rings`'s options and problem and `rings stats`
(options, light: `--help` reads it), `rings sample` (sample_command) and the demo tour's
ready traces (demo)."""
