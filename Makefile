# `make serve` and `make test` create or update .venv on their first run.
VENV := .venv
BIN := $(VENV)/bin
# Python 3.11 exactly: the version matrix's environments are made from .venv's interpreter,
# and torch 1.13-2.1 have no wheels for newer Pythons.
PYTHON ?= python3.11
export NO_MKDOCS_2_WARNING := 1
# Python's default, where an environment turned it off: each test worker, build, notebook
# helper and fork server imports the project's modules, compiled once instead of every time.
unexport PYTHONDONTWRITEBYTECODE

.PHONY: serve test lint record build zensical matrix matrix-record matrix-envs matrix-clean chromium nodejs \
	python-check constraints engine

# Every package pinned by constraints.txt, so builds and recordings see the same libraries.
# The terminal tool (explain/) too, editable: its examples and tests run against this checkout.
$(VENV)/installed: pyproject.toml constraints.txt explain/pyproject.toml | python-check
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -c constraints.txt --upgrade pip
	$(BIN)/python -m pip install --quiet -c constraints.txt -e ".[site,test]"
	$(BIN)/python -m pip install --quiet --no-deps -e ./explain
	touch $@

# Runs before every use of .venv (order-only, so it never makes the stamp out of date): an
# environment made with another Python is refused, and one is only made with Python 3.11.
IS_PYTHON_311 := import sys; sys.exit(sys.version_info[:2] != (3, 11))
python-check:
	@if [ -e $(BIN)/python ]; then \
	  $(BIN)/python -c '$(IS_PYTHON_311)' 2>/dev/null || { \
	    echo "$(VENV) was made with $$($(BIN)/python --version 2>&1), not Python 3.11: remove it (rm -rf $(VENV)) and run make again." >&2; \
	    exit 1; }; \
	else \
	  $(PYTHON) -c 'import venv, ensurepip; $(IS_PYTHON_311)' 2>/dev/null || { \
	    echo "Python 3.11 is needed (torch 1.13-2.1 have no wheels for newer Pythons), and '$(PYTHON)' is missing, another version or lacks its venv module: install python3.11 and its venv module (Debian/Ubuntu: python3.11-venv), or run make PYTHON=/path/to/python3.11" >&2; \
	    exit 1; }; \
	fi

# Rewrites constraints.txt after a change to pyproject.toml's dependencies: installs them
# without the old pins, then pins everything installed. torch loses its local build label
# (`+cpu`) so that the CUDA build from PyPI satisfies the pin too; that build's nvidia-* and
# triton are pinned exactly by torch itself.
constraints: | python-check
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e ".[site,test]"
	{ echo "# Every package .venv installs, pinned. Regenerate with: make constraints"; \
	  $(BIN)/python -m pip freeze --all --exclude-editable \
	    | grep -E '^[A-Za-z0-9._-]+==[^ ]+$$' | sed -e 's/+.*//'; } > constraints.txt

# The engine alone, for the releases other than the reference (pyproject.toml's base
# dependencies; CI's matrix jobs). Then `$(BIN)/python -m fieldguide.matrix run --versions=...`:
# `make matrix` would install everything.
engine: | python-check
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -c constraints.txt -e .

# Every edition, live (English at /, the others at their folders, as the hosted site): only
# the pages an edit touches are rebuilt (--dirty; the plugin adds the pages whose macros read an
# edited snippet, recording or data file); --no-strict, since MkDocs warns about every dirty build.
serve: $(VENV)/installed
	$(BIN)/mkdocs serve --dirty --no-strict -a 127.0.0.1:8000

# Lint first: a finding fails `make test` before the slow tests start. The sweeps (tests
# marked `sweep`: every entry or query through Material's search, every snippet with other
# CPU kernels) run with `make test ARGS=--sweeps`, as CI runs it.
test: $(VENV)/installed chromium nodejs lint
	$(BIN)/pytest $(PARALLEL) $(ARGS)

# make test's tests on every core (pytest-xdist), each test module on one worker: its
# module-scoped browser, server and page visits are made once. The builds are made once
# per run whichever worker asks first (tests/conftest.py).
PARALLEL = -n auto --dist loadfile

