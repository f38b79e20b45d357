# Oklahoma Gin Tutor: developer entry points.
#
#   make app      run the lessons in Voilà at http://127.0.0.1:8866/
#   make test     lint, type-check, unit + notebook + browser tests
#   make bench    run the benchmarks
#   make screenshots  retake the README's pictures (docs/screenshots/)
#
# Voilà's settings (kernel pre-heating, culling, tracebacks) live in voila.json.

SHELL := /bin/bash

VENV      := .venv
PY        := $(VENV)/bin/python
PIP       := $(PY) -m pip
BOOT_PY   := $(shell command -v python3.11 2>/dev/null || command -v python3)
CHROMIUM  := /usr/bin/chromium
APP_PORT  ?= 8866

# Re-install when pyproject.toml changes, or when gin/ first appears (an editable
# install made before gin/ existed cannot import it).
INSTALL_DEPS := pyproject.toml $(wildcard gin/__init__.py)

LINT_PATHS := $(wildcard gin tests benchmarks)
NB_PATHS   := $(wildcard notebooks)
NBVAL      := $(if $(NB_PATHS),--nbval-lax,)
PYTEST_ARGS ?=

.PHONY: venv install install-test browser app test lint typecheck bench screenshots clean

venv: $(PY)

$(PY):
	$(BOOT_PY) -m venv $(VENV)
	$(PIP) install --upgrade pip

$(VENV)/.installed-app: $(INSTALL_DEPS) | $(PY)
	$(PIP) install -e '.[app]'
	@touch $@

$(VENV)/.installed-test: $(INSTALL_DEPS) | $(PY)
	$(PIP) install -e '.[test]'
	@touch $@ $(VENV)/.installed-app

install: $(VENV)/.installed-app

install-test: $(VENV)/.installed-test browser

browser:
	@if [ -x $(CHROMIUM) ]; then \
		:; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo ">>> $(CHROMIUM) missing: installing Debian's chromium for the browser tests"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	else \
		echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
		echo "!!! $(CHROMIUM) not found and not root: BROWSER (e2e) TESTS WILL BE SKIPPED."; \
		echo "!!! Install it with: sudo apt-get install -y chromium"; \
		echo "!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"; \
	fi

# Serves notebooks/ with Voilà; http://127.0.0.1:8866/ opens the Start-here lesson
# (gin/ui/serve.py). voila.json in this directory is read by Voilà.
app: install
	@echo ">>> Oklahoma Gin Tutor: http://127.0.0.1:$(APP_PORT)/ (opens the Start-here lesson)"
	$(PY) -m gin.ui.serve --no-browser --port=$(APP_PORT) --Voila.ip=127.0.0.1 notebooks/

lint: install-test
	$(VENV)/bin/ruff check $(LINT_PATHS)

typecheck: install-test
	$(VENV)/bin/mypy gin

# PYTEST_ARGS='-m "not slow"' skips the Binder rebuild test.
test: install-test
	$(VENV)/bin/ruff check $(LINT_PATHS)
	$(VENV)/bin/mypy gin
	$(PY) -m pytest -q --doctest-modules gin tests $(NB_PATHS) $(NBVAL) $(PYTEST_ARGS)

bench: install
	$(PY) -m benchmarks

# The browser tests photograph every lesson into build/screenshots/ (untracked); this
# points them at docs/screenshots/, the README's pictures.
screenshots: install-test
	GIN_SCREENSHOTS=$(CURDIR)/docs/screenshots $(PY) -m pytest -q tests/e2e/test_lessons_e2e.py \
		-k "loads_without_errors or whole_deal" -p no:cacheprovider

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print0 | xargs -0 rm -rf
	find . -path ./$(VENV) -prune -o -name .ipynb_checkpoints -type d -print0 | xargs -0 rm -rf
	rm -f $(VENV)/.installed-app $(VENV)/.installed-test
