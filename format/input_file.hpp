// What a file a user names must be before it is read: there, and a regular file. A directory, FIFO or device
// where a file is expected is an error naming it, not a hang, a crash or GBs read for nothing.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace tireplay {

/// Throws InputError "PATH: no such file (the ROLE)", "PATH: is a directory, not the ROLE", "PATH: is not a
/// regular file (a FIFO, device or socket cannot be the ROLE)", "PATH: cannot be read (...)".
void check_input_file(const std::string& path, const std::string& role);

/// Throws InputError "PATH:NUMBER: the file starts with a UTF-8 byte-order mark: remove it (sed -i ...)" when
/// `line`, the file's first (line `number`), starts with one: a first field it hides in, invisible in messages.
void check_byte_order_mark(const std::string& path, uint64_t number, const std::string& line);

/// `path` itself, or for a pipe or FIFO (`--hostfile <(printf 'a\nb\n')`) a temporary regular file holding what it
/// gave (removed at exit). Throws InputError "PATH: nothing written to the FIFO in 10 s (the ROLE)" for a FIFO
/// that nobody writes, and past 64 MiB.
std::string pipe_to_file(const std::string& path, const std::string& role);
/// `message` with every temporary copy of pipe_to_file() named by its pipe, as the user gave it.
std::string with_pipe_names(std::string message);
/// `path` made absolute and normal (the same file named from another directory is the same input); as it is when
/// that fails.
std::string absolute_path(const std::string& path);
/// Whether `path` is a pipe or FIFO.
bool is_pipe(const std::string& path);

/// A file the command will write, named by `option`: not a directory (unless `directory`, an output directory),
/// in a directory that exists, and neither one of `inputs` nor, for an output directory, holding one. Throws
/// InputError "--json PATH: is the trace file ... : refusing to overwrite an input".
void check_output_path(const std::string& path, const std::string& option, const std::vector<std::string>& inputs,
                       bool directory = false);

} // namespace tireplay
