// gen_trace: writes a large synthetic time-independent (TI) MPI trace in the format
// replayed by SimGrid 3.32 (`smpirun -replay`), for benchmarking tireplay.
//
// Workloads (--pattern), per rank and per iteration:
// stencil (default):
//   <r> compute <F>
//   for each of the 4 neighbours d = 0..3:
//     <r> irecv <nbr[d]> <tag> <count> 0      (datatype 0 = MPI_DOUBLE, 8 bytes)
//     <r> isend <nbr[d]> <tag> <count> 0
//   <r> waitall
//   <r> allreduce 1 <flops_small> 0
// wavefront (NPB LU's SSOR, the LU.W class of traces): on a non-periodic px x py grid, a lower sweep over
//   8 planes (blocking recv from -x and -y, compute F/16, blocking send to +x and +y), the upper sweep back
//   (from +x, +y to -x, -y), then the stencil's halo exchange with B-byte messages and the allreduce; sweep
//   messages are B/8 bytes.
// alltoall (all-to-all heavy): compute F, then alltoall of B/8 doubles per pair.
// framed by `<r> init` (first line) and `<r> finalize` (last line).
//
// Neighbours: ranks are laid out on a periodic px x py grid (px = largest divisor of N
// that is <= sqrt(N)); directions are 0 = +x, 1 = -x, 2 = +y, 3 = -y. When either grid
// extent is < 3 the +/- neighbours of that dimension would coincide (or be the rank
// itself), so a ring with offsets +1, -1, +2, -2 (mod N) is used instead; its 4
// neighbours are distinct for N >= 5 (with N = 2 all four are the other rank, +-1).
//
// Tags: a message sent in direction d carries tag d. The receiver sees the sender in
// the opposite direction (d ^ 1), so the receive posted towards neighbour e expects
// tag e ^ 1. Every (src, dst, tag) triple is then unique within an iteration even when
// two directions lead to the same neighbour (N <= 4).
//
// Usage: gen_trace --ranks N --actions M --out DIR [--bytes B] [--flops F]
//                  [--allreduce-flops f]
// Writes DIR/rank<r>.txt for each rank and DIR/index.txt (absolute paths, rank order).
// The number of iterations is chosen so that the total action count over all ranks
// (init and finalize included) is about M.

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

