# `harvest serve` in a small image: built in Rust's image, run from a distroless one (glibc,
# CA certificates, no shell) as an unprivileged user. docs/serve.md, "Deployment", explains the
# limits set here and the memory they bound (about 430 MB on two cores).
#
#   docker build -t harvest .
#   docker run --rm -p 8080:8080 --memory 768m harvest

FROM rust:1-slim-bookworm AS build
WORKDIR /src
COPY . .
RUN cargo build --release --locked -p harvest-cli --features serve \
 && strip target/release/harvest

FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /src/target/release/harvest /usr/local/bin/harvest
USER nonroot:nonroot
# Limits for a public instance (every flag has its HARVEST_SERVE_* variable; `docker run -e`
# overrides them). Behind a reverse proxy, add HARVEST_SERVE_TRUSTED_PROXY=<its address>.
ENV HARVEST_SERVE_LISTEN=0.0.0.0:8080 \
    HARVEST_SERVE_METRICS_LISTEN=0.0.0.0:9090 \
    HARVEST_SERVE_ACCESS_LOG=json \
    HARVEST_SERVE_MAX_BODY=2M \
    HARVEST_SERVE_BODY_MEMORY=128M \
    HARVEST_SERVE_MAX_IN_FLIGHT=64 \
    HARVEST_SERVE_TIMEOUT=15 \
    HARVEST_SERVE_MAX_OUTPUT=16M \
    HARVEST_SERVE_RATE_PER_CLIENT=10 \
    HARVEST_SERVE_MAX_IN_FLIGHT_PER_CLIENT=16 \
    HARVEST_SERVE_MAX_CONNECTIONS_PER_CLIENT=64 \
    HARVEST_SERVE_MAX_CONNECTIONS=1024 \
    HARVEST_SERVE_FETCH_RATE_PER_HOST=5
# 8080: the API and the playground; 9090: /metrics, for the monitoring only.
EXPOSE 8080 9090
ENTRYPOINT ["/usr/local/bin/harvest", "serve"]
