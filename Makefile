# gpu-advisor — run `make help` for the targets.
PYTHON ?= python3.11
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
# the load solve compiled by mypyc (service/domain/sizing/solver.py); rebuilt when it changes
NATIVE := $(VENV)/.native
TEST_WORKERS ?= auto

export HF_HUB_OFFLINE := 1
export HF_HUB_DISABLE_PROGRESS_BARS := 1

.DEFAULT_GOAL := help
.PHONY: help venv native browser services run test soak-vary lint typecheck check-data unit openapi calibrate index bench framework-share soak clean

help: ## Show this help
	@awk 'BEGIN {FS = ":.*##"; printf "Usage: make <target>\n\n"} /^[a-zA-Z_-]+:.*?##/ { printf "  \033[36m%-12s\033[0m %s\n", $$1, $$2 }' $(MAKEFILE_LIST)

$(PY):
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "need $(PYTHON) (Python 3.11)"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install -q -e '.[dev]'
	@touch $(STAMP)

$(NATIVE): service/domain/sizing/solver.py scripts/build_native.py $(STAMP)
	$(PY) scripts/build_native.py
	@touch $(NATIVE)

native: $(NATIVE) ## Compile the load solve with mypyc (without a C compiler it runs interpreted: same numbers, slower)

venv: $(STAMP) ## Create/update .venv with the service and dev tools

run: $(NATIVE) ## Start the service on http://127.0.0.1:8000 with the embedded defaults
	$(VENV)/bin/gpu-advisor serve

browser: ## Install Debian's Chromium for the browser tests (CI runs as root)
	command -v chromium >/dev/null || (apt-get update && apt-get install -y --no-install-recommends chromium)

services: ## Install Debian's redis-server and nginx for the two-replica tests and the bench (CI runs as root)
	command -v redis-server >/dev/null && (command -v nginx || test -x /usr/sbin/nginx) >/dev/null || (apt-get update && apt-get install -y --no-install-recommends redis-server nginx)

lint: $(STAMP) ## ruff
	$(VENV)/bin/ruff check service tests bench scripts

typecheck: $(STAMP) ## mypy --strict on service/
	$(VENV)/bin/mypy

unit: $(NATIVE) ## pytest, the whole suite: on TEST_WORKERS workers, then the timing-bound tests alone
	$(PY) -m pytest -n $(TEST_WORKERS) --maxprocesses=4 -m "not serial"
	$(PY) -m pytest -m serial $$($(PY) -c 'from tests.conftest import SERIAL; print(*SERIAL)')

check-data: $(STAMP) ## Validate the catalog and knowledge files
	$(VENV)/bin/gpu-advisor catalog check
	$(VENV)/bin/gpu-advisor knowledge check

test: browser services lint typecheck check-data unit ## lint, types, data checks and every test (what CI runs)

openapi: $(STAMP) ## Regenerate openapi/openapi.json from the app
	$(VENV)/bin/gpu-advisor openapi

index: $(STAMP) ## Build the embedding index cache (also built on first start)
	$(VENV)/bin/gpu-advisor index build

framework-share: $(NATIVE) ## In-process: what share of ping a new-body sizing request can reach with no computing (the 40 % floor's room for size())
	$(PY) -m bench.framework_share

bench: $(NATIVE) services ## Real server (1 worker, cache off, 2 workers, 2 replicas + nginx) under load + in-process latency; writes BENCHMARKS.md (~6 min)
	$(VENV)/bin/gpu-advisor index build
	$(PY) -m bench.load

soak: $(NATIVE) services ## 5 minutes at 100 requests/s mixed: RSS growth, p99 stability, errors; writes BENCHMARKS.md
	$(VENV)/bin/gpu-advisor index build
	$(PY) -m bench.load --soak

soak-vary: $(NATIVE) services ## The soak at 50 req/s on 2 workers with every request body different (no answer-cache hits): the compute path
	$(VENV)/bin/gpu-advisor index build
	$(PY) -m bench.load --soak --vary --rate 50

calibrate: $(NATIVE) ## Replay calibration.csv and print predicted vs measured
	$(VENV)/bin/gpu-advisor calibrate

clean: ## Remove the virtualenv and caches
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache build *.egg-info
	rm -f service/domain/sizing/_solver_native*.so
