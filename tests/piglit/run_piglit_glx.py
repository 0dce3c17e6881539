#!/usr/bin/env python3
"""run_piglit_glx.py: Debian's piglit GL test binaries on swr's libGL.so.1
against Mesa's llvmpipe, through waffle's GLX platform on a private Xvfb.

What it runs: the tests of piglit's quick_gl profile
(<piglit>/tests/quick_gl.xml.gz) whose names start with one of the
prefixes (default: the OpenGL 1.0-2.1 spec groups and glx@), each
command as the profile lists it plus -auto (and -fbo for the tests the
profile marks run_concurrent, as piglit's own runner does). Each test
runs twice with PIGLIT_PLATFORM=glx: with LD_LIBRARY_PATH at swr's
libGL folder (swr) and with the system libGL (llvmpipe, the oracle,
LIBGL_ALWAYS_SOFTWARE=1 GALLIUM_DRIVER=llvmpipe). The result is the
"PIGLIT: {"result": ...}" line (the last one wins; subtests are not
counted separately); no line, a crash or the per-test time limit is
"crash"/"timeout".

Verdict: the run fails when a test passes on llvmpipe and not on swr (a
test swr fails is run on swr again, alone after the parallel run, up to
two times, and the last result counts: a loaded 2-core machine makes
single runs time out or lose races with the X server), unless tests/piglit/glx_expected_failures.txt lists it (one name a line,
"name  # reason"). A listed test that passes on swr is reported (so the
list stays honest) but does not fail the run. Both drivers' pass counts
are printed: they are the measure for GLX/GL coverage.

Options: --lib <swr libGL.so.1> (required), --every N (run every Nth
selected test, for sanitizer builds), --prefix P (repeatable, replaces
the default prefixes), --jobs J (default 2), --list (print the selection).
The Xvfb (-displayfd, -nolisten tcp) is stopped by its PID on exit.
Exit status: 0 pass, 1 regression, 77 skipped (no piglit or Xvfb).
"""
import argparse, ast, gzip, json, os, re, shutil, signal, subprocess, sys, tempfile, time
import xml.etree.ElementTree as ET
from concurrent.futures import ThreadPoolExecutor

PIGLIT = "/usr/lib/x86_64-linux-gnu/piglit"
MESA_GL_DIR = "/usr/lib/x86_64-linux-gnu"
DEFAULT_PREFIXES = ["spec@!opengl 1.0@", "spec@!opengl 1.1@", "spec@!opengl 1.2@",
                    "spec@!opengl 1.3@", "spec@!opengl 1.4@", "spec@!opengl 1.5@",
                    "spec@!opengl 2.0@", "spec@!opengl 2.1@", "glx@"]
TIME_LIMIT = 30
RESULT_RE = re.compile(r'^PIGLIT: (\{.*\})\s*$', re.M)


def select(prefixes, every):
    root = ET.parse(gzip.open(os.path.join(PIGLIT, "tests", "quick_gl.xml.gz"))).getroot()
    tests = []
    for e in root:
        name = e.get("name", "")
        if e.get("type") != "gl" or not any(name.startswith(p) for p in prefixes):
            continue
        opts = {o.get("name"): o.get("value") for o in e}
        cmd = ast.literal_eval(opts.get("command", "[]"))
        if not cmd:
            continue
        cmd = list(cmd) + ["-auto"]
        if opts.get("run_concurrent") == "True" and not name.startswith("glx@"):
            cmd.append("-fbo")
        tests.append((name, cmd))
    return tests[::every]


