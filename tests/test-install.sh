#!/bin/sh
# test-install.sh: Foliage installs and runs like a GNOME app (issue 14).
#
# Installs the current build into a temporary DESTDIR (meson install
# --no-rebuild: seconds) and checks the installed tree: the programs, the
# component data, the settings schema, the desktop file and metainfo (each
# validated when the validator is installed), the icons and the
# translations.  Then it runs the installed programs with a clean
# environment, nothing pointing into the DESTDIR: the app must find its own
# schema, data and translations from where it lies.
#   - before the schemas are compiled the app prints one line and exits 1
#     (in English and, from the installed .mo files, in each language);
#   - foliage-cli reads the installed data and plays a game;
#   - the app, in a private D-Bus session on the display (Xvfb), shows its
#     main window (exported on the bus) and quits cleanly through app.quit;
#   - the same for the uninstalled app and CLI run directly from the build
#     tree with a clean environment.
#
# Output: TAP.  Run by meson (tests/meson.build) with the environment
# variables below; the runs of the app are skipped without a display (and
# no xvfb-run), dbus-run-session or gdbus.
#   MESON BUILD_ROOT SOURCE_ROOT APP_ID PREFIX BINDIR PKGDATADIR SCHEMADIR
#   DATADIR LOCALEDIR LINGUAS_FILE BUILD_UI ("true"/"false")

set -u

# ---- the child mode: run one app under the private D-Bus session ----------
# test-install.sh --run-app EXE HOME: starts EXE with a clean environment,
# waits until its main window is on the bus, activates app.quit and exits
# with EXE's exit status.  Fails as soon as EXE exits before showing it.
if [ "${1:-}" = "--run-app" ]; then
  exe=$2
  home=$3
  object=/$(echo "$APP_ID" | tr . /)
  env -i PATH="$PATH" HOME="$home" \
      XDG_DATA_HOME="$home/data" XDG_CONFIG_HOME="$home/config" XDG_CACHE_HOME="$home/cache" \
      DISPLAY="${DISPLAY:-}" XAUTHORITY="${XAUTHORITY:-}" DBUS_SESSION_BUS_ADDRESS="$DBUS_SESSION_BUS_ADDRESS" \
      LANG=C.UTF-8 GSETTINGS_BACKEND=memory GDK_BACKEND=x11 \
      GDK_DEBUG=gl-disable GSK_RENDERER=cairo GTK_A11Y=none NO_AT_BRIDGE=1 \
      G_DEBUG=fatal-criticals \
      ASAN_OPTIONS="${ASAN_OPTIONS:-}" LSAN_OPTIONS="${LSAN_OPTIONS:-}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-}" \
      "$exe" &
  pid=$!
  # the main window, a GtkApplicationWindow, is exported as OBJECT/window/1
  # once the app has activated; poll until it is, or the app has exited
  while ! gdbus introspect --session --dest "$APP_ID" --object-path "$object/window/1" 2>/dev/null \
          | grep -q org.gtk.Actions; do
    if ! kill -0 "$pid" 2>/dev/null; then
      wait "$pid"
      echo "$exe exited with status $? before showing its window"
      exit 1
    fi
    sleep 0.1
  done
  echo "$exe shows its main window"
  if ! gdbus call --session --dest "$APP_ID" --object-path "$object" \
         --method org.gtk.Actions.Activate quit '[]' '{}'; then
    kill "$pid"
    exit 1
  fi
  wait "$pid"
  status=$?
  echo "$exe exited with status $status after app.quit"
  exit "$status"
fi

# ---- TAP ----------------------------------------------------------------------
n=0
failed=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/foliage-install-test-XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
out=$tmp/out

pass () { n=$((n + 1)); echo "ok $n - $1"; }
skip () { n=$((n + 1)); echo "ok $n - $1 # SKIP $2"; }
fail () {
  n=$((n + 1)); echo "not ok $n - $1"; failed=1
  [ -s "$out" ] && sed 's/^/# /' "$out"
}
# check DESCRIPTION COMMAND...: passes when COMMAND succeeds
check () {
  desc=$1; shift
  if "$@" >"$out" 2>&1; then pass "$desc"; else fail "$desc"; fi
}
# clean_env COMMAND...: runs COMMAND with a clean environment: PATH, a home
# of its own and the sanitizers' options (the build may be a sanitizer one)
clean_env () {
  env -i PATH="$PATH" HOME="$tmp/home" \
      XDG_DATA_HOME="$tmp/home/data" XDG_CONFIG_HOME="$tmp/home/config" XDG_CACHE_HOME="$tmp/home/cache" \
      ASAN_OPTIONS="${ASAN_OPTIONS:-}" LSAN_OPTIONS="${LSAN_OPTIONS:-}" UBSAN_OPTIONS="${UBSAN_OPTIONS:-}" \
      "$@"
}
mkdir -p "$tmp/home"

dest=$tmp/dest
# DESTDIR + an absolute install path
at () { echo "$dest$1"; }

# ---- install ----------------------------------------------------------------
check "meson install into a DESTDIR" \
  "$MESON" install -C "$BUILD_ROOT" --no-rebuild --destdir "$dest"

# ---- the installed tree -------------------------------------------------------
missing=
expect () { [ -f "$1" ] || missing="$missing $1"; }
expect "$(at "$BINDIR")/foliage-cli"
for f in summer-leaf-tiles summer-forest-floors summer-animal-tiles \
         fall-leaf-tiles fall-season-board fall-scoring-cards; do
  expect "$(at "$PKGDATADIR")/$f.txt"
done
expect "$(at "$SCHEMADIR")/$APP_ID.gschema.xml"
langs=$(sed -e 's/#.*//' "$LINGUAS_FILE" | xargs)
for lang in $langs; do
  expect "$(at "$LOCALEDIR")/$lang/LC_MESSAGES/foliage.mo"
