// A signal that ends the program (Ctrl-C's SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, a CPU or file-size limit's
// SIGXCPU and SIGXFSZ, SIGUSR1/2, the alarms): the temporary files being written are removed and the program exits
// 128 + the signal (130 for Ctrl-C, 143 for SIGTERM), which no command uses otherwise: a cancelled CI job is not a
// "regression" (exit 1).
#pragma once

#include <sys/types.h>

namespace tireplay {

/// Installs the handlers, where a signal has its default action; with `over_handlers`, over another's handler too
/// (SimGrid's SIGINT handler, which exits 1). A signal ignored (nohup) stays ignored.
void exit_on_interruption(bool over_handlers = false);

/// SIGABRT (SimGrid's xbt_die on what it cannot simulate, after printing why): the message names `input` (the
/// trace, platform and platform changes being replayed, set when known) and the date `clock` gives (when set), the
/// temporary files are removed, exit 2.
void exit_2_on_abort();
void set_abort_context(const char* input, double (*clock)() = nullptr);

/// The directory of temporary files to remove if interrupted (one at a time; empty: none). Its files must be
/// plain files directly inside it.
void set_interruption_cleanup(const char* directory);

/// The output file being written under a temporary name, to remove if interrupted (one at a time; empty: none).
void set_interruption_output(const char* file);

/// A child process that the same signal stops (a sweep's replay: `kill -TERM` of the sweep stops its runs too);
/// false when 1024 are already listed. Removed when it has ended.
bool add_interruption_child(pid_t pid);
void remove_interruption_child(pid_t pid);

} // namespace tireplay
