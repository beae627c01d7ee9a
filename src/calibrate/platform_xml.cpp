#include "src/calibrate/platform_xml.hpp"

#include <cstdio>
#include <sstream>

namespace tireplay::calibrate {
namespace {

std::string number(double value, const char* unit)
{
  char text[48];
  std::snprintf(text, sizeof text, "%.9g%s", value, unit);
  return text;
}

/// XML comments may not hold "--".
std::string comment_text(std::string text)
{
  for (size_t at; (at = text.find("--")) != std::string::npos;)
    text.replace(at, 2, "- -");
  return text;
}

/// One <cluster> of `c.hosts` hosts from `first`, its backbone the switch.
void write_cluster(std::ostringstream& xml, const CalibratedCluster& c, const std::string& id, int first,
                   const std::string& indent, const std::string& router)
{
  std::string bw = number(c.bandwidth_bytes_per_second, "Bps"), lat = number(c.element_latency_seconds, "s");
  xml << indent << "<cluster id=\"" << id << "\" prefix=\"" << c.prefix << "\" suffix=\"\" radical=\"" << first
      << "-" << first + c.hosts - 1 << "\" speed=\"" << number(c.speed_flops_per_second, "f") << "\"\n"
      << indent << "         bw=\"" << bw << "\" lat=\"" << lat << "\" bb_bw=\"" << bw << "\" bb_lat=\"" << lat
      << "\" bb_sharing_policy=\"FATPIPE\"" << (router.empty() ? "" : " router_id=\"" + router + "\"");
  if (c.loopback_bandwidth_bytes_per_second > 0)
    xml << "\n" << indent << "         loopback_bw=\"" << number(c.loopback_bandwidth_bytes_per_second, "Bps")
        << "\" loopback_lat=\"" << number(c.loopback_latency_seconds, "s") << "\"";
  if (c.loopback_latency_factors.empty()) {
    xml << "/>\n";
    return;
  }
  xml << ">\n"
      << indent << "  <prop id=\"tireplay/loopback-lat-factor\" value=\"" << c.loopback_latency_factors << "\"/>\n"
      << indent << "  <prop id=\"tireplay/loopback-bw-factor\" value=\"" << c.loopback_bandwidth_factors << "\"/>\n"
      << indent << "</cluster>\n";
}

} // namespace

std::string cluster_platform_xml(const CalibratedCluster& c)
{
  std::ostringstream xml;
  xml << "<?xml version='1.0'?>\n<!DOCTYPE platform SYSTEM \"https://simgrid.org/simgrid.dtd\">\n";
  if (!c.comment.empty())
    xml << "<!-- " << comment_text(c.comment) << " -->\n";
  xml << "<platform version=\"4.1\">\n";
  if (!c.latency_factors.empty() || !c.bandwidth_factors.empty()) {
    xml << "  <config>\n";
    if (!c.latency_factors.empty())
      xml << "    <prop id=\"smpi/lat-factor\" value=\"" << c.latency_factors << "\"/>\n";
    if (!c.bandwidth_factors.empty())
      xml << "    <prop id=\"smpi/bw-factor\" value=\"" << c.bandwidth_factors << "\"/>\n";
    xml << "  </config>\n";
  }
  if (c.switches <= 1) {
    write_cluster(xml, c, c.id, 0, "  ", "");
    xml << "</platform>\n";
    return xml.str();
  }
  // Two levels (platforms/gdx.xml): between two switches, the first one's uplink and the second one's; the
  // second-level switch has no link of its own, its latency shared by the two uplinks: 2 x 1.5 l2 = 3 l2. The
  // uplinks are full duplex (SPLITDUPLEX, a route written each way): a ping-pong's reply, and the TCP
  // acknowledgements of SimGrid's cross-traffic, do not share the way out.
  auto name = [&](const char* what, int s) { return c.id + "_" + what + std::to_string(s); };
  xml << "  <zone id=\"" << c.id << "\" routing=\"Full\">\n";
  for (int s = 0; s < c.switches; s++)
    write_cluster(xml, c, name("switch", s), s * c.hosts, "    ", name("switch", s) + "_router");
  for (int s = 0; s < c.switches; s++)
    xml << "    <link id=\"" << name("uplink", s) << "\" bandwidth=\"" << number(c.bandwidth_bytes_per_second, "Bps")
        << "\" latency=\"" << number(1.5 * c.level2_latency_seconds, "s") << "\" sharing_policy=\"SPLITDUPLEX\"/>\n";
  for (int a = 0; a < c.switches; a++)
    for (int b = 0; b < c.switches; b++)
      if (a != b)
        xml << "    <zoneRoute src=\"" << name("switch", a) << "\" dst=\"" << name("switch", b) << "\" gw_src=\""
            << name("switch", a) << "_router\" gw_dst=\"" << name("switch", b) << "_router\" symmetrical=\"NO\">\n"
            << "      <link_ctn id=\"" << name("uplink", a) << "\" direction=\"UP\"/><link_ctn id=\""
            << name("uplink", b) << "\" direction=\"DOWN\"/>\n"
            << "    </zoneRoute>\n";
  xml << "  </zone>\n</platform>\n";
  return xml.str();
}

} // namespace tireplay::calibrate
