// otf2ti's output (output.cpp): the trace in SimGrid's layout, plain or compressed, and the bursts table.
#pragma once

#include "convert.hpp"

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace otf2ti {

/// --compress: the file name's suffix of each choice (none, gzip, zstd, xz).
extern const std::map<std::string, std::string> kSuffixes;

/// Where a rank's lines went: its file and the number of its first line there.
struct Placement {
  std::filesystem::path file;
  size_t first_line;
};

/// OUTDIR/trace.txt lists the rank files (kept plain); with `one_file` it holds every rank's lines and is named
/// trace.txt.gz, .zst or .xz when compressed. Returns the file to replay; `placed` says where each rank went.
std::filesystem::path write(const std::filesystem::path& out, const std::vector<RankTrace>& traces, bool one_file,
                            const std::string& compress, std::vector<Placement>& placed);

/// --packed: OUTDIR/trace.tipack (docs/trace-format.md section 13), packed from the text trace written beside it
/// first and removed then. Returns the file to replay.
std::filesystem::path write_packed(const std::filesystem::path& out, const std::vector<RankTrace>& traces,
                                   std::vector<Placement>& placed);

/// Before any conversion: refuses an output that is not a directory (`-`, a file), one holding a trace that otf2ti
/// did not write (no mark file: smpirun -trace-ti writes the same layout), and a bursts file that is a file of the
/// archive or of the trace being written. Throws std::runtime_error.
void check_outputs(const std::filesystem::path& archive, const std::string& out, const std::string& bursts);

/// The bursts of every rank, "RANK FLOPS SECONDS" (docs/calibration.md), for `tireplay calibrate flops`.
void write_bursts(const std::string& path, const std::string& archive, const std::string& metric,
                  const std::vector<RankTrace>& traces);

} // namespace otf2ti
