#!/usr/bin/env python3
"""Time whole commands against each other: alternating runs, medians, ratios.

usage: alternate.py [--runs N] [--warmup N] [--items N] [--sink devnull|pipe]
                    [--ratio-to LABEL] -- LABEL CMD ARG... [:: LABEL CMD ARG...]...

Each round runs every command once, in turn (the order rotates from round to round, so no
command always runs after the same one), with standard output sent to /dev/null or (`--sink
pipe`) through a pipe that this script drains. Prints, per command, the median and the
fastest wall time, items per second (with `--items`), the median CPU time (user and system,
of the command and its threads), and both medians as multiples of those of `--ratio-to`
(default: the last command). A command that fails stops the script.
"""

import argparse
import resource
import statistics
import subprocess
import sys
import time


def children_cpu():
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_once(argv, sink):
    cpu = children_cpu()
    start = time.perf_counter()
    if sink == "pipe":
        process = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        while process.stdout.read(1 << 16):
            pass
        code = process.wait()
    else:
        # Write-only, as a shell's `>/dev/null`: mj3 takes a read-write /dev/null on stdout for
        # a stream that was closed (`>&-`) and refuses to run.
        with open("/dev/null", "wb") as sink_file:
            code = subprocess.run(argv, stdout=sink_file, stderr=subprocess.DEVNULL).returncode
    elapsed = time.perf_counter() - start
    return elapsed, children_cpu() - cpu, code


def main():
    parser = argparse.ArgumentParser(usage=__doc__)
    parser.add_argument("--runs", type=int, default=11)
    parser.add_argument("--warmup", type=int, default=1)
    parser.add_argument("--items", type=int, default=0)
    parser.add_argument("--sink", choices=["devnull", "pipe"], default="devnull")
    parser.add_argument("--ratio-to")
    parser.add_argument("--ok-codes", default="0", help="comma-separated exit codes that count as success")
    parser.add_argument("commands", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    words = args.commands[1:] if args.commands[:1] == ["--"] else args.commands
    commands, current = [], []
    for word in words + ["::"]:
        if word == "::":
            if len(current) < 2:
                parser.error("each command needs a label and a program")
            commands.append((current[0], current[1:]))
            current = []
        else:
            current.append(word)
    ok_codes = {int(c) for c in args.ok_codes.split(",")}
    labels = [label for label, _ in commands]
    reference = args.ratio_to or labels[-1]
    if reference not in labels:
        parser.error(f"--ratio-to {reference}: no such label")

    times = {label: [] for label in labels}
    cpus = {label: [] for label in labels}
    for round_number in range(args.warmup + args.runs):
        shift = round_number % len(commands)
        for label, argv in commands[shift:] + commands[:shift]:
            elapsed, cpu, code = run_once(argv, args.sink)
            if code not in ok_codes:
                sys.exit(f"{label}: exit code {code}: {' '.join(argv)}")
            if round_number >= args.warmup:
                times[label].append(elapsed)
                cpus[label].append(cpu)

    base = statistics.median(times[reference])
    base_cpu = statistics.median(cpus[reference])
    print(f"{args.runs} alternating runs each, stdout to {'a pipe' if args.sink == 'pipe' else '/dev/null'}:")
    for label in labels:
        median = statistics.median(times[label])
        line = f"  {label:24} median {median * 1000:9.1f} ms  fastest {min(times[label]) * 1000:9.1f} ms"
        if args.items:
            line += f"  {args.items / median:12,.0f} items/s"
        cpu = statistics.median(cpus[label])
        line += f"  {median / base:6.2f}x  cpu {cpu * 1000:9.1f} ms {cpu / base_cpu:6.2f}x  ({reference})"
        print(line)


if __name__ == "__main__":
    main()
