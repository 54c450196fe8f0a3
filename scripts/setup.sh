#!/usr/bin/env bash
# One set-up for `npm start` and `npm test`: system packages, npm packages, the front-end build.
# Each step is skipped when already done, so a second run takes seconds.
#   --test      also the test tools: chromium and its headless shell (Playwright), postgresql (integration suite)
#   --no-build  skip the front-end build (npm run dev serves it with Vite)
# The database is migrated and seeded by the server itself at start (server/main.ts).
set -euo pipefail
cd "$(dirname "$0")/.."

want_test=0
want_build=1
for arg in "$@"; do
  case "$arg" in
    --test) want_test=1 ;;
    --no-build) want_build=0 ;;
    *) echo "setup.sh: unknown option $arg" >&2; exit 2 ;;
  esac
done

say() { printf '\033[1m[setup]\033[0m %s\n' "$*"; }

# --- Node -----------------------------------------------------------------------------------------
node_major=$(node -p 'process.versions.node.split(".")[0]')
node_minor=$(node -p 'process.versions.node.split(".")[1]')
if (( node_major < 20 || (node_major == 20 && node_minor < 19) )); then
  echo "Sparky Reads needs Node.js 20.19 or newer (found $(node --version))." >&2
  exit 1
fi

# --- System packages (Debian) -----------------------------------------------------------------------
# Speech: pocketsphinx (recognition), sphinxbase-utils (sphinx_fe: the scorer's own-vowel check reads the
# reading's cepstra, 184 kB), flite (speech and test readings), sox (audio conversion).
packages=(pocketsphinx pocketsphinx-en-us sphinxbase-utils flite sox)
# pocketsphinx-testdata (1.8 MB): real LibriVox read speech with transcripts for `npm run bench:scoring`;
# asterisk-core-sounds-en and -en-g722 (12 MB, CC-BY-SA 3.0): its second real-speech set, the Asterisk prompts with
# their transcripts, in G.722, which libspandsp2 (0.9 MB) decodes (scripts/bench/g722.ts, scripts/bench/ivr-speech.ts).
# chromium-headless-shell: the same chromium release without the browser's user interface, which the Playwright
# tests drive (ADR 0032: about a quarter less CPU on 2 cores); chromium itself for bench:speech and by hand.
# fonts-noto-color-emoji (10 MB): the pictures of the alphabet screen are emoji (ADR 0037), which Debian's
# chromium draws only with a colour emoji font; a desktop that runs a browser usually has one already.
if (( want_test )); then
  packages+=(chromium chromium-headless-shell postgresql pocketsphinx-testdata fonts-noto-color-emoji)
  packages+=(asterisk-core-sounds-en asterisk-core-sounds-en-g722 libspandsp2)
fi
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if (( ${#missing[@]} )); then
  if [[ $(id -u) -eq 0 ]]; then apt_prefix=()
  elif command -v sudo >/dev/null && sudo -n true 2>/dev/null; then apt_prefix=(sudo)
  else
    echo "These Debian packages are missing: ${missing[*]}" >&2
    echo "Install them as root, then run this again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  say "installing Debian packages: ${missing[*]}"
  "${apt_prefix[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${apt_prefix[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# --- npm packages -----------------------------------------------------------------------------------
# `npm install` (not `npm ci`): npm 11 refuses `npm ci` on this lock file because it leaves the optional
# platform bindings of unrs-resolver (pulled in by eslint-plugin-import-x) out of it; `npm install`
# installs the locked versions all the same.
stamp=node_modules/.sparky-lock-hash
lock_hash() { sha256sum package.json package-lock.json | sha256sum | cut -d' ' -f1; }
if [[ ! -f $stamp || $(cat "$stamp") != "$(lock_hash)" ]]; then
  say "installing npm packages"
  # onnxruntime-node (Moonshine, below) would fetch CUDA libraries from nuget.org on Linux x64: the CPU
  # is all it needs, and nothing may need more than the npm registry.
  ONNXRUNTIME_NODE_INSTALL=skip npm install --no-audit --no-fund --loglevel=error
  lock_hash > "$stamp"
fi

# --- Moonshine tiny (second opinion on spoken commands; ADR 0015, eighth round) ------------------------
# An English speech model (Moonshine tiny, quantised, 28 MB, MIT) that the npm package
# @moonshine-ai/moonshine-js ships. That package cannot be a dependency (one of its own dependencies is a
# `file:` path), so its tarball is fetched from the npm registry, checked against its pinned SHA-512 and
# only the two model files are kept. Without them spoken commands are still recognised, by pocketsphinx
# alone (the server says so at start).
moonshine_dir=models/moonshine-tiny
moonshine_pkg=@moonshine-ai/moonshine-js@0.1.29
moonshine_sha512=1b1d41de625c6ccebc8a14b2fcbc8912e1241aaeec60ca936f4e3335d7087a2754d144559529973f41b28903934c0a836505e5202ee4f9b932f8575793450f96
if [[ ! -f $moonshine_dir/encoder_model.onnx || ! -f $moonshine_dir/decoder_model_merged.onnx ]]; then
  say "fetching the Moonshine tiny speech model ($moonshine_pkg, 21 MB)"
  moonshine_tmp=$(mktemp -d)
  if (cd "$moonshine_tmp" && npm pack "$moonshine_pkg" --silent --loglevel=error >/dev/null) &&
    tarball=$(ls "$moonshine_tmp"/*.tgz) &&
    [[ $(sha512sum "$tarball" | cut -d' ' -f1) == "$moonshine_sha512" ]] &&
    tar -xzf "$tarball" -C "$moonshine_tmp" package/dist/model/tiny/quantized; then
    mkdir -p "$moonshine_dir"
    mv "$moonshine_tmp"/package/dist/model/tiny/quantized/{encoder_model,decoder_model_merged}.onnx "$moonshine_dir"/
  else
    echo "[setup] could not fetch or check $moonshine_pkg: spoken commands will use pocketsphinx alone" >&2
    if (( want_test )); then rm -rf "$moonshine_tmp"; exit 1; fi
  fi
  rm -rf "$moonshine_tmp"
fi

# --- Front-end build --------------------------------------------------------------------------------
if (( want_build )); then
  build_inputs=(index.html vite.config.ts package-lock.json src core machines voice a11y public)
  existing=()
  for f in "${build_inputs[@]}"; do [[ -e $f ]] && existing+=("$f"); done
  build_hash=$(find "${existing[@]}" -type f ! -name '*.test.ts' ! -name '*.test.tsx' -print0 | sort -z |
    xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
  if [[ ! -f dist/.build-hash || $(cat dist/.build-hash) != "$build_hash" ]]; then
    say "building the front end"
    npx vite build --logLevel warn
    echo "$build_hash" > dist/.build-hash
  fi
fi
say "ready"
