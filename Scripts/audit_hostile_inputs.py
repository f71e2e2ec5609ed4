#!/usr/bin/env python3
"""Reruns the defects of issue 32 against a built `locomotion`, one command line each.

    python3 Scripts/audit_hostile_inputs.py [--locomotion .build/debug/locomotion] [--only D4]

Every case makes its own inputs in a scratch folder (synthetic: no data set is read), runs the
tool as a process with a time limit, and checks the exit status, the messages, the time taken,
the peak resident memory of the process (`wait4`) and, for outputs, that no input or device node
was replaced. It prints one line per case (PASS or FAIL, the defect it reproduces, the command)
and exits 1 when any case fails. docs/Reliability.md lists the limits these cases probe.
"""

import argparse
import math
import os
import re
import shutil
import signal
import stat
import struct
import subprocess
import sys
import tempfile
import time
import zlib

GIB = 1 << 30


def run(argv, timeout=60, stdin=None, cwd=None):
    """Runs argv; returns (status, stdout, stderr, seconds, peak RSS in bytes). Status is
    'timeout' when it ran past `timeout` (the process is then killed)."""
    out = tempfile.TemporaryFile()
    err = tempfile.TemporaryFile()
    start = time.monotonic()
    process = subprocess.Popen(argv, stdout=out, stderr=err, stdin=stdin or subprocess.DEVNULL, cwd=cwd)
    status = None
    rusage = None
    while True:
        pid, code, rusage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            status = os.waitstatus_to_exitcode(code)
            break
        if time.monotonic() - start > timeout:
            os.kill(process.pid, signal.SIGKILL)
            _, _, rusage = os.wait4(process.pid, 0)
            status = "timeout"
            break
        time.sleep(0.02)
    process.returncode = 0  # reaped by wait4
    seconds = time.monotonic() - start
    out.seek(0)
    err.seek(0)
    return status, out.read().decode(errors="replace"), err.read().decode(errors="replace"), seconds, rusage.ru_maxrss * 1024


def walk_rows(seconds=30.0, rate=50.0, start=0.0, duplicate=False, scale=1.0, flat=False):
    """A walking-like recording in g: 1.8 Hz vertical bounce over gravity."""
    rows = ["t,ax,ay,az"]
    for i in range(int(seconds * rate)):
        t = start + i / rate
        if flat:
            values = (0.0, 0.0, 0.0)
        else:
            values = (
                0.05 * math.sin(2 * math.pi * 0.9 * t),
                0.03 * math.cos(2 * math.pi * 1.8 * t),
                1 + 0.3 * math.sin(2 * math.pi * 1.8 * t),
            )
        line = f"{t:.4f},{values[0] * scale:.5f},{values[1] * scale:.5f},{values[2] * scale:.5f}"
        rows.append(line)
        if duplicate:
            rows.append(line)
    return "\n".join(rows) + "\n"


def write(path, text):
    with open(path, "w") as file:
        file.write(text)
    return path


def digest(path):
    with open(path, "rb") as file:
        return zlib.crc32(file.read())


def zip_entries(path, entries):
    """Writes a zip archive of (name, compressed deflate bytes, crc, size) without inflating
    anything here: the same compressed data can be stored under many names."""
    central = b""
    with open(path, "wb") as file:
        for name, data, crc, size in entries:
            offset = file.tell()
            encoded = name.encode()
            file.write(struct.pack("<IHHHHHIIIHH", 0x04034B50, 20, 0, 8, 0, 0, crc, len(data), size, len(encoded), 0))
            file.write(encoded)
            file.write(data)
            central += struct.pack(
                "<IHHHHHHIIIHHHHHII", 0x02014B50, 20, 20, 0, 8, 0, 0, crc, len(data), size, len(encoded), 0, 0, 0, 0, 0,
                offset) + encoded
        start = file.tell()
        file.write(central)
        file.write(struct.pack("<IHHHHIIH", 0x06054B50, 0, 0, len(entries), len(entries), len(central), start, 0))


