#!/usr/bin/env bash
# Builds CircuitPython's own programs for a machine without ../shared/circuitpython:
#   circuitpython-unix32            the unix port, 32-bit (a Cortex-M's object sizes, small ints)
#   circuitpython-unix32-displayio  the same plus CircuitPython's C displayio (no display)
#   mpy-cross                       CircuitPython's cross-compiler (.mpy with the 'C' header)
# into the cache folder tools/cptools.py looks in (cptools.cache_dir(), printed at the end),
# or into OUT_DIR. Same make steps as ../shared/circuitpython/build.sh, from the same commit.
#
#   usage: bash tools/build_circuitpython.sh [OUT_DIR]
#
# Needs git, make, python3 with venv, network (GitHub and PyPI) and a C compiler that links
# static 32-bit programs (Debian, Ubuntu: apt install gcc-multilib). About 20 minutes on two
# cores. The compiler output goes to build.log beside the programs. On failure the last line
# printed says why. Environment: CIRCUITPYTHON_GIT_URL (default the GitHub repository; a
# mirror or a local clone works too), JOBS (parallel make jobs, default nproc).
#
# The source: adafruit/circuitpython (MIT), main at cptools.COMMIT, no submodules. Only the
# short hash is pinned, and a server fetches single commits by full hash only, so the script
# fetches main's history since the release tag the commit descends from (DESCRIBE below:
# `git describe` of the commit) and checks the commit out; if the server cannot cut history
# at a tag, it deepens from 200 commits until the commit is there.
set -Eeuo pipefail