namespace {

constexpr int kFixedActions        = 2;                 // init + finalize
constexpr int kSweepPlanes         = 8;                 // wavefront: planes per sweep

[[noreturn]] void usage(const char* prog, const char* msg = nullptr)
{
  if (msg)
    std::fprintf(stderr, "%s: %s\n", prog, msg);
  std::fprintf(stderr,
               "Usage: %s --ranks N --actions M --out DIR [--pattern P] [--bytes B] [--flops F] [--allreduce-flops f]\n"
               "  --pattern P          stencil (default), wavefront (NPB LU-like) or alltoall\n"
               "  --ranks N            number of MPI ranks (>= 2)\n"
               "  --actions M          approximate total number of actions over all ranks\n"
               "  --out DIR            output directory (created if needed)\n"
               "  --bytes B            halo message size in bytes (default 8192; sent as B/8 MPI_DOUBLE)\n"
               "  --flops F            flops of the per-iteration compute action (default 1000000)\n"
               "  --allreduce-flops f  flops of the per-iteration allreduce (default 1)\n",
               prog);
  std::exit(2);
}

long long parse_ll(const char* prog, const char* opt, const char* s)
{
  errno     = 0;
  char* end = nullptr;
  double v  = std::strtod(s, &end); // accepts 1e6, 5000000, ...
  if (errno != 0 || end == s || *end != '\0' || !(v >= 0) || v > 9.0e18 || v != std::floor(v)) {
    std::string m = std::string("invalid value for ") + opt + ": '" + s + "'";
    usage(prog, m.c_str());
  }
  return static_cast<long long>(v);
}

double parse_nonneg_double(const char* prog, const char* opt, const char* s)
{
  errno     = 0;
  char* end = nullptr;
  double v  = std::strtod(s, &end);
  if (errno != 0 || end == s || *end != '\0' || !(v >= 0) || !std::isfinite(v)) {
    std::string m = std::string("invalid value for ") + opt + ": '" + s + "'";
    usage(prog, m.c_str());
  }
  return v;
}

// Plain decimal form (no exponent) when the value is integral, so that strict parsers are happy.
std::string format_number(double v)
{
  char buf[64];
  if (v == std::floor(v) && v < 1e18)
    std::snprintf(buf, sizeof buf, "%lld", static_cast<long long>(v));
  else
    std::snprintf(buf, sizeof buf, "%.17g", v);
  return buf;
}

struct Grid {
  int px = 1;
  int py = 1;
  bool ring = false;
};

Grid make_grid(int n)
{
  Grid g;
  int s = static_cast<int>(std::sqrt(static_cast<double>(n)));
  while ((s + 1) * (s + 1) <= n)
    ++s;
  while (s * s > n)
    --s;
  for (int d = s; d >= 1; --d)
    if (n % d == 0) {
      g.px = d;
      break;
    }
  g.py   = n / g.px;
  g.ring = (g.px < 3 || g.py < 3);
  return g;
}

// nbr[d] for d = 0:+x 1:-x 2:+y 3:-y; opposite(d) = d ^ 1.
void neighbours(const Grid& g, int n, int r, int nbr[4])
{
  if (g.ring) {
    nbr[0] = (r + 1) % n;
    nbr[1] = (r - 1 + n) % n;
    const int k = n > 2 ? 2 : 1; // with 2 ranks, +-2 would be the rank itself
    nbr[2]      = (r + k) % n;
    nbr[3]      = ((r - k) % n + n) % n;
    return;
  }
  int x  = r % g.px;
  int y  = r / g.px;
  nbr[0] = y * g.px + (x + 1) % g.px;
  nbr[1] = y * g.px + (x - 1 + g.px) % g.px;
  nbr[2] = ((y + 1) % g.py) * g.px + x;
  nbr[3] = ((y - 1 + g.py) % g.py) * g.px + x;
}

/// The halo exchange of rank r with its 4 neighbours: irecv and isend each, then waitall.
std::string halo_exchange(const Grid& g, int n, int r, const std::string& count_s)
{
  const std::string rs = std::to_string(r);
  int nbr[4];
  neighbours(g, n, r, nbr);
  std::string lines;
  for (int d = 0; d < 4; ++d) {
    const std::string p = std::to_string(nbr[d]);
    lines += rs + " irecv " + p + " " + std::to_string(d ^ 1) + " " + count_s + " 0\n";
    lines += rs + " isend " + p + " " + std::to_string(d) + " " + count_s + " 0\n";
  }
  return lines + rs + " waitall\n";
}

/// One iteration of the stencil pattern for rank r.
std::string stencil_block(const Grid& g, int n, int r, const std::string& flops_s, const std::string& count_s,
                          const std::string& arflops_s)
{
  const std::string rs = std::to_string(r);
  return rs + " compute " + flops_s + "\n" + halo_exchange(g, n, r, count_s) + rs + " allreduce 1 " + arflops_s +
         " 0\n";
}

/// One iteration of the wavefront pattern (LU's lower and upper sweeps, then the stencil's exchange).
std::string wavefront_block(const Grid& g, int n, int r, double flops, long long count,
                            const std::string& count_s, const std::string& arflops_s)
{
  const std::string rs = std::to_string(r);
  const int x = r % g.px, y = r / g.px;
  const std::string sweep_count = std::to_string(std::max(1LL, count / 8));
  const std::string plane_flops = format_number(std::floor(flops / (2 * kSweepPlanes)));
  auto at = [&](int dx, int dy) {
    int nx = x + dx, ny = y + dy;
    return nx >= 0 && nx < g.px && ny >= 0 && ny < g.py ? ny * g.px + nx : -1;
  };
  std::string block;
  for (int sweep = 0; sweep < 2; ++sweep) {
    const int s = sweep == 0 ? -1 : 1;  // the lower sweep receives from -x, -y; the upper from +x, +y
    for (int k = 0; k < kSweepPlanes; ++k) {
      for (int from : {at(s, 0), at(0, s)})
        if (from >= 0)
          block += rs + " recv " + std::to_string(from) + " " + std::to_string(10 + sweep) + " " + sweep_count + " 0\n";
      block += rs + " compute " + plane_flops + "\n";
      for (int to : {at(-s, 0), at(0, -s)})
        if (to >= 0)
          block += rs + " send " + std::to_string(to) + " " + std::to_string(10 + sweep) + " " + sweep_count + " 0\n";
    }
  }
  return block + halo_exchange(g, n, r, count_s) + rs + " allreduce 5 " + arflops_s + " 0\n";
}

std::string alltoall_block(int r, const std::string& flops_s, const std::string& count_s)
{
  const std::string rs = std::to_string(r);
  return rs + " compute " + flops_s + "\n" + rs + " alltoall " + count_s + " " + count_s + " 0 0\n";
}

long long lines_of(const std::string& s)
{
  return static_cast<long long>(std::count(s.begin(), s.end(), '\n'));
}

bool write_all(std::FILE* f, const std::string& s)
{
  return std::fwrite(s.data(), 1, s.size(), f) == s.size();
}

} // namespace

