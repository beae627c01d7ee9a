#include "src/sweep/variation.hpp"

#include "replay/collectives/registry.hpp"
#include "models/quantities.hpp"
#include "replay/platform_changes.hpp"

#include <cstdlib>
#include <set>
#include <stdexcept>

namespace tireplay {
namespace {

constexpr const char* kRanksPerNode = "ranks-per-node";
constexpr const char* kFidelity     = "fidelity";
constexpr const char* kModel        = "model";
constexpr const char* kJobDelay     = "job-delay@";

std::vector<std::string> split_values(const std::string& list)
{
  std::vector<std::string> values;
  size_t start = 0;
  while (true) {
    size_t comma = list.find(',', start);
    values.push_back(list.substr(start, comma - start));
    if (comma == std::string::npos)
      return values;
    start = comma + 1;
  }
}

bool is_collective(const std::string& key)
{
  for (const auto& op : collective_operations())
    if (op.name == key)
      return true;
  return false;
}

/// A platform value as replay options: "2x" scales, a value with a unit sets.
std::vector<std::string> platform_arguments(const std::string& key, const std::string& value)
{
  bool is_factor = !value.empty() && value.back() == 'x';
  return {is_factor ? "--scale" : "--set", key + "=" + (is_factor ? value.substr(0, value.size() - 1) : value)};
}

void check_value(const Variation& v, const std::string& value)
{
  if (value.empty())
    throw std::invalid_argument("empty value");
  if (v.kind == VariationKind::Platform) {
    auto args = platform_arguments(v.key, value);
    char* end = nullptr;
    std::strtod(value.c_str(), &end);
    if (*end == '\0')
      throw std::invalid_argument("'" + value + "' is neither a factor (" + value + "x) nor a value with its unit");
    parse_platform_change(args[1], args[0] == "--scale", args[0]);
  } else if (v.kind == VariationKind::RanksPerNode) {
    char* end  = nullptr;
    long count = std::strtol(value.c_str(), &end, 10);
    if (*end != '\0' || count <= 0 || count > 1000000)
      throw std::invalid_argument("'" + value + "' is not a positive number of ranks per node");
  } else if (v.kind == VariationKind::Fidelity) {
    if (value != "full" && value != "fast")
      throw std::invalid_argument("unknown fidelity level '" + value + "' (valid: full, fast)");
  } else if (v.kind == VariationKind::JobDelay) {
    double flops = models::parse_quantity(value, models::kSpeedUnits);
    if (!(flops >= 0 && flops < 1e300))
      throw std::invalid_argument("'" + value + "' is not a number of flops (1.25e11, 125Gf)");
  } else if (value != kModel) {
    CollChoice().set(v.key + "=" + value);  // throws with the list of valid algorithms
  }
}

} // namespace

std::string variation_keys()
{
  std::string ops;
  for (const auto& op : collective_operations())
    ops += (ops.empty() ? "" : ", ") + std::string(op.name);
  return platform_quantity_names() + " (each optionally @ZONE), " + kRanksPerNode + ", " + kFidelity + ", " +
         kJobDelay + "JOB, or a collective (" + ops + ")";
}

Variation parse_variation(const std::string& text)
{
  auto eq = text.find('=');
  Variation v;
  v.key = text.substr(0, eq);
  if (eq == std::string::npos || v.key.empty())
    throw std::invalid_argument("--vary '" + text + "': expected KEY=V1,V2,... with KEY one of " + variation_keys());
  if (is_platform_quantity(v.key.substr(0, v.key.find('@'))))
    v.kind = VariationKind::Platform;
  else if (v.key == kRanksPerNode)
    v.kind = VariationKind::RanksPerNode;
  else if (v.key == kFidelity)
    v.kind = VariationKind::Fidelity;
  else if (v.key.rfind(kJobDelay, 0) == 0 && v.key.size() > std::string(kJobDelay).size())
    v.kind = VariationKind::JobDelay;
  else if (is_collective(v.key))
    v.kind = VariationKind::Collective;
  else
    throw std::invalid_argument("--vary '" + text + "': unknown key '" + v.key + "' (valid: " + variation_keys() + ")");
  v.values = split_values(text.substr(eq + 1));
  std::set<std::string> seen;
  for (const auto& value : v.values) {
    try {
      check_value(v, value);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument("--vary '" + text + "': " + e.what());
    }
    if (!seen.insert(value).second)
      throw std::invalid_argument("--vary '" + text + "': '" + value + "' is given twice");
  }
  return v;
}

std::vector<std::string> variation_arguments(const std::vector<Variation>& variations, const std::vector<size_t>& choice)
{
  std::vector<std::string> args;
  std::set<std::string> fixed, modelled;
  for (size_t i = 0; i < variations.size(); i++) {
    const Variation& v    = variations[i];
    const std::string& value = v.values[choice[i]];
    if (v.kind == VariationKind::Platform) {
      for (auto& a : platform_arguments(v.key, value))
        args.push_back(std::move(a));
    } else if (v.kind == VariationKind::RanksPerNode) {
      args.insert(args.end(), {"--ranks-per-node", value});
    } else if (v.kind == VariationKind::Fidelity) {
      args.insert(args.end(), {"--fidelity", value});
    } else if (v.kind == VariationKind::JobDelay) {
      args.insert(args.end(), {"--job-delay", v.key.substr(std::string(kJobDelay).size()) + "=" + value});
    } else if (value == kModel) {
      modelled.insert(v.key);
    } else {
      args.insert(args.end(), {"--coll", v.key + "=" + value});
      fixed.insert(v.key);
    }
  }
  if (!modelled.empty()) {
    args.insert(args.end(), {"--select", kModel});
    for (const auto& op : collective_operations())  // only the `model` operations are left to the models
      if (modelled.count(std::string(op.name)) == 0 && fixed.count(std::string(op.name)) == 0)
        args.insert(args.end(), {"--coll", std::string(op.name) + "=" + std::string(op.smpi_default)});
  } else if (!fixed.empty()) {
    args.insert(args.end(), {"--select", "fixed"});
  }
  return args;
}

} // namespace tireplay
