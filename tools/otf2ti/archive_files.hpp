// The files of an OTF2 archive, checked before the OTF2 library opens any: the library reads them with plain
// fopen/fread, so a FIFO among them (that nobody writes) blocks otf2ti for ever, and a device never ends.
#pragma once

#include <string>

namespace otf2ti {

/// Refuses an archive whose anchor file (ARCHIVE/traces.otf2), global definitions (traces.def) or any file of its
/// directory of local definitions and events (traces/) is there but not a regular file. Files that are missing are
/// left to the conversion, which names them. Throws std::runtime_error "PATH: is not a regular file (...)".
void check_archive_files(const std::string& archive);

} // namespace otf2ti
