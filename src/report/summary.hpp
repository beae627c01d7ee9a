// What a replay reports: a text summary for people, a JSON summary for tools.
#pragma once

#include "replay/engine.hpp"

#include <cstdio>
#include <string>

namespace tireplay {

void print_summary(FILE* out, const ReplayResult& result);
/// Lists blocked ranks and messages that never met their partner.
void print_problems(FILE* out, const ReplayResult& result);
/// Writes the JSON summary (docs/json-summary.md). Throws InputError if the file cannot be written.
void write_json_summary(const std::string& path, const ReplayOptions& options, const ReplayResult& result);
/// The options that change a result, as the summary records them ("options"), in compact JSON.
std::string result_options_json(const ReplayOptions& options);

} // namespace tireplay
