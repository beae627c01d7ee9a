// `tireplay pack` and `tireplay unpack`: a trace to its packed form, read faster (docs/trace-format.md section 13),
// and back to text.
#include "src/cli/commands.hpp"
#include "format/packing.hpp"

#include <cstdio>
#include <string>

namespace po = boost::program_options;

namespace tireplay {

int pack_command(int argc, char** argv)
{
  std::string in, out;
  int np     = 0;
  bool quiet = false;
  po::options_description desc(
      "usage: tireplay pack TRACE OUT [--np N]\n\n"
      "Writes the trace TRACE (index, shared file or directory, plain or compressed) in the packed form: one binary\n"
      "file, read faster by every command that takes a trace (docs/trace-format.md section 13). Every line is checked\n"
      "as a replay reads it; `tireplay unpack` gives the text back.\n\noptions");
  desc.add_options()("help,h", "this help")
      ("trace", file_option(&in, "trace"), "the trace to pack (or the first argument)")
      ("output,o", file_option(&out, "output"), "the packed file to write (or the second argument)")
      ("np", po::value(&np)->default_value(0), "number of ranks, as replay's --np (default: as many as the trace has)")
      ("quiet,q", po::bool_switch(&quiet), "no summary on standard error");
  po::positional_options_description positional;
  positional.add("trace", 1).add("output", 1);
  return guarded("pack", [&]() -> int {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    if (in.empty() || out.empty())
      throw po::error("give the trace and the file to write: tireplay pack TRACE OUT");
    if (np < 0)
      throw po::error("--np must be positive");
    PackResult r = pack_trace(in, np, out);
    if (!quiet)
      std::fprintf(stderr, "packed %d ranks, %llu records (%.1f%% binary): %llu bytes of text, %llu packed (%.2fx)\n",
                   r.ranks, static_cast<unsigned long long>(r.records),
                   r.records > 0 ? 100.0 * static_cast<double>(r.binary) / static_cast<double>(r.records) : 0.0,
                   static_cast<unsigned long long>(r.in_bytes), static_cast<unsigned long long>(r.out_bytes),
                   r.out_bytes > 0 ? static_cast<double>(r.in_bytes) / static_cast<double>(r.out_bytes) : 0.0);
    return kExitOk;
  });
}

int unpack_command(int argc, char** argv)
{
  std::string in, dir;
  bool quiet = false;
  po::options_description desc(
      "usage: tireplay unpack TRACE DIR\n\n"
      "Writes the trace TRACE (packed, or any trace) as text in the new directory DIR: rankR.txt for each rank and\n"
      "trace.txt naming them by absolute path (give DIR as the trace). It replays to the same time as TRACE.\n\n"
      "options");
  desc.add_options()("help,h", "this help")
      ("trace", file_option(&in, "trace"), "the trace to unpack (or the first argument)")
      ("output,o", file_option(&dir, "output"), "the directory to make (or the second argument)")
      ("quiet,q", po::bool_switch(&quiet), "no summary on standard error");
  po::positional_options_description positional;
  positional.add("trace", 1).add("output", 1);
  return guarded("unpack", [&]() -> int {
    if (!parse_options(argc, argv, desc, &positional))
      return kExitOk;
    if (in.empty() || dir.empty())
      throw po::error("give the trace and the directory to write: tireplay unpack TRACE DIR");
    PackResult r = unpack_trace(in, dir);
    if (!quiet)
      std::fprintf(stderr, "unpacked %d ranks, %llu lines into %s (index: trace.txt)\n", r.ranks,
                   static_cast<unsigned long long>(r.records), dir.c_str());
    return kExitOk;
  });
}

} // namespace tireplay
