"""The package's version: its code's release, then the site build its data came from
(written by the site's `python -m fieldguide.explain_data`)."""

VERSION = "1.0.0+site.4513b6114a1b"
