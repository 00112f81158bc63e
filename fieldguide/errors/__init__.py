"""The Error index, in the order a build makes it: grammar.py reads the messages out of the
recorded outputs, grouping.py groups them into entries with their causes (data/reports, via
causes.py), clues.py finds what in a message points to each cause, and page.py writes the
index page and the paste box's data. Nothing here is typed by hand: every message comes from
a recording."""
