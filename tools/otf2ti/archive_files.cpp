#include "archive_files.hpp"

#include <filesystem>
#include <stdexcept>

namespace otf2ti {
namespace {

namespace fs = std::filesystem;

void check_regular(const fs::path& file, const fs::file_status& status, const std::string& role)
{
  if (!fs::is_regular_file(status))
    throw std::runtime_error(file.string() + ": is not a regular file (a FIFO, device or socket cannot be " + role +
                             ")");
}

} // namespace

void check_archive_files(const std::string& archive)
{
  std::error_code ec;
  const fs::path anchor = archive;
  fs::file_status status = fs::status(anchor, ec);
  if (!fs::exists(status))  // the OTF2 library's own message says it
    return;
  check_regular(anchor, status, "the archive's anchor file");
  const fs::path definitions = fs::path(anchor).replace_extension(".def");
  if (status = fs::status(definitions, ec); fs::exists(status))
    check_regular(definitions, status, "the archive's global definitions");
  if (anchor.extension() != ".otf2")  // no directory of events named after it (read_local_definitions)
    return;
  // traces.otf2 -> traces/: each location's local definitions and events
  const fs::path events = anchor.parent_path() / anchor.stem();
  if (status = fs::status(events, ec); !fs::exists(status))
    return;
  if (!fs::is_directory(status))
    throw std::runtime_error(events.string() + ": is not a directory (the archive's local definitions and events)");
  for (const auto& entry : fs::directory_iterator(events, ec)) {
    status = fs::status(entry.path(), ec);  // through a symbolic link; a dangling one is a missing file
    if (fs::exists(status) && !fs::is_directory(status))
      check_regular(entry.path(), status, "a file of the archive");
  }
}

} // namespace otf2ti
