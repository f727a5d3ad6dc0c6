#!/usr/bin/env python3
"""Writes the reference values the indicator tests compare with (issue 25).

Run from the package root in a throw-away venv with TA-Lib:

    python3 -m venv /tmp/talib-venv && /tmp/talib-venv/bin/pip install TA-Lib numpy
    /tmp/talib-venv/bin/python Tests/TradeChartCoreTests/Fixtures/Indicators/make_indicator_reference.py

It reads Data/dax.csv (the rows of `null`s left out, as the viewer leaves them out) and
writes random-walk.csv, a seeded random walk of one-minute bars over five sessions with
volume; then, for each, the TA-Lib values (EMA, BBANDS with a simple average, RSI, MACD,
STOCH with simple averages, ATR) at the first bar each has a value and at a dozen bars
after it, into dax-reference.txt and random-walk-reference.txt. TA-Lib has no VWAP: its
values come from the plain session-by-session sums below (typical price times volume over
volume, reset at each calendar day of the file's clock).

Line format: `NAME PARAMS OUTPUT first ROW` (the first bar with a value) and
`NAME PARAMS OUTPUT ROW VALUE` (VALUE as Python's repr, exact to the double).
"""
import math
import os
import random

import numpy as np
import talib

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.abspath(os.path.join(HERE, "..", "..", "..", ".."))


def read_csv(path, columns):
    """The named columns of a CSV with a header, rows holding `null` left out."""
    with open(path, newline="") as f:
        lines = [line.strip() for line in f if line.strip()]
    header = lines[0].split(",")
    rows = [line.split(",") for line in lines[1:]]
    rows = [r for r in rows if "null" not in r]
    out = {"Date": [r[0] for r in rows]}
    for name in columns:
        out[name] = np.array([float(r[header.index(name)]) for r in rows], dtype=np.float64)
    return out


def write_random_walk(path):
    """Five sessions of 390 one-minute bars, 09:30 to 15:59, a random walk from 100."""
    rng = random.Random(25)
    lines = ["Date,Open,High,Low,Close,Volume"]
    price = 100.0
    for day in (2, 3, 4, 5, 8):
        for minute in range(390):
            hour, mins = divmod(9 * 60 + 30 + minute, 60)
            open_ = price
            close = max(1.0, open_ * (1 + rng.gauss(0, 0.002)))
            high = max(open_, close) * (1 + abs(rng.gauss(0, 0.001)))
            low = min(open_, close) * (1 - abs(rng.gauss(0, 0.001)))
            volume = 0 if minute < 2 else rng.randint(100, 50_000)
            lines.append(f"2024-01-{day:02d} {hour:02d}:{mins:02d},{open_:.4f},{high:.4f},{low:.4f},{close:.4f},{volume}")
            price = close
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def vwap(dates, high, low, close, volume):
    """Typical price times volume over volume since the session (the date) began; NaN before any volume."""
    out, session, pv, v = [], None, 0.0, 0.0
    for date, h, l, c, vol in zip(dates, high, low, close, volume):
        day = date.split(" ")[0]
        if day != session:
            session, pv, v = day, 0.0, 0.0
        if vol > 0:
            pv += (h + l + c) / 3 * vol
            v += vol
        out.append(pv / v if v > 0 else math.nan)
    return np.array(out)


def series_of(data, intraday):
    h, l, c = data["High"], data["Low"], data["Close"]
    out = []
    for n in (2, 9, 21, 200):
        out.append(("ema", [n], {"value": talib.EMA(c, timeperiod=n)}))
    for n, m in ((20, 2.0), (20, 2.5), (5, 1.0)):
        upper, middle, lower = talib.BBANDS(c, timeperiod=n, nbdevup=m, nbdevdn=m, matype=0)
        out.append(("bb", [n, m], {"upper": upper, "middle": middle, "lower": lower}))
    for n in (2, 14, 30):
        out.append(("rsi", [n], {"value": talib.RSI(c, timeperiod=n)}))
    for fast, slow, signal in ((12, 26, 9), (5, 35, 5)):
        macd, sig, hist = talib.MACD(c, fastperiod=fast, slowperiod=slow, signalperiod=signal)
        out.append(("macd", [fast, slow, signal], {"line": macd, "signal": sig, "histogram": hist}))
    for n, k, d in ((14, 3, 3), (5, 3, 3), (9, 1, 4)):
        slowk, slowd = talib.STOCH(h, l, c, fastk_period=n, slowk_period=k, slowk_matype=0,
                                   slowd_period=d, slowd_matype=0)
        out.append(("stoch", [n, k, d], {"k": slowk, "d": slowd}))
    for n in (1, 14):
        out.append(("atr", [n], {"value": talib.ATR(h, l, c, timeperiod=n)}))
    if intraday:
        out.append(("vwap", [], {"value": vwap(data["Date"], h, l, c, data["Volume"])}))
    return out


def write_reference(path, data, intraday, source):
    lines = [f"# {source}: TA-Lib {talib.__version__} (C library {talib.__ta_version__.decode().split()[0]}),"
             " VWAP by the plain sums of make_indicator_reference.py"]
    count = len(data["Close"])
    for name, params, outputs in series_of(data, intraday):
        label = ",".join(repr(p) if isinstance(p, float) else str(p) for p in params) or "-"
        for output, values in outputs.items():
            defined = np.flatnonzero(~np.isnan(values))
            first = int(defined[0])
            lines.append(f"{name} {label} {output} first {first}")
            rows = sorted({first, first + 1, first + 2, count - 1} |
                          {first + (count - 1 - first) * j // 12 for j in range(1, 12)})
            for row in rows:
                if row < count and not math.isnan(values[row]):
                    lines.append(f"{name} {label} {output} {row} {float(values[row])!r}")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def main():
    dax = read_csv(os.path.join(ROOT, "Data", "dax.csv"), ["High", "Low", "Close", "Volume"])
    write_reference(os.path.join(HERE, "dax-reference.txt"), dax, False, "Data/dax.csv")
    walk_path = os.path.join(HERE, "random-walk.csv")
    write_random_walk(walk_path)
    walk = read_csv(walk_path, ["High", "Low", "Close", "Volume"])
    write_reference(os.path.join(HERE, "random-walk-reference.txt"), walk, True, "random-walk.csv")


if __name__ == "__main__":
    main()
