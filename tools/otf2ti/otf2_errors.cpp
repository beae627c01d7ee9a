#include "otf2_errors.hpp"

#include <otf2/otf2.h>

#include <cstdarg>
#include <cstdio>
#include <filesystem>
#include <mutex>

namespace otf2ti {
namespace {

std::mutex g_mutex;  // ranks are read on several threads
std::string g_first;

OTF2_ErrorCode keep(void*, const char*, uint64_t, const char*, OTF2_ErrorCode code, const char* format, va_list va)
{
  char text[512];
  std::vsnprintf(text, sizeof text, format, va);
  std::lock_guard lock(g_mutex);
  if (g_first.empty())
    g_first = text;
  return code;
}

} // namespace

void capture_otf2_errors() { OTF2_Error_RegisterCallback(keep, nullptr); }

std::string otf2_error_detail()
{
  std::lock_guard lock(g_mutex);
  std::string detail = g_first.empty() ? "" : " (OTF2: " + g_first + ")";
  g_first.clear();
  return detail;
}

std::string missing_anchor_hint(const std::string& archive)
{
  namespace fs = std::filesystem;
  std::error_code ec;
  fs::path anchor(archive), directory = fs::path(archive).parent_path() / fs::path(archive).stem();
  if (fs::exists(anchor, ec) || !fs::is_directory(directory, ec))
    return "";
  // The tracer makes the directory at MPI_Init and writes the anchor and the definitions at MPI_Finalize.
  return ": " + archive + " is missing, though its directory " + directory.string() + " is there: the tireplay tracer "
         "writes it at MPI_Finalize, which the run may not have reached (MPI_Abort, a crash, a signal)";
}

} // namespace otf2ti