def deflate(chunks):
    """Raw deflate of an iterable of byte chunks: (data, crc, size)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, -15)
    crc, size, parts = 0, 0, []
    for chunk in chunks:
        crc = zlib.crc32(chunk, crc)
        size += len(chunk)
        parts.append(compressor.compress(chunk))
    parts.append(compressor.flush())
    return b"".join(parts), crc, size


class Audit:
    def __init__(self, tool, folder):
        self.tool = tool
        self.folder = folder
        self.results = []

    def path(self, name):
        return os.path.join(self.folder, name)

    def case(self, defect, title, argv, check, **kwargs):
        status, out, err, seconds, rss = run([self.tool] + argv, **kwargs)
        problems = check(status, out, err, seconds, rss)
        ok = not problems
        shown = " ".join(a.replace(self.folder + "/", "") for a in argv)
        self.results.append((defect, ok))
        print(f"{'PASS' if ok else 'FAIL'}  {defect:4} {title}: locomotion {shown}"
              f"  [exit {status}, {seconds:.1f} s, {rss / 1e6:.0f} MB]")
        if not ok:
            print(f"      {problems}; stderr: {err.strip()[:300]!r}")


def expect(status=None, stderr=None, stdout=None, seconds=None, rss=None, extra=None):
    """A check: every given condition must hold. `stderr` are substrings (case-insensitive) said on
    either stream, `stdout` substrings of standard output."""

    def check(got, out, err, took, peak):
        problems = []
        if status is not None and got not in (status if isinstance(status, tuple) else (status,)):
            problems.append(f"exit {got}, expected {status}")
        if got == "timeout" or (isinstance(got, int) and got < 0) or got == 134:
            problems.append("crashed or hung")
        for needle in [stderr] if isinstance(stderr, str) else (stderr or []):
            # `info` prints its notes with the description, on standard output.
            if needle.lower() not in (err + out).lower():
                problems.append(f"no {needle!r} said")
        for needle in [stdout] if isinstance(stdout, str) else (stdout or []):
            if needle.lower() not in out.lower():
                problems.append(f"stdout lacks {needle!r}")
        if seconds is not None and took > seconds:
            problems.append(f"took {took:.1f} s (limit {seconds})")
        if rss is not None and peak > rss:
            problems.append(f"peak RSS {peak / 1e6:.0f} MB (limit {rss / 1e6:.0f})")
        if extra:
            message = extra(got, out, err)
            if message:
                problems.append(message)
        return "; ".join(problems)

    return check


def d1_outputs(audit):
    walk = write(audit.path("walk.csv"), walk_rows())
    before = digest(walk)
    audit.case("D1", "--out onto the input", ["analyze", walk, "--jsonl", "--out", walk],
               expect(status=1, extra=lambda *_: None if digest(walk) == before else "the input was replaced"))
    # A device node of our own (root can make one): the same as /dev/null without risking it.
    node = audit.path("null")
    made = False
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
        made = True
    except (PermissionError, OSError):
        node = "/dev/null"
    target = node if made else os.devnull

    def still_device(*_):
        return None if stat.S_ISCHR(os.stat(target).st_mode) else "the device node was replaced"

    audit.case("D1", "--out onto a device node", ["analyze", walk, "--jsonl", "--out", target],
               expect(status=1, extra=still_device))
    link = audit.path("link.csv")
    os.symlink(walk, link)
    audit.case("D1", "--out onto a link to the input", ["analyze", walk, "--jsonl", "--out", link],
               expect(status=1, extra=lambda *_: None if digest(walk) == before else "the input was replaced"))
    audit.case("D1", "--report onto the input", ["analyze", walk, "--report", walk],
               expect(status=1, extra=lambda *_: None if digest(walk) == before else "the input was replaced"))
    fifo = audit.path("out.fifo")
    os.mkfifo(fifo)
    audit.case("D1", "--out onto a FIFO", ["analyze", walk, "--jsonl", "--out", fifo],
               expect(status=1, seconds=20, extra=lambda *_: None if stat.S_ISFIFO(os.stat(fifo).st_mode)
                      else "the FIFO was replaced"))
    fresh = audit.path("results.jsonl")
    audit.case("D1", "--out onto a new path still works", ["analyze", walk, "--jsonl", "--out", fresh],
               expect(status=0, extra=lambda *_: None if os.path.getsize(fresh) > 0 else "nothing written"))
    audit.case("D1", "--out onto a regular file is replaced", ["analyze", walk, "--jsonl", "--out", fresh],
               expect(status=0, extra=lambda *_: None if not any(
                   n.startswith("results.jsonl.partial") for n in os.listdir(audit.folder)) else "a partial file left"))


def d2_pipes(audit):
    walk = audit.path("walk.csv")
    for command in (["info"], ["info", "--format", "csv"], ["analyze"], ["steps"]):
        with open(walk, "rb") as source:
            cat = subprocess.Popen(["cat"], stdin=source, stdout=subprocess.PIPE)
            argv = [audit.tool] + command + ["/dev/stdin"]
            status, out, err, seconds, rss = run(argv, timeout=30, stdin=cat.stdout)
            cat.stdout.close()
            cat.wait()
        ok = status == 0 and "no time column" not in err
        audit.results.append(("D2", ok))
        print(f"{'PASS' if ok else 'FAIL'}  D2   {command[0]} on a pipe: cat walk.csv | locomotion "
              f"{' '.join(command)} /dev/stdin  [exit {status}, {seconds:.1f} s]")
        if not ok:
            print(f"      stderr: {err.strip()[:300]!r}")
    # Process substitution proper, through bash.
    for command in ("info", "analyze"):
        status, out, err, seconds, rss = run(["bash", "-c", f'"$0" {command} <(cat "$1")', audit.tool, walk], timeout=30)
        ok = status == 0
        audit.results.append(("D2", ok))
        print(f"{'PASS' if ok else 'FAIL'}  D2   {command} <(cat walk.csv)  [exit {status}, {seconds:.1f} s]")
        if not ok:
            print(f"      stderr: {err.strip()[:300]!r}")
    fifo = audit.path("in.fifo")
    os.mkfifo(fifo)
    for command in ("info", "analyze"):
        writer = subprocess.Popen(["bash", "-c", 'cat "$1" > "$2"', "_", walk, fifo])
        status, out, err, seconds, rss = run([audit.tool, command, fifo], timeout=30)
        writer.wait(timeout=5) if status != "timeout" else writer.kill()
        ok = status == 0
        audit.results.append(("D2", ok))
        print(f"{'PASS' if ok else 'FAIL'}  D2   {command} on a FIFO whose writer finishes  "
              f"[exit {status}, {seconds:.1f} s]")
        if not ok:
            print(f"      stderr: {err.strip()[:300]!r}")


def d3_resampling(audit):
    slow = audit.path("one-hertz.csv")
    audit.case("D3", "--resample 1000 of 27.8 h at 1 Hz", ["info", slow, "--resample", "1000"],
               expect(status=1, stderr="sampleRate", seconds=30, rss=GIB // 2))
    audit.case("D3", "--resample 100 of 27.8 h at 1 Hz (100 x, 10 M rows)", ["info", slow, "--resample", "100"],
               expect(status=(0, 1), seconds=120, rss=GIB))


def d4_zip(audit):
    blank = audit.path("blank-lines.zip")
    megabyte = b"\n" * (1 << 20)
    data, crc, size = deflate(megabyte for _ in range(1024))
    zip_entries(blank, [("Accelerometer.csv", data, crc, size)])
    audit.case("D4", f"{os.path.getsize(blank) / 1e6:.1f} MB archive of 1 GiB of blank lines", ["info", blank],
               expect(status=1, seconds=10, rss=GIB // 4))
    row = b"1700000000000000000,0.0,0.0,0.0,0.0\n"
    header = b"time,seconds_elapsed,z,y,x\n"
    piece = row * ((1 << 20) // len(row))
    data, crc, size = deflate([header] + [piece] * 200)
    many = audit.path("forty-entries.zip")
    zip_entries(many, [(f"Accelerometer{i}.csv", data, crc, size) for i in range(40)])
    audit.case("D4", f"{os.path.getsize(many) / 1e6:.1f} MB archive of 40 x 200 MB CSV entries", ["info", many],
               expect(status=(0, 1), seconds=20, rss=GIB // 2))
    # A declared size of 1 GiB over a few bytes of data.
    small, crc, size = deflate([header + row * 10])
    liar = audit.path("declares-a-gibibyte.zip")
    zip_entries(liar, [("Accelerometer.csv", small, crc, GIB)])
    audit.case("D4", "an entry declaring 1 GiB over 400 bytes", ["info", liar],
               expect(status=1, seconds=10, rss=GIB // 4))
    # Data decoding to more than declared.
    data, crc, size = deflate([header] + [row] * 100_000)
    short = audit.path("declares-less.zip")
    zip_entries(short, [("Accelerometer.csv", data, crc, 1000)])
    audit.case("D4", "an entry decoding to more than declared", ["info", short],
               expect(status=1, seconds=10, rss=GIB // 4))


def physics_toolbox(rows):
    return "time;gFx;gFy;gFz;TgF\n" + "\n".join(rows) + "\n"


def sensor_logger(folder, start_ns=1_700_000_000_000_000_000, seconds=20, rate=50, gyroscope_offset_s=0.0,
                  unit_scale=1.0, fixes=68):
    os.makedirs(folder, exist_ok=True)
    period = int(1e9 / rate)
    with open(os.path.join(folder, "TotalAcceleration.csv"), "w") as file:
        file.write("time,seconds_elapsed,z,y,x\n")
        for i in range(seconds * rate):
            t = i / rate
            z = (9.80665 + 2 * math.sin(2 * math.pi * 1.8 * t)) * unit_scale
            file.write(f"{start_ns + i * period},{t:.6f},{z:.6f},0.1,0.2\n")
    with open(os.path.join(folder, "Gyroscope.csv"), "w") as file:
        file.write("time,seconds_elapsed,z,y,x\n")
        offset = int(gyroscope_offset_s * 1e9)
        for i in range(seconds * rate):
            file.write(f"{start_ns + offset + i * period},{i / rate + gyroscope_offset_s:.6f},0.3,-0.2,0.1\n")
    with open(os.path.join(folder, "Location.csv"), "w") as file:
        file.write("time,seconds_elapsed,bearingAccuracy,speedAccuracy,verticalAccuracy,horizontalAccuracy,speed,"
                   "bearing,altitude,longitude,latitude\n")
        for i in range(fixes):
            t = i * seconds / fixes
            file.write(f"{start_ns + int(t * 1e9)},{t:.3f},10,0.5,3,4.5,1.25,90,100,{2.35 + i * 1e-5:.6f},48.85\n")
    return folder


def d5_exports(audit):
    rows = [f"10:00:{i // 100:02d}:{(i % 100) * 100:04d};0,0;0,1;1,0;1,005" for i in range(500)]
    good = write(audit.path("toolbox-good.csv"), physics_toolbox(rows))
    audit.case("D5", "Physics Toolbox in range", ["info", good], expect(status=0))
    bad = write(audit.path("toolbox-25h.csv"), physics_toolbox(rows[:5] + ["25:00:10:0000;0,0;0,1;1,0;1,005"]))
    audit.case("D5", "Physics Toolbox hour 25", ["info", bad], expect(status=1, stderr="7"))
    audit.case("D5", "Physics Toolbox hour 25, lenient", ["info", bad, "--lenient"],
               expect(status=0, stderr="skipped"))
    minute = write(audit.path("toolbox-61m.csv"), physics_toolbox(rows[:5] + ["10:61:10:0000;0,0;0,1;1,0;1,005"]))
    audit.case("D5", "Physics Toolbox minute 61", ["info", minute], expect(status=1))
    export = sensor_logger(audit.path("export-gyro-elsewhere"), gyroscope_offset_s=86_400)
    audit.case("D5", "a Gyroscope.csv of another day: the recording kept", ["info", export],
               expect(status=0, stderr="left out", extra=lambda s, out, e: None if "1000" in out.replace(",", "")
                      else "rows lost"))
    audit.case("D5", "a Gyroscope.csv of another day: speed keeps its 68 fixes", ["speed", export, "--json"],
               expect(status=0, extra=lambda s, out, e: None if '"fixes"' not in out or "68" in out
                      else "fixes lost"))


def d6_plausibility(audit):
    dup = write(audit.path("every-row-twice.csv"), walk_rows(duplicate=True))
    for command in ("info", "steps", "features", "spectrum", "analyze", "classify"):
        audit.case("D6", f"duplicate timestamps ({command})", [command, dup],
                   expect(status=(0, 1), stderr="repeat"))
    audit.case("D6", "duplicate timestamps: rate without them", ["info", dup],
               expect(status=0, extra=lambda s, out, e: None if "50" in out and "100 Hz" not in out
                      else "the rate counts the duplicates"))
    rows = ["t,ax,ay,az,gx,gy,gz"] + [
        f"{i / 50:.3f},0.01,0.02,{1 + 0.3 * math.sin(i / 5):.4f},{120 * math.sin(i / 7):.3f},{90 * math.cos(i / 9):.3f},"
        f"{60 * math.sin(i / 3):.3f}" for i in range(1500)]
    degrees = write(audit.path("degrees.csv"), "\n".join(rows) + "\n")
    for command in ("info", "analyze"):
        audit.case("D6", f"degrees per second read as rad/s ({command})", [command, degrees],
                   expect(status=(0, 1), stderr="rad/s"))
    spikes_rows = walk_rows().splitlines()
    for i in range(100, 1400, 100):
        t = spikes_rows[i].split(",")[0]
        spikes_rows[i] = f"{t},1000,0,1"
    spikes = write(audit.path("spikes.csv"), "\n".join(spikes_rows) + "\n")
    for command in ("info", "analyze", "steps"):
        audit.case("D6", f"1000 g spikes ({command})", [command, spikes], expect(status=(0, 1), stderr="32 g"))
    flat = write(audit.path("flat.csv"), walk_rows(flat=True))
    for command in ("info", "analyze", "classify"):
        audit.case("D6", f"all-zero acceleration ({command})", [command, flat], expect(status=(0, 1), stderr="same"))
    rows = ["t,ax,ay,az,cadence,steps"] + [
        f"{i / 50:.3f},0.01,0.02,{1 + 0.3 * math.sin(i / 5):.4f},"
        + (f"1000000,{1000 - i}" if i % 50 == 0 else ",") for i in range(1500)]
    pedometer = write(audit.path("pedometer.csv"), "\n".join(rows) + "\n")
    for command in ("info", "analyze"):
        audit.case("D6", f"pedometer 1e6 steps/s and decreasing counts ({command})", [command, pedometer],
                   expect(status=(0, 1), stderr=["cadence", "decreas"]))
    walk = audit.path("walk.csv")
    metres = write(audit.path("metres.csv"), walk_rows(scale=9.80665))
    audit.case("D6", "m/s2 read as g: analyze has the unit note", ["analyze", metres], expect(stderr="m/s"))
    export = sensor_logger(audit.path("export-in-g"), unit_scale=1 / 9.80665)
    for command in ("info", "analyze"):
        audit.case("D6", f"Sensor Logger data in g ({command})", [command, export], expect(status=(0, 1), stderr="g"))
    grouped = ["id,t,ax,ay,az"] + [f"{'a' if (i // 100) % 2 == 0 else 'b'},{i / 50},0.0,0.0,1.0" for i in range(600)]
    recurring = write(audit.path("recurring.csv"), "\n".join(grouped) + "\n")
    audit.case("D6", "a --group value that recurs", ["info", recurring, "--group", "id"],
               expect(status=(0, 1), stderr="recur"))
    reference = write(audit.path("reference.csv"), "time\n1.0\n1.0\n2.0\n")
    audit.case("D6", "a reference file with duplicates", ["evaluate-steps", walk, "--reference", reference],
               expect(status=(0, 1), stderr="reference.csv"))
    nan_reference = write(audit.path("nan-reference.csv"), "time\nnan\nnan\n")
    audit.case("D6", "a reference file with only NaN times", ["evaluate-steps", walk, "--reference", nan_reference],
               expect(status=(0, 1), stderr="nan-reference.csv"))
    bouts = write(audit.path("bouts.csv"), "start_s,end_s\n1,10\n5,20\n")
    audit.case("D6", "bouts overlapping", ["evaluate-steps", walk, "--reference", reference, "--bouts", bouts],
               expect(status=(0, 1), stderr="overlap"))


def gpx(times):
    points = "".join(f'<trkpt lat="{48.85 + i * 1e-5}" lon="2.35"><time>{t}</time></trkpt>' for i, t in enumerate(times))
    return f'<?xml version="1.0"?><gpx version="1.1"><trk><trkseg>{points}</trkseg></trk></gpx>\n'


def d7_smaller(audit):
    track = write(audit.path("track.gpx"), gpx([f"2024-05-01T10:00:{s:02d}Z" for s in range(30)]))
    audit.case("D7", "analyze a GPX track alone", ["analyze", track],
               expect(status=1, stderr=["GPX", "locomotion speed"]))
    walk = audit.path("walk.csv")
    audit.case("D7", "evaluate with nothing to score", ["evaluate", walk], expect(status=1, stderr="nothing to score"))
    audit.case("D7", "train --date abc", ["train", walk, "--out", audit.path("m.json"), "--date", "abc"],
               expect(status=2))
    audit.case("D7", "train --date 2024-02-30", ["train", walk, "--out", audit.path("m.json"), "--date", "2024-02-30"],
               expect(status=2))
    audit.case("D7", "evaluate-steps --still-labels ''", ["evaluate-steps", walk, "--still-labels", ""],
               expect(status=2))
    audit.case("D7", "evaluate-steps --walking-labels ''", ["evaluate-steps", walk, "--walking-labels", ""],
               expect(status=2))
    year_one = write(audit.path("year-one.gpx"), gpx([f"0001-01-01T10:00:{s:02d}Z" for s in range(30)]))
    audit.case("D7", "a year-1 GPX track prints year 1", ["info", year_one], expect(stdout="0001-01-01T10:00:00"))
    far = write(audit.path("epoch-1e300.csv"), "timestamp,ax,ay,az\n" + "".join(
        f"{1e300 * (1 + i * 1e-15):.17g},0,0,1\n" for i in range(10)))
    audit.case("D7", "epoch 1e300", ["info", far],
               expect(status=(0, 1), extra=lambda s, out, e: None if "5828963" not in out else "year 5828963 printed"))
    fast = ["t,speed,latitude,longitude"] + [f"{i},{1e300 if i == 5 else 1.5},48.85,2.35" for i in range(20)]
    speeds = write(audit.path("speeds.csv"), "\n".join(fast) + "\n")
    audit.case("D7", "a speed of 1e300 m/s prints short", ["speed", speeds],
               expect(status=(0, 1), extra=lambda s, out, e: None if max(map(len, (out + e).split()), default=0) < 60
                      else "a number of hundreds of digits"))
    walking = walk_rows().splitlines()
    walking[0] += ",speed"
    walking[1:] = [row + ("," + ("1e300" if i == 500 else "1.5") if i % 50 == 0 else ",") for i, row in
                   enumerate(walking[1:])]
    fast_walk = write(audit.path("speeds-walk.csv"), "\n".join(walking) + "\n")
    for command in ("info", "analyze", "classify"):
        audit.case("D7", f"a speed of 1e300 m/s among motion rows ({command})", [command, fast_walk],
                   expect(status=(0, 1), extra=lambda s, out, e: None if max(map(len, (out + e).split()), default=0)
                          < 60 else "a number of hundreds of digits"))
    # 20,000 zip entries the importer does not read.
    entries = []
    data, crc, size = deflate([b"x\n"])
    for i in range(20_000):
        entries.append((f"unused/file-{i:05d}.txt", data, crc, size))
    tiny = sensor_logger(audit.path("export-small"), seconds=20)
    for name in ("TotalAcceleration.csv",):
        with open(os.path.join(tiny, name), "rb") as file:
            content = file.read()
        data2, crc2, size2 = deflate([content])
        entries.append((name, data2, crc2, size2))
    crowded = audit.path("crowded.zip")
    zip_entries(crowded, entries)
    audit.case("D7", "20,000 entries not read: a short note", ["info", crowded],
               expect(status=(0, 1), extra=lambda s, out, e: None if max(map(len, (out + e).splitlines()), default=0)
                      < 4096 else "a line over 4 KiB"))
    model = audit.path("huge-window.json")
    # A stored model with windowDuration 1e9: edit the bundled model the tool writes out.
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Sources", "Locomotion", "Resources")
    candidates = [os.path.join(source, n) for n in os.listdir(source) if n.endswith(".json")] if os.path.isdir(
        source) else []
    for candidate in candidates:
        with open(candidate) as file:
            text = file.read()
        if '"windowDuration"' in text:
            write(model, re.sub(r'"windowDuration"\s*:\s*[0-9.e+]+', '"windowDuration":1e9', text, count=1))
            audit.case("D7", "a model with windowDuration 1e9", ["classify", walk, "--classifier", "model", "--model",
                                                                  model], expect(status=1))
            break
    audit.case("D7", "features --hop 0.02 beyond the window limit", ["features", audit.path("one-hertz.csv"),
                                                                       "--hop", "0.02", "--json"],
               expect(status=(0, 1), seconds=60, rss=GIB // 2))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--locomotion", default=".build/debug/locomotion")
    parser.add_argument("--only", help="run only the cases of one defect (D1 ... D7)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    arguments = parser.parse_args()
    tool = os.path.abspath(arguments.locomotion)
    folder = tempfile.mkdtemp(prefix="audit-32-")
    audit = Audit(tool, folder)
    try:
        write(audit.path("walk.csv"), walk_rows())
        # 27.8 h at 1 Hz (2 MB).
        rows = ["t,ax,ay,az"] + [f"{i},0.01,0.02,0.99" for i in range(100_000)]
        write(audit.path("one-hertz.csv"), "\n".join(rows) + "\n")
        sections = [("D1", d1_outputs), ("D2", d2_pipes), ("D3", d3_resampling), ("D4", d4_zip),
                    ("D5", d5_exports), ("D6", d6_plausibility), ("D7", d7_smaller)]
        for name, section in sections:
            if arguments.only in (None, name):
                section(audit)
    finally:
        if arguments.keep:
            print("inputs kept in", folder)
        else:
            shutil.rmtree(folder, ignore_errors=True)
    failed = [defect for defect, ok in audit.results if not ok]
    print(f"{len(audit.results) - len(failed)} of {len(audit.results)} cases pass"
          + (f"; failing: {', '.join(sorted(set(failed)))}" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
