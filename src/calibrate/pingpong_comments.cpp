#include "src/calibrate/pingpong_comments.hpp"

#include "src/trace/rank_reader.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>

namespace tireplay::calibrate {
namespace {

/// What `calibrate pingpong` does with a key of tools/accuracy/pingpong.c.
enum class Use {
  Option,         // becomes a replay option
  Hosts,          // the one-host check
  SeparateTable,  // a table --exchange, --exchange-after-pause or --exchange-windows takes as a file
  Measurement,    // what a used key was decided from, printed for the reader
};

/// Every `# KEY VALUE` line pingpong.c writes ("# bytes round_trip_seconds", its header, and its sentences have no
/// value and are plain comments).
const std::vector<std::pair<std::string, Use>>& pingpong_keys()
{
  static const std::vector<std::pair<std::string, Use>> keys{
      {"win-create", Use::Option},
      {"win-free", Use::Option},
      {"rma-call", Use::Option},
      {"rma-target-progress", Use::Option},
      {"async-progress", Use::Option},
      {"test", Use::Option},
      {"hosts", Use::Hosts},
      {"exchange", Use::SeparateTable},
      {"exchange-after-pause", Use::SeparateTable},
      {"exchange-window", Use::SeparateTable},
      {"rma-flush-while-target-computes", Use::Measurement},  // `# rma-target-progress` says what it means
  };
  return keys;
}

/// A `# KEY VALUE` line: a key of lower-case letters, digits and '-', and a value that is a number, yes or no.
bool is_key_value(const std::string& key, const std::string& value)
{
  if (key.empty() || key[0] < 'a' || key[0] > 'z' || key.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789-") !=
                                                        std::string::npos)
    return false;
  char* end = nullptr;
  std::strtod(value.c_str(), &end);
  return value == "yes" || value == "no" || (!value.empty() && *end == '\0');
}

[[noreturn]] void malformed(const std::string& path, int number, const std::string& line, const std::string& form)
{
  throw InputError(path + ":" + std::to_string(number) + ": '" + line + "' is not '# " + form +
                   "' (tools/accuracy/pingpong.c)");
}

std::string seconds_text(double seconds)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", seconds);
  return text;
}

} // namespace

PingPongComments read_pingpong_comments(const std::string& path)
{
  PingPongComments comments;
  std::ifstream in(path);
  std::string line, call, target_progress, async_progress, test;
  std::map<double, double> create, release;  // size -> seconds
  for (int number = 1; std::getline(in, line); number++) {
    if (!line.empty() && line.back() == '\r')
      line.pop_back();
    std::istringstream fields(line);
    std::string hash, key, value;
    fields >> hash >> key;
    if (hash != "#")
      continue;
    auto known = std::find_if(pingpong_keys().begin(), pingpong_keys().end(),
                              [&](const auto& k) { return k.first == key; });
    if (known == pingpong_keys().end()) {
      fields >> value;
      if (is_key_value(key, value))
        comments.warnings.push_back(path + ":" + std::to_string(number) + ": unknown '# " + key +
                                    "' line (not one that tools/accuracy/pingpong.c writes): ignored");
      continue;
    }
    if (known->second == Use::SeparateTable) {
      auto& tables = comments.separate_tables;
      if (std::find(tables.begin(), tables.end(), key) == tables.end())
        tables.push_back(key);
    } else if (key == "hosts") {
      std::string a, b, more;
      if (!(fields >> a >> b) || fields >> more)
        malformed(path, number, line, "hosts HOST_A HOST_B");
      if (!comments.hosts.empty() && comments.hosts != std::vector<std::string>{a, b})
        throw InputError(path + ":" + std::to_string(number) + ": a second '# hosts' line names other hosts (" + a +
                         " " + b + ", not " + comments.hosts[0] + " " + comments.hosts[1] +
                         "): the tables of two runs in one file?");
      comments.hosts = {a, b};
    } else if (key == "rma-target-progress" || key == "async-progress") {
      fields >> value;
      if (value != "yes" && value != "no")
        malformed(path, number, line, key + " yes|no");
      (key == "async-progress" ? async_progress : target_progress) = value;
    } else if (key == "win-create" || key == "win-free" || key == "rma-call" || key == "test") {
      bool sized  = key == "win-create" || key == "win-free";
      double size = 0, seconds = -1;
      if (sized)
        fields >> size;
      fields >> seconds;
      if (!fields || !(seconds >= 0 && seconds < 1) || !(size >= 0 && size < 1e15))
        malformed(path, number, line, key + (sized ? " SIZE" : "") + " SECONDS");
      if (!sized) {
        (key == "test" ? test : call) = seconds_text(seconds);
        continue;
      }
      auto& points = key == "win-create" ? create : release;  // by size: the option wants them increasing
      if (!points.emplace(size, seconds).second)
        throw InputError(path + ":" + std::to_string(number) + ": '# " + key + "' repeats the size " +
                         seconds_text(size) + ": the tables of two runs in one file?");
    }
  }
  auto option = [](const std::map<double, double>& points) {
    std::string list;
    for (const auto& [size, seconds] : points) {
      char point[64];
      std::snprintf(point, sizeof point, "%.0f:%.9g", size, seconds);
      list += (list.empty() ? "" : ";") + std::string(point);
    }
    return list;
  };
  if (!create.empty())
    comments.options.push_back("--cfg=tireplay/win-create-cpu:" + option(create));
  if (!release.empty())
    comments.options.push_back("--cfg=tireplay/win-free-cpu:" + option(release));
  if (!call.empty())
    comments.options.push_back("--cfg=tireplay/rma-call-cpu:" + call);
  if (target_progress == "yes")  // no, the default, is written as nothing
    comments.options.push_back("--cfg=tireplay/rma-target-progress:yes");
  if (async_progress == "no")  // yes, the default, is written as nothing
    comments.options.push_back("--cfg=tireplay/async-progress:no");
  if (!test.empty())
    comments.options.push_back("--cfg=smpi/test:" + test);
  return comments;
}

std::string one_host_evidence(const PingPongComments& comments, const std::vector<models::PingPongPoint>& table,
                              double nominal_bytes_per_second)
{
  const auto& hosts = comments.hosts;
  if (!hosts.empty())  // the run says where it ran: the numbers decide nothing
    return hosts[0] == hosts[1] ? "its '# hosts " + hosts[0] + " " + hosts[1] + "' line" : "";
  char text[160];
  double round_trip = 0;
  try {
    round_trip = models::one_byte_round_trip(table);
  } catch (const std::invalid_argument&) {  // no 1-byte row: said by the latency rule
  }
  if (round_trip > 0 && round_trip < 1e-6) {
    std::snprintf(text, sizeof text, "its 1-byte round trip, %.3g us, is under 1 us, faster than any network's MPI",
                  round_trip * 1e6);
    return text;
  }
  auto largest = std::max_element(table.begin(), table.end(),
                                  [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
  double rate = largest->bytes / (largest->round_trip_seconds / 2);
  if (nominal_bytes_per_second > 0 && rate > 10 * nominal_bytes_per_second) {
    std::snprintf(text, sizeof text, "its %.0f-byte messages move at %.6g MB/s, %.0f times the links' --bandwidth",
                  largest->bytes, rate * 1e-6, rate / nominal_bytes_per_second);
    return text;
  }
  return "";
}

} // namespace tireplay::calibrate
