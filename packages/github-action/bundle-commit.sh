#!/usr/bin/env bash
# Builds dist/ from the engine packages as committed in HEAD (not from a working tree that
# may hold uncommitted changes), so the bundle committed next matches a clean clone's build.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(git -C "$here" rev-parse --show-toplevel)"
tree="$(mktemp -d)/transloom-head"
trap 'git -C "$repo" worktree remove --force "$tree" >/dev/null 2>&1 || true' EXIT
git -C "$repo" worktree add --quiet --detach "$tree" HEAD
ln -s "$repo/node_modules" "$tree/node_modules"
for pkg in client core; do
  cp -a "$repo/packages/$pkg/node_modules" "$tree/packages/$pkg/node_modules"
  (cd "$tree/packages/$pkg" && "$repo/node_modules/.bin/tsc" -p tsconfig.build.json)
done
node "$here/build.mjs" --sources-from "$tree"
echo "built from the engine at $(git -C "$tree" rev-parse --short HEAD); commit dist/ before core or client move on"
