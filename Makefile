# Two entry points a new user needs: `make demo` and `make test`.
# Each creates .venv on first use and reinstalls only when pyproject.toml, setup.py or a
# translation catalog changed (the install compiles the catalogs, see setup.py).
# `make test` runs the tests, then `make lint`: ruff check, ruff format --check and mypy strict
# over the package as installed (tools/typecheck.py; [tool.mypy] in pyproject).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test lint bench clean x-tools browser-tools

$(STAMP): pyproject.toml setup.py $(wildcard assets/locale/*/LC_MESSAGES/*.po)
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || \
	  { echo "puzzleviz needs Python 3.11 or newer (PYTHON=$(PYTHON))"; exit 1; }
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e '.[test]'
	@touch $(STAMP)

demo: $(STAMP)
	$(BIN)/puzzleviz demo

test: $(STAMP) x-tools browser-tools
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1 \
	  $(BIN)/python -m pytest -q -n auto
	$(MAKE) --no-print-directory lint

# The classroom test drives a real window on Xvfb; as root on Debian the tools are installed
# when missing, elsewhere that test is skipped and says what to install.
x-tools:
	@if ! command -v Xvfb >/dev/null 2>&1 || ! command -v xdotool >/dev/null 2>&1 || \
	    ! command -v xwd >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	     { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	       --no-install-recommends xvfb xdotool x11-apps; } >/dev/null 2>&1; then \
	    echo "installed xvfb, xdotool and x11-apps for the window test"; \
	  else \
	    echo "no Xvfb here (apt-get install xvfb xdotool x11-apps): the window test is skipped"; \
	  fi; \
	fi

# The browser player's parity test drives Debian's chromium through Playwright (no browser
# download); as root on Debian it is installed when missing, elsewhere that test is skipped.
browser-tools:
	@if ! command -v chromium >/dev/null 2>&1; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && \
	     { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
	       --no-install-recommends chromium; } >/dev/null 2>&1; then \
	    echo "installed chromium for the browser player's test"; \
	  else \
	    echo "no chromium here (apt-get install chromium): the browser test is skipped"; \
	  fi; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/python tools/typecheck.py

bench: $(STAMP)
	@for b in benchmarks/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache .mypy_cache
