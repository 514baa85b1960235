"""docker-compose.yml, Dockerfile and .dockerignore, checked as data (no Docker needed).

The compose file is parsed with PyYAML (anchors and ``<<`` merges resolved) and its ``${VAR}``
placeholders are substituted the way Compose does it, from sample values. The caseledger
environment block must then name only real ``Settings`` fields and build a valid production
``Settings``; secrets must come from required variables; the dependency graph, healthchecks,
KRaft-mode Kafka and the Hindsight server's wiring must hold together.
"""

from __future__ import annotations

import fnmatch
import importlib.util
import json
import os
import re
import shlex
import tomllib
import typing
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
import yaml  # type: ignore[import-untyped, unused-ignore]
from pydantic import BaseModel, ValidationError

from caseledger.adapters.settings import DEV_PASSWORD, Settings

REPO = Path(__file__).resolve().parents[2]
COMPOSE_FILE = REPO / "docker-compose.yml"
DOCKERFILE = REPO / "Dockerfile"
DOCKERIGNORE = REPO / ".dockerignore"

INFRA_SERVICES = ("postgres", "kafka", "hindsight")
APP_SERVICES = ("api", "relay", "projector")
EXPECTED_COMMANDS = {
    "api": [
        "uvicorn",
        "caseledger.api.app:app_from_env",
        "--factory",
        "--host",
        "0.0.0.0",
        "--port",
        "8000",
    ],
    "relay": ["python", "-m", "caseledger.streams", "relay"],
    "projector": ["python", "-m", "caseledger.streams", "projector"],
}

# Sample values for the compose file's variables; every one differs from its default so the
# tests can tell a substituted variable from a hard-coded value.
SAMPLE_VARS = {
    "POSTGRES_USER": "cl_sample_user",
    "POSTGRES_PASSWORD": "Sample-pw_0123456789",
    "POSTGRES_DB": "cl_sample_db",
}

# Environment variables that hindsight-api-slim 1.1.0 reads (hindsight_api/config.py, ENV_*).
HINDSIGHT_ENV_NAMES = {
    "HINDSIGHT_API_HOST",
    "HINDSIGHT_API_PORT",
    "HINDSIGHT_API_LOG_LEVEL",
    "HINDSIGHT_API_WORKERS",
    "HINDSIGHT_API_DATABASE_URL",
    "HINDSIGHT_API_DATABASE_SCHEMA",
    "HINDSIGHT_API_RUN_MIGRATIONS_ON_STARTUP",
    "HINDSIGHT_API_WORKER_ENABLED",
    "HINDSIGHT_API_LLM_PROVIDER",
    "HINDSIGHT_API_LLM_API_KEY",
    "HINDSIGHT_API_LLM_MODEL",
    "HINDSIGHT_API_LLM_BASE_URL",
    "HINDSIGHT_API_EMBEDDINGS_PROVIDER",
    "HINDSIGHT_API_EMBEDDINGS_LOCAL_MODEL",
    "HINDSIGHT_API_EMBEDDINGS_LOCAL_FORCE_CPU",
    "HINDSIGHT_API_EMBEDDINGS_TEI_URL",
    "HINDSIGHT_API_RERANKER_PROVIDER",
    "HINDSIGHT_API_RERANKER_LOCAL_MODEL",
    "HINDSIGHT_API_RERANKER_LOCAL_FORCE_CPU",
    "HINDSIGHT_API_RERANKER_TEI_URL",
}
# Providers that need no external service or account (the slim package's [local-ml] extra).
HINDSIGHT_SELF_CONTAINED = {
    "HINDSIGHT_API_LLM_PROVIDER": {"none"},
    "HINDSIGHT_API_EMBEDDINGS_PROVIDER": {"local", "onnx"},
    "HINDSIGHT_API_RERANKER_PROVIDER": {"rrf", "local", "flashrank", "onnx"},
}

