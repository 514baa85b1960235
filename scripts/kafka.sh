#!/usr/bin/env bash
# scripts/kafka.sh — a private Apache Kafka broker (KRaft, single node) for tests and local use.
#
# Usage: scripts/kafka.sh start|stop|status|url
#
#   start   fetch the broker from Maven Central (first time: kafka_2.13 and its runtime
#           dependencies, via scripts/kafka/pom.xml and `mvn dependency:copy-dependencies`),
#           format the KRaft storage (first time), start the broker on 127.0.0.1 and wait until
#           it has started and accepts connections; idempotent. The LAST line on stdout is the
#           bootstrap address (127.0.0.1:PORT); every other message goes to stderr.
#   stop    controlled shutdown (SIGTERM, then SIGKILL after CASELEDGER_KAFKA_STOP_TIMEOUT);
#           idempotent.
#   status  describe the broker; exit 0 if it runs and accepts connections, 1 otherwise.
#   url     print the bootstrap address.
#
# Environment:
#   CASELEDGER_KAFKA_DIR            state dir (default: <repo>/.cache/kafka/broker): server.properties,
#                                   data/ (the log and KRaft metadata), server.log, broker.pid
#   CASELEDGER_KAFKA_PORT           client port on 127.0.0.1 (default: 59092; `auto` = a free port,
#                                   chosen at the first start and kept in the state dir)
#   CASELEDGER_KAFKA_CONTROLLER_PORT  KRaft controller port (default: client port + 1; with
#                                   `auto`, another free port)
#   CASELEDGER_KAFKA_VERSION        org.apache.kafka:kafka_2.13 version (default: 4.1.1)
#   CASELEDGER_KAFKA_LIBS           jar cache (default: <repo>/.cache/kafka/libs-<version>)
#   CASELEDGER_KAFKA_HEAP           JVM max heap (default: 512m)
#   CASELEDGER_KAFKA_PARTITIONS     default partitions of auto-created topics (default: 3)
#   CASELEDGER_KAFKA_START_TIMEOUT  seconds to wait for the broker to start (default: 90)
#   CASELEDGER_KAFKA_STOP_TIMEOUT   seconds to wait for a controlled shutdown (default: 60)
#   JAVA                            java executable (default: java on PATH; needs Java 17+)
#   MVN                             maven executable (default: mvn on PATH; only for the fetch)
set -euo pipefail
umask 022

readonly PROG=kafka.sh

SCRIPT_DIR=$(cd -- "$(dirname -- "${BASH_SOURCE[0]}")" && pwd -P)
REPO=$(cd -- "$SCRIPT_DIR/.." && pwd -P)
# shellcheck source=lib/service.sh
. "$SCRIPT_DIR/lib/service.sh"
export LC_ALL=C

KAFKA_DIR=$(realpath -m -- "${CASELEDGER_KAFKA_DIR:-$REPO/.cache/kafka/broker}")
VERSION=${CASELEDGER_KAFKA_VERSION:-4.1.1}
LIBS=$(realpath -m -- "${CASELEDGER_KAFKA_LIBS:-$REPO/.cache/kafka/libs-$VERSION}")
HEAP=${CASELEDGER_KAFKA_HEAP:-512m}
PARTITIONS=${CASELEDGER_KAFKA_PARTITIONS:-3}
START_TIMEOUT=${CASELEDGER_KAFKA_START_TIMEOUT:-90}
STOP_TIMEOUT=${CASELEDGER_KAFKA_STOP_TIMEOUT:-60}
JAVA=${JAVA:-java}
MVN=${MVN:-mvn}
POM=$SCRIPT_DIR/kafka/pom.xml

DATA=$KAFKA_DIR/data
CONF=$KAFKA_DIR/server.properties
LOG=$KAFKA_DIR/server.log
PIDFILE=$KAFKA_DIR/broker.pid
PORTFILE=$KAFKA_DIR/ports
LOCK=$KAFKA_DIR/.lock

