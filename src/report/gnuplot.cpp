#include "src/report/gnuplot.hpp"

#include "format/interruption.hpp"
#include "format/output_file.hpp"
#include "format/rank_reader.hpp"

#include <algorithm>
#include <cstdio>
#include <stdexcept>
#include <sys/wait.h>

namespace tireplay {
namespace {

bool ends_with(const std::string& s, const std::string& suffix)
{
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

} // namespace

std::string gnuplot_quote(const std::string& text)
{
  // Single quotes: gnuplot runs `command` inside double quotes (a picture named g`touch x`.svg ran it), not inside
  // single ones, where a quote is doubled. A control character would end the command line: shown as '?'.
  std::string out = "'";
  for (char c : text) {
    if (c == '\'')
      out += "''";
    else
      out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  }
  return out + "'";
}

bool has_control_character(const std::string& text)
{
  return std::any_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
}

std::string gnuplot_output(const std::string& path, int width, int height)
{
  std::string size = std::to_string(width) + "," + std::to_string(height);
  std::string terminal;
  if (ends_with(path, ".svg"))
    terminal = "set terminal svg size " + size + " dynamic font 'sans,11'\n";
  else if (ends_with(path, ".png"))
    terminal = "set terminal pngcairo size " + size + " font 'sans,9'\n";
  else
    throw std::invalid_argument(path + ": a picture is written as .svg or .png");
  if (has_control_character(path))
    throw std::invalid_argument("a picture's file name may not hold control characters (a newline, a tab...)");
  return terminal + "set output " + gnuplot_quote(path) + "\n";
}

void run_gnuplot(const std::string& script, const std::string& path)
{
  if (std::system("command -v gnuplot >/dev/null 2>&1") != 0)
    throw InputError(path + ": drawing needs gnuplot (Debian package gnuplot-nox), which is not installed");
  // Drawn under a temporary name beside it, then renamed: an interrupted or failed drawing leaves no partial picture.
  std::string temp = temporary_name(path, ends_with(path, ".svg") ? ".svg" : ".png");  // gnuplot keeps the format
  std::string output = "set output " + gnuplot_quote(path) + "\n";
  std::string drawn  = script;
  if (auto at = drawn.find(output); at != std::string::npos)
    drawn.replace(at, output.size(), "set output " + gnuplot_quote(temp) + "\n");
  else
    temp.clear();  // a script without gnuplot_output's line: drawn as it says
  if (!temp.empty())
    set_interruption_output(temp.c_str());
  FILE* pipe = popen("gnuplot > /dev/null", "w");  // a picture it cannot write would go to our stdout
  if (pipe == nullptr)
    throw InputError(path + ": cannot run gnuplot");
  std::fwrite(drawn.data(), 1, drawn.size(), pipe);
  int status = pclose(pipe);
  bool failed = status != 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  if (!temp.empty()) {
    if (failed || std::rename(temp.c_str(), path.c_str()) != 0) {
      std::remove(temp.c_str());
      failed = true;
    }
    set_interruption_output("");
  }
  if (failed)
    throw InputError(path + ": gnuplot failed to draw it (its message is above)");
}

} // namespace tireplay
