#include "format/read_ahead.hpp"

#include <algorithm>

namespace tireplay {
namespace {

constexpr size_t kBatches = 4;          // per rank: one read by the replay, the others parsed ahead
constexpr size_t kEntries = 64 * 1024;  // actions in all queues at most (16 ranks: 4 batches of 256 each)

} // namespace

ReadAhead::ReadAhead(std::vector<std::unique_ptr<RankReader>> parsers)
    : parsers_(std::move(parsers)),
      batch_(std::clamp<size_t>(kEntries / (std::max<size_t>(parsers_.size(), 1) * kBatches), 16, 256))
{
  for (size_t r = 0; r < parsers_.size(); r++) {
    feeds_.push_back(std::make_unique<ActionFeed>());
    ActionFeed& f = *feeds_.back();
    f.owner_      = this;
    f.rank_       = static_cast<int>(r);
    f.ring_.resize(kBatches);
    for (auto& b : f.ring_)
      b.entries.resize(batch_);
  }
  thread_ = std::thread([this] { run(); });
}

ReadAhead::~ReadAhead()
{
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  space_.notify_all();
  thread_.join();
}

void ReadAhead::run()
{
  const size_t n = feeds_.size();
  std::vector<bool> done(n, false);
  size_t left = n, next = 0;
  auto has_space = [this, &done](size_t r) {
    const ActionFeed& f = *feeds_[r];
    return !done[r] && f.produced_.load() - f.consumed_.load() < kBatches;
  };
  while (left > 0 && !stop_) {
    size_t rank = n;
    int wanted  = wanted_.load();
    if (wanted >= 0 && has_space(static_cast<size_t>(wanted)))
      rank = static_cast<size_t>(wanted);
    for (size_t k = 0; k < n && rank == n; k++, next = (next + 1) % n)
      if (has_space(next))
        rank = next;
    if (rank == n) {  // every queue full: wait for a reader to free a batch
      std::unique_lock<std::mutex> lock(mutex_);
      parser_waits_ = true;
      space_.wait(lock, [&] {
        if (stop_)
          return true;
        for (size_t r = 0; r < n; r++)
          if (has_space(r))
            return true;
        return false;
      });
      parser_waits_ = false;
      continue;
    }
    if (!fill(static_cast<int>(rank))) {
      done[rank] = true;
      left--;
    }
  }
}

bool ReadAhead::fill(int rank)
{
  ActionFeed& f                = *feeds_[static_cast<size_t>(rank)];
  RankReader& parser           = *parsers_[static_cast<size_t>(rank)];
  ActionFeed::Batch& b         = f.ring_[f.produced_.load() % kBatches];
  b.count = 0;
  b.last  = false;
  try {
    while (b.count < batch_) {
      FedAction& e = b.entries[b.count];
      if (!parser.next(e.action)) {
        f.unreplayed_ = parser.unreplayed();
        b.last        = true;
        break;
      }
      e.line = parser.line();
      e.form = parser.last_form();
      b.count++;
    }
  } catch (const std::exception& error) {  // raised where the replay reaches it
    f.error_ = error.what();
    b.last   = true;
  }
  f.bytes_.store(parser.bytes_consumed(), std::memory_order_relaxed);
  f.produced_.fetch_add(1);
  if (wanted_.load() == rank) {
    std::lock_guard<std::mutex> lock(mutex_);
    data_.notify_all();
  }
  return !b.last;
}

void ReadAhead::wait_for(ActionFeed& feed)
{
  std::unique_lock<std::mutex> lock(mutex_);
  wanted_ = feed.rank_;
  if (parser_waits_)
    space_.notify_all();
  data_.wait(lock, [&feed] { return feed.produced_.load() != feed.consumed_.load(); });
  wanted_ = -1;
}

void ReadAhead::freed()
{
  if (parser_waits_.load()) {
    std::lock_guard<std::mutex> lock(mutex_);
    space_.notify_all();
  }
}

FedAction* ActionFeed::next()
{
  while (true) {
    if (reading_) {
      Batch& b = ring_[consumed_.load() % kBatches];
      if (at_ < b.count)
        return &b.entries[at_++];
      if (b.last) {
        if (!error_.empty())
          throw InputError(error_);
        return nullptr;
      }
      reading_ = false;
      consumed_.fetch_add(1);
      owner_->freed();
    }
    if (produced_.load() == consumed_.load())
      owner_->wait_for(*this);
    reading_ = true;
    at_      = 0;
  }
}

} // namespace tireplay
