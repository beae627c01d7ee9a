// The OTF2 library's error messages, kept instead of printed: otf2ti's own message names the archive and adds the
// first of them, rather than a dozen raw "[OTF2] src/...: error:" lines on stderr.
#pragma once

#include <string>

namespace otf2ti {

/// Registers the callback (once, at start).
void capture_otf2_errors();

/// " (OTF2: first message)" since the last call, or "" if the library reported nothing; clears it.
std::string otf2_error_detail();

/// Why an archive may lack its anchor file `archive` (DIR/NAME.otf2) while its directory DIR/NAME is there, as after
/// a run that ended in MPI_Abort: ": ..." to append to the message, or "" when that is not the case.
std::string missing_anchor_hint(const std::string& archive);

} // namespace otf2ti
