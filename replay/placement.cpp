#include "replay/placement.hpp"

#include "format/input_file.hpp"

#include <libxml/xmlreader.h>

#include "format/rank_reader.hpp"

#include <simgrid/s4u/Engine.hpp>
#include <simgrid/s4u/Host.hpp>

#include <algorithm>
#include <cstdio>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <set>

namespace sg4 = simgrid::s4u;

namespace tireplay {
namespace {

/// Host names, one per rank slot, from smpirun's hostfile format (`name` or `name:count` per line; blanks around
/// them, blank lines and `#` comment lines ignored): the first `enough` slots, then one a line.
std::vector<std::string> read_hostfile(const std::string& path, std::vector<uint64_t>& lines, size_t enough)
{
  check_input_file(path, "hostfile");
  std::ifstream in(path);
  if (!in)
    throw InputError(path + ": cannot open the hostfile");
  std::vector<std::string> hosts;
  std::string line;
  uint64_t number = 0;
  while (std::getline(in, line)) {
    number++;
    if (number == 1 && line.rfind("\xEF\xBB\xBF", 0) == 0)  // a UTF-8 byte-order mark
      line.erase(0, 3);
    while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t'))
      line.pop_back();
    line.erase(0, line.find_first_not_of(" \t"));
    if (line.empty() || line[0] == '#')  // blank lines and comments
      continue;
    int count  = 1;
    auto colon = line.rfind(':');
    if (colon != std::string::npos) {
      std::string n = line.substr(colon + 1);
      char* end     = nullptr;
      long value    = std::strtol(n.c_str(), &end, 10);
      // 0 is allowed, as smpirun allows it: the host takes no rank
      if (n.empty() || *end != '\0' || value < 0 || value > 1000000)
        throw InputError(input_error_text(path, number, "the count after ':' is not an integer from 0 to 1000000",
                                          line));
      count = static_cast<int>(value);
      line  = line.substr(0, colon);
      while (!line.empty() && (line.back() == ' ' || line.back() == '\t'))  // `host :2`
        line.pop_back();
    }
    // Past `enough` places, a line still gives one, so that its host is checked: 20 lines of host:1000000 are not
    // 20 million strings for a 2-rank trace
    size_t room = enough > hosts.size() ? enough - hosts.size() : 0;
    size_t take = std::min<size_t>(static_cast<size_t>(count), std::max<size_t>(room, 1));
    for (size_t i = 0; i < take; i++) {
      hosts.push_back(line);
      lines.push_back(number);
    }
  }
  if (hosts.empty())
    throw InputError(path + ": the hostfile gives no rank a place (its lines are blank, comments, or hosts with the "
                            "count 0)");
  return hosts;
}

/// The attribute `name` of the element being read, if it has one.
std::optional<std::string> attribute(xmlTextReaderPtr reader, const char* name)
{
  xmlChar* value = xmlTextReaderGetAttribute(reader, reinterpret_cast<const xmlChar*>(name));
  if (value == nullptr)
    return std::nullopt;
  std::string text = reinterpret_cast<const char*>(value);
  xmlFree(value);
  return text;
}

/// The `<prop id="rank" value="N">` of the actor being read, if this element is one: smpirun's deployment files
/// name each actor's rank so (-1: not that prop).
int rank_prop(xmlTextReaderPtr reader, const std::string& path, uint64_t line)
{
  if (attribute(reader, "id") != "rank")
    return -1;
  std::string text = attribute(reader, "value").value_or("");
  int rank         = -1;
  auto [end, ec]   = std::from_chars(text.data(), text.data() + text.size(), rank);
  if (ec != std::errc() || end != text.data() + text.size() || rank < 0)
    throw InputError(path + ":" + std::to_string(line) + ": <prop id=\"rank\"> has value '" + text +
                     "', not a rank (an integer >= 0)");
  return rank;
}

/// Host names of the actors of a SimGrid deployment file, in rank order, parsed as XML (libxml2): actors inside
/// comments are not actors, an element split over lines is one, and broken XML is an error with its line. An actor's
/// rank is its `<prop id="rank" value="N"/>` (smpirun's files) where every actor has one, else its place in the
/// document.
std::vector<std::string> read_deployment(const std::string& path, std::vector<uint64_t>& lines)
{
  check_input_file(path, "deployment file");
  if (std::error_code ec; std::filesystem::file_size(path, ec) == 0 && !ec)
    throw InputError(path + ": the deployment file is empty (a SimGrid deployment: <platform> with an <actor "
                     "host=\"...\"> per rank)");
  std::unique_ptr<xmlTextReader, void (*)(xmlTextReaderPtr)> reader(
      xmlReaderForFile(path.c_str(), nullptr, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING),
      &xmlFreeTextReader);
  if (!reader)
    throw InputError(path + ": cannot open the deployment file");
  std::vector<std::string> hosts;
  std::vector<int> ranks;  // by actor, from its rank prop (-1: none)
  int actor_depth = -1;    // the depth of the actor whose children are being read
  bool warned     = false;  // about start_time or kill_time, once
  int status      = 0;
  while ((status = xmlTextReaderRead(reader.get())) == 1) {
    int type  = xmlTextReaderNodeType(reader.get());
    int depth = xmlTextReaderDepth(reader.get());
    if (type == XML_READER_TYPE_END_ELEMENT && depth == actor_depth)
      actor_depth = -1;  // the actor's children are over
    if (type != XML_READER_TYPE_ELEMENT)
      continue;
    std::string name = reinterpret_cast<const char*>(xmlTextReaderConstName(reader.get()));
    auto line        = static_cast<uint64_t>(xmlGetLineNo(xmlTextReaderCurrentNode(reader.get())));
    if (name == "prop" && actor_depth >= 0 && depth > actor_depth) {
      if (int rank = rank_prop(reader.get(), path, line); rank >= 0) {
        if (ranks.back() >= 0)
          throw InputError(path + ":" + std::to_string(line) + ": a second <prop id=\"rank\"> for one actor");
        ranks.back() = rank;
      }
      continue;
    }
    if (name != "actor" && name != "process")
      continue;
    actor_depth = xmlTextReaderIsEmptyElement(reader.get()) ? -1 : depth;
    std::optional<std::string> host = attribute(reader.get(), "host");
    if (!host)
      throw InputError(path + ":" + std::to_string(line) + ": <" + name + "> without a host attribute");
    for (const char* timing : {"start_time", "kill_time"})  // SimGrid's, for its own actors: not a replay's ranks
      if (attribute(reader.get(), timing) && !warned) {
        std::fprintf(stderr, "tireplay: note: %s:%llu: <%s %s=...> is ignored: every rank starts at 0 and replays "
                     "its whole trace (a job's start delay: --jobs-file)\n", path.c_str(),
                     static_cast<unsigned long long>(line), name.c_str(), timing);
        warned = true;
      }
    hosts.push_back(std::move(*host));
    lines.push_back(line);
    ranks.push_back(-1);
  }
  if (status != 0) {
    const xmlError* error = xmlGetLastError();
    std::string why       = error != nullptr && error->message != nullptr ? error->message : "malformed XML";
    while (!why.empty() && (why.back() == '\n' || why.back() == ' '))
      why.pop_back();
    throw InputError(path + ":" + std::to_string(error != nullptr ? error->line : 0) +
                     ": not a well-formed XML deployment file: " + why);
  }
  if (hosts.empty())
    throw InputError(path + ": the deployment file has no <actor host=...>");
  size_t given = static_cast<size_t>(std::count_if(ranks.begin(), ranks.end(), [](int r) { return r >= 0; }));
  if (given == 0)
    return hosts;
  std::vector<std::string> by_rank(hosts.size());
  std::vector<uint64_t> lines_by_rank(hosts.size());
  for (size_t a = 0; a < hosts.size(); a++) {
    std::string at = path + ":" + std::to_string(lines[a]);
    if (ranks[a] < 0)
      throw InputError(at + ": this actor has no <prop id=\"rank\">, others have: give every actor its rank, or none");
    if (static_cast<size_t>(ranks[a]) >= hosts.size())
      throw InputError(at + ": rank " + std::to_string(ranks[a]) + " in a deployment of " +
                       std::to_string(hosts.size()) + " actors (ranks 0 to " + std::to_string(hosts.size() - 1) + ")");
    if (lines_by_rank[static_cast<size_t>(ranks[a])] != 0)
      throw InputError(at + ": rank " + std::to_string(ranks[a]) + " twice (also line " +
                       std::to_string(lines_by_rank[static_cast<size_t>(ranks[a])]) + ")");
    by_rank[static_cast<size_t>(ranks[a])]       = hosts[a];
    lines_by_rank[static_cast<size_t>(ranks[a])] = lines[a];
  }
  lines = lines_by_rank;
  return by_rank;
}

/// Folding: ranks r*K .. r*K+K-1 on the r-th distinct host of `candidates`.
std::vector<sg4::Host*> fold(const std::vector<sg4::Host*>& candidates, int np, const Placement& opt,
                             const std::string& source)
{
  std::vector<sg4::Host*> nodes;
  std::set<sg4::Host*> seen;
  for (auto* host : candidates)
    if (seen.insert(host).second)
      nodes.push_back(host);
  const int per_node = opt.ranks_per_node;
  if (static_cast<long long>(nodes.size()) * per_node < np && !opt.oversubscribe)
    throw InputError(source + ": " + std::to_string(np) + " ranks at " + std::to_string(per_node) +
                     " per node need " + std::to_string((np + per_node - 1) / per_node) + " hosts but only " +
                     std::to_string(nodes.size()) + " are listed (pass --oversubscribe to wrap around)");
  std::vector<sg4::Host*> hosts(np);
  for (int r = 0; r < np; r++)
    hosts[r] = nodes[(r / per_node) % nodes.size()];
  return hosts;
}

} // namespace

std::vector<sg4::Host*> place_ranks(const Placement& opt, const sg4::Engine& engine, int np, size_t* listed)
{
  std::vector<uint64_t> lines;
  std::vector<std::string> names;
  std::string source = !opt.hostfile.empty() ? opt.hostfile : opt.deployment;
  if (!opt.hostfile.empty())
    names = read_hostfile(opt.hostfile, lines, static_cast<size_t>(std::max(np, 1)));
  else if (!opt.deployment.empty())
    names = read_deployment(opt.deployment, lines);

  std::vector<sg4::Host*> candidates;
  for (size_t i = 0; i < names.size(); i++) {
    sg4::Host* host = engine.host_by_name_or_null(names[i]);
    if (host == nullptr)
      throw InputError(source + ":" + std::to_string(lines[i]) + ": unknown host '" + shown_text(names[i]) +
                       "' in platform " + opt.platform);
    candidates.push_back(host);
  }
  if (listed != nullptr)
    *listed = candidates.size();
  if (candidates.empty()) {
    candidates = engine.get_all_hosts();  // round-robin over the platform's hosts
    if (candidates.empty())
      throw InputError(opt.platform + ": the platform has no host");
  } else if (static_cast<int>(candidates.size()) < np && !opt.oversubscribe && opt.ranks_per_node == 0) {
    throw InputError(source + ": " + std::to_string(np) + " ranks but only " + std::to_string(candidates.size()) +
                     (candidates.size() == 1 ? " host" : " hosts") +
                     " (pass --oversubscribe to place several ranks per host, as smpirun does)");
  }
  if (opt.ranks_per_node > 0)
    return fold(candidates, np, opt, source.empty() ? opt.platform : source);
  std::vector<sg4::Host*> hosts(np);
  for (int r = 0; r < np; r++)
    hosts[r] = candidates[r % candidates.size()];
  return hosts;
}

} // namespace tireplay
