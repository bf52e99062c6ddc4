#!/usr/bin/env python3
"""Plain numpy peer of carb's calibration protocol, for scripts/bench/protocol.ts.

Reads the breakpoint tables and splits the TS side exported (index.json + raw int32 arrays),
then for every alpha set: per split and method, CRC by bincount + cumsum (Eq. 1; exact integers for
the union / graded ledger, float64 for the step-rate envelope), held-out loss, intervention,
utility, step rate and context sums at every distinct lambda-hat (vectorized over the test fold and
those indices), and the summary (means, p5/p95 over splits, paired differences to full-prefix).
Usage: protocol_peer.py DIR [REPS [ALPHA_SET ...]]. Prints JSON: best-of-REPS seconds per alpha
set and the per-split figures for cross-checking.
"""
import json
import sys
import time

import numpy as np


def load(d):
    idx = json.load(open(f"{d}/index.json"))
    arr = {k: np.fromfile(f"{d}/{v['file']}", dtype=v["dtype"]) for k, v in idx["files"].items()}
    return idx, arr


def prepare(idx, arr, sel):
    G = idx["G"]
    off = arr[f"{sel}.stepOffset"].astype(np.int64)
    n = len(off) - 1
    T = np.diff(off)
    ex = np.minimum(arr[f"{sel}.executesFrom"], G).astype(np.int64)
    owner = np.repeat(np.arange(n), T)
    # |P_g| of episode e = searchsorted over (episode, executesFrom) keys, one global sorted array
    keys = owner * (G + 1) + ex
    ctx = arr[f"{sel}.contextSize"].astype(np.float64)
    cum = np.zeros(len(ctx) + n)
    pos = off[:-1] + np.arange(n)  # start of episode e's prefix sums
    inner = np.ones(len(ctx) + n, dtype=bool)
    inner[pos] = False
    cum[inner] = ctx
    # per-episode running sums: global cumsum minus the value at the episode's start
    c = np.cumsum(cum)
    cum = c - np.repeat(c[pos], T + 1)
    ulf = arr[f"{sel}.unionLossFrom"].astype(np.int64)
    lf = np.stack([arr[f"{sel}.lossFrom.{k}"] for k in idx["categories"]]).astype(np.int64)
    runs = arr[f"{sel}.runsFrom"].astype(np.int64)
    succ = arr[f"{sel}.successFrom"].astype(np.int64)
    # envelope: one rise at unionLossFrom to 1 / max(1, |P_u|)
    has = ulf < G
    p_u = np.searchsorted(keys, np.arange(n) * (G + 1) + np.minimum(ulf, G - 1), side="right") - off[:-1]
    w_env = np.where(has, 1.0 / np.maximum(1, p_u), 0.0)
    return dict(G=G, n=n, off=off, T=T, keys=keys, cum=cum, pos=pos, ulf=ulf, lf=lf, runs=runs, succ=succ, w_env=w_env)


def crc(t, target, cal, alphas):
    G = t["G"]
    m = len(cal)
    if target == "union":
        S = np.cumsum(np.bincount(t["ulf"][cal], minlength=G + 1)[:G])
        D = 1
    elif target == "graded":
        S = np.cumsum(np.bincount(t["lf"][:, cal].ravel(), minlength=G + 1)[:G])
        D = 5
    else:
        S = np.cumsum(np.bincount(t["ulf"][cal], weights=t["w_env"][cal], minlength=G + 1)[:G])
        ok = (1.0 + S[None, :]) <= alphas["float"][:, None] * (m + 1) + 1e-12
        return np.where(ok.any(1), G - 1 - np.argmax(ok[:, ::-1], 1), -1)
    ok = (D + S[None, :]) * alphas["den"][:, None] <= alphas["num"][:, None] * (m + 1) * D
    return np.where(ok.any(1), G - 1 - np.argmax(ok[:, ::-1], 1), -1)


def held_out(t, test, gs, graded, scored):
    G = t["G"]
    g = gs[None, :]
    e = test[:, None]
    if graded:
        loss = (g[None, :, :] >= t["lf"][:, test][:, :, None]).sum(0) / 5
    else:
        loss = g >= t["ulf"][e]
    stopped = g < t["runs"][e]
    wins = g >= t["succ"][e]
    p = np.searchsorted(t["keys"], e * (G + 1) + g, side="right") - t["off"][e]
    rate = np.where(g >= t["ulf"][e], 1.0 / np.maximum(1, p), 0.0)
    j = np.where(stopped, p + 1, t["T"][e])
    sel = t["cum"][t["pos"][e] + j].sum(0)
    full = (j * (j + 1) // 2).sum(0)
    out = np.stack([loss.mean(0), stopped.mean(0), wins.mean(0), rate.mean(0),
                    sel if scored else 0 * sel, full if scored else 0 * full], 1)
    return out


def protocol(idx, arr, alpha_set, ledger="union"):
    G = idx["G"]
    tables = {}
    for m in idx["methods"]:
        if m["selector"] not in tables:
            tables[m["selector"]] = prepare(idx, arr, m["selector"])
    a = idx["alphaSets"][alpha_set]
    alphas = {"num": np.array([int(x[0]) for x in a], dtype=np.int64), "den": np.array([int(x[1]) for x in a], dtype=np.int64),
              "float": np.array([int(x[0]) / int(x[1]) for x in a])}
    K = idx["splits"]
    res = {}
    for m in idx["methods"]:
        res[m["method"]] = np.zeros((len(a), K, 7))
    for k in range(K):
        cal = arr[f"split{k}.cal"]
        test = arr[f"split{k}.test"]
        for m in idx["methods"]:
            t = tables[m["selector"]]
            target = m["target"]
            lam = np.full(len(a), G - 1) if target == "none" else crc(t, ledger if target == "ledger" else "envelope", cal, alphas)
            at = np.maximum(lam, 0)
            gs, inv = np.unique(at, return_inverse=True)
            h = held_out(t, test, gs, ledger == "graded", target != "none")
            r = res[m["method"]]
            r[:, k, 0] = lam
            r[:, k, 1:] = h[inv]
    # summary over splits and paired differences to full-prefix
    summary = {}
    for m, r in res.items():
        summary[m] = (r[:, :, 1:].mean(1), np.percentile(r[:, :, 1:4], [5, 95], axis=1))
        if m != "full-prefix":
            d = r[:, :, 1:4] - res["full-prefix"][:, :, 1:4]
            summary[m] += (d.mean(1), np.percentile(d, [5, 95], axis=1))
    return res


def main():
    d = sys.argv[1]
    reps = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    names = sys.argv[3:] or None
    idx, arr = load(d)
    out = {"seconds": {}, "results": {}}
    for name in names or list(idx["alphaSets"]):
        best = float("inf")
        for _ in range(reps):
            t0 = time.perf_counter()
            res = protocol(idx, arr, name)
            best = min(best, time.perf_counter() - t0)
        out["seconds"][name] = best
        texts = [x[2] for x in idx["alphaSets"][name]]
        out["results"][name] = {m: {texts[i]: r[i].tolist() for i in range(len(texts))} for m, r in res.items()}
    json.dump(out, sys.stdout)


if __name__ == "__main__":
    main()
