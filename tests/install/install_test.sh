#!/usr/bin/env bash
# install_test.sh MODE: the tests of `cmake --install` and of the Debian
# package (tests/install/install.cmake registers one CTest test per mode and
# passes the build's facts in SWR_* environment variables). Each mode
# checks what a user gets against what the project promises
# (cmake/swr_install.cmake): the exact file list, a program built the two
# documented ways and its pixels, the tools from the installed tree.
#
#   files       install into $SWR_PREFIX (emptied first); the file list
#               (with symlinks and their targets) equals expected_files.txt;
#               the soname; no installed ELF file keeps an rpath into the
#               build tree. The other install modes need it (CTest fixture).
#   pkgconfig   osmesa_hello.c built with `pkg-config --cflags --libs osmesa`
#               (PKG_CONFIG_PATH=<libdir>/swr/pkgconfig) and with
#               swr-osmesa (<libdir>/pkgconfig), run without LD_LIBRARY_PATH;
#               a program linked with gl / swr-gl loads the private libGL.so.1
#   cmake       consumer/: find_package(swr) + swr::OSMesa, built and run
#   tools       the installed tools from a copy of the prefix moved
#               elsewhere: --version, and swr_glbench finding the moved
#               <libdir>/swr/libOSMesa.so.8 from any directory
#   deb         cpack -G DEB; dpkg-deb --info (package, version, run-time
#               dependencies) and --contents (the same files under /usr, no
#               file any installed package owns, none of Mesa's paths)
#   deb-install root only (exit 77 = skipped otherwise, or when a package
#               swr is already installed): dpkg -i, build and run
#               osmesa_hello against /usr with pkg-config swr-osmesa,
#               glxinfo on a private Xvfb with the installed libGL.so.1 and
#               through glvnd with libGLX_swr.so.0, dpkg --purge, nothing
#               left behind
# Exit status 0 pass, 1 fail (one line per problem), 77 skipped.
set -uo pipefail
mode=${1:?mode}
here=$(cd "$(dirname "$0")" && pwd)
: "${SWR_BUILD_DIR:?}" "${SWR_PREFIX:?}" "${SWR_LIBDIR:?}" "${SWR_INCLUDEDIR:?}" "${SWR_DOCDIR:?}"
: "${SWR_CONFIG:?}" "${SWR_VERSION:?}"
work="$SWR_BUILD_DIR/test-install/$mode"
rm -rf "$work"
mkdir -p "$work"
fail=0
problem() { echo "install_test $mode: $*" >&2; fail=1; }

# Compiler flags a program needs to load this build's library: a sanitizer
# build's library expects the sanitizer runtime in the executable.
san_flags=""
if [ "${SWR_SANITIZE:-}" = "address" ]; then
  san_flags="-fsanitize=address,undefined"
  export ASAN_OPTIONS=detect_leaks=0
elif [ "${SWR_SANITIZE:-}" = "thread" ]; then
  san_flags="-fsanitize=thread"
fi
cc=${CC:-cc}
unset LD_LIBRARY_PATH

expected_list() { # prefix-relative paths of expected_files.txt, for libdir $1
  sed -e "s|@LIBDIR@|$1|g" -e "s|@INCLUDEDIR@|$SWR_INCLUDEDIR|g" \
      -e "s|@DOCDIR@|$SWR_DOCDIR|g" -e "s|@CONFIG@|$SWR_CONFIG|g" "$here/expected_files.txt" | sort
}

actual_list() { # every file and symlink under $1 as "path" or "path -> target"
  (cd "$1" && find . \( -type f -o -type l \) | sed 's|^\./||' | sort | while read -r f; do
     if [ -L "$f" ]; then echo "$f -> $(readlink "$f")"; else echo "$f"; fi
   done)
}

run_hello() { # $1 executable: runs it without LD_LIBRARY_PATH, checks its lines
  local out
  if ! out=$("$1" 2>&1); then problem "$1 failed: $out"; return; fi
  grep -q "^renderer: swr" <<<"$out" || problem "$1 did not render with swr: $out"
  grep -q "image as expected" <<<"$out" || problem "$1: $out"
}

