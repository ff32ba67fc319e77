# shellcheck shell=bash
# What loader-tui installs and where, for scripts/install, scripts/uninstall and
# scripts/package-deb: each file as "KIND PATH", PATH under the prefix. KIND says what goes
# there: the binary, the manual page it prints (loader-tui manual) or the completion script
# it prints for a shell (loader-tui completions bash|zsh|fish).
#
#   loader_tui_layout ZSH_DIR   # share/zsh/site-functions, or Debian's share/zsh/vendor-completions
loader_tui_layout() {
  local zsh=$1
  printf '%s\n' \
    "binary bin/loader-tui" \
    "manual share/man/man1/loader-tui.1" \
    "bash share/bash-completion/completions/loader-tui" \
    "zsh $zsh/_loader-tui" \
    "fish share/fish/vendor_completions.d/loader-tui.fish"
}

# Writes the file of KIND made from the binary BINARY to DESTINATION (mode 0644, the binary
# 0755, stripped of its debug information and local symbols when strip is installed).
loader_tui_make() {
  local kind=$1 binary=$2 destination=$3
  mkdir -p "$(dirname "$destination")"
  case $kind in
    binary)
      if command -v strip >/dev/null 2>&1; then
        strip --strip-unneeded -o "$destination" "$binary"
      else
        cp "$binary" "$destination"
      fi
      chmod 0755 "$destination" ;;
    manual)
      "$binary" manual > "$destination"
      chmod 0644 "$destination" ;;
    bash | zsh | fish)
      "$binary" completions "$kind" > "$destination"
      chmod 0644 "$destination" ;;
    *)
      echo "loader_tui_make: no kind $kind" >&2
      return 1 ;;
  esac
}

# Builds the release binary through scripts/build-release (the one place for its flags: the
# Swift libraries linked in, lld, packed relocations, the ordering file), after installing the
# system packages the build needs; prints its path. The build's own output goes to stderr.
loader_tui_build_release() {
  scripts/install-packages >&2
  scripts/build-release
}

# Checks that BINARY runs and is the loader-tui this checkout builds; prints its version.
loader_tui_version() {
  local binary=$1 first
  if ! first=$("$binary" --version 2>/dev/null | head -n 1) || [[ $first != "loader-tui "* ]]; then
    echo "$binary is not a loader-tui that runs here (its --version says: ${first:-nothing})" >&2
    return 1
  fi
  echo "${first#loader-tui }"
}
