// Helpers shared by the unit tests: a temporary directory, and a parser that reads lines as one rank's reader.
#pragma once

#include "format/action.hpp"
#include "format/line_parser.hpp"

#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace tireplay::testing {

/// A directory removed with its contents at the end of the test.
struct TempDir {
  std::filesystem::path path;
  TempDir()
  {
    std::string p = (std::filesystem::temp_directory_path() / "tireplay-ut-XXXXXX").string();
    REQUIRE(mkdtemp(p.data()) != nullptr);
    path = p;
  }
  ~TempDir()
  {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&)            = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::string str() const { return path.string(); }
  /// Writes `content` to `name` (sub-directories created) and returns its path.
  std::string file(const std::string& name, const std::string& content) const
  {
    std::filesystem::path f = path / name;
    std::filesystem::create_directories(f.parent_path());
    std::ofstream(f, std::ios::binary) << content;
    return f.string();
  }
};

/// Parses lines as one rank's reader does: one RankParseState and one Action reused across lines.
struct Parser {
  RankParseState state;
  Action action;
  std::string text;
  std::vector<std::string_view> fields;
  explicit Parser(int world_size = 4) { state.world_size = world_size; }
  const Action& operator()(const std::string& line)
  {
    text = line;
    split_fields(text, fields);
    state.paper_format = !text.empty() && (text[0] == 'p' || text[0] == 'P');
    parse_action(fields, state, action);
    return action;
  }
};

/// Every action name, as `unknown action` messages list them.
inline const std::string kKnownActions =
    "init, finalize, comm_size, comm_split, comm_dup, compute, sleep, poll, location, send, isend, ssend, issend, "
    "bsend, ibsend, recv, irecv, wait, test, waitall, waitany, sendrecv, barrier, bcast, reduce, allreduce, alltoall, "
    "alltoallv, gather, gatherv, scatter, scatterv, allgather, allgatherv, reducescatter, scan, exscan, win_create, "
    "win_free, put, get, accumulate, get_accumulate, rput, rget, raccumulate, rget_accumulate, wait_rma, win_fence, "
    "win_post, win_start, win_complete, win_wait, win_lock, win_unlock, win_lock_all, win_unlock_all, win_flush, "
    "win_flush_all, win_flush_local, win_flush_local_all, win_sync";

} // namespace tireplay::testing