case "$mode" in
files)
  rm -rf "$SWR_PREFIX"
  if ! cmake --install "$SWR_BUILD_DIR" --prefix "$SWR_PREFIX" >"$work/install.log" 2>&1; then
    cat "$work/install.log" >&2; problem "cmake --install failed"; exit 1
  fi
  expected_list "$SWR_LIBDIR" >"$work/expected"
  actual_list "$SWR_PREFIX" >"$work/actual"
  if ! diff -u "$work/expected" "$work/actual" >&2; then problem "installed files differ (- expected, + installed)"; fi
  lib="$SWR_PREFIX/$SWR_LIBDIR/swr/libOSMesa.so.8.0.0"
  soname=$(readelf -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
  [ "$soname" = "libOSMesa.so.8" ] || problem "soname '$soname', expected libOSMesa.so.8"
  while read -r f; do
    if [ "$(head -c4 "$f" | tail -c3)" = "ELF" ]; then
      rp=$(readelf -d "$f" | grep -E 'R(UN)?PATH' || true)
      if grep -q "$SWR_BUILD_DIR" <<<"$rp"; then problem "$f keeps a build-tree rpath: $rp"; fi
    fi
  done < <(find "$SWR_PREFIX" -type f)
  ;;
pkgconfig)
  for pc in "osmesa:$SWR_PREFIX/$SWR_LIBDIR/swr/pkgconfig" "swr-osmesa:$SWR_PREFIX/$SWR_LIBDIR/pkgconfig"; do
    name=${pc%%:*}; dir=${pc#*:}
    if ! flags=$(PKG_CONFIG_PATH="$dir" PKG_CONFIG_LIBDIR="$dir" pkg-config --cflags --libs "$name"); then
      problem "pkg-config $name failed"; continue
    fi
    ver=$(PKG_CONFIG_LIBDIR="$dir" pkg-config --modversion "$name")
    [ "$ver" = "8.0.0" ] || problem "pkg-config --modversion $name: '$ver'"
    # shellcheck disable=SC2086
    if ! $cc $san_flags "$here/osmesa_hello.c" -o "$work/hello-$name" $flags 2>"$work/cc-$name.log"; then
      cat "$work/cc-$name.log" >&2; problem "cc with pkg-config $name failed ($flags)"; continue
    fi
    run_hello "$work/hello-$name"
    # the program must load the installed copy, not the build tree's
    # (ldd's output in a variable: grep -q closing a pipe early would make
    # ldd die of SIGPIPE, a failure under pipefail)
    libs=$(ldd "$work/hello-$name")
    grep -q "libOSMesa.so.8 => .*/$SWR_LIBDIR/swr/libOSMesa.so.8" <<<"$libs" ||
      problem "hello-$name does not load the installed library: $(grep OSMesa <<<"$libs")"
  done
  # gl.pc / swr-gl.pc: a program linked with them loads the private
  # folder's libGL.so.1 without LD_LIBRARY_PATH (it only takes glGetString's
  # address, so it needs no X server)
  printf '%s\n' 'extern const unsigned char *glGetString(unsigned name);' \
    'const unsigned char *(*volatile f)(unsigned) = glGetString;' \
    'int main(void) { return f == 0; }' >"$work/gl_hello.c"
  for pc in "gl:$SWR_PREFIX/$SWR_LIBDIR/swr/pkgconfig" "swr-gl:$SWR_PREFIX/$SWR_LIBDIR/pkgconfig"; do
    name=${pc%%:*}; dir=${pc#*:}
    if ! flags=$(PKG_CONFIG_PATH="$dir" PKG_CONFIG_LIBDIR="$dir" pkg-config --cflags --libs "$name"); then
      problem "pkg-config $name failed"; continue
    fi
    # shellcheck disable=SC2086
    if ! $cc $san_flags "$work/gl_hello.c" -o "$work/glhello-$name" $flags 2>"$work/cc-$name.log"; then
      cat "$work/cc-$name.log" >&2; problem "cc with pkg-config $name failed ($flags)"; continue
    fi
    env -u LD_LIBRARY_PATH "$work/glhello-$name" || problem "glhello-$name failed to run"
    libs=$(env -u LD_LIBRARY_PATH ldd "$work/glhello-$name")
    grep -q "libGL.so.1 => .*/$SWR_LIBDIR/swr/libGL.so.1" <<<"$libs" ||
      problem "glhello-$name does not load the installed libGL: $(grep libGL <<<"$libs")"
  done
  ;;
cmake)
  if ! cmake -S "$here/consumer" -B "$work/build" -DCMAKE_PREFIX_PATH="$SWR_PREFIX" \
        -DCMAKE_C_FLAGS="$san_flags" -DCMAKE_EXE_LINKER_FLAGS="$san_flags" >"$work/cfg.log" 2>&1 ||
     ! cmake --build "$work/build" >"$work/build.log" 2>&1; then
    cat "$work/cfg.log" "$work/build.log" >&2 2>/dev/null; problem "consumer project failed"; exit 1
  fi
  grep -q "swr_DIR:PATH=$SWR_PREFIX/$SWR_LIBDIR/cmake/swr" "$work/build/CMakeCache.txt" ||
    problem "find_package(swr) did not use the installed package"
  run_hello "$work/build/osmesa_hello"
  ;;
tools)
  moved="$work/moved-prefix"
  cp -a "$SWR_PREFIX" "$moved"
  for t in swr_knobs swr_tgsi swr_glbench swr_demo; do
    v=$("$moved/bin/$t" --version) || problem "$t --version failed"
    [ "$v" = "$t (swr) $SWR_VERSION" ] || problem "$t --version: '$v'"
  done
  knobs_list=$("$moved/bin/swr_knobs")
  grep -q "^KNOB_GL_REPORT_UNIMPLEMENTED " <<<"$knobs_list" || problem "swr_knobs lists no KNOB_GL_REPORT_UNIMPLEMENTED"
  out=$(cd / && env -u SWR_OSMESA "$moved/bin/swr_glbench" ${SWR_REF_OSMESA:+--ref "$SWR_REF_OSMESA"} \
          --size 32x32 --frames 1 --rounds 1 --scale 0.01 tiny 2>&1) || problem "installed swr_glbench failed: $out"
  want="$(realpath "$moved/$SWR_LIBDIR/swr")/libOSMesa.so.8"
  grep -q "^  swr: *$want\$" <<<"$out" || problem "swr_glbench did not find the moved library $want: $out"
  ;;
