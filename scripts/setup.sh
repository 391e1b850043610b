#!/usr/bin/env bash
# Installs what the project needs on a fresh machine: pnpm (the pinned version), the Debian
# packages the tests use, and the workspace's dependencies. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

pnpm_version=$(node -p "require('./package.json').packageManager.split('@')[1]")
if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$pnpm_version" ]; then
  npm install --global --no-fund --no-audit "pnpm@${pnpm_version}" >/dev/null
fi

# Debian packages used by tests: a real Redis for the shared limiter, Chromium for the page.
need=()
for pkg in $(cat scripts/apt-packages.txt 2>/dev/null || true); do
  dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
done
if [ "${#need[@]}" -gt 0 ]; then
  sudo_cmd=""
  [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
fi

export TURBO_TELEMETRY_DISABLED=1
pnpm install --frozen-lockfile --reporter=append-only

# The sandbox CLI (`pnpm exec tradeline-sandbox`) runs the build: build it and the rules it uses.
pnpm exec turbo run build --filter=@tradeline/sandbox --output-logs=errors-only