here=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$here")
variant="$here/circuitpython/displayio-variant"
DESCRIBE=10.3.0-alpha.4-185 # `git describe` of cptools.COMMIT; change both together
tag=${DESCRIBE%-*}
url=${CIRCUITPYTHON_GIT_URL:-https://github.com/adafruit/circuitpython}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
export GIT_TERMINAL_PROMPT=0

fail() {
  trap - ERR
  echo "build_circuitpython.sh: $*" >&2
  exit 1
}
trap 'fail "failed at line $LINENO: $BASH_COMMAND"' ERR

for tool in git make python3; do
  command -v "$tool" >/dev/null 2>&1 || fail "$tool is not installed"
done
read -r commit cache < <(cd "$root" && python3 -c \
  'import sys; sys.path.insert(0, "tools"); import cptools; print(cptools.COMMIT, cptools.cache_dir())') \
  || fail "cannot read the pinned commit from tools/cptools.py"
out=${1:-$cache}
if [ -x "$out/circuitpython-unix32" ] && [ -x "$out/circuitpython-unix32-displayio" ] \
  && [ -x "$out/mpy-cross" ]; then
  echo "already built in $out (delete the folder to build again)"
  exit 0
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/build-circuitpython.XXXXXX")
trap 'rm -rf "$work"' EXIT

# 1. A C compiler that links a static 32-bit program (the port is built -m32 -static).
printf 'int main(void) { return 0; }\n' >"$work/probe.c"
gcc -m32 -static "$work/probe.c" -o "$work/probe" >/dev/null 2>&1 && "$work/probe" \
  || fail "no 32-bit C compiler: 'gcc -m32 -static' cannot build and run a trivial program (Debian, Ubuntu: apt install gcc-multilib)"

# 2. The source at the pinned commit, without submodules.
src="$work/circuitpython"
echo "fetching adafruit/circuitpython $commit from $url"
git init -q "$src"
git -C "$src" remote add origin "$url"
have_commit() { git -C "$src" cat-file -e "$commit^{commit}" 2>/dev/null; }
fetched() { # fetch ARGS...: quiet, git's complaint kept for the reason
  git -C "$src" fetch -q --no-tags "$@" origin main 2>"$work/fetch.log"
}
complaint() { # the first "fatal:" line of git's complaint, else its last line
  grep -m 1 '^fatal:' "$work/fetch.log" || tail -n 1 "$work/fetch.log"
}
if ! fetched --shallow-exclude="$tag" || ! have_commit; then
  fetched --depth 200 || fail "cannot fetch $url (no network?): $(complaint)"
  for _ in $(seq 1 30); do
    have_commit && break
    fetched --deepen 1000 || fail "cannot fetch $url: $(complaint)"
  done
fi
have_commit || fail "commit $commit is not in the history of main at $url"
git -C "$src" -c advice.detachedHead=false checkout -q "$commit"
# The version in sys.version comes from `git describe`, which finds no tag in a clone cut
# at the tag; name the commit after its release tag, so it reads as ../shared's does.
git -C "$src" describe --tags >/dev/null 2>&1 || git -C "$src" tag "$tag"

# 3. The Python packages the build scripts use (CircuitPython's translation compressor and
# the font generator of the displayio variant), in a throwaway venv first on PATH.
echo "installing huffman, polib, adafruit-circuitpython-bitmap-font into a build venv"
python3 -m venv "$work/venv" >/dev/null 2>&1 \
  || fail "python3 cannot make a venv (Debian, Ubuntu: apt install python3-venv)"
"$work/venv/bin/pip" install -q --disable-pip-version-check --no-deps huffman polib \
  adafruit-circuitpython-bitmap-font==2.5.1 >"$work/pip.log" 2>&1 \
  || fail "pip cannot install huffman, polib, adafruit-circuitpython-bitmap-font (no network?): $(tail -n 1 "$work/pip.log")"
export PATH="$work/venv/bin:$PATH"
site=$(python3 -c 'import sysconfig; print(sysconfig.get_paths()["purelib"])')

# 4. The make steps of ../shared/circuitpython/build.sh.
mkdir -p "$out"
log="$out/build.log"
: >"$log"
run() { # run WHAT COMMAND...: the command's output goes to the log
  echo "$1 (log: $log)"
  "${@:2}" >>"$log" 2>&1 || { tail -n 20 "$log" >&2; fail "$1 failed (whole log: $log)"; }
}
FLAGS=(FROZEN_MANIFEST= MICROPY_PY_FFI=0 MICROPY_PY_BTREE=0 MICROPY_PY_SSL=0
  MICROPY_SSL_AXTLS=0 MICROPY_SSL_MBEDTLS=0 CIRCUITPY_ULAB=0 MICROPY_FORCE_32BIT=1
  CFLAGS_EXTRA=-DMICROPY_PY_MICROPYTHON_RINGIO=0 LDFLAGS_EXTRA=-static)

# The unix port, 32-bit like a Cortex-M: same object sizes, same small-int range.
run "building the unix port (1/3)" make -C "$src/ports/unix" -j"$jobs" VARIANT=standard "${FLAGS[@]}"

# The same plus the displayio object model (no display driver): variant "displayio".
mkdir -p "$src/ports/unix/variants/displayio" "$src/tools/bitmap_font"
cp -r "$variant/variants/displayio/." "$src/ports/unix/variants/displayio/"
[ -d "$src/tools/bitmap_font/adafruit_bitmap_font" ] \
  || cp -r "$site/adafruit_bitmap_font" "$src/tools/bitmap_font/"
cp "$variant/tools/fontio.py" "$src/tools/bitmap_font/"
cp "$variant/tools/gen_display_resources_compat.py" "$src/tools/"
gen=variants/displayio/autogen_display_resources.c
run "generating terminalio's font" bash -c "cd '$src/ports/unix' && { [ -s $gen ] || python3 \
  ../../tools/gen_display_resources_compat.py --font ../../tools/fonts/ter-u12n.bdf \
  --sample_file ../../locale/en_US.po --output_c_file $gen; }"
run "building the unix port with displayio (2/3)" \
  make -C "$src/ports/unix" -j"$jobs" VARIANT=displayio "${FLAGS[@]}"

# CircuitPython's own cross-compiler.
run "building mpy-cross (3/3)" make -C "$src/mpy-cross" -j"$jobs"

cp "$src/ports/unix/build-standard/micropython" "$out/circuitpython-unix32"
cp "$src/ports/unix/build-displayio/micropython" "$out/circuitpython-unix32-displayio"
cp "$src/mpy-cross/build/mpy-cross" "$out/mpy-cross"
echo "built into $out: circuitpython-unix32 circuitpython-unix32-displayio mpy-cross"
