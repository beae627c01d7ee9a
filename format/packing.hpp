// `tireplay pack` and `tireplay unpack`: a trace to its packed form and back (docs/trace-format.md section 13).
#pragma once

#include <cstdint>
#include <string>

namespace tireplay {

struct PackResult {
  int ranks         = 0;
  uint64_t records  = 0;  // actions and `# unreplayed` lines
  uint64_t binary   = 0;  // of them, those of a binary form (the others keep their line)
  uint64_t in_bytes = 0;  // the input's files (decompressed size of compressed ones not counted)
  uint64_t out_bytes = 0;
};

/// Packs the trace `in` (anything --trace reads: index, shared file, directory, compressed, packed) of `np` ranks (0:
/// as many as it has) into the file `out`, written under a temporary name and renamed once complete. Every line is
/// checked as a replay reads it. Throws InputError naming the file and line at fault.
PackResult pack_trace(const std::string& in, int np, const std::string& out);

/// Writes the trace `in` as text into the directory `dir` (made; if it exists, it must be empty): `rankR.txt` per
/// rank and `trace.txt` naming them by absolute path (so that DIR reads as the trace from anywhere). Returns the ranks and records written. Throws InputError.
PackResult unpack_trace(const std::string& in, const std::string& dir);

} // namespace tireplay