deb)
  if ! (cd "$work" && cpack -G DEB --config "$SWR_BUILD_DIR/CPackConfig.cmake" -B "$work" >cpack.log 2>&1); then
    cat "$work/cpack.log" >&2; problem "cpack failed"; exit 1
  fi
  deb=$(ls "$work"/swr_*.deb 2>/dev/null | head -1)
  [ -n "$deb" ] || { problem "no .deb written"; exit 1; }
  info=$(dpkg-deb --info "$deb")
  grep -q "^ Package: swr$" <<<"$info" || problem "package name: $info"
  grep -q "^ Version: $SWR_VERSION$" <<<"$info" || problem "version: $info"
  grep -q "^ Architecture: amd64$" <<<"$info" || problem "architecture: $info"
  depends=$(sed -n 's/^ Depends: //p' <<<"$info")
  for d in libhwloc15 libpng16-16 libstdc++6 libc6; do
    [[ ", $depends," == *", $d "* || ", $depends," == *", $d,"* ]] || problem "Depends lacks $d: $depends"
  done
  # the same files as the install, under /usr (the package's libdir is the
  # build's; a /usr prefix only changes it when configured with one)
  dpkg-deb --contents "$deb" | awk '{ if ($7 == "->") print $6 " -> " $8; else print $6 }' |
    grep -v '/$' | sed 's|^\./usr/||' | sort >"$work/actual"
  expected_list "$SWR_LIBDIR" >"$work/expected"
  diff -u "$work/expected" "$work/actual" >&2 || problem "package files differ (- expected, + packaged)"
  # next to Mesa: no path of the package belongs to an installed package,
  # none is one of Mesa's (libosmesa6, libosmesa6-dev, libgl1, libgl-dev)
  multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
  while read -r f _; do
    p="/usr/$f"
    if dpkg -S "$p" >/dev/null 2>&1; then problem "$p is owned by $(dpkg -S "$p" 2>/dev/null)"; fi
    for d in "/usr/lib/$multiarch" /usr/lib; do
      case "$p" in
        "$d"/libGLX_swr.so*) ;; # glvnd's vendor naming: libGLX_<vendor>, ours is swr
        /usr/include/GL/*|"$d"/libOSMesa*|"$d"/libGL*|"$d"/libOpenGL*|"$d"/pkgconfig/osmesa.pc|"$d"/pkgconfig/gl.pc)
          problem "$p is a path of Mesa's packages" ;;
      esac
    done
  done <"$work/actual"
  cp "$deb" "$SWR_BUILD_DIR/test-install/swr.deb"
  ;;
deb-install)
  if [ "$(id -u)" -ne 0 ]; then echo "install_test: not root, skipped"; exit 77; fi
  if [[ "$(dpkg-query -W -f='${Status}' swr 2>/dev/null)" == *"ok installed"* ]]; then
    echo "install_test: a package swr is installed already; not touching it, skipped"; exit 77
  fi
  deb="$SWR_BUILD_DIR/test-install/swr.deb"
  [ -f "$deb" ] || { problem "no package (test_install_deb makes it)"; exit 1; }
  if ! dpkg -i "$deb" >"$work/dpkg.log" 2>&1; then
    cat "$work/dpkg.log" >&2; problem "dpkg -i failed"; dpkg --purge swr >/dev/null 2>&1; exit 1
  fi
  files=$(dpkg -L swr)
  if flags=$(pkg-config --cflags --libs swr-osmesa) &&
     $cc $san_flags "$here/osmesa_hello.c" -o "$work/hello" $flags 2>"$work/cc.log"; then
    run_hello "$work/hello"
    libs=$(ldd "$work/hello")
    grep -q "libOSMesa.so.8 => /usr/.*swr/libOSMesa.so.8" <<<"$libs" || problem "hello loads $(grep OSMesa <<<"$libs")"
  else
    cat "$work/cc.log" >&2; problem "cc against the installed package failed"
  fi
  v=$(/usr/bin/swr_knobs --version)
  [ "$v" = "swr_knobs (swr) $SWR_VERSION" ] || problem "/usr/bin/swr_knobs --version: '$v'"
  # a GLX program on a private Xvfb (stopped by its PID): glxinfo with the
  # installed private libGL.so.1, and through the system's glvnd libGL with
  # the installed vendor library
  if command -v Xvfb >/dev/null && command -v glxinfo >/dev/null; then
    gldir=$(dirname "$(grep '/libGL.so.1$' <<<"$files" | head -n 1)")
    Xvfb -displayfd 3 -screen 0 640x480x24 -nolisten tcp 3>"$work/display" 2>"$work/xvfb.log" &
    xpid=$!
    for _ in $(seq 100); do [ -s "$work/display" ] && break; sleep 0.1; done
    if [ -s "$work/display" ]; then
      disp=":$(head -n 1 "$work/display")"
      out=$(DISPLAY=$disp LD_LIBRARY_PATH=$gldir KNOB_QUIET=1 timeout 60 glxinfo -B 2>&1)
      grep -q "OpenGL renderer string: swr" <<<"$out" ||
        problem "glxinfo with the installed $gldir/libGL.so.1: $out"
      out=$(env -u LD_LIBRARY_PATH DISPLAY=$disp __GLX_VENDOR_LIBRARY_NAME=swr KNOB_QUIET=1 \
            timeout 60 glxinfo -B 2>&1)
      grep -q "OpenGL renderer string: swr" <<<"$out" ||
        problem "glxinfo through glvnd with the installed libGLX_swr.so.0: $out"
    else
      problem "Xvfb did not start: $(cat "$work/xvfb.log")"
    fi
    kill "$xpid" 2>/dev/null
    wait "$xpid" 2>/dev/null
  fi
  dpkg --purge swr >"$work/dpkg-r.log" 2>&1 || problem "dpkg --purge failed: $(cat "$work/dpkg-r.log")"
  while read -r f; do
    if [ -f "$f" ] || [ -L "$f" ]; then problem "$f left after dpkg --purge"; fi
  done <<<"$files"
  if dpkg-query -W swr >/dev/null 2>&1; then problem "dpkg still knows a package swr"; fi
  ;;
*)
  echo "install_test: unknown mode $mode" >&2; exit 2 ;;
esac
[ $fail -eq 0 ] && echo "install_test $mode: ok"
exit $fail
