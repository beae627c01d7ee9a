// The platform of a replay (replay/configuration.hpp): loaded with tireplay's loopback factors, its values and
// routes checked. The --cfg values and the engine they make are in configuration.cpp.
#include "replay/configuration.hpp"

#include "models/host_speed.hpp"
#include "models/platform_params.hpp"
#include "format/input_file.hpp"
#include "format/interruption.hpp"
#include "format/rank_reader.hpp"

#include <simgrid/s4u/Host.hpp>
#include <simgrid/kernel/resource/NetworkModelIntf.hpp>
#include <simgrid/s4u/Link.hpp>
#include <simgrid/s4u/NetZone.hpp>
#include <xbt/config.hpp>

#include <libxml/xmlreader.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <fstream>
#include <memory>
#include <regex>
#include <set>
#include <sstream>
#include <stdexcept>

namespace sg4 = simgrid::s4u;

namespace tireplay {

namespace {
constexpr long long kMaxPlatformHosts = 1000000;  // as many as a replay's ranks
constexpr int kMaxZoneDepth = 256;              // real platforms nest a few zones
std::string first_mention(const std::string& platform, std::initializer_list<const char*> words)
{
  std::ifstream in(platform);
  std::string line;
  while (std::getline(in, line))
    for (const char* word : words)
      if (line.find(word) != std::string::npos)
        return word;
  return "";
}

/// The whole platform file, for the scans of elements that may span lines.
std::string file_text(const std::string& path)
{
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

/// The hosts that the platform's clusters and cabinets declare (their `radical` ranges, "0-99,200"), counted
/// before SimGrid makes them: ten million take it minutes.
double declared_cluster_hosts(const std::string& platform)
{
  static const std::regex radical(R"(radical\s*=\s*["']([^"']*)["'])");
  std::ifstream in(platform);
  std::string line;
  double hosts = 0;
  while (std::getline(in, line))
    for (std::sregex_iterator it(line.begin(), line.end(), radical), end; it != end; ++it) {
      std::stringstream ranges((*it)[1].str());
      std::string range;
      while (std::getline(ranges, range, ',')) {
        double first = 0, last = 0;
        char dash    = 0;
        std::stringstream r(range);
        if (r >> first) {
          last = first;
          if (r >> dash >> last && dash != '-')
            last = first;
          hosts += std::max(0.0, last - first + 1);
        }
      }
    }
  return hosts;
}
/// How deep the platform's zones nest (<zone>, <AS>, <cluster>), read as XML (libxml2: comments and quoted values
/// as XML says; a text scan was fooled by both) before SimGrid parses it, whose parser corrupts its memory from about
/// 540 levels (a crash at exit; smpirun aborts too); kMaxZoneDepth + 1 where libxml2 itself finds the elements
/// nested too deep for it (256), 0 where it cannot read the file (SimGrid says why).
int zone_depth(const std::string& path)
{
  xmlResetLastError();
  std::unique_ptr<xmlTextReader, void (*)(xmlTextReaderPtr)> reader(
      xmlReaderForFile(path.c_str(), nullptr, XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING),
      &xmlFreeTextReader);
  if (reader == nullptr)
    return 0;
  std::vector<int> open;  // the element depths of the zones around the current element
  int deepest = 0, status = 0;
  while ((status = xmlTextReaderRead(reader.get())) == 1) {
    if (xmlTextReaderNodeType(reader.get()) != XML_READER_TYPE_ELEMENT)
      continue;
    std::string name = reinterpret_cast<const char*>(xmlTextReaderConstName(reader.get()));
    if (name != "zone" && name != "AS" && name != "cluster")
      continue;
    int depth = xmlTextReaderDepth(reader.get());
    while (!open.empty() && open.back() >= depth)
      open.pop_back();
    deepest = std::max(deepest, static_cast<int>(open.size()) + 1);
    if (!xmlTextReaderIsEmptyElement(reader.get()))
      open.push_back(depth);
  }
  const xmlError* error = xmlGetLastError();
  if (status != 0 && error != nullptr && error->message != nullptr && std::strstr(error->message, "depth") != nullptr)
    return kMaxZoneDepth + 1;
  return deepest;
}
} // namespace

std::string host_with_state_file(const std::string& platform)
{
  static const std::regex host(R"(<host\b[^>]*\bstate_file\s*=)");
  static const std::regex id(R"(\bid\s*=\s*["']([^"']*)["'])");
  const std::string xml = file_text(platform);
  std::smatch found, name;
  if (xml.find("state_file") == std::string::npos || !std::regex_search(xml, found, host))
    return "";
  std::string element = found.str();
  return std::regex_search(element, name, id) ? name[1].str() : "?";
}

