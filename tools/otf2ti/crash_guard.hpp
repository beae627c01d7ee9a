// A crash while reading an archive becomes a message naming the archive and exit status 2. The OTF2 library reads
// corrupted event files past their end (found by tests/fuzz's otf2_events target: OTF2_Buffer_ReadUint32 on a
// record whose size is wrong); otf2ti cannot check the records before OTF2 reads them.
#pragma once

#include <string>

namespace otf2ti {

/// Installs handlers for SIGSEGV, SIGBUS and SIGFPE that print "otf2ti: ARCHIVE: ..." and exit with status 2.
void guard_crashes(const std::string& archive);

/// Whether the code at `pc` belongs to the OTF2 library.
bool in_otf2_library(const void* pc);

/// The program counter of the code that faulted, from a signal handler's context.
const void* faulting_pc(const void* ucontext);

} // namespace otf2ti
