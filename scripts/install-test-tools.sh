#!/usr/bin/env bash
# The Debian tools the test suite uses besides npm's, installed when missing (root; .ci/run calls it):
#   chromium       the end-to-end tests' browser
#   poppler-utils  pdftotext and pdftoppm read the generated PDFs back
#   libxml2-utils  xmllint validates the SEPA collection files against the ISO 20022 schema
# and the schema of the SEPA direct debit message, pain.008.001.02.xsd (ISO 20022 namespace, in the edition of the
# German banking industry that adds the EPC's SEPA rules: stricter than ISO's base schema, so a file it accepts is
# valid ISO 20022 and SEPA both), taken from Debian's libhbci4j-core-java, which ships it inside its jar: downloaded
# and unpacked only (its Java dependencies are not needed), into /usr/local/share/xml/iso20022
# (ISO20022_SCHEMA_DIR elsewhere).
set -euo pipefail
SCHEMA_DIR="${ISO20022_SCHEMA_DIR:-/usr/local/share/xml/iso20022}"
export DEBIAN_FRONTEND=noninteractive
updated=0
update() { if [ "$updated" = 0 ]; then apt-get update -qq; updated=1; fi; }

missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v xmllint >/dev/null 2>&1 || missing+=(libxml2-utils)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "Installing Debian's ${missing[*]} for the tests..."
  update
  apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if [ ! -f "$SCHEMA_DIR/pain.008.001.02.xsd" ]; then
  echo "Unpacking the ISO 20022 schema pain.008.001.02.xsd from Debian's libhbci4j-core-java..."
  update
  work="$(mktemp -d)"
  chmod 755 "$work" # apt's download user writes there
  (cd "$work" && apt-get download -qq libhbci4j-core-java >/dev/null && dpkg-deb -x libhbci4j-core-java_*.deb root)
  mkdir -p "$SCHEMA_DIR"
  python3 - "$work/root/usr/share/java/hbci4j-core.jar" "$SCHEMA_DIR" <<'PY'
import sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as jar:
    with open(f"{sys.argv[2]}/pain.008.001.02.xsd", "wb") as out:
        out.write(jar.read("pain.008.001.02.xsd"))
PY
  rm -rf "$work"
fi
