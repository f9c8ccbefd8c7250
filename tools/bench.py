#!/usr/bin/env python3
"""gwrun against the other BASIC interpreters on ../shared/bench's workloads, one table.

For every workload of ../shared/bench/programs/big (or programs/ with --suite small), and
benches/programs/gcfull.bas (string space nearly full: garbage collections of 4,300
strings), and
every interpreter (one or more gwrun binaries, yabasic, brandy, bwbasic when installed):

- CPU time: user+sys of the process from wait4, median of ROUNDS interleaved rounds (each
  round runs every interpreter on the workload, in an order that rotates from round to
  round, so a slow phase of a shared machine falls on all of them alike);
- instructions: callgrind's instruction count of one run, net of the same interpreter's
  start-up program (deterministic, so it is the stable measure on a loaded machine;
  cached in target/bench/cache.json by the binary's and the program's hashes);
- start-up (the startup workload, STARTUP_RUNS interleaved runs): CPU, peak RSS, minor
  page faults, instructions, threads started (strace -f, when installed).

gwrun's output files are compared with programs/expected/<suite>/ (byte for byte).

Usage:
  tools/bench.py [--gwrun NAME=PATH ...] [--rounds N] [--startup-runs N]
                 [--peers yabasic,brandy,bwbasic] [--workloads a,b] [--suite big|small]
                 [--no-callgrind] [--md FILE]
Default: --gwrun gwrun=target/release/gwrun, 11 rounds, 41 start-up runs, peers yabasic
and brandy on every workload and bwbasic on the start-up only (it needs seconds to
minutes per workload; name it in --peers to run it everywhere).
The markdown table goes to stdout (and to FILE with --md); progress to stderr.
"""
import argparse
import hashlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# ../shared/bench beside the checkout (a worktree under /work/wt/NAME: two levels up), or $GWRUN_BENCH
BENCH = os.environ.get('GWRUN_BENCH') or next(
    (p for p in (os.path.normpath(os.path.join(ROOT, *up, 'shared', 'bench')) for up in (['..'], ['..', '..']))
     if os.path.isdir(p)), os.path.normpath(os.path.join(ROOT, '..', 'shared', 'bench')))
PROGS = os.path.join(BENCH, 'programs')
WORK = os.path.join(ROOT, 'target', 'bench')

# workload -> output file the GW-BASIC program writes
WORKLOADS = {
    'startup': 'STARTUP.TXT', 'shell10k': 'SHELL10K.TXT', 'countsort10k': 'COUNTSRT.TXT',
    'bubble1k': 'BUBBLE1K.TXT', 'deal': 'DEAL.TXT', 'float': 'FLOAT.TXT',
    'strings': 'STRINGS.TXT', 'gosub': 'GOSUB.TXT', 'gcfull': 'GCFULL.TXT',
}
# workloads of our own, in benches/programs (GW-BASIC, yabasic and Brandy versions side by side)
OWN = {'gcfull'}
ORDER = list(WORKLOADS)
PEERS = ['yabasic', 'brandy', 'bwbasic']


def runstat():
    """Build the measuring parent (tools/bench/runstat.c) once."""
    src = os.path.join(ROOT, 'tools', 'bench', 'runstat.c')
    exe = os.path.join(WORK, 'runstat')
    if not os.path.exists(exe) or os.path.getmtime(exe) < os.path.getmtime(src):
        os.makedirs(WORK, exist_ok=True)
        subprocess.check_call(['cc', '-O2', '-o', exe, src])
    return exe


def program(suite, sub, wl, ext):
    if wl in OWN:
        return os.path.join(ROOT, 'benches', 'programs', wl + ext)
    parts = [PROGS] + ([sub] if sub else []) + (['big'] if suite == 'big' else []) + [wl + ext]
    return os.path.join(*parts)


class Runner:
    """One interpreter: how to lay out a scratch directory and the command to run there."""

    def __init__(self, name, kind, exe=None):
        self.name, self.kind, self.exe = name, kind, exe

    def prepare(self, suite, wl, scratch):
        """Copy the workload into scratch; return (argv, env, where the output goes)."""
        if self.kind == 'gwrun':
            src = program(suite, None, wl, '.bas')
            shutil.copy(src, scratch)
            return [self.exe, wl + '.bas'], {}, WORKLOADS[wl], src
        if self.kind == 'yabasic':
            src = program(suite, 'yabasic', wl, '.yab')
            shutil.copy(src, scratch)
            return ['yabasic', wl + '.yab'], {}, None, src
        if self.kind == 'brandy':
            src = program(suite, 'brandy', wl, '.bbc')
            shutil.copy(src, scratch)
            return ['brandy', '-quit', wl + '.bbc'], {'SDL_VIDEODRIVER': 'dummy'}, WORKLOADS[wl], src
        if self.kind == 'bwbasic':
            src = program(suite, 'bwbasic', wl, '.bas')
            shutil.copy(src, scratch)
            return ['bwbasic', wl + '.bas'], {}, WORKLOADS[wl], src
        raise ValueError(self.kind)

    def binary(self):
        return self.exe if self.kind == 'gwrun' else shutil.which(self.kind)