SECRET_NAME = re.compile(r"PASSWORD|SECRET|TOKEN|API_KEY|(?:^|_)KEY$", re.IGNORECASE)
HEALTH_CONDITIONS = {"service_started", "service_healthy", "service_completed_successfully"}


# ---------------------------------------------------------------------------------------------
# Compose interpolation (the subset of the spec the file may use)

_PLACEHOLDER = re.compile(
    r"""\$(?:
        (?P<escaped>\$)
      | \{(?P<braced>[A-Za-z_][A-Za-z0-9_]*)(?:(?P<op>:?[-?+])(?P<arg>[^{}$]*))?\}
      | (?P<named>[A-Za-z_][A-Za-z0-9_]*)
      | (?P<invalid>)
    )""",
    re.VERBOSE,
)


class MissingVariableError(Exception):
    """A ``${VAR:?msg}`` / ``${VAR?msg}`` placeholder whose variable is not set."""


def interpolate(value: str, variables: Mapping[str, str]) -> str:
    def substitute(match: re.Match[str]) -> str:
        if match.group("escaped"):
            return "$"
        if match.group("invalid") is not None:
            raise ValueError(f"unsupported '$' in {value!r}")
        name = match.group("braced") or match.group("named")
        op, arg = match.group("op"), match.group("arg") or ""
        is_set = name in variables
        current = variables.get(name, "")
        if op is None:
            return current
        if op == ":-":
            return current or arg
        if op == "-":
            return current if is_set else arg
        if op == ":?":
            if not current:
                raise MissingVariableError(f"{name}: {arg}")
            return current
        if op == "?":
            if not is_set:
                raise MissingVariableError(f"{name}: {arg}")
            return current
        if op == ":+":
            return arg if current else ""
        return arg if is_set else ""  # "+"

    return _PLACEHOLDER.sub(substitute, value)


def placeholders(node: Any) -> Iterator[tuple[str, str | None, str]]:
    """(name, operator, argument) of every ``${...}`` in the document's strings."""
    for text in strings(node):
        for match in _PLACEHOLDER.finditer(text):
            name = match.group("braced") or match.group("named")
            if name:
                yield name, match.group("op"), match.group("arg") or ""


def strings(node: Any) -> Iterator[str]:
    if isinstance(node, str):
        yield node
    elif isinstance(node, Mapping):
        for key, value in node.items():
            yield from strings(key)
            yield from strings(value)
    elif isinstance(node, list):
        for item in node:
            yield from strings(item)


# ---------------------------------------------------------------------------------------------
# Helpers over the parsed file


def environment(service: Mapping[str, Any]) -> dict[str, str]:
    """A service's environment as a dict of strings (list form and scalar values allowed)."""
    raw = service.get("environment") or {}
    if isinstance(raw, list):
        pairs = [item.split("=", 1) if "=" in item else [item, ""] for item in raw]
        raw = {key: value for key, value in pairs}
    result = {}
    for key, value in raw.items():
        if isinstance(value, bool):
            value = str(value).lower()
        result[str(key)] = "" if value is None else str(value)
    return result


def resolved_environment(
    service: Mapping[str, Any], variables: Mapping[str, str] = SAMPLE_VARS
) -> dict[str, str]:
    return {key: interpolate(value, variables) for key, value in environment(service).items()}


def depends_on(service: Mapping[str, Any]) -> dict[str, str]:
    """depends_on as {service: condition}; the short (list) form means service_started."""
    raw = service.get("depends_on") or {}
    if isinstance(raw, list):
        return {name: "service_started" for name in raw}
    return {name: (spec or {}).get("condition", "service_started") for name, spec in raw.items()}


def command(service: Mapping[str, Any]) -> list[str]:
    raw = service.get("command")
    return shlex.split(raw) if isinstance(raw, str) else [str(part) for part in raw or []]


def healthcheck_test(service: Mapping[str, Any]) -> list[str]:
    check = service.get("healthcheck") or {}
    if check.get("disable"):
        return []
    test = check.get("test")
    if isinstance(test, str):
        return ["CMD-SHELL", test]
    return [str(part) for part in test or []]