done
if [ "$BUILD_UI" = true ]; then
  expect "$(at "$BINDIR")/foliage"
  expect "$(at "$DATADIR")/applications/$APP_ID.desktop"
  expect "$(at "$DATADIR")/metainfo/$APP_ID.metainfo.xml"
  expect "$(at "$DATADIR")/icons/hicolor/scalable/apps/$APP_ID.svg"
  expect "$(at "$DATADIR")/icons/hicolor/symbolic/apps/$APP_ID-symbolic.svg"
fi
if [ -z "$missing" ]; then
  pass "installed: programs, data, schema, translations ($langs), desktop file, metainfo, icons"
else
  echo "missing:$missing" >"$out"
  fail "installed: programs, data, schema, translations, desktop file, metainfo, icons"
fi

if [ "$BUILD_UI" = true ]; then
  if command -v desktop-file-validate >/dev/null; then
    check "installed desktop file valid" desktop-file-validate "$(at "$DATADIR")/applications/$APP_ID.desktop"
  else
    skip "installed desktop file valid" "no desktop-file-validate"
  fi
  if command -v appstreamcli >/dev/null; then
    check "installed metainfo valid" appstreamcli validate --no-net "$(at "$DATADIR")/metainfo/$APP_ID.metainfo.xml"
  else
    skip "installed metainfo valid" "no appstreamcli"
  fi
fi

# ---- the installed app without compiled schemas: one line, exit 1 -----------
# (XDG_DATA_DIRS names an empty folder: no other copy of the schema is found)
if [ "$BUILD_UI" = true ]; then
  clean_env XDG_DATA_DIRS="$tmp/none" LANG=C.UTF-8 "$(at "$BINDIR")/foliage" >"$tmp/stdout" 2>"$out"
  status=$?
  if [ "$status" -eq 1 ] && [ ! -s "$tmp/stdout" ] && [ "$(wc -l <"$out")" -eq 1 ] && grep -q "$APP_ID" "$out"; then
    pass "installed app without compiled schemas: one line, exit status 1"
  else
    echo "exit status $status" >>"$out"
    fail "installed app without compiled schemas: one line, exit status 1"
  fi
  english=$(cat "$out")
  for lang in $langs; do
    clean_env XDG_DATA_DIRS="$tmp/none" LANG=C.UTF-8 LANGUAGE="$lang" "$(at "$BINDIR")/foliage" >"$out" 2>&1
    status=$?
    if [ "$status" -eq 1 ] && [ "$(wc -l <"$out")" -eq 1 ] && [ "$(cat "$out")" != "$english" ]; then
      pass "that line translated from the installed $lang.mo"
    else
      echo "exit status $status" >>"$out"
      fail "that line translated from the installed $lang.mo"
    fi
  done
fi

# what gnome.post_install does after a real install (skipped under DESTDIR,
# where packaging runs it)
check "glib-compile-schemas over the installed schemas" \
  glib-compile-schemas --strict "$(at "$SCHEMADIR")"

# ---- the installed CLI reads the installed data ------------------------------
clean_env "$(at "$BINDIR")/foliage-cli" data check >"$out" 2>&1
status=$?
if [ "$status" -eq 0 ] && grep -qxF "data directory: $(at "$PKGDATADIR")" "$out"; then
  pass "installed foliage-cli reads the installed data"
else
  echo "exit status $status" >>"$out"
  fail "installed foliage-cli reads the installed data"
fi
check "installed foliage-cli plays an Indian Summer game" \
  clean_env "$(at "$BINDIR")/foliage-cli" selfplay summer --games 1 --players 2 --ai random,random --quiet
check "installed foliage-cli plays a Fall game" \
  clean_env "$(at "$BINDIR")/foliage-cli" selfplay fall --games 1

# ---- the uninstalled CLI, run directly, reads the source tree's data ---------
clean_env "$BUILD_ROOT/src/cli/foliage-cli" data check >"$out" 2>&1
status=$?
if [ "$status" -eq 0 ] && grep -qxF "data directory: $SOURCE_ROOT/data" "$out"; then
  pass "uninstalled foliage-cli reads the source tree's data"
else
  echo "exit status $status" >>"$out"
  fail "uninstalled foliage-cli reads the source tree's data"
fi

# ---- the apps start, show their window and quit -------------------------------
if [ "$BUILD_UI" = true ]; then
  display=
  if [ -n "${DISPLAY:-}" ]; then
    display=yes
  elif command -v xvfb-run >/dev/null; then
    display=xvfb
  fi
  why=
  [ -z "$display" ] && why="no display and no xvfb-run"
  command -v dbus-run-session >/dev/null || why="no dbus-run-session"
  command -v gdbus >/dev/null || why="no gdbus"
  # run_app DESCRIPTION EXE
  run_app () {
    if [ -n "$why" ]; then
      skip "$1" "$why"
      return
    fi
    home=$(mktemp -d "$tmp/home-XXXXXX")
    if [ "$display" = xvfb ]; then
      set -- "$1" xvfb-run -a -s "-screen 0 1280x800x24" dbus-run-session -- "$0" --run-app "$2" "$home"
    else
      set -- "$1" dbus-run-session -- "$0" --run-app "$2" "$home"
    fi
    desc=$1; shift
    if "$@" >"$out" 2>&1; then
      pass "$desc"
    else
      fail "$desc"
    fi
  }
  run_app "installed app starts, shows its window, quits with status 0" "$(at "$BINDIR")/foliage"
  run_app "uninstalled app run directly starts, shows its window, quits with status 0" "$BUILD_ROOT/src/foliage"
fi

echo "1..$n"
exit "$failed"