std::vector<std::string> platform_config(const std::string& platform)
{
  static const std::regex block(R"(<config\b[^>]*>([\s\S]*?)</config>)");
  static const std::regex prop(R"(<prop\s+(?:id\s*=\s*["']([^"']*)["']\s+value\s*=\s*["']([^"']*)["'])"
                               R"(|value\s*=\s*["']([^"']*)["']\s+id\s*=\s*["']([^"']*)["']))");
  const std::string xml = file_text(platform);
  std::vector<std::string> pairs;
  if (xml.find("<config") == std::string::npos)
    return pairs;
  for (std::sregex_iterator b(xml.begin(), xml.end(), block), end; b != end; ++b) {
    const std::string inside = (*b)[1].str();
    for (std::sregex_iterator p(inside.begin(), inside.end(), prop); p != end; ++p)
      pairs.push_back((*p)[1].matched ? (*p)[1].str() + ":" + (*p)[2].str() : (*p)[4].str() + ":" + (*p)[3].str());
  }
  for (const std::string& pair : pairs)  // through the checks of --cfg: SimGrid would take a bad value and crash
    try {
      parse_configuration({pair});
    } catch (const std::invalid_argument& e) {
      std::string why = e.what();  // "--cfg PAIR: why"
      if (why.rfind("--cfg " + pair + ": ", 0) == 0)
        why.erase(0, pair.size() + 8);
      throw InputError(platform + ": its <config> sets " + pair + ": " + why);
    }
  return pairs;
}

void load_platform(sg4::Engine& engine, const std::string& platform)
{
  check_input_file(platform, "platform");
  // The platform's <config>, checked; the settings that tireplay reads itself (smpi/os, tireplay/...; run_replay
  // applies them) are declared to SimGrid, whose loader refuses a key it does not know
  for (const std::string& pair : platform_config(platform)) {
    std::string key = pair.substr(0, pair.find(':'));
    try {
      simgrid::config::is_default(key.c_str());
    } catch (const std::exception&) {  // not one of SimGrid's: tireplay's, read from run_replay's configuration
      simgrid::config::declare_flag<std::string>(key, "read by tireplay from the platform's <config>", "");
    }
  }
  if (double hosts = declared_cluster_hosts(platform); hosts > kMaxPlatformHosts)
    throw InputError(platform + ": its clusters declare " + std::to_string(static_cast<long long>(hosts)) +
                     " hosts (radical); tireplay loads platforms of " + std::to_string(kMaxPlatformHosts) +
                     " hosts at most");
  if (zone_depth(platform) > kMaxZoneDepth)
    throw InputError(platform + ": its zones nest more than " + std::to_string(kMaxZoneDepth) +
                     " deep, the most tireplay loads (SimGrid's parser fails beyond about 500)");
  const bool loopback = mentions_loopback_factors(platform);
  if (loopback) {
    // SimGrid 3.32's SMPI model refuses factor callbacks beside smpi/lat-factor and smpi/bw-factor; its CM02
    // model, which it derives from, takes them: the same model once the callbacks give SMPI's factors and
    // weight-S is SMPI's (network_smpi.cpp). Chosen before loading, when the network model is made.
    simgrid::config::set_value<std::string>("network/model", "CM02");
    if (simgrid::config::is_default("network/weight-S"))
      simgrid::config::set_value<double>("network/weight-S", 8775);
  }
  try {
    engine.load_platform(platform);
    engine.seal_platform();  // routes are computed at sealing
  } catch (const std::exception& e) {
    std::string hint;  // SimGrid's parser says "Unexpected character '<' in prolog" without it
    if (first_mention(platform, {"<!DOCTYPE"}).empty())
      hint = " (the file has no <!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\"> line, which SimGrid "
             "needs after <?xml ...?>)";
    throw InputError(platform + ": " + e.what() + hint);
  }
  check_platform_values(engine, platform);
  models::probe_routes_first(!first_mention(platform, {"Dijkstra"}).empty());
  if (loopback)
    install_loopback_factors(engine, platform);
}


bool mentions_loopback_factors(const std::string& platform)
{
  return !first_mention(platform, {"tireplay/loopback-"}).empty();
}

