// Ctrl-C (SIGINT) and SIGTERM: the temporary files being written are removed and the program exits 130
// (128 + SIGINT), which no command uses otherwise: a cancelled CI job is not a "regression" (exit 1).
#pragma once

namespace tireplay {

/// Installs the handlers (once, at start).
void exit_130_on_interruption();

/// The directory of temporary files to remove if interrupted (one at a time; empty: none). Its files must be
/// plain files directly inside it.
void set_interruption_cleanup(const char* directory);

} // namespace tireplay
