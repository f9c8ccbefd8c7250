#!/bin/sh
# The linker driver of gwrun's x86-64 Linux builds (.cargo/config.toml): `cc` with the
# same arguments, except that a `-Wl,--symbol-ordering-file=LIST` (build.rs passes
# tools/startup-order.txt for an optimised build) is first completed with the names
# ThinLTO gave this build's functions.
#
# ThinLTO renames a local function it shares between code-generation units to
# NAME.llvm.N, where N hashes its unit's code: any edit in the unit changes N, and LLD
# matches an ordering file's names exactly. So the list keeps NAME only, and this
# script looks up the objects being linked (nm) for every NAME.llvm.N and lists those
# too. If anything here fails, cc runs with the arguments as given: the binary is the
# same, only the order of its code is lost. Everything else goes to cc unchanged.

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

# every defined symbol with a ThinLTO suffix in the objects linked
for arg in "$@"; do
    case $arg in
    *.o) [ -r "$arg" ] && nm -P --defined-only "$arg" 2>/dev/null ;;
    esac
done | awk '$1 ~ /\.llvm\.[0-9]+$/ { print $1 }' >"$tmp.names" || complete=no

# the list in its order, each NAME followed by this build's NAME.llvm.N
awk 'NR == FNR { base = $0; sub(/\.llvm\.[0-9]+$/, "", base); full[base] = full[base] $0 "\n"; next }
     { print; if ($0 in full) printf "%s", full[$0] }' "$tmp.names" "$list" >"$tmp" ||
    complete=no
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