std::string mentioned_profile(const std::string& platform)
{
  std::string kinds;  // each kind the file names, in this order
  const std::string xml = file_text(platform);
  for (const char* word : {"availability_file", "state_file", "speed_file", "bandwidth_file", "latency_file",
                           "<trace ", "<trace_connect"})
    if (xml.find(word) != std::string::npos) {
      std::string kind = word[0] == '<' ? std::string(word + 1, std::string(word).find_last_not_of(' ')) : word;
      kinds += (kinds.empty() ? "" : ", ") + kind;
    }
  return kinds;
}

bool mentions_bypass(const std::string& platform)
{
  std::string text = file_text(platform);
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text.find("bypass") != std::string::npos;
}

void install_loopback_factors(sg4::Engine& engine, const std::string& platform)
{
  models::NetworkFactors f;
  try {
    f = models::network_factors_from_config();
  } catch (const std::invalid_argument& e) {
    throw InputError(platform + ": " + e.what());
  }
  for (const char* key : {"network/latency-factor", "network/bandwidth-factor"})
    if (!simgrid::config::is_default(key))
      throw InputError(platform + ": loopback factors (" + models::kLoopbackLatencyFactors + ", " +
                       models::kLoopbackBandwidthFactors + ") exclude --cfg " + key +
                       " (SimGrid takes factors from a callback or from that option, not both)");
  // SimGrid's network model asks these for every communication (cm02): SMPI's factors, or the loopback's.
  auto shared = std::make_shared<const models::NetworkFactors>(std::move(f));
  auto* model = engine.get_netzone_root()->get_network_model();
  model->set_lat_factor_cb([shared](double size, const sg4::Host* src, const sg4::Host* dst, const auto&,
                                    const auto&) { return shared->latency_between(src, dst).at(size); });
  model->set_bw_factor_cb([shared](double size, const sg4::Host* src, const sg4::Host* dst, const auto&,
                                   const auto&) { return shared->bandwidth_between(src, dst).at(size); });
}

void check_platform_values(const sg4::Engine& engine, const std::string& platform)
{
  // Beyond these bounds SimGrid's clock overflows or its solver aborts (1e-300 B/s, seen here); no real host or
  // network is outside them. Links of 1e5 s and more stop SimGrid 3.32's solver on small collectives (an assertion
  // in lmm's do_solve, smpirun -replay too: a 4-rank allgather with 1e5 s to 1e6 s links, at about 6 latencies).
  auto check = [&platform](const char* what, const std::string& name, const char* field, double v, double low,
                           double high, const char* unit) {
    if (v >= low && v <= high)  // false for NaN
      return;
    std::ostringstream s;
    s << platform << ": " << what << " '" << name << "': " << field << " " << v << " " << unit
      << " cannot be simulated (it must be between " << low << " and " << high << ")";
    throw InputError(s.str());
  };
  for (const sg4::Host* h : engine.get_all_hosts()) {
    for (unsigned long p = 0; p < h->get_pstate_count(); p++)
      check("host", h->get_name(), "speed", h->get_pstate_speed(p) * models::speed_factor(*h), 1, 1e30, "flop/s");
    try {
      models::cpu_quota(*h);
    } catch (const std::invalid_argument& e) {
      throw InputError(platform + ": " + e.what());
    }
  }
  for (const sg4::Link* l : engine.get_all_links()) {
    check("link", l->get_name(), "bandwidth", l->get_bandwidth(), 1, 1e30, "bytes/s");
    check("link", l->get_name(), "latency", l->get_latency(), 0, 1e4, "s");
  }
}

void check_routes(const std::vector<sg4::Host*>& hosts, const std::string& platform)
{
  std::vector<sg4::Host*> distinct;
  std::set<sg4::Host*> seen;
  for (sg4::Host* h : hosts)
    if (seen.insert(h).second)
      distinct.push_back(h);
  auto route = [&platform](sg4::Host* from, sg4::Host* to) {
    std::vector<sg4::Link*> links;
    try {
      models::route_between(*from, *to, links);
    } catch (const models::NoRoute& e) {  // a zone without the route: SimGrid's simulation stops on it
      throw InputError(platform + ": " + e.what());
    } catch (const std::exception& e) {
      std::string why = e.what();
      throw InputError(platform + ": no route from host '" + from->get_name() + "' to host '" + to->get_name() +
                       "' (SimGrid: " + why.substr(0, why.find('\n')) + ")");
    }
  };
  constexpr size_t kAllPairs = 256;
  for (size_t i = 0; i < distinct.size(); i++)
    for (size_t j = 0; j < distinct.size(); j++)
      if (i != j && (distinct.size() <= kAllPairs || i == 0 || j == 0))
        route(distinct[i], distinct[j]);
}

} // namespace tireplay
