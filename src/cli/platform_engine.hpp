// A SimGrid engine with a platform loaded, for the commands that read a platform without replaying a trace
// (predict, topology): SMPI's network model, the user's --cfg key:value pairs, quiet logs.
#pragma once

#include <simgrid/s4u/Engine.hpp>

#include <memory>
#include <string>
#include <vector>

namespace tireplay {

/// Throws InputError "PLATFORM: ..." when SimGrid cannot load the platform.
std::unique_ptr<simgrid::s4u::Engine> engine_with_platform(const std::string& platform,
                                                           const std::vector<std::string>& cfg);

} // namespace tireplay