def settings_path(env_name: str) -> str | None:
    """The dotted ``Settings`` field a CASELEDGER_* variable sets, or None if it sets none.

    Follows pydantic-settings' rules for this model: the env prefix, then field names nested
    with the env_nested_delimiter, case-insensitively; it must end on a leaf field (not a group).
    """
    config = Settings.model_config
    prefix = str(config.get("env_prefix", ""))
    delimiter = str(config.get("env_nested_delimiter"))
    if not env_name.upper().startswith(prefix.upper()):
        return None
    model: type[BaseModel] | None = Settings
    path: list[str] = []
    for part in env_name[len(prefix) :].lower().split(delimiter):
        if model is None:  # went past a leaf
            return None
        fields = {name.lower(): info for name, info in model.model_fields.items()}
        if part not in fields:
            return None
        path.append(part)
        model = _submodel(fields[part].annotation)
    return ".".join(path) if model is None else None


def _submodel(annotation: Any) -> type[BaseModel] | None:
    for candidate in (annotation, *typing.get_args(annotation)):
        if isinstance(candidate, type) and issubclass(candidate, BaseModel):
            return candidate
    return None


def dockerfile_stages() -> list[dict[str, Any]]:
    """[{name, base, lines}] in order; global ARG defaults applied to the FROM image."""
    args: dict[str, str] = {}
    stages: list[dict[str, Any]] = []
    logical = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    for line in logical.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        instruction, _, rest = line.partition(" ")
        instruction = instruction.upper()
        if instruction == "ARG" and not stages:
            name, _, default = rest.strip().partition("=")
            args[name] = default
        elif instruction == "FROM":
            words = rest.split()
            base = re.sub(r"\$\{?(\w+)\}?", lambda m: args.get(m.group(1), ""), words[0])
            stage = words[2] if len(words) >= 3 and words[1].upper() == "AS" else None
            stages.append({"name": stage, "base": base, "lines": []})
        elif stages:
            stages[-1]["lines"].append((instruction, rest.strip()))
    return stages


# ---------------------------------------------------------------------------------------------
# Fixtures


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    document = yaml.safe_load(COMPOSE_FILE.read_text())
    assert isinstance(document, dict)
    return document


@pytest.fixture(scope="module")
def services(compose: dict[str, Any]) -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = compose["services"]
    return found


