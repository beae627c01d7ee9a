# MUMPS (Fortran, mpif.h, with ScaLAPACK; Debian mumps-test): its double-precision simple test, a 5x5 sparse
# system (probes, packed messages, non-blocking sends, tests).
app_language="Fortran (mpif.h)"
app_prepare() { cp /usr/lib/mumps/input_simpletest_real .; }
app_command=(/usr/lib/mumps/dsimpletest)
app_stdin=input_simpletest_real
# The what-if campaign's size (tools/lab/whatif.sh): the 7-point Laplacian of a 30^3 grid (27,000 unknowns, 183,600
# entries, all ones on the right), factorised and solved, about 2 s at 2 ranks here.
app_campaign() {
  python3 - 30 > input_simpletest_real <<'PY'
import sys
n = int(sys.argv[1])
at = lambda i, j, k: (i * n + j) * n + k + 1
entries = []
for i in range(n):
    for j in range(n):
        for k in range(n):
            entries.append(f"{at(i, j, k)} {at(i, j, k)} 6.0")
            for a, b, c in ((i - 1, j, k), (i + 1, j, k), (i, j - 1, k), (i, j + 1, k), (i, j, k - 1), (i, j, k + 1)):
                if 0 <= a < n and 0 <= b < n and 0 <= c < n:
                    entries.append(f"{at(i, j, k)} {at(a, b, c)} -1.0")
print(n ** 3, len(entries), *entries, *["1.0"] * n ** 3, sep="\n")
PY
}
