#!/bin/sh
# The linker driver of gwrun's x86-64 Linux builds (.cargo/config.toml): `cc` with the
# same arguments, except that a `-Wl,--symbol-ordering-file=LIST` (build.rs passes
# tools/startup-order.txt for an optimised build) is first matched against the names
# of the functions in the objects being linked (nm), because LLD takes a list's names
# exactly and two parts of a Rust symbol's name change without the function changing:
#
# - ThinLTO renames a local function it shares between code-generation units to
#   NAME.llvm.N, where N hashes the unit's code (any edit in the unit changes it). The
#   list keeps NAME; every NAME.llvm.N of this build is listed after it.
# - The hash in a legacy symbol (`17h` and 16 hex digits before the final `E`) hashes
#   the item's path with the crate's build settings (compiler version, features). A
#   name the objects lack is replaced by the one function whose name differs only in
#   that hash, when exactly one does (generic instances share a path and stay as
#   listed).
#
# If anything here fails, cc runs with the arguments as given: the binary is the same,
# only the order of its code is lost.

cc=${GWRUN_LINK_CC:-cc}

list=
for arg in "$@"; do
    case $arg in
    -Wl,--symbol-ordering-file=*) list=${arg#-Wl,--symbol-ordering-file=} ;;
    esac
done
if [ -z "$list" ] || [ ! -r "$list" ] || ! command -v nm >/dev/null 2>&1; then
    exec "$cc" "$@"
fi

tmp=$(mktemp "${TMPDIR:-/tmp}/gwrun-order.XXXXXX") || exec "$cc" "$@"
trap 'rm -f "$tmp" "$tmp.names"' EXIT
trap 'exit 130' HUP INT TERM

# every function the objects being linked define
for arg in "$@"; do
    case $arg in
    *.o) [ -r "$arg" ] && nm -P --defined-only "$arg" 2>/dev/null ;;
    esac
done | awk '$2 ~ /^[tTwW]$/ { print $1 }' >"$tmp.names" || complete=no

# the list in its order, each name replaced by this build's names for it
awk 'function key(n) { sub(/17h[0-9a-f]+E$/, "E", n); return n }
     FILENAME == ARGV[1] {
         base = $0; sub(/\.llvm\.[0-9]+$/, "", base)
         if (!(base in full)) {
             k = key(base)
             one = (k in owner) ? "" : base
             owner[k] = one
         }
         full[base] = full[base] $0 "\n"
         next
     }
     $0 in full { printf "%s", full[$0]; next }
     { k = key($0); if (owner[k] != "") printf "%s", full[owner[k]]; else print }
    ' "$tmp.names" "$list" >"$tmp" || complete=no
[ "${complete:-yes}" = yes ] || { "$cc" "$@"; exit; }

# the same arguments, the completed list in place of the given one
for arg in "$@"; do
    shift
    case $arg in
    -Wl,--symbol-ordering-file=*) set -- "$@" "-Wl,--symbol-ordering-file=$tmp" ;;
    *) set -- "$@" "$arg" ;;
    esac
done
"$cc" "$@"
