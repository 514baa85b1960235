# syntax=docker/dockerfile:1
#
# Two images from one file:
#   docker build .                        caseledger (the last stage): API, relay, projector
#   docker build --target hindsight .     the Hindsight memory server (PyPI hindsight-api-slim)
# docker-compose.yml builds both.

ARG PYTHON_IMAGE=python:3.11-slim
# sentence-transformers needs PyTorch; the CPU-only wheels keep the images a few GB smaller
# than the default CUDA build. Point this at any index that serves torch to change that.
ARG TORCH_INDEX_URL=https://download.pytorch.org/whl/cpu

FROM ${PYTHON_IMAGE} AS base
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_ROOT_USER_ACTION=ignore


FROM base AS hindsight
ARG TORCH_INDEX_URL
ARG HINDSIGHT_VERSION=1.1.0
# [local-ml]: in-process sentence-transformers embeddings (HINDSIGHT_API_EMBEDDINGS_PROVIDER=local).
RUN pip install --index-url "${TORCH_INDEX_URL}" torch \
    && pip install "hindsight-api-slim[local-ml]==${HINDSIGHT_VERSION}"
RUN useradd --create-home --uid 10001 --user-group hindsight \
    && install -d -o hindsight -g hindsight /home/hindsight/.cache/huggingface
USER hindsight
WORKDIR /home/hindsight
ENV HF_HOME=/home/hindsight/.cache/huggingface \
    HINDSIGHT_API_HOST=0.0.0.0 \
    HINDSIGHT_API_PORT=8888
EXPOSE 8888
CMD ["hindsight-api"]


FROM base AS app
ARG TORCH_INDEX_URL
RUN useradd --create-home --uid 10001 --user-group caseledger
WORKDIR /src
# Dependencies first, from pyproject.toml alone, so that a code change reuses this layer.
COPY pyproject.toml ./
RUN pip install --index-url "${TORCH_INDEX_URL}" torch \
    && python -c "import tomllib; print('\n'.join(tomllib.load(open('pyproject.toml', 'rb'))['project']['dependencies']))" > /tmp/requirements.txt \
    && pip install -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt
COPY . .
# The guard's learned pair model ships in the package (adapters/equivalence/models/); a
# deployment may serve another with CASELEDGER_GUARD__PAIR_MODEL_DIR, or none with
# CASELEDGER_GUARD__USE_PAIR_MODEL=false.
RUN pip install . && cd / && rm -rf /src
# Run from the home directory, not the source tree: nothing shadows the installed package and
# no stray .env is read.
WORKDIR /home/caseledger
USER caseledger
EXPOSE 8000
CMD ["uvicorn", "caseledger.api.app:app_from_env", "--factory", "--host", "0.0.0.0", "--port", "8000"]
