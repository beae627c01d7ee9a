// Pictures are drawn by gnuplot (Debian's gnuplot-nox): we write a script with its data inline and pipe it in.
#pragma once

#include <string>

namespace tireplay {

/// The `set terminal ...; set output ...` lines for a picture file: SVG or PNG by its extension.
/// Throws std::invalid_argument for any other extension.
std::string gnuplot_output(const std::string& path, int width, int height);

/// A control character (a newline, a tab...), which gnuplot cannot take in a file name.
bool has_control_character(const std::string& text);

/// Runs gnuplot on `script`. Throws InputError naming `path` when gnuplot is missing or fails.
void run_gnuplot(const std::string& script, const std::string& path);

/// Quotes a string for a gnuplot script (titles, labels, file names).
std::string gnuplot_quote(const std::string& text);

} // namespace tireplay