[[ $VERSION =~ ^4\.[0-9]+\.[0-9]+$ ]] ||
    die "CASELEDGER_KAFKA_VERSION must be a Kafka 4.x version such as 4.1.1, got '$VERSION'"
[[ $HEAP =~ ^[1-9][0-9]*[kKmMgG]$ ]] || die "CASELEDGER_KAFKA_HEAP must look like 512m, got '$HEAP'"
[[ $PARTITIONS =~ ^[1-9][0-9]{0,3}$ ]] ||
    die "CASELEDGER_KAFKA_PARTITIONS must be a positive integer, got '$PARTITIONS'"
for _v in START_TIMEOUT STOP_TIMEOUT; do
    [[ ${!_v} =~ ^[1-9][0-9]*$ ]] || die "CASELEDGER_KAFKA_$_v must be a positive integer, got '${!_v}'"
done

check_port() {
    local name=$1 value=$2
    [[ $value =~ ^[1-9][0-9]*$ ]] && ((value >= 1024 && value <= 65535)) ||
        die "$name must be a port number in 1024..65535 (or auto), got '$value'"
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# A free port: ask the kernel (bind to port 0) when python3 is there, else probe a range.
free_port() {
    local p
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
        return
    fi
    for ((p = 40000 + RANDOM % 20000; p < 65000; p++)); do
        port_in_use "$p" || { printf '%s\n' "$p"; return; }
    done
    die "no free port found"
}

# Sets PORT and CONTROLLER_PORT: the environment first, else what this state dir used before
# (so `auto` keeps one address across restarts), else the defaults.
resolve_ports() {
    local saved_port="" saved_cport=""
    [[ -r $PORTFILE ]] && read -r saved_port saved_cport <"$PORTFILE"
    PORT=${CASELEDGER_KAFKA_PORT:-59092}
    if [[ $PORT == auto ]]; then
        if [[ -n $saved_port ]]; then PORT=$saved_port; else PORT=$(free_port); fi
    fi
    check_port CASELEDGER_KAFKA_PORT "$PORT"
    CONTROLLER_PORT=${CASELEDGER_KAFKA_CONTROLLER_PORT:-}
    if [[ -z $CONTROLLER_PORT ]]; then
        if [[ ${CASELEDGER_KAFKA_PORT:-} == auto ]]; then
            if [[ -n $saved_cport ]]; then CONTROLLER_PORT=$saved_cport; else CONTROLLER_PORT=$(free_port); fi
        else
            CONTROLLER_PORT=$((PORT + 1))
        fi
    fi
    check_port CASELEDGER_KAFKA_CONTROLLER_PORT "$CONTROLLER_PORT"
    ((PORT != CONTROLLER_PORT)) || die "the client and controller ports must differ (both $PORT)"
}

broker_pid() {
    local pid
    [[ -r $PIDFILE ]] || return 1
    pid=$(<"$PIDFILE")
    [[ $pid =~ ^[0-9]+$ ]] || return 1
    kill -0 "$pid" 2>/dev/null || return 1
    # The pid may have been reused by an unrelated process after a crash.
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- 'kafka\.Kafka' || return 1
    printf '%s\n' "$pid"
}

running_port() {
    local p c
    if [[ -r $PORTFILE ]] && read -r p c <"$PORTFILE" && [[ -n $p ]]; then
        printf '%s\n' "$p"
    else
        return 1
    fi
}

tail_log() {
    if [[ -r $LOG ]]; then
        printf -- '--- last lines of %s ---\n' "$LOG" >&2
        grep -v '^\s*[a-z0-9._]* = ' -- "$LOG" | tail -n 30 >&2 || true
        printf -- '--- end of log ---\n' >&2
    fi
}

check_java() {
    command -v "$JAVA" >/dev/null 2>&1 || die "no java found ('$JAVA'); Kafka $VERSION needs Java 17+"
    local v
    v=$("$JAVA" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')
    [[ $v =~ ^[0-9]+$ ]] && ((v >= 17)) || die "Kafka $VERSION needs Java 17+, '$JAVA' is ${v:-unknown}"
}

# Fetch kafka_2.13 and its runtime dependencies once per version (a marker records success).
ensure_libs() {
    local marker=$LIBS/.caseledger-complete tmp
    if [[ -r $marker && $(<"$marker") == "$VERSION" ]]; then return 0; fi
    command -v "$MVN" >/dev/null 2>&1 ||
        die "the broker jars are not in $LIBS yet and there is no maven ('$MVN') to fetch them"
    mkdir -p -- "$(dirname -- "$LIBS")"
    tmp=$LIBS.tmp.$$
    rm -rf -- "$tmp"
    note "fetching org.apache.kafka:kafka_2.13:$VERSION and its runtime dependencies into $LIBS (one-off) ..."
    if ! "$MVN" -q -B -f "$POM" -Dstyle.color=never dependency:copy-dependencies -Dkafka.version="$VERSION" \
        -DoutputDirectory="$tmp" >&2; then
        rm -rf -- "$tmp"
        die "maven could not fetch Kafka $VERSION (is Maven Central reachable?)"
    fi
    compgen -G "$tmp/kafka_2.13-$VERSION.jar" >/dev/null || {
        rm -rf -- "$tmp"
        die "maven ran but $tmp has no kafka_2.13-$VERSION.jar"
    }
    printf '%s\n' "$VERSION" >"$tmp/.caseledger-complete"
    rm -rf -- "$LIBS"
    mv -- "$tmp" "$LIBS"
}

kjava() { "$JAVA" -cp "$LIBS/*" "$@"; }

# (Re)written on every start: the ports may change; the data dir keeps the cluster.
write_config() {
    cat >"$CONF" <<EOF
# Managed by scripts/kafka.sh; rewritten on every start.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$PORT,CONTROLLER://127.0.0.1:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$DATA
num.partitions=$PARTITIONS
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=5
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=5
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
# A single small node: no initial rebalance delay, few threads, a short session floor so tests
# can detect a killed consumer quickly.
group.initial.rebalance.delay.ms=0
group.min.session.timeout.ms=3000
num.network.threads=2
num.io.threads=4
num.recovery.threads.per.data.dir=1
background.threads=4
# Topics are created explicitly by the applications (caseledger.streams.topics).
auto.create.topics.enable=false
delete.topic.enable=true
log.retention.hours=-1
log.segment.bytes=268435456
EOF
}

format_storage() {
    local cluster_id out
    [[ -f $DATA/meta.properties ]] && return 0
    cluster_id=$(kjava kafka.tools.StorageTool random-uuid 2>/dev/null | tail -n 1) ||
        die "kafka.tools.StorageTool random-uuid failed"
    note "formatting KRaft storage in $DATA (cluster $cluster_id)"
    if ! out=$(kjava kafka.tools.StorageTool format -t "$cluster_id" -c "$CONF" 2>&1); then
        printf '%s\n' "$out" | tail -n 20 >&2
        die "kafka.tools.StorageTool format failed"
    fi
}

cmd_start() {
    local pid t0=$EPOCHREALTIME deadline
    mkdir -p -- "$KAFKA_DIR"
    exec 9>"$LOCK"
    flock -w 900 9 || die "timed out waiting for the lock $LOCK (another start/stop running?)"

    if pid=$(broker_pid); then
        note "already running (pid $pid)"
        printf '127.0.0.1:%s\n' "$(running_port)"
        return 0
    fi
    resolve_ports
    port_in_use "$PORT" && die "port $PORT on 127.0.0.1 is already in use; set CASELEDGER_KAFKA_PORT"
    port_in_use "$CONTROLLER_PORT" &&
        die "controller port $CONTROLLER_PORT on 127.0.0.1 is already in use; set CASELEDGER_KAFKA_CONTROLLER_PORT"
    check_java
    ensure_libs
    mkdir -p -- "$DATA"
    write_config
    format_storage
    printf '%s %s\n' "$PORT" "$CONTROLLER_PORT" >"$PORTFILE"

    [[ -f $LOG ]] && mv -f -- "$LOG" "$LOG.1"
    note "starting Kafka $VERSION (KRaft) on 127.0.0.1:$PORT; log: $LOG"
    # setsid: the broker must not die with the caller's terminal or process group; 9>&- : it
    # must not inherit the lock.
    setsid "$JAVA" -Xms64m -Xmx"$HEAP" -XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError \
        -Djava.awt.headless=true -Dorg.slf4j.simpleLogger.showDateTime=true \
        -Dorg.slf4j.simpleLogger.dateTimeFormat="yyyy-MM-dd'T'HH:mm:ss.SSSZ" \
        -Dorg.slf4j.simpleLogger.log.org.apache.kafka.common.config=warn \
        -Dorg.slf4j.simpleLogger.log.kafka.server.KafkaConfig=warn \
        -cp "$LIBS/*" kafka.Kafka "$CONF" </dev/null >"$LOG" 2>&1 9>&- &
    pid=$!
    printf '%s\n' "$pid" >"$PIDFILE"

    # Ready = the server logged that it started AND the client port accepts connections.
    deadline=$(($(date +%s) + START_TIMEOUT))
    until grep -q 'Kafka Server started' -- "$LOG" 2>/dev/null && port_in_use "$PORT"; do
        if ! kill -0 "$pid" 2>/dev/null; then
            tail_log
            rm -f -- "$PIDFILE"
            die "the broker exited during start-up (see the log above / $LOG)"
        fi
        if (($(date +%s) >= deadline)); then
            tail_log
            kill -KILL "$pid" 2>/dev/null || true
            rm -f -- "$PIDFILE"
            die "the broker did not start within ${START_TIMEOUT}s (see the log above / $LOG)"
        fi
        sleep 0.2
    done
    note "ready in $(awk -v a="$t0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }')s (pid $pid)"
    printf '127.0.0.1:%s\n' "$PORT"
}

cmd_stop() {
    local pid i
    if ! pid=$(broker_pid); then
        note "not running ($KAFKA_DIR)"
        rm -f -- "$PIDFILE"
        return 0
    fi
    mkdir -p -- "$KAFKA_DIR"
    exec 9>"$LOCK"
    flock -w 900 9 || die "timed out waiting for the lock $LOCK (another start/stop running?)"
    pid=$(broker_pid) || { note "not running ($KAFKA_DIR)"; return 0; }
    note "stopping the broker (pid $pid)"
    kill -TERM "$pid" 2>/dev/null || true
    for ((i = 0; i < STOP_TIMEOUT * 10; i++)); do
        kill -0 "$pid" 2>/dev/null || break
        sleep 0.1
    done
    if kill -0 "$pid" 2>/dev/null; then
        note "no controlled shutdown within ${STOP_TIMEOUT}s; sending SIGKILL"
        kill -KILL "$pid" 2>/dev/null || true
        for ((i = 0; i < 100; i++)); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
    fi
    ! kill -0 "$pid" 2>/dev/null || die "broker pid $pid is still alive"
    rm -f -- "$PIDFILE"
}

cmd_status() {
    local pid port
    if ! pid=$(broker_pid); then
        printf 'not running (dir %s)\n' "$KAFKA_DIR"
        return 1
    fi
    port=$(running_port) || port="?"
    printf 'running: pid %s, 127.0.0.1:%s, Kafka %s (KRaft), dir %s\n' "$pid" "$port" \
        "$(basename -- "$(compgen -G "$LIBS/kafka_2.13-*.jar" | head -n 1)" .jar | sed 's/^kafka_2.13-//')" \
        "$KAFKA_DIR"
    if [[ $port != "?" ]] && port_in_use "$port"; then
        printf 'accepting connections: yes\nbootstrap: 127.0.0.1:%s\n' "$port"
        return 0
    fi
    printf 'accepting connections: no (starting up or shutting down?)\n'
    return 1
}

cmd_url() {
    local port
    if port=$(running_port); then
        printf '127.0.0.1:%s\n' "$port"
    else
        resolve_ports
        printf '127.0.0.1:%s\n' "$PORT"
    fi
}

service_main "$@"
