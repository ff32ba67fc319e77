#!/bin/sh
# Makes a certificate authority and a server certificate signed by it, for loopback HTTPS in
# the benchmarks and the end-to-end tests, in the current directory: ca.pem (the CA to trust),
# server.pem and server.key (for localhost and 127.0.0.1), valid two days.
#
#   sh bench/test-ca.sh [CA-NAME]
set -e
name=${1:-Test CA}
key() { echo "-newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -keyout $1.key"; }
# shellcheck disable=SC2046 # key's words are separate options
openssl req -x509 $(key ca) -out ca.pem -days 2 -subj "/CN=$name" 2>/dev/null
# shellcheck disable=SC2046
openssl req -new $(key server) -out server.csr -subj "/CN=localhost" 2>/dev/null
printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' > server.ext
openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem \
  -days 2 -extfile server.ext 2>/dev/null
