# ascendc-lint in a container (Debian 12):
#   docker build -t ascendc-lint .
#   docker run --rm -v "$PWD:/src" -w /src ascendc-lint --target=ascend910b op_kernel/add_custom.cpp
FROM debian:12 AS build
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      build-essential cmake make ca-certificates \
      clang-19 llvm-19-dev libclang-19-dev libclang-cpp19-dev libz3-dev nlohmann-json3-dev \
    && rm -rf /var/lib/apt/lists/*
COPY . /src
# The tool only: the tests need Catch2 and are run by scripts/test.sh.
RUN cmake -S /src -B /build -DCMAKE_BUILD_TYPE=Release -DASCENDC_LINT_BUILD_TESTS=OFF \
    && cmake --build /build -j"$(nproc)" \
    && DESTDIR=/install cmake --install /build --prefix /usr

FROM debian:12
# Runtime: the shared LLVM/Clang/Z3 libraries and Clang's builtin headers.
RUN apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      libclang-cpp19 libllvm19 libz3-4 libclang-common-19-dev \
    && rm -rf /var/lib/apt/lists/*
COPY --from=build /install/ /
RUN ascendc-lint --version && ascendc-lint --print-api-dir
ENTRYPOINT ["ascendc-lint"]
