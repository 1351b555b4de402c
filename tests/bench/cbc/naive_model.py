#!/usr/bin/env python3
"""The naive 0-1 model of one block-cyclic instance (SPEC Sec. 4, the general-solver baseline
of SPEC Sec. 3), written in CPLEX LP format for CBC.

One binary x_b_k_j per (block b, position k = 1..r-1, letter j) and one y_j per receive-only
letter. Constraints: every position takes one letter; for every block and every residue
rho != u (mod r) exactly one position k has (k + j) = rho (mod r) (word legality); every
letter's total equals its leaf count (letter conservation); one receive-only letter.
Blocks are expanded one by one (no multiplicities): this is what a researcher writes first.

Usage: blockcast instance --L 3 --t 20 --json | python3 naive_model.py > model.lp
"""
import json
import sys


def main():
    inst = json.load(sys.stdin)
    L = inst["L"]
    letters = [inst["letters"].get(chr(ord("a") + j), 0) if isinstance(inst["letters"], dict)
               else inst["letters"][j] for j in range(L)]
    out = sys.stdout
    rows = []
    binaries = []
    by_letter = [[] for _ in range(L)]
    b = 0
    for bt in inst["blocks"]:
        r, u = bt["r"], bt["u"]
        for _ in range(bt["count"]):
            b += 1
            if r == 1:
                continue
            var = {(k, j): f"x{b}_{k}_{j}" for k in range(1, r) for j in range(L)}
            binaries.extend(var.values())
            for j in range(L):
                by_letter[j].extend(var[(k, j)] for k in range(1, r))
            for k in range(1, r):
                rows.append((" + ".join(var[(k, j)] for j in range(L)), 1))
            for rho in range(r):
                if rho == u % r:
                    continue
                hits = [var[(k, j)] for k in range(1, r) for j in range(L) if (k + j) % r == rho]
                rows.append((" + ".join(hits) if hits else "0 " + var[(1, 0)], 1))
    ys = [f"y{j}" for j in range(L)]
    binaries.extend(ys)
    for j in range(L):
        rows.append((" + ".join(by_letter[j] + [ys[j]]), letters[j]))
    rows.append((" + ".join(ys), 1))
    out.write("Minimize\n obj: 0 " + ys[0] + "\nSubject To\n")
    for i, (lhs, rhs) in enumerate(rows):
        out.write(f" c{i}: {lhs} = {rhs}\n")
    out.write("Binaries\n")
    for i in range(0, len(binaries), 10):
        out.write(" " + " ".join(binaries[i:i + 10]) + "\n")
    out.write("End\n")


if __name__ == "__main__":
    main()
