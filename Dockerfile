# pbem in a container: a static binary on distroless, run as a user
# without privileges, its data directory a volume.
#
#   docker build -t pbem .
#   docker run -d --name pbem -v pbem-data:/data -v "$PWD/pbem.toml:/etc/pbem/pbem.toml:ro" \
#     -e PBEM_IMAP_PASSWORD -e PBEM_SMTP_PASSWORD -p 127.0.0.1:8025:8025 pbem
#
# deploy/compose.yaml runs it on a three-node NATS cluster; docs/operating.md
# says more.

FROM golang:1.26 AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
# The checkout's .git comes along, so that the toolchain stamps the
# revision pbem version names; nothing is stamped by hand.
COPY . .
RUN CGO_ENABLED=0 go build -trimpath -ldflags='-s -w' -o /out/pbem ./cmd/pbem \
	&& mkdir -p /out/data

# distroless/static: CA certificates, tzdata and /etc/passwd, no shell.
FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/pbem /usr/local/bin/pbem
COPY --from=build --chown=65532:65532 /out/data /data
COPY LICENSE NOTICE /usr/share/doc/pbem/
# The "nonroot" user of distroless.
USER 65532:65532
ENV PBEM_DATA=/data \
	PBEM_HTTP_LISTEN=0.0.0.0:8025
VOLUME /data
EXPOSE 8025
# No curl here: the binary asks its own /healthz.
HEALTHCHECK --interval=30s --timeout=10s --start-period=60s --retries=3 \
	CMD ["/usr/local/bin/pbem", "health", "--quiet", "--url", "http://127.0.0.1:8025/healthz"]
ENTRYPOINT ["/usr/local/bin/pbem"]
CMD ["serve", "--config", "/etc/pbem/pbem.toml"]