int main(int argc, char** argv)
{
  const char* prog = argv[0];
  long long ranks = -1, actions = -1, bytes = 8192;
  double flops = 1e6, allreduce_flops = 1;
  std::string out;
  std::string pattern = "stencil";

  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "-h" || a == "--help")
      usage(prog);
    if (i + 1 >= argc)
      usage(prog, ("missing value for " + a).c_str());
    const char* v = argv[++i];
    if (a == "--ranks")
      ranks = parse_ll(prog, "--ranks", v);
    else if (a == "--actions")
      actions = parse_ll(prog, "--actions", v);
    else if (a == "--out")
      out = v;
    else if (a == "--pattern")
      pattern = v;
    else if (a == "--bytes")
      bytes = parse_ll(prog, "--bytes", v);
    else if (a == "--flops")
      flops = parse_nonneg_double(prog, "--flops", v);
    else if (a == "--allreduce-flops")
      allreduce_flops = parse_nonneg_double(prog, "--allreduce-flops", v);
    else
      usage(prog, ("unknown option " + a).c_str());
  }
  if (ranks < 0 || actions < 0 || out.empty())
    usage(prog, "--ranks, --actions and --out are required");
  if (ranks < 2 || ranks > 1000000)
    usage(prog, "--ranks must be in [2, 1000000]");
  if (bytes < 8)
    usage(prog, "--bytes must be >= 8");
  if (pattern != "stencil" && pattern != "wavefront" && pattern != "alltoall")
    usage(prog, "--pattern must be stencil, wavefront or alltoall");

  const int n              = static_cast<int>(ranks);
  const long long count    = bytes / 8; // MPI_DOUBLE elements

  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec) {
    std::fprintf(stderr, "%s: cannot create directory '%s': %s\n", prog, out.c_str(), ec.message().c_str());
    return 1;
  }
  const std::filesystem::path dir = std::filesystem::absolute(out, ec);
  if (ec) {
    std::fprintf(stderr, "%s: cannot resolve '%s': %s\n", prog, out.c_str(), ec.message().c_str());
    return 1;
  }

  const Grid g                = make_grid(n);
  const std::string flops_s   = format_number(flops);
  const std::string arflops_s = format_number(allreduce_flops);
  const std::string count_s   = std::to_string(count);
  auto block_of = [&](int r) {
    if (pattern == "wavefront")
      return wavefront_block(g, n, r, flops, count, count_s, arflops_s);
    if (pattern == "alltoall")
      return alltoall_block(r, flops_s, count_s);
    return stencil_block(g, n, r, flops_s, count_s, arflops_s);
  };
  long long per_iteration = 0;  // actions of one iteration over all ranks
  for (int r = 0; r < n; ++r)
    per_iteration += lines_of(block_of(r));
  long long iters = (actions - kFixedActions * n + per_iteration / 2) / per_iteration;
  if (iters < 1)
    iters = 1;

  static char iobuf[1 << 22]; // 4 MiB stdio buffer
  std::string index;
  std::string block;
  std::string chunk;

  for (int r = 0; r < n; ++r) {
    const std::string rs = std::to_string(r);
    block                = block_of(r);  // one iteration is the same text every time: built once

    // Repeat the block into a ~1 MiB chunk to keep the number of fwrite calls low.
    const long long reps_per_chunk = std::max<long long>(1, (1 << 20) / static_cast<long long>(block.size()));
    chunk.clear();
    for (long long k = 0; k < reps_per_chunk && k < iters; ++k)
      chunk += block;
    const long long chunk_reps = std::min(reps_per_chunk, iters);

    const std::filesystem::path file = dir / ("rank" + rs + ".txt");
    std::FILE* f                     = std::fopen(file.c_str(), "wb");
    if (!f) {
      std::fprintf(stderr, "%s: cannot open '%s': %s\n", prog, file.c_str(), std::strerror(errno));
      return 1;
    }
    std::setvbuf(f, iobuf, _IOFBF, sizeof iobuf);
    bool ok = write_all(f, rs + " init\n");
    long long left = iters;
    while (ok && left >= chunk_reps) {
      ok = write_all(f, chunk);
      left -= chunk_reps;
    }
    for (; ok && left > 0; --left)
      ok = write_all(f, block);
    ok = ok && write_all(f, rs + " finalize\n");
    ok = (std::fclose(f) == 0) && ok;
    if (!ok) {
      std::fprintf(stderr, "%s: write error on '%s'\n", prog, file.c_str());
      return 1;
    }
    index += file.string();
    index += '\n';
  }

  const std::filesystem::path idx = dir / "index.txt";
  std::FILE* f                    = std::fopen(idx.c_str(), "wb");
  if (!f || !write_all(f, index) || std::fclose(f) != 0) {
    std::fprintf(stderr, "%s: cannot write '%s'\n", prog, idx.c_str());
    return 1;
  }

  const long long total = static_cast<long long>(n) * kFixedActions + iters * per_iteration;
  std::fprintf(stderr, "gen_trace: %s, %d ranks (%s %dx%d), %lld iterations, %lld actions, %lld bytes/msg -> %s\n",
               pattern.c_str(), n, g.ring ? "ring +-1,+-2 instead of grid" : "grid", g.px, g.py, iters, total, count * 8,
               idx.c_str());
  return 0;
}
