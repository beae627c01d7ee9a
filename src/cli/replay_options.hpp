// The options that say what to replay and how, shared by the commands that replay (replay, check).
#pragma once

#include "replay/engine.hpp"

#include <boost/program_options.hpp>

namespace tireplay {

/// --platform, --trace, placement, configuration and algorithm choices, bound to `opt`.
boost::program_options::options_description replay_options(ReplayOptions& opt);

/// Checks what options alone can tell; throws boost::program_options::error.
void check_replay_options(ReplayOptions& opt);

} // namespace tireplay
