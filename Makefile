# `make serve` and `make test` create or update .venv on their first run.
VENV := .venv
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test record build zensical matrix matrix-record matrix-envs matrix-clean chromium

$(VENV)/installed: pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

serve: $(VENV)/installed
	$(BIN)/mkdocs serve -a 127.0.0.1:8000

test: $(VENV)/installed chromium
	$(BIN)/pytest

# The browser tests (tests/test_browser.py) drive Debian's Chromium. Installed here when it
# is missing and we are root with apt-get; otherwise those tests skip and say how to get it.
chromium:
	@if ! command -v chromium >/dev/null && [ ! -x /usr/bin/chromium ] \
	    && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Installing chromium for the browser tests: apt-get install -y chromium"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
	    || echo "Could not install chromium; the browser tests will not run." >&2; \
	fi

record: $(VENV)/installed
	$(BIN)/pytest --update-outputs tests/test_snippets.py

# Mutation testing of the pure modules with their fast tests ([tool.mutmut] in pyproject.toml):
# prints the share of mutants caught (a test failed or hung); `$(BIN)/mutmut results` lists
# the survivors. Starts afresh: mutmut would not run its mutants again after a change to tests only.
.PHONY: mutation
mutation: $(VENV)/installed
	rm -rf mutants
	$(BIN)/mutmut run >/dev/null
	$(BIN)/mutmut export-cicd-stats >/dev/null
	$(BIN)/python -c 'import json; s = json.load(open("mutants/mutmut-cicd-stats.json")); \
	  caught = s["killed"] + s["timeout"]; \
	  print(caught, "of", s["total"], "mutants caught (%.1f%%);" % (100 * caught / s["total"]), \
	        s["survived"], "survived,", s["no_tests"], "reached by no test")'

# Every recorded output (reference release) against `python snippets/<topic>/<name>.py`.
.PHONY: reader-check
reader-check: $(VENV)/installed
	$(BIN)/python -m fieldguide.reader_check $(ARGS)

build: $(VENV)/installed
	$(BIN)/mkdocs build --strict

# The same site with Zensical (no hook there: notebooks are written first, as downloads).
zensical: $(VENV)/installed
	$(BIN)/python -m fieldguide.notebook
	$(BIN)/zensical build --clean

# Every snippet on every PyTorch release listed in pyproject.toml (installed on first use).
matrix: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix run $(ARGS)

matrix-record: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix run --update-outputs $(ARGS)

matrix-envs: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix envs

matrix-clean: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix clean
