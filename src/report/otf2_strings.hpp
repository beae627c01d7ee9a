// The string table of an OTF2 archive's global definitions, shared by the tracer and the replay's OTF2 output.
#pragma once

#include <otf2/otf2.h>

#include <string>

namespace tireplay {

/// Writes each string it is given as the next string definition and returns its reference (0, 1, ...).
class Otf2Strings {
public:
  explicit Otf2Strings(OTF2_GlobalDefWriter* writer) : writer_(writer) {}
  OTF2_StringRef operator()(const std::string& text)
  {
    OTF2_GlobalDefWriter_WriteString(writer_, next_, text.c_str());
    return next_++;
  }

private:
  OTF2_GlobalDefWriter* writer_;
  OTF2_StringRef next_ = 0;
};

} // namespace tireplay
