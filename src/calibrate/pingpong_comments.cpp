#include "src/calibrate/pingpong_comments.hpp"

#include "replay/configuration.hpp"
#include "format/rank_reader.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

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

[[noreturn]] void malformed(const std::string& path, int number, const std::string& line, const std::string& form,
                            const std::string& why = "")
{
  throw InputError(path + ":" + std::to_string(number) + ": '" + line + "' is not '# " + form +
                   "' (tools/accuracy/pingpong.c)" + (why.empty() ? "" : ": " + why));
}

/// The fields after the key of the line `fields` reads, one per name of `form` ("KEY NAME..."): else malformed,
/// naming the missing field or the one too many.
std::vector<std::string> form_fields(std::istringstream& fields, const std::string& path, int number,
                                     const std::string& line, const std::string& form)
{
  std::istringstream names(form);
  std::string name;
  names >> name;  // the key
  std::vector<std::string> values;
  for (std::string value; fields >> value;)
    values.push_back(value);
  for (size_t i = 0; names >> name; i++)
    if (i >= values.size())
      malformed(path, number, line, form, "no " + name);
  size_t count = std::count(form.begin(), form.end(), ' ');
  if (values.size() > count)
    malformed(path, number, line, form, "'" + values[count] + "' is a field too many");
  return values;
}

std::string seconds_text(double seconds)
{
  char text[32];
  std::snprintf(text, sizeof text, "%.9g", seconds);
  return text;
}

/// The replay's settings from `option` (key:value) as `tireplay replay` checks them (replay/configuration.hpp);
/// std::invalid_argument as the replay refuses it.
SmpiConfig as_replayed(const std::string& option) { return parse_configuration({option}).smpi; }

/// A one-sided or `# test` line's SIZE (0 without one) and SECONDS as the option it becomes gives them, checked as
/// the replay checks that option, as read and as written. A field that the replay refuses is malformed, naming the
/// field and the replay's reason.
std::pair<uint64_t, std::string> replay_point(const std::string& path, int number, const std::string& line,
                                              const std::string& key, const std::vector<std::string>& values)
{
  static const std::map<std::string, std::string> options{{"win-create", "tireplay/win-create-cpu"},
                                                          {"win-free", "tireplay/win-free-cpu"},
                                                          {"rma-call", "tireplay/rma-call-cpu"},
                                                          {"test", "smpi/test"}};
  const std::string option = options.at(key) + ":";
  bool sized               = values.size() == 2;
  std::string form         = key + (sized ? " SIZE SECONDS" : " SECONDS");
  for (size_t i = 0; sized && i < 2; i++)  // a list of points in a field: several lines' worth in one
    if (values[i].find_first_of(":;") != std::string::npos)
      malformed(path, number, line, form, (i == 0 ? "SIZE '" : "SECONDS '") + values[i] + "' is not one value");
  std::string seconds = values.back();
  try {
    SmpiConfig read    = as_replayed(option + (sized ? values[0] + ":" : "") + seconds);
    const auto& points = key == "win-create" ? read.win_create_cpu : read.win_free_cpu;
    uint64_t size      = sized ? points.at(0).first : 0;
    seconds = seconds_text(sized ? points.at(0).second : key == "test" ? read.test_sleep : read.rma_call_cpu);
    as_replayed(option + (sized ? std::to_string(size) + ":" : "") + seconds);  // as written: a unit applied, 9 digits
    return {size, seconds};
  } catch (const std::invalid_argument& e) {
    bool size_refused = false;
    try {
      if (sized)
        as_replayed(option + values[0] + ":0");  // a time of 0 is one: the size alone
    } catch (const std::invalid_argument&) {
      size_refused = true;
    }
    malformed(path, number, line, form, (size_refused ? "SIZE '" + values[0] : "SECONDS '" + values.back()) + "'" +
                                            (seconds == values.back() ? "" : ", written " + seconds) + ": " + e.what());
  }
}

} // namespace

PingPongComments read_pingpong_comments(const std::string& path)
{
  PingPongComments comments;
  std::ifstream in(path);
  std::string line, call, target_progress, async_progress, test;
  std::map<uint64_t, std::string> create, release;  // size -> seconds, as written
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
      std::string more;
      fields >> value;
      if (value != "yes" && value != "no")
        malformed(path, number, line, key + " yes|no");
      if (fields >> more)
        malformed(path, number, line, key + " yes|no", "'" + more + "' is a field too many");
      (key == "async-progress" ? async_progress : target_progress) = value;
    } else if (key == "win-create" || key == "win-free" || key == "rma-call" || key == "test") {
      bool sized           = key == "win-create" || key == "win-free";
      auto values          = form_fields(fields, path, number, line, key + (sized ? " SIZE SECONDS" : " SECONDS"));
      auto [size, seconds] = replay_point(path, number, line, key, values);
      if (!sized) {
        (key == "test" ? test : call) = seconds;
        continue;
      }
      auto& points = key == "win-create" ? create : release;  // by size: the option wants them increasing
      if (!points.emplace(size, seconds).second)
        throw InputError(path + ":" + std::to_string(number) + ": '# " + key + "' repeats the size " +
                         std::to_string(size) + ": the tables of two runs in one file?");
    }
  }
  auto option = [](const std::map<uint64_t, std::string>& points) {
    std::string list;
    for (const auto& [size, seconds] : points)
      list += (list.empty() ? "" : ";") + std::to_string(size) + ":" + seconds;
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
