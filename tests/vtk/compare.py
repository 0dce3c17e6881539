#!/usr/bin/python3
# compare.py: compares two binary PPM (P6) images of the same size, the one
# swr rendered and the one Mesa's llvmpipe rendered of the same VTK scene
# (tests/vtk/run_vtk.sh). Prints the PSNR over every channel and the share
# of pixels differing by more than 32 in some channel; passes (exit 0) when
# the PSNR is at least --psnr (dB) and that share is at most --bad (%), so
# that rasterization-rule and rounding differences on edges pass and a
# missing object, wrong colour map or black image fails. Exit 1 otherwise,
# 2 on unreadable input. Also checks that the reference is not a blank
# background (the scene really drew something), so the test cannot pass
# on two empty images.
import math
import sys


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    parts = data.split(maxsplit=4)
    if len(parts) < 5 or parts[0] != b"P6" or parts[3] != b"255":
        raise ValueError("%s: not an 8-bit binary PPM" % path)
    w, h = int(parts[1]), int(parts[2])
    pix = parts[4]
    if len(pix) < w * h * 3:
        raise ValueError("%s: short pixel data" % path)
    return w, h, pix[: w * h * 3]


def main():
    args = sys.argv[1:]
    psnr_min, bad_max = 30.0, 1.0
    files = []
    while args:
        a = args.pop(0)
        if a == "--psnr":
            psnr_min = float(args.pop(0))
        elif a == "--bad":
            bad_max = float(args.pop(0))
        else:
            files.append(a)
    if len(files) != 2:
        print("usage: compare.py [--psnr dB] [--bad %] swr.ppm ref.ppm", file=sys.stderr)
        return 2
    try:
        w0, h0, a = read_ppm(files[0])
        w1, h1, b = read_ppm(files[1])
    except (OSError, ValueError) as e:
        print("compare: %s" % e)
        return 2
    if (w0, h0) != (w1, h1):
        print("compare: sizes differ: %dx%d vs %dx%d" % (w0, h0, w1, h1))
        return 1
    sq = 0
    bad = 0
    for i in range(0, len(a), 3):
        d = [abs(a[i + c] - b[i + c]) for c in range(3)]
        sq += d[0] * d[0] + d[1] * d[1] + d[2] * d[2]
        bad += max(d) > 32
    n = w0 * h0
    bg = b[0:3]
    drawn = sum(1 for i in range(0, len(b), 3) if b[i:i + 3] != bg)
    mse = sq / (3.0 * n)
    psnr = 99.0 if mse == 0 else 10 * math.log10(255.0 * 255.0 / mse)
    bad_pct = 100.0 * bad / n
    print("compare: PSNR %.2f dB (min %.1f), %.3f%% pixels off by > 32 (max %.2f%%), "
          "reference covers %d of %d pixels" % (psnr, psnr_min, bad_pct, bad_max, drawn, n))
    if drawn < n // 50:
        print("compare: the reference image is (almost) only background")
        return 1
    return 0 if psnr >= psnr_min and bad_pct <= bad_max else 1


if __name__ == "__main__":
    sys.exit(main())