def start_xvfb():
    r, w = os.pipe()
    p = subprocess.Popen(["Xvfb", "-displayfd", str(w), "-screen", "0", "1024x768x24",
                          "-nolisten", "tcp"], pass_fds=[w],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(w)
    buf = b""
    while not buf.endswith(b"\n"):
        chunk = os.read(r, 64)
        if not chunk:
            break
        buf += chunk
    os.close(r)
    if not buf.strip():
        p.kill()
        p.wait()
        raise RuntimeError("Xvfb did not start")
    return p, ":" + buf.decode().strip()


def run_one(cmd, env):
    exe = os.path.join(PIGLIT, "bin", cmd[0])
    try:
        out = subprocess.run([exe] + cmd[1:], env=env, cwd=PIGLIT, capture_output=True,
                             timeout=TIME_LIMIT, start_new_session=True)
    except subprocess.TimeoutExpired:
        return "timeout"
    except OSError:
        return "missing"
    found = RESULT_RE.findall(out.stdout.decode(errors="replace"))
    result = None
    for f in found:
        try:
            d = json.loads(f)
        except ValueError:
            continue
        if "result" in d:
            result = d["result"]
    if result is None:
        return "crash" if out.returncode < 0 or out.returncode not in (0, 1) else "noresult"
    return result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--prefix", action="append")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    if not os.path.isdir(os.path.join(PIGLIT, "bin")) or not shutil.which("Xvfb"):
        print("SKIP: piglit or Xvfb missing")
        return 77
    tests = select(args.prefix or DEFAULT_PREFIXES, max(1, args.every))
    if args.list:
        for n, c in tests:
            print(n, c)
        return 0
    here = os.path.dirname(os.path.abspath(__file__))
    expected = {}
    with open(os.path.join(here, "glx_expected_failures.txt")) as f:
        for line in f:
            name, _, reason = line.partition("#")
            name = name.strip()
            if name:
                expected[name] = reason.strip()
    xvfb, display = start_xvfb()
    try:
        base = dict(os.environ, DISPLAY=display, PIGLIT_PLATFORM="glx", KNOB_QUIET="1")
        base.pop("__GLX_VENDOR_LIBRARY_NAME", None)
        swr_env = dict(base, LD_LIBRARY_PATH=os.path.dirname(os.path.abspath(args.lib)))
        mesa_env = dict(base, LD_LIBRARY_PATH=MESA_GL_DIR, LIBGL_ALWAYS_SOFTWARE="1",
                        GALLIUM_DRIVER="llvmpipe")

        def both(t):
            return t[0], run_one(t[1], swr_env), run_one(t[1], mesa_env)

        with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
            results = list(ex.map(both, tests))
        # A test llvmpipe passes and swr did not runs again on swr, alone
        # (after the parallel run, nothing else on the server), up to two
        # times: on a loaded 2-core machine a test can time out or lose a
        # race with the X server while another test runs (listed failures
        # are not run again). Two more failures are the result; a pass is reported as flaky under concurrency.
        cmds = dict(tests)
        for i, (name, s, m) in enumerate(results):
            if m != "pass" or s == "pass" or name in expected:
                continue
            for attempt in (2, 3):
                s2 = run_one(cmds[name], swr_env)
                if s2 == "pass":
                    print("swr: piglit: %s passed alone on run %d (first, in parallel: %s)"
                          % (name, attempt, s), flush=True)
                    break
            results[i] = (name, s2, m)
    finally:
        xvfb.send_signal(signal.SIGTERM)
        try:
            xvfb.wait(timeout=10)
        except subprocess.TimeoutExpired:
            xvfb.kill()
            xvfb.wait()
    swr_pass = sum(1 for _, s, _ in results if s == "pass")
    mesa_pass = sum(1 for _, _, m in results if m == "pass")
    bad, fixed = [], []
    for name, s, m in results:
        if m == "pass" and s != "pass":
            if name in expected:
                continue
            bad.append((name, s))
        elif s == "pass" and name in expected:
            fixed.append(name)
    for name, s, m in results:
        print("%-70s swr=%-8s llvmpipe=%s" % (name, s, m))
    for name in fixed:
        print("swr: piglit: %s passes now; remove it from glx_expected_failures.txt" % name)
    for name, s in bad:
        print("swr: piglit: REGRESSION %s: swr %s, llvmpipe pass" % (name, s))
    print("piglit glx: %d tests, swr %d pass, llvmpipe %d pass, %d unexpected swr failures"
          % (len(results), swr_pass, mesa_pass, len(bad)))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
