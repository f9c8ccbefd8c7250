#!/usr/bin/env python3
"""Generates the test vectors in this folder from the reference model
/work/shared/docs/rnd_and_print_model.py (an independent executable model of GW-BASIC's
single addition and number output, verified against real GW-BASIC output).

Regenerate with:
    python3 src/num/testdata/gen_vectors.py /work/shared/docs [count]
(run from the crate root; the first argument is the folder holding the model).

Files written (one case per line, hexadecimal MBF bit patterns as the u32/u64 the Rust
types hold):
  fadds.txt        a b sum       single addition ($FADDS); exponent differences 25..30
                                 are left out (see single.rs: the source's "CMP CX,31" is
                                 octal, the model uses decimal 31)
  str_single.txt   bits text     STR$ of a single (gw_str_single)
  str_double.txt   bits text     STR$ of a double (gw_str_double)
"""
import os
import random
import sys
from fractions import Fraction as Fr

sys.path.insert(0, sys.argv[1] if len(sys.argv) > 1 else '/work/shared/docs')
import rnd_and_print_model as m  # noqa: E402

COUNT = int(sys.argv[2]) if len(sys.argv) > 2 else 4000
HERE = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(19830210)


def single_bits(e, mant23, neg):
    return (e << 24) | (0x800000 if neg else 0) | mant23


def single_value(bits):
    e, mant, neg = bits >> 24, (bits & 0x7FFFFF) | 0x800000, bool(bits & 0x800000)
    v = Fr(mant) * Fr(2) ** (e - 152)
    return -v if neg else v


def to_bytes(bits):
    return [(bits >> (8 * i)) & 0xFF for i in range(4)]


def from_bytes(b):
    return b[0] | b[1] << 8 | b[2] << 16 | b[3] << 24


def random_mantissa():
    kind = rng.random()
    if kind < 0.15:
        return 0
    if kind < 0.30:
        return 0x7FFFFF
    if kind < 0.45:
        return rng.choice([1, 2, 0x400000, 0x7FFFFE, 0x3FFFFF]) ^ rng.getrandbits(3)
    return rng.getrandbits(23)


def gen_fadds(path):
    with open(path, 'w') as f:
        n = 0
        while n < COUNT:
            ea = rng.randint(2, 250)
            shift = rng.choice([0, 0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 23, 24, 31, 40]) if rng.random() < 0.5 \
                else rng.randint(0, 40)
            if 25 <= shift <= 30:
                continue
            eb = ea - shift
            if eb < 1:
                continue
            a = single_bits(ea, random_mantissa(), rng.random() < 0.5)
            b = single_bits(eb, random_mantissa(), rng.random() < 0.5)
            if rng.random() < 0.5:
                a, b = b, a
            s = from_bytes(m.gw_fadds(to_bytes(a), to_bytes(b)))
            f.write('%08X %08X %08X\n' % (a, b, s))
            n += 1


def gen_str_single(path):
    with open(path, 'w') as f:
        for i in range(COUNT):
            e = rng.randint(1, 255) if i % 3 else rng.randint(100, 180)
            bits = single_bits(e, random_mantissa(), rng.random() < 0.3)
            f.write('%08X %s\n' % (bits, m.gw_str_single(single_value(bits))))


def gen_str_double(path):
    with open(path, 'w') as f:
        for i in range(COUNT // 2):
            e = rng.randint(1, 255) if i % 3 else rng.randint(110, 200)
            mant = rng.getrandbits(55) if rng.random() < 0.7 else (rng.getrandbits(23) << 32)
            neg = rng.random() < 0.3
            bits = (e << 56) | ((1 << 55) if neg else 0) | mant
            v = Fr(mant | (1 << 55)) * Fr(2) ** (e - 184)
            f.write('%016X %s\n' % (bits, m.gw_str_double(-v if neg else v)))


if __name__ == '__main__':
    gen_fadds(os.path.join(HERE, 'fadds.txt'))
    gen_str_single(os.path.join(HERE, 'str_single.txt'))
    gen_str_double(os.path.join(HERE, 'str_double.txt'))
