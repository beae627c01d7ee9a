// What the readers of --trace ask of a file before reading it as a trace: its first line, whether that line
// reads as an action, where an index entry points, its size. Shared by trace_source.cpp (index and shared files)
// and trace_directory.cpp (directories).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tireplay {

/// True if the line reads as an action (`<rank> <name> ...`, the name starting with a letter), false if it
/// reads as a file name. An unknown action name still reads as an action, so that its error says so.
bool looks_like_action(std::string_view line, int& rank);

/// True if the line is `<rank> <known action> ...`: what a file of a directory layout must start with (a README
/// whose first line is "1 Overview" is not rank 1's trace).
bool starts_with_action(std::string_view line, int& rank);

/// First line that is neither blank nor a comment, with its number; empty if none. The file may be compressed.
std::string first_line(const std::string& path, uint64_t& number);

/// A line of text is UTF-8 without control characters but tabs: anything else is binary data, not an action or a
/// file name.
bool is_text(std::string_view line);

/// SimGrid opens an index entry relative to the working directory; we also accept it relative to the index.
std::string resolve_entry(const std::string& index, const std::string& entry);

/// The file's size, 0 if unknown.
uint64_t file_size(const std::string& path);

/// Throws InputError if the trace has more ranks than `np` (> 0).
void check_rank_count(const std::string& path, int found, int np);

} // namespace tireplay
