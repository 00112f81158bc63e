# `make serve` and `make test` create or update .venv on their first run.
VENV := .venv
BIN := $(VENV)/bin
export NO_MKDOCS_2_WARNING := 1

.PHONY: serve test record build matrix matrix-record matrix-envs matrix-clean

$(VENV)/installed: pyproject.toml
	test -x $(BIN)/python || python3 -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e .
	touch $@

serve: $(VENV)/installed
	$(BIN)/mkdocs serve -a 127.0.0.1:8000

test: $(VENV)/installed
	$(BIN)/pytest

record: $(VENV)/installed
	$(BIN)/pytest --update-outputs tests/test_snippets.py

build: $(VENV)/installed
	$(BIN)/mkdocs build --strict

# Every snippet on every PyTorch release listed in pyproject.toml (installed on first use).
matrix: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix run $(ARGS)

matrix-record: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix run --update-outputs $(ARGS)

matrix-envs: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix envs

matrix-clean: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix clean