# ruff and mypy, configured in pyproject.toml ([tool.ruff], [tool.mypy]); ESLint over the
# browser modules and their tests (eslint.config.js).
lint: $(VENV)/installed node_modules/.installed
	$(BIN)/ruff check fieldguide tests bench explain
	$(BIN)/mypy fieldguide explain/autograd_fieldguide
	node_modules/.bin/eslint .

# The JavaScript tools package.json pins (ESLint), into node_modules/ (git-ignored); no
# lockfile is written (.npmrc).
node_modules/.installed: package.json | nodejs
	npm install --no-fund --no-audit
	touch $@

# The browser tests (tests/test_browser.py) drive Debian's Chromium. Installed here when it
# is missing and we are root with apt-get; otherwise those tests skip and say how to get it.
chromium:
	@if ! command -v chromium >/dev/null && [ ! -x /usr/bin/chromium ] \
	    && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Installing chromium for the browser tests: apt-get install -y chromium"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null \
	    || echo "Could not install chromium; the browser tests will not run." >&2; \
	fi

# The browser modules run under Node.js in the fast tests (tests/js/ with `node --test`,
# tests/paste_reader.mjs), without a site or a browser, and npm installs their linter.
# Installed here when missing and we are root with apt-get.
nodejs:
	@if ! { command -v node && command -v npm; } >/dev/null && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "Installing Node.js and npm for the browser modules' tests and lint: apt-get install -y nodejs npm"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null \
	    || echo "Could not install Node.js and npm; the browser modules' tests and lint will fail." >&2; \
	fi
	@node -e 'const [major, minor] = process.versions.node.split(".").map(Number); process.exit(major > 20 || (major === 20 && minor >= 19) ? 0 : 1)' 2>/dev/null \
	  || echo "Node.js 20.19 or newer is needed by ESLint and happy-dom (package.json); this is $$(node --version 2>&1)." >&2

# After recording, the Error index's entry pages follow the messages (fieldguide/errors/entry_pages.py).
# The terminal tool's data before and after: its examples (snippets/explain/) print what it says.
record: $(VENV)/installed
	$(BIN)/python -m fieldguide.explain_data
	$(BIN)/pytest --update-outputs tests/test_snippets.py
	$(BIN)/python -m fieldguide.errors.entry_pages
	$(BIN)/python -m fieldguide.explain_data

# Mutation testing of the pure modules with their fast tests ([tool.mutmut] in pyproject.toml),
# afresh: prints the share of mutants caught (a test failed or hung) per module and in all, and
# records it in bench/results.json; `$(BIN)/mutmut results` lists the survivors.
.PHONY: mutation
mutation: $(VENV)/installed
	$(BIN)/python bench/mutation.py

# Every recorded output (reference release) against `python snippets/<topic>/<name>.py`.
.PHONY: reader-check
reader-check: $(VENV)/installed
	$(BIN)/python -m fieldguide.reader_check $(ARGS)

# Every edition (mkdocs.yml's extra.alternate, fieldguide/editions.py), side by side, each
# into a folder of its own; then each takes its place in site/ (fieldguide/site_build.py).
build: $(VENV)/installed
	$(BIN)/python -m fieldguide.site_build $(BIN)/mkdocs

# The same site with Zensical (no hook there: the files the browser fetches and the notebooks
# are written first, the notebooks as downloads), edition by edition. Zensical joins the lists of an INHERITed config (two navs), so it reads
# each config flattened by MkDocs' rules into a throwaway copy beside it.
EDITIONS = $(BIN)/python -m fieldguide.editions
zensical: $(VENV)/installed
	$(BIN)/python -m fieldguide.errors.data_files >/dev/null
	$(EDITIONS) list | while read config docs site; do \
	  $(BIN)/python -m fieldguide.notebook $$docs >/dev/null \
	  && $(BIN)/python -m fieldguide.zensical_config $$config .zensical.yml \
	  && { $(BIN)/zensical build --clean -f .zensical.yml; built=$$?; rm -f .zensical.yml; [ $$built = 0 ]; } \
	  || exit 1; done

# Every snippet on every PyTorch release listed in pyproject.toml (installed on first use).
matrix: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix run $(ARGS)

matrix-record: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix run --update-outputs $(ARGS)
	$(BIN)/python -m fieldguide.errors.entry_pages

matrix-envs: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix envs

matrix-clean: $(VENV)/installed
	$(BIN)/python -m fieldguide.matrix clean