@pytest.fixture
def clean_environ(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    """No CASELEDGER_* from the outer environment, no .env file in the working directory."""
    for key in list(os.environ):
        if key.upper().startswith("CASELEDGER_"):
            monkeypatch.delenv(key)
    monkeypatch.chdir(tmp_path)
    return monkeypatch


def build_settings(monkeypatch: pytest.MonkeyPatch, env: Mapping[str, str]) -> Settings:
    for key, value in env.items():
        monkeypatch.setenv(key, value)
    return Settings(_env_file=None)


# ---------------------------------------------------------------------------------------------
# Shape


def test_expected_services_and_no_obsolete_version_key(compose: dict[str, Any]) -> None:
    assert "version" not in compose, "the top-level 'version' key is obsolete in the compose spec"
    assert set(INFRA_SERVICES + APP_SERVICES) <= set(compose["services"])


def test_images(services: dict[str, dict[str, Any]]) -> None:
    assert services["postgres"]["image"] == "pgvector/pgvector:pg16"
    assert services["kafka"]["image"] == "apache/kafka:4.1.0"


@pytest.mark.parametrize("name", APP_SERVICES)
def test_app_service_command_and_build(services: dict[str, dict[str, Any]], name: str) -> None:
    service = services[name]
    assert command(service) == EXPECTED_COMMANDS[name]
    build = service.get("build")
    context = build if isinstance(build, str) else (build or {}).get("context")
    assert context == ".", f"{name} must build the project's Dockerfile"
    assert not isinstance(build, dict) or "target" not in build, "the app is the final stage"


def test_app_services_share_one_environment(services: dict[str, dict[str, Any]]) -> None:
    first, *rest = (environment(services[name]) for name in APP_SERVICES)
    assert first, "the app services have no environment"
    for other in rest:
        assert other == first


def test_named_volumes_are_declared(compose: dict[str, Any]) -> None:
    declared = set(compose.get("volumes") or {})
    for name, service in compose["services"].items():
        for volume in service.get("volumes") or []:
            source = volume.split(":", 1)[0] if isinstance(volume, str) else volume.get("source")
            if source and not source.startswith((".", "/", "~", "$")):
                assert source in declared, f"{name}: volume {source!r} is not declared"


def test_stateful_services_keep_data_in_volumes(services: dict[str, dict[str, Any]]) -> None:
    def targets(service: Mapping[str, Any]) -> set[str]:
        return {v.split(":")[1] for v in service.get("volumes") or [] if isinstance(v, str)}

    assert "/var/lib/postgresql/data" in targets(services["postgres"])
    kafka_env = environment(services["kafka"])
    assert kafka_env.get("KAFKA_LOG_DIRS") in targets(services["kafka"])


# ---------------------------------------------------------------------------------------------
# caseledger settings


def test_every_caseledger_variable_is_a_settings_field(
    services: dict[str, dict[str, Any]],
) -> None:
    for name, service in services.items():
        for key in environment(service):
            if key.upper().startswith("CASELEDGER_"):
                assert settings_path(key) is not None, (
                    f"{name}: {key} sets no field of caseledger Settings"
                )


def test_settings_path_walks_the_model() -> None:
    # The checker itself: real names resolve, typos and groups do not.
    assert settings_path("CASELEDGER_DB__POSTGRES_URL") == "db.postgres_url"
    assert settings_path("caseledger_memory__bank_prefix") == "memory.bank_prefix"
    assert settings_path("CASELEDGER_ENVIRONMENT") == "environment"
    assert settings_path("CASELEDGER_DB__BACKNED") is None
    assert settings_path("CASELEDGER_DB_BACKEND") is None
    assert settings_path("CASELEDGER_DB") is None
    assert settings_path("CASELEDGER_ENVIRONMENT__X") is None
    assert settings_path("POSTGRES_PASSWORD") is None


@pytest.mark.parametrize("name", APP_SERVICES)
def test_environment_builds_production_settings(
    services: dict[str, dict[str, Any]], clean_environ: pytest.MonkeyPatch, name: str
) -> None:
    env = resolved_environment(services[name])
    settings = build_settings(clean_environ, env)

    assert settings.environment == "production"
    assert settings.db.backend == "postgres"
    assert settings.db.postgres_url is not None
    url = urlsplit(settings.db.postgres_url.get_secret_value())
    assert (url.hostname, url.port) == ("postgres", 5432)
    assert url.username == SAMPLE_VARS["POSTGRES_USER"]
    assert url.password == SAMPLE_VARS["POSTGRES_PASSWORD"]
    assert url.path == "/" + SAMPLE_VARS["POSTGRES_DB"]

    assert settings.memory.backend == "hindsight"
    assert settings.memory.bank_prefix.startswith("cl-prod")
    assert settings.llm.provider == "offline"
    assert settings.llm.api_key is None


@pytest.mark.parametrize(
    ("variables", "expected_error"),
    [
        ({**SAMPLE_VARS, "LLM_PROVIDER": "groq"}, "CASELEDGER_LLM__API_KEY is required"),
        ({**SAMPLE_VARS, "POSTGRES_PASSWORD": DEV_PASSWORD}, "dev database password"),
    ],
    ids=["groq-without-key", "dev-password"],
)
def test_environment_reaches_the_settings_guards(
    services: dict[str, dict[str, Any]],
    clean_environ: pytest.MonkeyPatch,
    variables: dict[str, str],
    expected_error: str,
) -> None:
    env = resolved_environment(services["api"], variables)
    with pytest.raises(ValidationError, match=expected_error):
        build_settings(clean_environ, env)


def test_llm_provider_and_key_come_from_variables(
    services: dict[str, dict[str, Any]], clean_environ: pytest.MonkeyPatch
) -> None:
    variables = {**SAMPLE_VARS, "LLM_PROVIDER": "groq", "LLM_API_KEY": "gsk_sample"}
    settings = build_settings(clean_environ, resolved_environment(services["api"], variables))
    assert settings.llm.provider == "groq"
    assert settings.llm.api_key is not None
    assert settings.llm.api_key.get_secret_value() == "gsk_sample"


def test_kafka_bootstrap_matches_the_advertised_listener(
    services: dict[str, dict[str, Any]], clean_environ: pytest.MonkeyPatch
) -> None:
    settings = build_settings(clean_environ, resolved_environment(services["api"]))
    advertised = environment(services["kafka"])["KAFKA_ADVERTISED_LISTENERS"]
    endpoints = {listener.split("://", 1)[1] for listener in advertised.split(",")}
    for server in settings.kafka.bootstrap_servers.split(","):
        assert server in endpoints
        assert server.split(":")[0] in services


def test_hindsight_url_reaches_the_hindsight_server(
    services: dict[str, dict[str, Any]], clean_environ: pytest.MonkeyPatch
) -> None:
    settings = build_settings(clean_environ, resolved_environment(services["api"]))
    url = urlsplit(settings.memory.hindsight_url)
    hindsight_env = resolved_environment(services["hindsight"])
    assert url.hostname == "hindsight"
    assert url.port == int(hindsight_env["HINDSIGHT_API_PORT"])
    assert hindsight_env["HINDSIGHT_API_HOST"] == "0.0.0.0"


# ---------------------------------------------------------------------------------------------
# Secrets


def test_postgres_password_is_required_everywhere(compose: dict[str, Any]) -> None:
    uses = [(op, arg) for name, op, arg in placeholders(compose) if name == "POSTGRES_PASSWORD"]
    assert len(uses) >= 3, "postgres, hindsight and the app environment all use the password"
    for op, arg in uses:
        assert op == ":?" and arg.strip(), "POSTGRES_PASSWORD must be ${POSTGRES_PASSWORD:?msg}"


def test_no_default_secrets(compose: dict[str, Any]) -> None:
    for name, op, arg in placeholders(compose):
        if SECRET_NAME.search(name) and op in (":-", "-", ":+", "+"):
            assert arg == "", f"${{{name}{op}{arg}}} gives {name} a default"


def test_no_literal_secrets(services: dict[str, dict[str, Any]]) -> None:
    for service_name, service in services.items():
        for key, value in environment(service).items():
            if SECRET_NAME.search(key):
                assert "${" in value, f"{service_name}: {key} is a literal"
            for password in re.findall(r"://[^:/@\s]+:([^@\s]+)@", value):
                assert re.fullmatch(r"\$\{[A-Za-z_]\w*:\?[^}]+\}", password), (
                    f"{service_name}: {key} has a literal or optional password"
                )


@pytest.mark.parametrize("name", ["postgres", "hindsight", *APP_SERVICES])
def test_missing_password_stops_compose(services: dict[str, dict[str, Any]], name: str) -> None:
    variables = {k: v for k, v in SAMPLE_VARS.items() if k != "POSTGRES_PASSWORD"}
    with pytest.raises(MissingVariableError, match="POSTGRES_PASSWORD"):
        resolved_environment(services[name], variables)


def test_interpolation_follows_compose() -> None:
    assert interpolate("${A:-x}/${B-y}/$$C/${A}", {"B": ""}) == "x//$C/"
    assert interpolate("${A:+on}${B+on}", {"A": "1", "B": ""}) == "onon"
    with pytest.raises(MissingVariableError):
        interpolate("${A:?need A}", {"A": ""})
    with pytest.raises(MissingVariableError):
        interpolate("${A?need A}", {})
    assert interpolate("${A?need A}", {"A": ""}) == ""


# ---------------------------------------------------------------------------------------------
# Dependencies and health


def test_depends_on_refers_to_defined_services(services: dict[str, dict[str, Any]]) -> None:
    for name, service in services.items():
        for target, condition in depends_on(service).items():
            assert target in services, f"{name} depends on undefined service {target!r}"
            assert target != name
            assert condition in HEALTH_CONDITIONS, f"{name} -> {target}: {condition!r}"
            if condition == "service_healthy":
                assert healthcheck_test(services[target]), f"{target} has no healthcheck"


def test_dependency_graph_is_acyclic(services: dict[str, dict[str, Any]]) -> None:
    done: set[str] = set()

    def visit(name: str, trail: tuple[str, ...]) -> None:
        assert name not in trail, f"dependency cycle: {' -> '.join((*trail, name))}"
        if name not in done:
            for target in depends_on(services[name]):
                visit(target, (*trail, name))
            done.add(name)

    for name in services:
        visit(name, ())


@pytest.mark.parametrize("name", APP_SERVICES)
def test_app_services_wait_for_healthy_infrastructure(
    services: dict[str, dict[str, Any]], name: str
) -> None:
    deps = depends_on(services[name])
    assert deps.get("postgres") == "service_healthy"
    assert deps.get("kafka") == "service_healthy"
    assert deps.get("hindsight", "service_healthy") == "service_healthy"
    if name == "api":
        assert deps.get("hindsight") == "service_healthy"


def test_healthchecks(services: dict[str, dict[str, Any]]) -> None:
    for name in INFRA_SERVICES:
        test = healthcheck_test(services[name])
        assert test and test[0] in ("CMD", "CMD-SHELL") and len(test) > 1, name
    assert "pg_isready" in " ".join(healthcheck_test(services["postgres"]))
    kafka_check = " ".join(healthcheck_test(services["kafka"]))
    assert "/opt/kafka/bin/" in kafka_check and ":9092" in kafka_check
    port = environment(services["hindsight"])["HINDSIGHT_API_PORT"]
    assert f":{port}/health" in " ".join(healthcheck_test(services["hindsight"]))


# ---------------------------------------------------------------------------------------------
# Kafka


def test_kafka_runs_in_kraft_mode(compose: dict[str, Any]) -> None:
    services = compose["services"]
    for name, service in services.items():
        assert "zookeeper" not in name.lower()
        assert "zookeeper" not in str(service.get("image", "")).lower()
        assert not any("ZOOKEEPER" in key.upper() for key in environment(service)), name

    env = environment(services["kafka"])
    node_id = env["KAFKA_NODE_ID"]
    assert set(env["KAFKA_PROCESS_ROLES"].split(",")) == {"broker", "controller"}
    assert env["CLUSTER_ID"], "KRaft storage is formatted with CLUSTER_ID"
    listeners = dict(item.split("://", 1) for item in env["KAFKA_LISTENERS"].split(","))
    assert listeners["PLAINTEXT"].endswith(":9092")
    assert listeners["CONTROLLER"].endswith(":9093")
    assert env["KAFKA_ADVERTISED_LISTENERS"] == "PLAINTEXT://kafka:9092"
    assert env["KAFKA_CONTROLLER_LISTENER_NAMES"] == "CONTROLLER"
    assert env["KAFKA_CONTROLLER_QUORUM_VOTERS"] == f"{node_id}@kafka:9093"
    protocol_map = env["KAFKA_LISTENER_SECURITY_PROTOCOL_MAP"]
    protocols = dict(item.split(":") for item in protocol_map.split(","))
    assert set(listeners) <= set(protocols)
    assert env["KAFKA_INTER_BROKER_LISTENER_NAME"] in listeners
    for key in (
        "KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR",
        "KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR",
        "KAFKA_TRANSACTION_STATE_LOG_MIN_ISR",
    ):
        assert env[key] == "1", f"{key} must be 1 on a single node"


# ---------------------------------------------------------------------------------------------
# Hindsight


def test_hindsight_reads_every_variable_it_is_given(services: dict[str, dict[str, Any]]) -> None:
    env = environment(services["hindsight"])
    unknown = set(env) - HINDSIGHT_ENV_NAMES
    assert not unknown, f"hindsight-api does not read {sorted(unknown)}"
    for key, allowed in HINDSIGHT_SELF_CONTAINED.items():
        assert env.get(key) in allowed, f"{key}={env.get(key)!r} needs an outside service"


def test_hindsight_variable_names_match_the_package() -> None:
    # The installed package (when there is one) is the authority for the names listed above.
    if importlib.util.find_spec("hindsight_api") is None:
        return
    from hindsight_api import config

    read = {value for key, value in vars(config).items() if key.startswith("ENV_")}
    assert read >= HINDSIGHT_ENV_NAMES, sorted(HINDSIGHT_ENV_NAMES - read)


def test_hindsight_uses_the_compose_postgres(
    services: dict[str, dict[str, Any]], clean_environ: pytest.MonkeyPatch
) -> None:
    hindsight = services["hindsight"]
    assert depends_on(hindsight).get("postgres") == "service_healthy"
    hindsight_url = resolved_environment(hindsight)["HINDSIGHT_API_DATABASE_URL"]
    app_url = resolved_environment(services["api"])["CASELEDGER_DB__POSTGRES_URL"]
    assert urlsplit(hindsight_url)._replace(scheme="") == urlsplit(app_url)._replace(scheme="")
    assert environment(hindsight)["HINDSIGHT_API_DATABASE_SCHEMA"] != "public"


def test_hindsight_is_built_from_a_dockerfile_stage(services: dict[str, dict[str, Any]]) -> None:
    build = services["hindsight"]["build"]
    assert build["context"] == "."
    stage = next(s for s in dockerfile_stages() if s["name"] == build["target"])
    runs = " ".join(rest for instruction, rest in stage["lines"] if instruction == "RUN")
    assert "pip install" in runs and "hindsight-api-slim" in runs
    assert command(services["hindsight"])[0] == "hindsight-api"
    assert stage_user(stage["lines"]) not in ("", "root", "0")


# ---------------------------------------------------------------------------------------------
# Dockerfile and .dockerignore


def stage_user(lines: list[tuple[str, str]]) -> str:
    users = [rest for instruction, rest in lines if instruction == "USER"]
    return users[-1].split(":")[0] if users else ""


def test_dockerfile_builds_the_app_as_a_non_root_user() -> None:
    stages = dockerfile_stages()
    assert all(stage["base"] == "python:3.11-slim" for stage in stages if stage["name"] == "base")
    app = stages[-1]
    chain = {stage["name"]: stage["base"] for stage in stages}
    base = app["base"]
    while base in chain:
        base = chain[base]
    assert base == "python:3.11-slim"
    runs = [rest for instruction, rest in app["lines"] if instruction == "RUN"]
    assert any(re.search(r"pip install (--\S+ )*\.(\s|$)", run) for run in runs)
    assert stage_user(app["lines"]) not in ("", "root", "0")
    cmd = [rest for instruction, rest in app["lines"] if instruction == "CMD"][-1]
    assert json.loads(cmd) == EXPECTED_COMMANDS["api"]


def test_dockerignore_keeps_secrets_out_and_the_package_in() -> None:
    patterns = [
        line.strip()
        for line in DOCKERIGNORE.read_text().splitlines()
        if line.strip() and not line.startswith("#") and not line.startswith("!")
    ]
    for needed in (".env", ".git", ".venv"):
        assert needed in patterns
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    package_dir = pyproject["tool"]["setuptools"]["package-dir"]
    package_dirs = {path.split("/")[0] for path in package_dir.values()}
    for kept in {"pyproject.toml", *package_dirs}:
        assert not any(fnmatch.fnmatch(kept, pattern) for pattern in patterns), kept
