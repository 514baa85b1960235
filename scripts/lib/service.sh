# shellcheck shell=bash
# What scripts/postgres.sh, kafka.sh and hindsight.sh share: their messages and the
# start|stop|status|url command line. The sourcing script sets PROG first and defines
# cmd_start, cmd_stop, cmd_status and cmd_url; its last line is `service_main "$@"`.

die() {
    printf '%s: error: %s\n' "$PROG" "$*" >&2
    exit 1
}
note() { printf '%s: %s\n' "$PROG" "$*" >&2; }
usage() { printf 'usage: %s start|stop|status|url\n' "$0" >&2; }

service_main() {
    (($# == 1)) || {
        usage
        exit 2
    }
    case $1 in
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    url) cmd_url ;;
    -h | --help | help) usage ;;
    *)
        usage
        exit 2
        ;;
    esac
}
