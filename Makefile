# Oklahoma Gin Tutor: developer entry points.
#
#   make app      run the lessons in Voilà at http://127.0.0.1:8866/ (CLASS_SIZE=25 for a class)
#   make test     lint, type-check, unit + notebook + browser tests
#   make bench    run the benchmarks
#   make class-load  a class of 40 under load for 5 minutes (the class store; BENCHMARKS.md)
#   make hub-trial   JupyterHub + a PostgreSQL class store on this machine, as a school runs it
#   make catalog  extract the sentences (gin/messages) into the gettext catalogs (gin/locale)
#   make static   build the lessons into a static site in build/static/ (Voici + Pyodide)
#   make test-static  build the site and test it in headless Chromium
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
CLASS_SIZE ?= 0
# make app CLASS_SIZE=25: pre-heat a kernel per learner of a class for each pooled lesson

# Re-install when pyproject.toml changes, or when gin/ first appears (an editable
# install made before gin/ existed cannot import it).
INSTALL_DEPS := pyproject.toml $(wildcard gin/__init__.py)

LINT_PATHS := $(wildcard gin tests benchmarks)
NB_PATHS   := $(wildcard notebooks)
NBVAL      := $(if $(NB_PATHS),--nbval-lax,)
PYTEST_ARGS ?=

.PHONY: venv install install-test browser axe postgres chp hub-trial app test test-slow lint typecheck bench class-load catalog clean static test-static npm screenshots

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

