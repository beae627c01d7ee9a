// Text traces parsed ahead on another core: one thread parses every rank's file into bounded queues, one per rank,
// and the replay's readers take the parsed actions in order. What a rank reads does not depend on the threads'
// timing: each rank's actions come in its file's order; an error stops its rank's queue where it was met, and is
// raised when the replay reaches that line; the checks across ranks (the point-to-point form) stay with the
// replay's readers. Memory stays independent of the trace's length: a few batches per rank.
#pragma once

#include "format/rank_reader.hpp"

#include <atomic>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace tireplay {

/// One action parsed ahead, with what the replay's reader needs of its line.
struct FedAction {
  Action action;
  uint64_t line = 0;
  RankParseState::P2PForm form = RankParseState::P2PForm::None;
};

class ReadAhead;

/// One rank's queue: batches of actions, written by the parsing thread, read by the rank's reader.
class ActionFeed {
public:
  /// The next action, or nullptr at the end of the rank's trace. Blocks until it is parsed. Throws the InputError
  /// met there.
  FedAction* next();
  /// The rank's `# unreplayed` lines (once next() returned nullptr).
  const std::map<std::string, UnreplayedCalls>& unreplayed() const { return unreplayed_; }
  uint64_t bytes_consumed() const { return bytes_.load(std::memory_order_relaxed); }

private:
  friend class ReadAhead;
  struct Batch {
    std::vector<FedAction> entries;
    size_t count = 0;
    bool last    = false;  // the rank's end (or its error) comes after these entries
  };
  ReadAhead* owner_ = nullptr;
  int rank_         = 0;
  std::vector<Batch> ring_;
  std::atomic<uint64_t> produced_{0}, consumed_{0};  // batches
  size_t at_    = 0;      // entries of the batch being read, taken
  bool reading_ = false;  // a batch is being read (consumed_ counts it once done)
  std::string error_;  // set before the last batch is published
  std::map<std::string, UnreplayedCalls> unreplayed_;
  std::atomic<uint64_t> bytes_{0};
};

class ReadAhead {
public:
  /// Parses with `parsers` (one per rank, made with ReaderContext::check_forms false) from now on.
  explicit ReadAhead(std::vector<std::unique_ptr<RankReader>> parsers);
  ~ReadAhead();
  ReadAhead(const ReadAhead&)            = delete;
  ReadAhead& operator=(const ReadAhead&) = delete;

  ActionFeed* feed(int rank) { return feeds_[static_cast<size_t>(rank)].get(); }

private:
  friend class ActionFeed;
  void run();
  /// Parses the next batch of `rank` into its ring. Returns false once the rank is done.
  bool fill(int rank);
  /// The reader of `rank` waits for its next batch.
  void wait_for(ActionFeed& feed);
  /// The reader of a feed freed a batch.
  void freed();

  std::vector<std::unique_ptr<RankReader>> parsers_;
  std::vector<std::unique_ptr<ActionFeed>> feeds_;
  size_t batch_;
  std::mutex mutex_;
  std::condition_variable data_, space_;
  std::atomic<bool> stop_{false};
  std::atomic<int> wanted_{-1};  // the rank whose reader waits: parsed first
  std::atomic<bool> parser_waits_{false};
  std::thread thread_;
};

} // namespace tireplay