def run_once(rs, runner, suite, wl, timeout):
    scratch = tempfile.mkdtemp(prefix='gwbench-')
    try:
        argv, env, outfile, _ = runner.prepare(suite, wl, scratch)
        if env:
            argv = ['env'] + ['%s=%s' % kv for kv in env.items()] + argv
        res = subprocess.run([rs, str(timeout), '/dev/null', os.path.join(scratch, '.out'),
                              os.path.join(scratch, '.err')] + argv,
                             cwd=scratch, capture_output=True, text=True)
        f = [int(x) for x in res.stdout.split()]
        out = None
        path = os.path.join(scratch, outfile) if outfile else os.path.join(scratch, '.out')
        if os.path.exists(path):
            out = open(path, 'rb').read()
        return {'rc': f[0], 'cpu': (f[1] + f[2]) / 1e6, 'rss_kb': f[3], 'minflt': f[4],
                'majflt': f[5], 'wall': f[6] / 1e6, 'out': out}
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def sha(path):
    h = hashlib.sha256()
    with open(path, 'rb') as f:
        h.update(f.read())
    return h.hexdigest()[:16]


def callgrind(runner, suite, wl, cache):
    """Instructions of one run under callgrind (cached by binary and program hash)."""
    binary = runner.binary()
    scratch = tempfile.mkdtemp(prefix='gwbench-cg-')
    try:
        argv, env, _, src = runner.prepare(suite, wl, scratch)
        key = '%s:%s:%s' % (runner.kind, sha(binary), sha(src))
        if key in cache:
            return cache[key]
        e = dict(os.environ, **env)
        res = subprocess.run(['valgrind', '--tool=callgrind', '--callgrind-out-file=/dev/null'] + argv,
                             cwd=scratch, env=e, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        m = re.search(r'Collected : (\d+)', res.stderr)
        if not m:
            print('callgrind failed for %s %s' % (runner.name, wl), file=sys.stderr)
            return None
        cache[key] = int(m.group(1))
        return cache[key]
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def threads(runner, suite):
    """Threads the start-up program starts (clone calls under strace -f)."""
    if not shutil.which('strace'):
        return None
    scratch = tempfile.mkdtemp(prefix='gwbench-st-')
    try:
        argv, env, _, _ = runner.prepare(suite, 'startup', scratch)
        e = dict(os.environ, **env)
        log = os.path.join(scratch, '.strace')
        subprocess.run(['strace', '-f', '-e', 'trace=clone,clone3,fork,vfork', '-o', log] + argv,
                       cwd=scratch, env=e, stdin=subprocess.DEVNULL, capture_output=True)
        text = open(log).read()
        return len(re.findall(r'clone3?\(.*CLONE_THREAD', text))
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def ms(x):
    return '-' if x is None else ('%.1f' % (x * 1e3) if x >= 0.01 else '%.2f' % (x * 1e3))


def mi(x):
    return '-' if x is None else '{:,.1f}'.format(x / 1e6)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--gwrun', action='append', default=[], metavar='NAME=PATH')
    ap.add_argument('--rounds', type=int, default=11)
    ap.add_argument('--startup-runs', type=int, default=41)
    ap.add_argument('--peers', default='yabasic,brandy')
    ap.add_argument('--workloads', default=','.join(ORDER))
    ap.add_argument('--suite', default='big', choices=['big', 'small'])
    ap.add_argument('--no-callgrind', action='store_true')
    ap.add_argument('--timeout', type=int, default=600)
    ap.add_argument('--md')
    a = ap.parse_args()
    if not os.path.isdir(PROGS):
        sys.exit('bench.py: %s not found (../shared must be beside the checkout)' % PROGS)
    rs = runstat()

    gw = []
    for spec in a.gwrun or ['gwrun=target/release/gwrun']:
        name, _, path = spec.partition('=')
        path = os.path.abspath(os.path.join(ROOT, path)) if path else os.path.join(ROOT, 'target/release/gwrun')
        if not os.path.exists(path):
            sys.exit('bench.py: %s not found' % path)
        gw.append(Runner(name, 'gwrun', path))
    peers = [p for p in a.peers.split(',') if p]
    every = [Runner(p, p) for p in PEERS if shutil.which(p) and (p in peers or p == 'bwbasic')]
    runners_for = {}
    wls = [w for w in a.workloads.split(',') if w]
    if 'startup' not in wls:
        wls = ['startup'] + wls
    for wl in wls:
        runners_for[wl] = gw + [r for r in every if (r.name in peers or wl == 'startup')
                                and not (r.kind == 'bwbasic' and wl in OWN)]
    refdir = os.path.join(PROGS, 'expected', a.suite)

    # timed runs, interleaved
    samples = {}
    outputs = {}
    for wl in wls:
        rounds = a.startup_runs if wl == 'startup' else a.rounds
        rs_list = runners_for[wl]
        for r in range(rounds):
            k = r % len(rs_list)
            for runner in rs_list[k:] + rs_list[:k]:
                res = run_once(rs, runner, a.suite, wl, a.timeout)
                samples.setdefault((wl, runner.name), []).append(res)
                outputs.setdefault((wl, runner.name), (res['rc'], res['out']))
            print('%-13s round %2d/%d done' % (wl, r + 1, rounds), file=sys.stderr, flush=True)

    # instructions
    cache_path = os.path.join(WORK, 'cache.json')
    cache = json.load(open(cache_path)) if os.path.exists(cache_path) else {}
    instr = {}
    if not a.no_callgrind and shutil.which('valgrind'):
        for wl in wls:
            for runner in runners_for[wl]:
                if runner.kind == 'bwbasic' and wl != 'startup':
                    continue
                print('callgrind %-13s %s' % (wl, runner.name), file=sys.stderr, flush=True)
                instr[(wl, runner.name)] = callgrind(runner, a.suite, wl, cache)
                json.dump(cache, open(cache_path, 'w'), indent=0)

    def cpu(wl, n):
        s = samples.get((wl, n))
        return statistics.median(x['cpu'] for x in s) if s else None

    def net(wl, n):
        i, s = instr.get((wl, n)), instr.get(('startup', n))
        return None if i is None or s is None else i - s

    def status(wl, n):
        rc, out = outputs.get((wl, n), (None, None))
        rp = os.path.join(refdir, wl + '.txt')
        if rc != 0:
            return 'rc=%s' % rc
        if not os.path.exists(rp):
            return ''
        return '' if out == open(rp, 'rb').read() else ' **[output differs]**'

    lines = []
    peer_names = [r.name for r in every if r.name in peers]
    lines.append('CPU: median ms of process CPU (user+sys); instructions: millions, callgrind, net of '
                 'the start-up program; ratio: the best peer\'s over gwrun\'s (above 1: gwrun ahead).')
    lines.append('')
    head = ['workload'] + ['%s CPU / instr' % n for n in peer_names] + \
        ['%s CPU / instr' % g.name for g in gw] + ['best peer ÷ %s, CPU / instr' % g.name for g in gw]
    lines.append('| ' + ' | '.join(head) + ' |')
    lines.append('|' + '---|' * len(head))
    for wl in wls:
        if wl == 'startup':
            continue
        cells = [wl]
        for n in peer_names + [g.name for g in gw]:
            cells.append('%s / %s%s' % (ms(cpu(wl, n)), mi(net(wl, n)), status(wl, n) if n not in peer_names else ''))
        pc = [cpu(wl, n) for n in peer_names if cpu(wl, n)]
        pi = [net(wl, n) for n in peer_names if net(wl, n)]
        for g in gw:
            c, i = cpu(wl, g.name), net(wl, g.name)
            rc = '%.2f' % (min(pc) / c) if pc and c else '-'
            ri = '%.2f' % (min(pi) / i) if pi and i else '-'
            cells.append('%s / %s' % (rc, ri))
        lines.append('| ' + ' | '.join(cells) + ' |')
    lines.append('')
    lines.append('Start-up (startup.bas: open a file, print, close, SYSTEM; %d interleaved runs):' % a.startup_runs)
    lines.append('')
    lines.append('| interpreter | CPU ms (median) | CPU ms (min) | peak RSS MB (median) | minor faults | '
                 'instructions (M) | threads started |')
    lines.append('|---|---|---|---|---|---|---|')
    for runner in runners_for['startup']:
        s = samples[('startup', runner.name)]
        lines.append('| %s | %.2f | %.2f | %.1f | %d | %s | %s |' % (
            runner.name, statistics.median(x['cpu'] for x in s) * 1e3, min(x['cpu'] for x in s) * 1e3,
            statistics.median(x['rss_kb'] for x in s) / 1024, statistics.median(x['minflt'] for x in s),
            '-' if instr.get(('startup', runner.name)) is None else '%.2f' % (instr[('startup', runner.name)] / 1e6),
            threads(runner, a.suite)))
    md = '\n'.join(lines) + '\n'
    print(md)
    if a.md:
        open(a.md, 'w').write(md)


if __name__ == '__main__':
    main()