# The catalogs are compiled (.po to .mo, gitignored) at install, so the tutor loads them fast.
PO_FILES := $(wildcard gin/locale/*/LC_MESSAGES/gin.po)
MO_FILES := $(PO_FILES:.po=.mo)

$(MO_FILES) &: $(PO_FILES) $(VENV)/.installed-app
	$(PY) -m gin.catalog compile

install: $(VENV)/.installed-app $(MO_FILES)

install-test: $(VENV)/.installed-test $(MO_FILES) browser axe postgres chp

# axe-core (npm) for the browser tests' accessibility audit (tests/e2e/axe_audit.py).
AXE_VERSION := 4.14.1
AXE_TGZ     := build/axe/axe-core-$(AXE_VERSION).tgz

axe: $(AXE_TGZ)

$(AXE_TGZ): | npm
	mkdir -p build/axe
	cd build/axe && npm pack --silent axe-core@$(AXE_VERSION)

# $(call debian,TEST,PACKAGE,WHY,OTHERWISE): when the shell test TEST fails, install Debian's
# PACKAGE (as root, saying WHY), or else run the shell command OTHERWISE.
define debian
	@if $(1); then \
		:; \
	elif [ "$$(id -u)" = 0 ]; then \
		echo ">>> $(2) missing: installing Debian's $(2) $(3)"; \
		apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y $(2); \
	else \
		$(4); \
	fi
endef

browser:
	$(call debian,[ -x $(CHROMIUM) ],chromium,for the browser tests,\
		echo "!!! $(CHROMIUM) not found and not root: BROWSER (e2e) TESTS WILL BE SKIPPED."; \
		echo "!!! Install it with: sudo apt-get install -y chromium")

# Debian's PostgreSQL for the class store's tests: each test run starts a throwaway cluster
# (tests/pgcluster.py: initdb and pg_ctl as the user postgres, on a free port).
postgres:
	$(call debian,ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1,postgresql,for the class store's tests,\
		echo "!!! PostgreSQL not found and not root: ITS TESTS WILL BE SKIPPED."; \
		echo "!!! Install it with: sudo apt-get install -y postgresql")

# configurable-http-proxy (npm), the proxy of the local JupyterHub trial (tests/e2e/test_hub_e2e.py).
CHP_VERSION := 5.3.0
CHP         := build/chp/node_modules/.bin/configurable-http-proxy

chp: $(CHP)

$(CHP): | npm
	mkdir -p build/chp
	npm install --silent --no-audit --no-fund --prefix build/chp configurable-http-proxy@$(CHP_VERSION)

# Serves notebooks/ with Voilà; http://127.0.0.1:8866/ opens the Start-here lesson
# (gin/ui/page/serve.py). voila.json in this directory is read by Voilà.
# CLASS_SIZE=25: a class opening one lesson together each finds a pre-heated kernel.
app: install
	@echo ">>> Oklahoma Gin Tutor: http://127.0.0.1:$(APP_PORT)/ (opens the Start-here lesson)"
	@echo ">>> the teacher's page: the line 'Teacher page: ...' below (class data in class-data/)"
	$(PY) -m gin.ui.page.serve --no-browser --port=$(APP_PORT) --Voila.ip=127.0.0.1 \
		--TutorApp.class_size=$(CLASS_SIZE) notebooks/

# The school's set-up on this machine: a throwaway PostgreSQL class store and JupyterHub
# (local processes, a dummy login: password "trial"), configured as deploy/jupyterhub/
# config.yaml configures it on Kubernetes. Ctrl-C stops it. The slow test
# tests/e2e/test_hub_e2e.py runs the same hub (make test-slow PYTEST_ARGS="-k hub").
hub-trial: install-test
	$(PY) deploy/jupyterhub/trial.py

lint: install-test
	$(VENV)/bin/ruff check $(LINT_PATHS)

typecheck: install-test
	$(VENV)/bin/mypy gin

# make test leaves out the tests marked slow (the Binder rebuild, the longest browser walks:
# a newcomer's path, the class view, laying out by the learner, the kernel cap under a rush);
# make test-slow runs just those, and .ci/run runs both.
test: install-test
	$(VENV)/bin/ruff check $(LINT_PATHS)
	$(VENV)/bin/mypy gin
	$(PY) -m pytest -q --doctest-modules gin tests $(NB_PATHS) $(NBVAL) -m "not slow" $(PYTEST_ARGS)

test-slow: install-test
	$(PY) -m pytest -q tests -m slow $(PYTEST_ARGS)

bench: install
	$(PY) -m benchmarks

# 40 learners recording into the class store for 5 minutes while the teacher's table is read,
# on SQLite, on a throwaway PostgreSQL (psycopg and Debian's server: install-test), and on
# that database through two app servers (benchmarks/school_load.py): no event lost, the
# click times and the teacher's lag written to docs/BENCHMARKS.md (make bench runs 20 s each).
class-load: install-test
	CLASS_LOAD_SECONDS=300 $(PY) -m benchmarks --only classroom

# After editing gin/messages/*.toml: rewrite gin/locale/gin.pot and every language's .po.
catalog: install
	$(PY) -m gin.catalog update
	$(PY) -m gin.catalog compile

# The static site's toolchain (Voici, JupyterLite, the Pyodide kernel: static/requirements.txt,
# every version pinned) lives in its own venv, apart from Voilà's: Pyodide's kernel extension
# is for JupyterLite only. static/build.py fetches Pyodide (npm) and the wheels (PyPI).
STATIC_VENV := build/static-venv
STATIC_PY   := $(STATIC_VENV)/bin/python

$(STATIC_VENV)/.installed: static/requirements.txt
	$(BOOT_PY) -m venv $(STATIC_VENV)
	$(STATIC_PY) -m pip install --upgrade pip
	$(STATIC_PY) -m pip install -r static/requirements.txt
	@touch $@

# npm fetches Pyodide and Font Awesome from the npm registry; as root it is installed with apt.
npm:
	$(call debian,command -v npm >/dev/null,npm,to fetch Pyodide and axe-core,\
		echo "!!! npm not found: install it (sudo apt-get install -y npm) to build the static site"; \
		exit 1)

static: $(STATIC_VENV)/.installed npm $(MO_FILES)
	$(STATIC_PY) static/build.py --out build/static
	@echo ">>> static site in build/static/: serve it with"
	@echo ">>>   python3 -m http.server 8000 --bind 127.0.0.1 --directory build/static"

# The static site's browser tests (tests/static): they build their own copy of the site.
test-static: install-test $(STATIC_VENV)/.installed npm $(MO_FILES)
	$(VENV)/bin/ruff check static
	GIN_STATIC_TESTS=1 $(PY) -m pytest -q tests/static $(PYTEST_ARGS)
# The browser tests photograph every lesson into build/screenshots/ (untracked); this
# points them at docs/screenshots/, the README's pictures.
screenshots: install-test
	GIN_SCREENSHOTS=$(CURDIR)/docs/screenshots $(PY) -m pytest -q tests/e2e/test_lessons_e2e.py \
		tests/e2e/test_languages_e2e.py tests/e2e/test_real_table_e2e.py -p no:cacheprovider \
		-k "loads_without_errors or whole_deal or right_to_left or shipped_font or kept or mid_deal or each_help_level"

clean:
	rm -rf build dist *.egg-info .pytest_cache .mypy_cache .ruff_cache .hypothesis
	find . -path ./$(VENV) -prune -o -name __pycache__ -type d -print0 | xargs -0 rm -rf
	find . -path ./$(VENV) -prune -o -name .ipynb_checkpoints -type d -print0 | xargs -0 rm -rf
	rm -f $(VENV)/.installed-app $(VENV)/.installed-test
